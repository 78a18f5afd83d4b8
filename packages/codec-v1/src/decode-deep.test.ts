/**
 * The deep path (past DEEP_DEPTH levels of nesting) decodes what the compiled decoders decode.
 * Expected values recorded from Go 1.26.8 (encoding/json: Unmarshal, then Marshal of the result;
 * the chain of declared types with go run at 10,000 and 10,001 levels).
 */
import { type GoType, parseGo } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { marshal, unmarshal } from "./index.js";

const text = (b: Uint8Array) => Buffer.from(b).toString();

/** The declared type `name` of a parse (a missing one fails the test). */
const decl = (types: Record<string, GoType | undefined>, name: string): GoType => {
  const t = types[name];
  if (t === undefined) throw new Error(`no type ${name}`);
  return t;
};

describe("deep path", () => {
  it("decodes `,string` members as their fields' decoders do", () => {
    const C = decl(
      parseGo(`package deep
type C struct {
	ID   int64 \`json:"id,string"\`
	P    *int  \`json:"p,string"\`
	Next *C    \`json:"next"\`
}`),
      "C",
    );
    const n = 1000;
    let json = "";
    for (let i = n - 1; i >= 0; i--) json = `{"id":"${i}","p":"7"${i + 1 < n ? `,"next":${json}` : ""}}`;
    const v = unmarshal(C, Buffer.from(json)) as { ID: bigint; P: bigint | null; Next: unknown };
    let last = v;
    for (let i = 1; i < n; i++) last = last.Next as typeof v;
    expect(last).toEqual({ ID: 999n, P: 7n, Next: null });
    // Go: the innermost pointer is written as null.
    const back = text(marshal(C, v));
    expect(back).toBe(json.replace(`"999","p":"7"}`, `"999","p":"7","next":null}`));
  });

  it("decodes and encodes a chain of 10,000 declared types as Go does (10,001: too deep)", () => {
    // C0 holds *C1, C1 holds *C2, …: Go's limit is 10,000 levels of JSON, whatever the types.
    const chain = (n: number) => {
      const lines = [`package chain${n}`];
      for (let i = 0; i < n; i++)
        lines.push(
          `type C${i} struct { ID int64 \`json:"id"\`${i + 1 < n ? `; Next *C${i + 1} \`json:"next"\`` : ""} }`,
        );
      let json = "";
      for (let i = n - 1; i >= 0; i--) json = `{"id":${i}${i + 1 < n ? `,"next":${json}` : ""}}`;
      return { C0: decl(parseGo(lines.join("\n")), "C0"), json };
    };
    const ok = chain(10_000);
    expect(text(marshal(ok.C0, unmarshal(ok.C0, Buffer.from(ok.json))))).toBe(ok.json);
    const over = chain(10_001);
    expect(() => unmarshal(over.C0, Buffer.from(over.json))).toThrow(
      "invalid character '{' exceeded max depth",
    );
  });
});
