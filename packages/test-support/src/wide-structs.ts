/**
 * Types past what generated code serves: a struct of n fields of every kind and tag option (the
 * table-driven loops of both codecs' fast paths), and a chain of n declared struct types pointing
 * at each other (lazy compilation, no stack overflow on the first call).
 */
import { type GoType, parseGo } from "@gojson/gotype";

/** Field kinds of a wide struct, each with a value of that kind made from a small integer. */
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

/**
 * `Wide`: an embedded struct `Emb`, an embedded pointer `*PEmb`, then fields F0…F(n-1) (JSON names
 * f0…) cycling through the kinds and tag options; `values(seed)` is one Go value of it.
 */
export function wideStruct(n: number): { t: GoType; values: (seed: number) => Record<string, unknown> } {
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

/**
 * `type Ti struct { A int; B string; C *T(i+1) ,omitempty; D []T(i+7) }` for i < n (indexes wrap),
 * by name; `deepField` is one more field line of the last type.
 */
export function typeChain(n: number, deepField = ""): Record<string, GoType> {
  let s = "package p\n";
  for (let i = 0; i < n; i++) {
    s += `type T${i} struct {\n\tA int \`json:"a"\`\n\tB string \`json:"b"\`\n\tC *T${(i + 1) % n} \`json:"c,omitempty"\`\n\tD []T${(i + 7) % n} \`json:"d"\`\n`;
    if (i === n - 1 && deepField !== "") s += `\t${deepField}\n`;
    s += "}\n";
  }
  return parseGo(s) as Record<string, GoType>;
}

/**
 * The Go value of a typeChain value `depth` levels down the C pointers: `{A: i, B: "xi", C: …, D: []}`
 * on the way, `{A: depth, B: "end", C: nil, D: nil}` at the end.
 */
export function chainValue(depth: number): unknown {
  let v: unknown = { A: BigInt(depth), B: "end", C: null, D: null };
  for (let i = depth - 1; i >= 0; i--) v = { A: BigInt(i), B: `x${i}`, C: v, D: [] };
  return v;
}

/** A JSON text of chainValue(depth) (`last`, when given, is the members of the innermost object). */
export function chainText(depth: number, last = ""): string {
  let s = last === "" ? `{"a":${depth},"b":"end"}` : `{${last}}`;
  for (let i = depth - 1; i >= 0; i--) s = `{"a":${i},"b":"x${i}","c":${s},"d":[]}`;
  return s;
}
