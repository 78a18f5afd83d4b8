import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { ByteWriter } from "./byte-writer.js";
import {
  appendQuotedString,
  QUOTE_V1,
  QUOTE_V1_NO_HTML,
  QUOTE_V2,
  quotePolicy,
  quoteString,
} from "./quote.js";

const policies = [
  QUOTE_V1,
  QUOTE_V1_NO_HTML,
  QUOTE_V2,
  quotePolicy("v2", { escapeHTML: true }),
  quotePolicy("v2", { escapeForJS: true }),
  quotePolicy("v2", { escapeHTML: true, escapeForJS: true, allowInvalidUTF8: true }),
  quotePolicy("v2", { allowInvalidUTF8: true }),
];

function viaBytes(s: string, p: (typeof policies)[number]): string | Error {
  try {
    const w = new ByteWriter(8);
    appendQuotedString(w, s, p);
    return new TextDecoder().decode(w.view());
  } catch (e) {
    return e as Error;
  }
}
function viaString(s: string, p: (typeof policies)[number]): string | Error {
  try {
    return quoteString(s, p);
  } catch (e) {
    return e as Error;
  }
}

const chars = fc.constantFrom(
  "a",
  "<",
  ">",
  "&",
  '"',
  "\\",
  "\n",
  "\u0001",
  "\u2028",
  "\u2029",
  "é",
  "😀",
  "\ud800",
  "\udc00",
  "\u007f",
);

describe("quoteString agrees with appendQuotedString (whose outputs are checked against Go)", () => {
  test.prop([fc.array(chars, { maxLength: 12 }).map((a) => a.join(""))], { numRuns: 300 })(
    "Quote/Random",
    (s) => {
      for (const p of policies) {
        const a = viaBytes(s, p);
        const b = viaString(s, p);
        if (a instanceof Error) expect((b as Error).name).toBe(a.name);
        else expect(b).toBe(a);
      }
    },
  );
  it("Quote/FastPathPolicyAware", () => {
    expect(quoteString("<a&b>", QUOTE_V2)).toBe('"<a&b>"');
    expect(quoteString("<a&b>", QUOTE_V1)).toBe('"\\u003ca\\u0026b\\u003e"');
    expect(quoteString("😀", QUOTE_V2)).toBe('"😀"');
    expect(quoteString("\u2028", QUOTE_V2)).toBe('"\u2028"');
    expect(quoteString("\u2028", QUOTE_V1)).toBe('"\\u2028"');
  });
});
