/**
 * Structs wider than the generated code serves (CODEGEN_MAX_FIELDS) take table-driven loops:
 * the byte path's encoder and the fast decoder's closure give the general encoder's bytes and
 * the exact engine's values; and a chain of a thousand declared types marshals and unmarshals
 * on the first call (stress cases, no timings). The types: @gojson/test-support, shared with
 * codec-v2's tests of the same paths.
 */
import type { GoType } from "@gojson/gotype";
import { chainValue, outcome, outcomeWithout, typeChain, wideStruct } from "@gojson/test-support";
import { afterEach, describe, expect, it } from "vitest";
import { marshal, unmarshal } from "./index.js";
import { fastPaths } from "./marshal.js";
import { CODEGEN_MAX_FIELDS } from "./marshal-struct.js";
import { fastUnmarshal, NO_FAST, unmarshalFast } from "./unmarshal-fast.js";

afterEach(() => {
  fastPaths.bytes = true;
  fastPaths.strict = false;
  fastUnmarshal.enabled = true;
});

const text = new TextDecoder();

function general(t: GoType, v: unknown, escapeHTML = true): string {
  fastPaths.bytes = false;
  try {
    return text.decode(marshal(t, v as never, { escapeHTML }));
  } catch (e) {
    return `error: ${(e as Error).message}`;
  } finally {
    fastPaths.bytes = true;
  }
}

/** The byte path's bytes (undefined: it handed the value to the general encoder). */
function bytePath(t: GoType, v: unknown, escapeHTML = true): string | undefined {
  fastPaths.strict = true;
  const before = fastPaths.bails;
  let s: string;
  try {
    s = text.decode(marshal(t, v as never, { escapeHTML }));
  } catch (e) {
    s = `error: ${(e as Error).message}`;
  }
  return fastPaths.bails === before ? s : undefined;
}

const answer = (t: GoType, data: string) => outcome(() => unmarshal(t, data));
const exactUnmarshal = (t: GoType, data: string) => outcomeWithout(fastUnmarshal, () => unmarshal(t, data));

describe("wide structs", () => {
  const { t, values } = wideStruct(CODEGEN_MAX_FIELDS * 2 + 3);
  it.each([0, 1, 2, 3])(
    "marshal: the byte path's table loop writes the general encoder's bytes (seed %i)",
    (seed) => {
      const v = values(seed);
      for (const html of [true, false]) {
        const want = general(t, v, html);
        expect(want.startsWith("error")).toBe(false);
        expect(bytePath(t, v, html)).toBe(want);
      }
    },
  );

  it("marshal: the table loop bails where the generated encoder bails", () => {
    const v = values(1);
    for (const bad of [
      { ...v, F1: 5 },
      { ...v, Emb: null },
      { ...v, PEmb: undefined },
      { ...v, F3: Number.NaN },
    ]) {
      expect(bytePath(t, bad)).toBeUndefined();
    }
  });

  it.each([0, 1, 2, 3])("unmarshal: the fast closure reads the exact engine's values (seed %i)", (seed) => {
    const data = general(t, values(seed));
    const fast = unmarshalFast(t, data, {}, true);
    expect(fast).not.toBe(NO_FAST);
    expect(fast).toEqual(exactUnmarshal(t, data));
    // Members out of order, unknown and case-folded names.
    const shuffled = `{"zz":1,"F9":${seed},"f2":true,${data.slice(1)}`;
    expect(answer(t, shuffled)).toEqual(exactUnmarshal(t, shuffled));
  });
});

describe("a chain of 1,000 declared types", () => {
  it("marshals and unmarshals on the first call (the exact values)", () => {
    const types = typeChain(1000);
    const t0 = types.T0 as GoType;
    for (const depth of [0, 1, 9, 30, 100]) {
      const v = chainValue(depth);
      let want = `{"a":${depth},"b":"end","d":null}`;
      for (let i = depth - 1; i >= 0; i--) want = `{"a":${i},"b":"x${i}","c":${want},"d":[]}`;
      expect(text.decode(marshal(t0, v as never)), `depth ${depth}`).toBe(want);
      expect(unmarshal(t0, want)).toEqual(v);
    }
  });
});
