import { describe, expect, it } from "vitest";
import table from "../test/data/encode.go.json" with { type: "json" };
import { ByteWriter } from "./byte-writer.js";
import { formatFloat } from "./format-float.js";
import { appendQuotedBytes, appendQuotedString, QUOTE_V1, QUOTE_V1_NO_HTML, quotePolicy } from "./quote.js";

type Row = Record<string, string | null>;
const policies = {
  V1: QUOTE_V1,
  V1NoHTML: QUOTE_V1_NO_HTML,
  V2: quotePolicy("v2"),
  V2HTML: quotePolicy("v2", { escapeHTML: true }),
  V2JS: quotePolicy("v2", { escapeForJS: true }),
  V2Invalid: quotePolicy("v2", { allowInvalidUTF8: true }),
} as const;

function run(f: (w: ByteWriter) => void): string {
  const w = new ByteWriter(4);
  try {
    f(w);
  } catch (e) {
    return `ERR:jsontext: ${(e as Error).message}`;
  }
  return new TextDecoder().decode(w.view());
}

describe("appendQuotedString matches Go (test/data/encode.go.json)", () => {
  (table.strings as Row[]).forEach((row, i) => {
    for (const [key, policy] of Object.entries(policies)) {
      it(`Bytes/${i}/${key}`, () => {
        const bytes = new Uint8Array(Buffer.from(row.in!, "base64"));
        expect(run((w) => appendQuotedBytes(w, bytes, policy))).toBe(row[key]);
      });
      if (row.js !== null) {
        it(`String/${i}/${key}`, () => {
          // a lone surrogate in a JS string is invalid UTF-8; Go saw its U+FFFD encoding, so
          // only v1 and allowInvalidUTF8 agree byte for byte; v2 must fail.
          const got = run((w) => appendQuotedString(w, row.js!, policy));
          const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(row.js!);
          if (lone && key.startsWith("V1")) expect(got).toBe(row[key]!.replace(/\ufffd/g, "\\ufffd"));
          else if (lone && key !== "V2Invalid") expect(got).toBe("ERR:jsontext: invalid UTF-8");
          else expect(got).toBe(row[key]);
        });
      }
    }
  });
});

describe("formatFloat matches Go (test/data/encode.go.json)", () => {
  for (const row of table.floats as unknown as Row[]) {
    it(`float/${row.bits}`, () => {
      const f64 = new Float64Array(1);
      new BigUint64Array(f64.buffer)[0] = BigInt(`0x${row.bits}`);
      const f = f64[0]!;
      expect(formatFloat(f, 64)).toBe(row.V1_64);
      expect(formatFloat(f, 64)).toBe(row.V2_64);
      if (row.V1_32!.startsWith("ERR:")) expect(() => formatFloat(f, 32)).toThrow(RangeError);
      else {
        expect(formatFloat(f, 32)).toBe(row.V1_32);
        expect(formatFloat(f, 32)).toBe(row.V2_32);
      }
    });
  }
});
