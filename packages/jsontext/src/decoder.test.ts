import { describe, expect, it } from "vitest";
import table from "../test/data/syntax-errors.go.json" with { type: "json" };
import { Decoder } from "./decoder.js";
import { SyntacticError } from "./errors.js";
import { checkValidV1 } from "./scanner-v1.js";

interface Case {
  name: string;
  in: string;
  v1: { err: string; offset: number; valid: boolean };
  v2: {
    tokens: number;
    err: string;
    offset: number;
    pointer: string;
    valid: boolean;
    lenient: string;
    readValue: string;
    skipValue: string;
  };
}

const cases = table as Case[];
const bytesOf = (b64: string) => new Uint8Array(Buffer.from(b64, "base64"));

function loop(d: Decoder, f: (d: Decoder) => void): SyntacticError | null {
  try {
    while (d.peekKind() !== "") f(d);
    return null;
  } catch (e) {
    if (SyntacticError.isInstance(e)) return e;
    throw e;
  }
}

describe("Decoder matches Go's jsontext (recorded in test/data/syntax-errors.go.json)", () => {
  for (const c of cases) {
    it(`ReadToken/${c.name}`, () => {
      const d = new Decoder(bytesOf(c.in));
      let n = 0;
      const err = loop(d, (d) => {
        d.readToken();
        n++;
      });
      expect(err?.message ?? "").toBe(c.v2.err);
      if (err) {
        expect(err.offset).toBe(c.v2.offset);
        expect(err.pointer).toBe(c.v2.pointer);
      } else expect(n).toBe(c.v2.tokens);
    });
    it(`ReadValue/${c.name}`, () => {
      const err = loop(new Decoder(bytesOf(c.in)), (d) => d.readValue());
      expect(err?.message ?? "").toBe(c.v2.readValue);
    });
    it(`SkipValue/${c.name}`, () => {
      const err = loop(new Decoder(bytesOf(c.in)), (d) => d.skipValue());
      expect(err?.message ?? "").toBe(c.v2.skipValue);
    });
    it(`Lenient/${c.name}`, () => {
      const d = new Decoder(bytesOf(c.in), { allowDuplicateNames: true, allowInvalidUTF8: true });
      const err = loop(d, (d) => d.readToken());
      expect(err?.message ?? "").toBe(c.v2.lenient);
    });
    it(`V1/${c.name}`, () => {
      const err = checkValidV1(bytesOf(c.in));
      if (c.v1.valid) expect(err).toBeNull();
      else {
        expect(err?.message).toBe(c.v1.err);
        expect(err?.offset).toBe(c.v1.offset);
      }
    });
  }
});

describe("Decoder API", () => {
  it("reads strings, numbers and structure without tokens", () => {
    const d = new Decoder(new TextEncoder().encode('{"a\\n":[1.5e3,"x\\u00e9\\ud83d\\ude00",true,null]}'));
    d.readBeginObject();
    expect(d.readString()).toBe("a\n");
    d.readBeginArray();
    expect(d.readNumberLiteral()).toBe("1.5e3");
    expect(d.readString()).toBe("xé😀");
    expect(d.readBool()).toBe(true);
    d.readNull();
    expect(d.stackPointer()).toBe("/a\n/3");
    d.readEndArray();
    d.readEndObject();
    expect(d.peekKind()).toBe("");
    expect(d.inputOffset).toBe(47);
    d.checkEOF();
  });
  it("replaces invalid UTF-8 per byte and lone surrogates with U+FFFD when allowed", () => {
    const d = new Decoder(
      Uint8Array.from([0x22, 0xe2, 0x82, 0x41, 0x5c, 0x75, 0x64, 0x38, 0x30, 0x30, 0x22]),
      {
        allowInvalidUTF8: true,
      },
    );
    expect(d.readString()).toBe("\ufffd\ufffdA\ufffd");
  });
  it("readValue returns the exact bytes", () => {
    const src = new TextEncoder().encode(' [ {"é" : 1} , "\\u0041" ] ');
    const d = new Decoder(src);
    d.readBeginArray();
    expect(new TextDecoder().decode(d.readValue())).toBe('{"é" : 1}');
    expect(d.readValueText()).toBe('"\\u0041"');
    d.readEndArray();
  });
  it("handles deep nesting without recursion", () => {
    const depth = 10000;
    const d = new Decoder("[".repeat(depth) + "]".repeat(depth));
    d.skipValue();
    expect(d.peekKind()).toBe("");
    const d2 = new Decoder("[".repeat(depth) + "]".repeat(depth));
    expect(d2.readValue().length).toBe(2 * depth);
  });
});
