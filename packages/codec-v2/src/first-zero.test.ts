import { isDeepStrictEqual } from "node:util";
import { GoTime, type GoType, JsonNumber, parseGo, type StructType, zero } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import { firstZero } from "./first-zero.js";

const decls = parseGo(`package p
import "time"
import "encoding/json"
type Flat struct { A int; B string; C []float64; D *Flat; E map[string]bool; F bool; G float64; H uint8; I any; J uint64 }
type Nested struct { X Inner; Y [2]Inner; Z [3]int; _ int; W Inner }
type Inner struct { Q float32; R int64; S Flat }
type Known struct { T time.Time; N json.Number; D time.Duration; n int }
type Proto struct { A int \`json:"a"\` }
type Empty struct {}
type Escaped struct { Ä string; Ω int }
`);

/** A chain of value structs deeper than first-zero's own walk goes. */
function chain(depth: number): StructType {
  const lines = ["package c"];
  for (let i = 0; i < depth; i++) lines.push(`type C${i} struct { N int; Next C${i + 1} }`);
  lines.push(`type C${depth} struct { Last string }`);
  return parseGo(lines.join("\n")).C0 as StructType;
}

const cases: { name: string; type: GoType }[] = [
  { name: "Flat", type: decls.Flat as GoType },
  { name: "Nested", type: decls.Nested as GoType },
  { name: "Known", type: decls.Known as GoType },
  { name: "Empty", type: decls.Empty as GoType },
  { name: "Escaped", type: decls.Escaped as GoType },
  { name: "Chain/100", type: chain(100) },
];

describe("firstZero", () => {
  for (const c of cases)
    test(c.name, () => {
      const got = firstZero(c.type as StructType);
      const want = zero(c.type);
      expect(isDeepStrictEqual(got, want)).toBe(true);
      // Same keys in the same order (the literal's), fresh values each call.
      expect(JSON.stringify(Object.keys(got as object))).toBe(JSON.stringify(Object.keys(want as object)));
      expect(firstZero(c.type as StructType)).not.toBe(got);
    });

  test("Known/Instances", () => {
    const got = firstZero(decls.Known as StructType) as { T: unknown; N: unknown; D: unknown };
    expect(got.T).toBeInstanceOf(GoTime);
    expect(got.N).toBeInstanceOf(JsonNumber);
    expect(got.D).toBe(0n);
  });

  test("Proto", () => {
    // A field named __proto__ is an own property, as gotype's maker makes it.
    const t = { ...(decls.Proto as StructType) } as StructType;
    const fields = [{ ...(t.fields[0] as object), name: "__proto__" }, ...t.fields] as StructType["fields"];
    const proto = { ...t, fields } as StructType;
    const got = firstZero(proto) as Record<string, unknown>;
    expect(Object.hasOwn(got, "__proto__")).toBe(true);
    expect(isDeepStrictEqual(got, zero(proto))).toBe(true);
  });
});
