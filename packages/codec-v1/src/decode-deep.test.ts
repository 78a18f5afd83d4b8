/**
 * The deep path (past DEEP_DEPTH levels of nesting) decodes what the compiled decoders decode.
 * Expected values recorded from Go 1.26.8 (encoding/json: Unmarshal, then Marshal of the result).
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
});
