/**
 * Plans of a chain of declared types (C0 holds *C1, C1 holds *C2, …) are compiled a stretch at a
 * time, so a chain of thousands of types decodes and encodes as in Go, whose limit is 10,000
 * levels of JSON nesting whatever the types. Expected texts recorded from Go 1.26.8
 * (GOEXPERIMENT=jsonv2 go run: json.Unmarshal into *C0, json.Marshal of the result).
 */
import { type GoType, parseGo } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { defaultOptionsV1, marshal, unmarshal } from "./index.js";

/** n declared types, each with an int64 (`,string` when quoted) and a pointer to the next; its JSON nested n deep. */
function chain(pkg: string, n: number, quoted: boolean) {
  const lines = [`package ${pkg}`];
  const tag = quoted ? ",string" : "";
  for (let i = 0; i < n; i++)
    lines.push(
      `type C${i} struct { ID int64 \`json:"id${tag}"\`${i + 1 < n ? `; Next *C${i + 1} \`json:"next"\`` : ""} }`,
    );
  let json = "";
  for (let i = n - 1; i >= 0; i--) {
    const id = quoted ? `"${i}"` : `${i}`;
    json = `{"id":${id}${i + 1 < n ? `,"next":${json}` : ""}}`;
  }
  const C0 = parseGo(lines.join("\n")).C0;
  if (C0 === undefined) throw new Error("no C0");
  return { C0: C0 as GoType, json };
}

const text = (b: Uint8Array) => Buffer.from(b).toString();

describe("a chain of declared types", () => {
  it("decodes and encodes 900 and 10,000 levels", () => {
    for (const n of [900, 10_000]) {
      const { C0, json } = chain(`c${n}`, n, false);
      const v = unmarshal(C0, Buffer.from(json));
      expect(text(marshal(C0, v))).toBe(json);
      expect(text(marshal(C0, unmarshal(C0, Buffer.from(json), defaultOptionsV1())))).toBe(json);
    }
  });

  it("keeps a field's `string` option past the first compiled stretch", () => {
    const { C0, json } = chain("quoted", 3000, true);
    expect(text(marshal(C0, unmarshal(C0, Buffer.from(json))))).toBe(json);
  });

  it("reports 10,001 levels as Go does", () => {
    const { C0, json } = chain("over", 10_001, false);
    const next = (k: number) => "/next".repeat(k);
    expect(() => unmarshal(C0, Buffer.from(json))).toThrow(
      `jsontext: exceeded max depth within "${next(9)}/…${next(10)}" after offset 178890`,
    );
  });
});
