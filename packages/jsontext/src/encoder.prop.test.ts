import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { Decoder } from "./decoder.js";
import { Encoder } from "./encoder.js";
import type { Token } from "./token.js";

const opts = fc.record(
  {
    multiline: fc.boolean(),
    spaceAfterColon: fc.boolean(),
    spaceAfterComma: fc.boolean(),
    escapeForHTML: fc.boolean(),
    escapeForJS: fc.boolean(),
  },
  { requiredKeys: [] },
);

function tokens(b: Uint8Array | string): string[] {
  const d = new Decoder(b);
  const out: string[] = [];
  while (d.peekKind() !== "") {
    const t = d.readToken();
    out.push(`${t.kind}${t.raw}`);
  }
  return out;
}

describe("encode ∘ decode", () => {
  test.prop([fc.array(fc.json(), { minLength: 1, maxLength: 3 }), opts], { numRuns: 200 })(
    "writing the decoded tokens gives text that decodes to the same tokens",
    (docs, o) => {
      const text = docs.join("\n");
      const e = new Encoder(null, o);
      const d = new Decoder(text);
      const read: Token[] = [];
      while (d.peekKind() !== "") read.push(d.readToken());
      for (const t of read) e.writeToken(t);
      const out = e.bytes();
      expect(tokens(out)).toEqual(tokens(text));
    },
  );
  test.prop([fc.json(), opts], { numRuns: 100 })(
    "writeValue of a value equals writing its tokens",
    (s, o) => {
      const a = new Encoder(null, o);
      a.writeValue(s);
      const b = new Encoder(null, o);
      const d = new Decoder(s);
      while (d.peekKind() !== "") b.writeToken(d.readToken());
      expect(tokens(a.bytes())).toEqual(tokens(b.bytes()));
    },
  );
});
