/**
 * Nesting depth and cycles. Expected texts recorded from Go 1.26.8
 * (GOEXPERIMENT=jsonv2 go run: json.Unmarshal into any / a struct, json.Marshal
 * of nested []any, map[string]any and self-referencing values).
 */
import { named, structOf, T } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { MAX_NESTING_DEPTH, marshalToString, unmarshal } from "./index.js";

const err = (f: () => unknown): string => {
  try {
    f();
    return "";
  } catch (e) {
    return (e as Error).message;
  }
};
/** Go's TruncatePointer of a long pointer of repeated segments. */
const zeros = `${"/0".repeat(24)}/…${"/0".repeat(25)}`;
const bzeros = `/b${"/0".repeat(23)}/…${"/0".repeat(25)}`;
const as = `${"/a".repeat(24)}/…${"/a".repeat(25)}`;
const xs = `${"/x".repeat(24)}/…${"/x".repeat(25)}`;

const nested = (n: number) => "[".repeat(n) + "]".repeat(n);
const nestSlice = (n: number) => {
  let v: unknown = null;
  for (let i = 0; i < n; i++) v = [v];
  return v;
};
const nestMap = (n: number) => {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
};
const S = named("S", structOf([{ name: "A", type: T.int, tag: 'json:"a"' }]));

describe("Depth", () => {
  it("Unmarshal/Any/AtLimit", () => {
    expect(MAX_NESTING_DEPTH).toBe(10000);
    let v = unmarshal(T.any, nested(MAX_NESTING_DEPTH)) as unknown[];
    let depth = 0;
    while (Array.isArray(v)) {
      depth++;
      v = v[0] as unknown[];
    }
    expect(depth).toBe(MAX_NESTING_DEPTH);
  });
  it("Unmarshal/Any/OverLimit", () => {
    expect(err(() => unmarshal(T.any, nested(10001)))).toBe(
      `jsontext: exceeded max depth within "${zeros}" after offset 10000`,
    );
  });
  it("Unmarshal/Skip/OverLimit", () => {
    const want = `jsontext: exceeded max depth within "${bzeros}" after offset 10004`;
    expect(err(() => unmarshal(S, `{"b":${nested(10000)}}`))).toBe(want);
    expect(err(() => unmarshal(S, `{"b":${nested(10001)}}`))).toBe(want);
  });
  it("Marshal/Any/AtLimit", () => {
    expect(marshalToString(T.any, nestSlice(10000)).length).toBe(20004);
    expect(marshalToString(T.any, nestMap(10000)).length).toBe(60001);
  });
  it("Marshal/Any/OverLimit", () => {
    expect(err(() => marshalToString(T.any, nestSlice(10001)))).toBe(
      `jsontext: exceeded max depth within "${zeros}" after offset 10000`,
    );
    expect(err(() => marshalToString(T.any, nestMap(10001)))).toBe(
      `jsontext: exceeded max depth within "${as}" after offset 50000`,
    );
  });
  it("Marshal/Any/Cycle", () => {
    const m: Record<string, unknown> = {};
    m.x = m;
    expect(err(() => marshalToString(T.any, m))).toBe(
      `json: cannot marshal from Go map[string]interface {} within "${xs}": encountered a cycle`,
    );
    const a: unknown[] = [null];
    a[0] = a;
    expect(err(() => marshalToString(T.any, a))).toBe(
      `json: cannot marshal from Go []interface {} within "${zeros}": encountered a cycle`,
    );
  });
});
