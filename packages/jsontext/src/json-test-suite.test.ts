/**
 * JSONTestSuite's test_parsing files (vendored in testdata/JSONTestSuite with
 * their MIT licence) through both validators: y_ must be accepted, n_ rejected,
 * and every file — i_ included, where the RFC leaves the choice to the parser —
 * gets the verdict and error text real Go gave (test/data/json-test-suite.go.json:
 * json.Valid and jsontext.Value.IsValid, recorded with Go 1.26.8 under
 * GOEXPERIMENT=jsonv2; Go 1.27.3 gives the same verdicts).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import verdicts from "../test/data/json-test-suite.go.json" with { type: "json" };
import { Decoder } from "./decoder.js";
import { checkValidV1 } from "./scanner-v1.js";

const dir = join(import.meta.dirname, "../testdata/JSONTestSuite/test_parsing");
/** Files in JSONTestSuite's test_parsing (95 y_, 188 n_, 35 i_). */
const SUITE_FILES = 318;
const table = verdicts as Record<
  string,
  { v1: boolean; v2: boolean; v2lenient: boolean; v1err: string; v2err: string }
>;

function validV2(b: Uint8Array, lenient = false): string {
  try {
    const d = new Decoder(b, lenient ? { allowDuplicateNames: true, allowInvalidUTF8: true } : undefined);
    if (d.peekKind() === "") throw d.unexpectedEOF();
    d.skipValue();
    d.checkEOF();
    return "";
  } catch (e) {
    return (e as Error).message;
  }
}

describe("JSONTestSuite test_parsing", () => {
  const files = readdirSync(dir).sort();
  it("Vendored/EveryFileHasGosVerdict", () => {
    expect(files).toHaveLength(SUITE_FILES);
    expect(files.filter((f) => !(f in table))).toEqual([]);
    expect(Object.keys(table).sort()).toEqual(files);
  });
  for (const f of files) {
    it(f, () => {
      const b = new Uint8Array(readFileSync(join(dir, f)));
      const v1 = checkValidV1(b) === null;
      const v2 = validV2(b);
      if (f.startsWith("y_")) {
        expect(v1).toBe(true);
        expect(validV2(b, true)).toBe(""); // RFC 8259 allows duplicate names; v2 rejects them by default
        if (!f.includes("duplicated_key")) expect(v2).toBe("");
      } else if (f.startsWith("n_")) {
        expect(v1).toBe(false);
        expect(v2).not.toBe("");
      }
      const want = table[f];
      expect(want, `no Go verdict recorded for ${f}`).toBeDefined();
      if (!want) return;
      expect(v1).toBe(want.v1);
      expect(v2 === "").toBe(want.v2);
      expect(validV2(b, true) === "").toBe(want.v2lenient);
      if (!want.v1) expect(checkValidV1(b)?.message).toBe(want.v1err);
      if (!want.v2 && want.v2err.startsWith("jsontext:")) expect(v2).toBe(want.v2err);
    });
  }
});
