import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import {
  bigFloatTwins,
  bigIntTwins,
  bigRatTwins,
  netIPTwins,
  netipAddrPortTwins,
  netipAddrTwins,
  netipPrefixTwins,
} from "./std-twins.js";

// Recorded with `go run` (Go 1.26.8) from test/fixtures/std-twins.go.txt: each input
// unmarshaled into the Go type and marshaled back (or Go's error text).
type Row = { in: string; out?: string; err?: string };
const recorded = JSON.parse(
  readFileSync(new URL("../test/fixtures/std-twins.json", import.meta.url), "utf8"),
) as Record<string, Row[]>;

function outcome(f: () => string): { out?: string; err?: string } {
  try {
    return { out: f() };
  } catch (e) {
    return { err: (e as Error).message };
  }
}

function textRoundTrip(twins: {
  MarshalText: (v: any) => string;
  UnmarshalText: (d: string) => unknown;
}): (s: string) => string {
  return (s) => JSON.stringify(twins.MarshalText(twins.UnmarshalText(s)));
}

const cases: { family: string; run: (input: string) => string; only?: (r: Row) => boolean }[] = [
  { family: "addr", run: textRoundTrip(netipAddrTwins) },
  { family: "prefix", run: textRoundTrip(netipPrefixTwins) },
  { family: "addrport", run: textRoundTrip(netipAddrPortTwins) },
  {
    family: "ip",
    run: (s) => {
      const v = netIPTwins.UnmarshalText(s);
      return `${JSON.stringify(netIPTwins.MarshalText(v))} len=${v === null ? 0 : v.length}`;
    },
  },
  {
    family: "bigint",
    run: (s) => {
      const v = bigIntTwins.UnmarshalJSON(s, null);
      return v === null ? "null" : bigIntTwins.MarshalJSON(v);
    },
  },
  { family: "bigrat", run: textRoundTrip(bigRatTwins) },
  {
    family: "bigfloat",
    run: textRoundTrip(bigFloatTwins),
    // Go rounds to a 64-bit mantissa; the twin refuses more than 19 significant digits (own error).
    only: (r) => r.in !== "1e100" || r.out !== undefined,
  },
];

describe("standard-library method twins agree with Go", () => {
  for (const c of cases) {
    for (const r of recorded[c.family] ?? []) {
      if (c.only !== undefined && !c.only(r)) continue;
      // Invalid JSON (`007`) is the codec's syntax error, reported before any method runs.
      if (r.err?.startsWith("invalid character") === true) continue;
      test(`${c.family}/${JSON.stringify(r.in)}`, () => {
        expect(outcome(() => c.run(r.in))).toEqual(r.err !== undefined ? { err: r.err } : { out: r.out });
      });
    }
  }

  test("bigfloat/TooManyDigits", () => {
    expect(() => bigFloatTwins.UnmarshalText("1.2345678901234567890123")).toThrow(
      "more than 19 significant digits",
    );
  });
  test("netip/MarshalAcceptsPlainStrings", () => {
    expect(netipAddrTwins.MarshalText("::1")).toBe("::1");
    expect(netipAddrTwins.MarshalText({ text: "" })).toBe("");
  });
  test("ip/InvalidLength", () => {
    // Go: net.IP{1, 2} marshals with `address 0102: invalid IP address`.
    expect(() => netIPTwins.MarshalText(new Uint8Array([1, 2]))).toThrow("address 0102: invalid IP address");
  });
});
