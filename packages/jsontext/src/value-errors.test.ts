import { describe, expect, it } from "vitest";
import table from "../test/data/value-errors.go.json" with { type: "json" };
import { Decoder } from "./decoder.js";
import { SyntacticError } from "./errors.js";
import { parseValue } from "./parse-value.js";
import { checkValid, valid } from "./value.js";

/** What Go printed for one operation: its error (message, ByteOffset, JSONPointer), or "" and InputOffset. */
interface GoResult {
  message: string;
  offset: number;
  pointer: string;
  end: number;
}
interface Case {
  name: string;
  in: string;
  pre: number;
  readValue: GoResult;
  skipValue: GoResult;
  checkValid: GoResult | null;
  unmarshalAny: GoResult | null;
  valid: boolean;
}

const cases = table as Case[];
const bytesOf = (b64: string) => new Uint8Array(Buffer.from(b64, "base64"));

/** run does `pre` readToken calls then f, and reports the result in the shape Go's answers were recorded. */
function run(c: Case, f: (d: Decoder) => void): GoResult {
  const d = new Decoder(bytesOf(c.in));
  for (let i = 0; i < c.pre; i++) d.readToken();
  try {
    f(d);
    return { message: "", offset: 0, pointer: "", end: d.inputOffset };
  } catch (e) {
    if (!SyntacticError.isInstance(e)) throw e;
    return { message: e.message, offset: e.offset, pointer: e.pointer, end: 0 };
  }
}

// Go 1.26 (GOEXPERIMENT=jsonv2), recorded by scripts/record-go-value-errors.mjs. Go's SkipValue
// reads objects and arrays token by token (ReadToken's texts: `object member name must be a
// string`, a trailing ',' reported at the comma), while ReadValue and Value.IsValid read the
// whole value (consumeObject's texts: `at start of string (expecting '"')`, the error at the
// byte after the comma): each API is checked against its own Go answer.
describe("whole-value errors match Go (test/data/value-errors.go.json)", () => {
  for (const c of cases) {
    it(`ReadValue/${c.name}`, () => {
      expect(run(c, (d) => d.readValue())).toEqual(c.readValue);
    });
    it(`SkipValue/${c.name}`, () => {
      expect(run(c, (d) => d.skipValue())).toEqual(c.skipValue);
    });
    if (c.checkValid === null) continue;
    it(`CheckValid/${c.name}`, () => {
      const want = c.checkValid!;
      const e = checkValid(bytesOf(c.in));
      expect(e === null ? null : { message: e.message, offset: e.offset, pointer: e.pointer }).toEqual(
        want.message === "" ? null : { message: want.message, offset: want.offset, pointer: want.pointer },
      );
      expect(valid(bytesOf(c.in))).toBe(c.valid);
    });
    it(`ParseValue/${c.name}`, () => {
      // Go's Unmarshal into an any reads objects and arrays token by token, scalars with ReadValue
      const want = c.unmarshalAny!;
      for (const numbers of ["number", "literal"] as const) {
        let got: { message: string; offset: number; pointer: string } | null = null;
        try {
          parseValue(bytesOf(c.in), { numbers });
        } catch (e) {
          if (!SyntacticError.isInstance(e)) throw e;
          got = { message: e.message, offset: e.offset, pointer: e.pointer };
        }
        expect(got, numbers).toEqual(
          want.message === "" ? null : { message: want.message, offset: want.offset, pointer: want.pointer },
        );
      }
    });
  }
  it("the table has errors deep inside arrays and objects where Go's SkipValue and ReadValue differ", () => {
    const differ = cases.filter((c) => c.readValue.message !== c.skipValue.message);
    expect(differ.length).toBeGreaterThan(5);
    expect(cases.filter((c) => c.readValue.pointer.split("/").length > 3).length).toBeGreaterThan(10);
  });
});
