/**
 * The table-driven struct encoders (structs wider than the generated code serves) and the lazy
 * compile of the fast marshal path: the byte writer and the shadow builder each equal the exact
 * encoder, and a chain of a thousand declared types compiles as values reach it. The types:
 * @gojson/test-support, shared with codec-v1's tests of the same paths.
 */
import type { GoType } from "@gojson/gotype";
import { chainValue, typeChain, wideStruct } from "@gojson/test-support";
import { afterEach, describe, expect, it } from "vitest";
import { marshalToString, type Options, resolveOptions } from "./index.js";
import { fastEncoderFor, fastMarshal } from "./marshal-fast.js";
import { CODEGEN_MAX_FIELDS } from "./marshal-fast-table.js";

afterEach(() => {
  fastMarshal.enabled = true;
});

function exact(t: GoType, v: unknown, o?: Options | Options[]): string {
  fastMarshal.enabled = false;
  try {
    return marshalToString(t, v, o);
  } catch (e) {
    return `error: ${(e as Error).message}`;
  } finally {
    fastMarshal.enabled = true;
  }
}

const text = new TextDecoder();

/** The byte path's and the shadow path's answers (undefined: that path passed). */
function paths(t: GoType, v: unknown, o?: Options | Options[]): [string | undefined, string | undefined] {
  const enc = fastEncoderFor(t, resolveOptions(o));
  const b = enc?.written(v);
  return [b === undefined ? undefined : text.decode(b), enc?.text(v)];
}

describe("table-driven struct encoders", () => {
  const { t, values } = wideStruct(CODEGEN_MAX_FIELDS * 2 + 3);
  it.each([0, 1, 2, 3])("the byte path and the shadow path equal the exact encoder (seed %i)", (seed) => {
    const v = values(seed);
    const want = exact(t, v);
    expect(want.startsWith("error")).toBe(false);
    expect(paths(t, v)).toEqual([want, want]);
    // HTML escaping (the strings hold < and >): each path that answers gives the exact bytes.
    const html: Options = { escapeForHTML: true };
    const wantHtml = exact(t, v, html);
    expect(wantHtml).toContain("\\u003c");
    for (const got of paths(t, v, html)) if (got !== undefined) expect(got).toBe(wantHtml);
    expect(paths(t, v, html)[1]).toBe(wantHtml);
    const legacy: Options = { omitEmptyWithLegacySemantics: true };
    expect(paths(t, v, legacy)[1]).toEqual(exact(t, v, legacy));
  });

  it("bails where the generated encoders bail: a missing field, a wrong JS type, a null embedded struct", () => {
    const v = values(1);
    for (const bad of [
      { ...v, F6: undefined },
      { ...v, F1: 5 },
      { ...v, Emb: null },
      { ...v, PEmb: undefined },
    ]) {
      const [b, s] = paths(t, bad);
      expect(b).toBeUndefined();
      if (s !== undefined) expect(s).toEqual(exact(t, bad));
    }
  });
});

describe("the fast marshal compiles lazily", () => {
  it("a chain of 1,000 declared types: no stack overflow, the exact encoder's bytes", () => {
    const types = typeChain(1000);
    const t0 = types.T0 as GoType;
    for (const depth of [0, 1, 9, 30, 100]) {
      const v = chainValue(depth);
      // (json/v2: omitempty leaves out the nil C, a nil D is []; the exact encoder's plan of this chain is another matter.)
      let want = `{"a":${depth},"b":"end","d":[]}`;
      for (let i = depth - 1; i >= 0; i--) want = `{"a":${i},"b":"x${i}","c":${want},"d":[]}`;
      expect(paths(t0, v), `depth ${depth}`).toEqual([want, want]);
    }
  });
});
