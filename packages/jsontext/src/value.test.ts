import { describe, expect, it } from "vitest";
import table from "../test/data/syntax-errors.go.json" with { type: "json" };
import { checkValid, valid } from "./value.js";

describe("valid matches Go's jsontext.Value.IsValid", () => {
  for (const c of table as { name: string; in: string; v2: { valid: boolean; unmarshal: string } }[]) {
    it(c.name, () => {
      const b = new Uint8Array(Buffer.from(c.in, "base64"));
      expect(valid(b)).toBe(c.v2.valid);
      // Go's Unmarshal reports the same syntactic error for top-level problems (not for nested ones,
      // where its any-decoder reads token by token).
      if (
        !c.v2.valid &&
        c.v2.unmarshal.startsWith("jsontext:") &&
        !/[[{]/.test(Buffer.from(c.in, "base64").toString())
      ) {
        expect(checkValid(b)?.message).toBe(c.v2.unmarshal);
      }
    });
  }
});
