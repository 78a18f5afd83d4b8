import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { goPackageOf } from "./go-package.js";
import { parseGo } from "./parse-go.js";
import { structFields } from "./struct-fields.js";
import { decimalTwins, nullUUIDTwins, thirdPartyPackages, uuidTwins } from "./thirdparty.js";
import { typeString } from "./type-string.js";
import type { GoType } from "./types.js";

// Recorded with `go run` (Go 1.26.8, github.com/google/uuid v1.6.0,
// github.com/shopspring/decimal v1.6.0) from test/fixtures/thirdparty.go.txt.
type Row = { in: string; out?: string; err?: string };
const recorded = JSON.parse(
  readFileSync(new URL("../test/fixtures/thirdparty.json", import.meta.url), "utf8"),
) as Record<string, Row[]>;

function outcome(f: () => string): { out?: string; err?: string } {
  try {
    return { out: f() };
  } catch (e) {
    return { err: (e as Error).message };
  }
}

describe("third-party twins agree with the real modules", () => {
  for (const r of recorded.uuid ?? []) {
    // A JSON number into a TextUnmarshaler is the codec's error (it never calls the method).
    if (!r.in.startsWith('"') && r.in !== "null") continue;
    test(`uuid/${r.in}`, () => {
      const run = () => {
        if (r.in === "null") return JSON.stringify(uuidTwins.MarshalText(new Array(16).fill(0)));
        return JSON.stringify(uuidTwins.MarshalText(uuidTwins.UnmarshalText(JSON.parse(r.in) as string)));
      };
      expect(outcome(run)).toEqual(r.err !== undefined ? { err: r.err } : { out: r.out });
    });
  }
  const d = decimalTwins();
  for (const r of recorded.decimal ?? []) {
    test(`decimal/${r.in}`, () => {
      const run = () => d.MarshalJSON(d.UnmarshalJSON(r.in, { text: "" }));
      expect(outcome(run)).toEqual(r.err !== undefined ? { err: r.err } : { out: r.out });
    });
  }
  test("decimal/ZeroAndWithoutQuotes", () => {
    const [zero, noQuotes] = recorded.decimalzero ?? [];
    expect(d.MarshalJSON({ text: "" })).toBe(zero?.out);
    expect(decimalTwins({ marshalJSONWithoutQuotes: true }).MarshalJSON(d.UnmarshalText("1.50"))).toBe(
      noQuotes?.out,
    );
    expect(d.IsZero({ text: "" })).toBe(true);
    expect(d.IsZero(d.UnmarshalText("-0.00"))).toBe(true);
  });
  test("uuid/ZeroValue", () => {
    expect(JSON.stringify(uuidTwins.MarshalText(new Array(16).fill(0)))).toBe(recorded.uuidzero?.[0]?.out);
  });
  test("uuid/NullUUID", () => {
    const u = nullUUIDTwins.UnmarshalJSON('"6ba7b810-9dad-11d1-80b4-00c04fd430c8"');
    expect(u.Valid).toBe(true);
    expect(nullUUIDTwins.MarshalJSON(u)).toBe('"6ba7b810-9dad-11d1-80b4-00c04fd430c8"');
    expect(nullUUIDTwins.MarshalJSON(nullUUIDTwins.UnmarshalJSON("null"))).toBe("null");
  });
});

describe("thirdPartyPackages resolve imports", () => {
  test("Imports/UUIDAndDecimal", () => {
    const types = parseGo(
      'package shop\nimport (\n\t"github.com/google/uuid"\n\tdec "github.com/shopspring/decimal"\n)\ntype Order struct {\n\tID uuid.UUID `json:"id"`\n\tTotal dec.Decimal `json:"total"`\n\tTax dec.NullDecimal `json:"tax"`\n}',
      { imports: thirdPartyPackages },
    );
    const fields = structFields(types.Order as GoType, "v1").fields;
    expect(fields.map((f) => typeString(f.type))).toEqual([
      "uuid.UUID",
      "decimal.Decimal",
      "decimal.NullDecimal",
    ]);
    expect(fields[0]?.type.methods?.MarshalText?.declaredOnly).toBeUndefined();
    expect(goPackageOf(types)?.name).toBe("shop");
  });
  test("Imports/WithoutThemTheErrorSaysWhereTheyAre", () => {
    const types = parseGo('package shop\nimport "github.com/google/uuid"\ntype Order struct{ ID uuid.UUID }');
    expect(() => structFields(types.Order as GoType, "v1")).toThrow(
      'gotype has it ready: import { thirdPartyPackages } from "@gojson/gotype/thirdparty" and pass { imports: thirdPartyPackages }',
    );
  });
});
