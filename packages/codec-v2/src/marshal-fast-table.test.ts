/**
 * The table-driven struct encoders (structs wider than the generated code serves) and the lazy
 * compile of the fast marshal path: the byte writer and the shadow builder each equal the exact
 * encoder, and a chain of a thousand declared types compiles as values reach it.
 */
import { type GoType, parseGo } from "@gojson/gotype";
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

const KINDS = [
  ["int", (i: number) => BigInt(i * 7 - 300)],
  ["string", (i: number) => (i % 3 === 0 ? "" : `s${i}\u00e9"`)],
  ["bool", (i: number) => i % 2 === 0],
  ["float64", (i: number) => (i % 4 === 0 ? 0 : i / 8)],
  ["int16", (i: number) => i - 100],
  ["[]int32", (i: number) => (i % 5 === 0 ? null : [i, -i])],
  ["any", (i: number) => (i % 6 === 0 ? null : { k: [i, "v"] })],
  ["*Inner", (i: number) => (i % 2 === 0 ? null : { Z: `z${i}` })],
  ["map[string]uint8", (i: number) => (i % 3 === 0 ? null : new Map([["m", i % 256]]))],
] as const;
const OPTS = ["", ",omitempty", ",omitzero", ",omitempty,omitzero"];

/** A struct of n fields cycling through KINDS and OPTS, an embedded struct and an embedded pointer. */
function wide(n: number): { t: GoType; values: (seed: number) => Record<string, unknown> } {
  let s = 'package p\ntype Inner struct {\n\tZ string `json:"z"`\n}\n';
  s += 'type Emb struct {\n\tE1 int `json:"e1"`\n\tE2 string `json:"e2,omitempty"`\n}\n';
  s += 'type PEmb struct {\n\tP1 bool `json:"p1"`\n}\n';
  s += "type Wide struct {\n\tEmb\n\t*PEmb\n";
  for (let i = 0; i < n; i++) {
    const [k] = KINDS[i % KINDS.length] as (typeof KINDS)[number];
    s += `\tF${i} ${k} \`json:"f${i}${OPTS[Math.floor(i / KINDS.length) % OPTS.length]}"\`\n`;
  }
  s += "}\n";
  const t = (parseGo(s) as Record<string, GoType>).Wide as GoType;
  const values = (seed: number) => {
    const v: Record<string, unknown> = {
      Emb: { E1: BigInt(seed), E2: seed % 2 === 0 ? "" : "e" },
      PEmb: seed % 2 === 0 ? null : { P1: true },
    };
    for (let i = 0; i < n; i++) {
      const [, make] = KINDS[i % KINDS.length] as (typeof KINDS)[number];
      v[`F${i}`] = make((i * 31 + seed) % 97);
    }
    return v;
  };
  return { t, values };
}

describe("table-driven struct encoders", () => {
  const { t, values } = wide(CODEGEN_MAX_FIELDS * 2 + 3);
  it.each([0, 1, 2, 3])("the byte path and the shadow path equal the exact encoder (seed %i)", (seed) => {
    const v = values(seed);
    const want = exact(t, v);
    expect(want.startsWith("error")).toBe(false);
    expect(paths(t, v)).toEqual([want, want]);
    // Options the byte path does not serve: the shadow alone.
    const html: Options = { escapeForHTML: true };
    expect(paths(t, v, html)).toEqual([undefined, exact(t, v, html)]);
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
    let s = "package p\n";
    for (let i = 0; i < 1000; i++)
      s += `type T${i} struct {\n\tA int \`json:"a"\`\n\tB string \`json:"b"\`\n\tC *T${(i + 1) % 1000} \`json:"c,omitempty"\`\n\tD []T${(i + 7) % 1000} \`json:"d"\`\n}\n`;
    const types = parseGo(s) as Record<string, GoType>;
    const t0 = types.T0 as GoType;
    for (const depth of [0, 1, 9, 30, 100]) {
      let v: unknown = { A: BigInt(depth), B: "end", C: null, D: null };
      for (let i = depth - 1; i >= 0; i--) v = { A: BigInt(i), B: `x${i}`, C: v, D: [] };
      // (json/v2: omitempty leaves out the nil C, a nil D is []; the exact encoder's plan of this chain is another matter.)
      let want = `{"a":${depth},"b":"end","d":[]}`;
      for (let i = depth - 1; i >= 0; i--) want = `{"a":${i},"b":"x${i}","c":${want},"d":[]}`;
      expect(paths(t0, v), `depth ${depth}`).toEqual([want, want]);
    }
  });
});
