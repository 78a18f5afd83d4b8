/**
 * Structs wider than the generated code serves (CODEGEN_MAX_FIELDS) take table-driven loops:
 * the byte path's encoder and the fast decoder's closure give the general encoder's bytes and
 * the exact engine's values; and a chain of a thousand declared types marshals and unmarshals
 * on the first call (stress cases, no timings).
 */
import { type GoType, parseGo } from "@gojson/gotype";
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

function answer(t: GoType, data: string): unknown {
  try {
    return unmarshal(t, data);
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
}

function exactUnmarshal(t: GoType, data: string): unknown {
  fastUnmarshal.enabled = false;
  try {
    return unmarshal(t, data);
  } catch (e) {
    return `error: ${(e as Error).message}`;
  } finally {
    fastUnmarshal.enabled = true;
  }
}

const KINDS = [
  ["int", (i: number) => BigInt(i * 7 - 300)],
  ["string", (i: number) => (i % 3 === 0 ? "" : `s<${i}>\u00e9"`)],
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

describe("wide structs", () => {
  const { t, values } = wide(CODEGEN_MAX_FIELDS * 2 + 3);
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
    let s = "package p\n";
    for (let i = 0; i < 1000; i++)
      s += `type T${i} struct {\n\tA int \`json:"a"\`\n\tB string \`json:"b"\`\n\tC *T${(i + 1) % 1000} \`json:"c,omitempty"\`\n\tD []T${(i + 7) % 1000} \`json:"d"\`\n}\n`;
    const types = parseGo(s) as Record<string, GoType>;
    const t0 = types.T0 as GoType;
    for (const depth of [0, 1, 9, 30, 100]) {
      let v: unknown = { A: BigInt(depth), B: "end", C: null, D: null };
      let want = `{"a":${depth},"b":"end","d":null}`;
      for (let i = depth - 1; i >= 0; i--) {
        v = { A: BigInt(i), B: `x${i}`, C: v, D: [] };
        want = `{"a":${i},"b":"x${i}","c":${want},"d":[]}`;
      }
      expect(text.decode(marshal(t0, v as never)), `depth ${depth}`).toBe(want);
      expect(unmarshal(t0, want)).toEqual(v);
    }
  });
});
