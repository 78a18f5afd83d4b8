import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { GoTime } from "./go-time.js";
import { timeTime } from "./known.js";
import { lookupMethod } from "./methods.js";
import { stdPackage } from "./std-packages.js";
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

/**
 * Go 1.24 gave these types encoding.TextAppender; the v2 engine calls AppendText before
 * MarshalText, so its errors name AppendText. Receivers as `go doc` prints them (Go 1.26.8,
 * e.g. `go doc net/netip Addr.AppendText`); the text is MarshalText's.
 */
describe("standard-library types carry AppendText", () => {
  const cases: { name: string; pkg: string; type: string; receiver: "value" | "pointer"; value: unknown }[] =
    [
      { name: "netip.Addr", pkg: "net/netip", type: "Addr", receiver: "value", value: { text: "::1" } },
      {
        name: "netip.Prefix",
        pkg: "net/netip",
        type: "Prefix",
        receiver: "value",
        value: { text: "10.0.0.0/8" },
      },
      {
        name: "netip.AddrPort",
        pkg: "net/netip",
        type: "AddrPort",
        receiver: "value",
        value: { text: "1.2.3.4:80" },
      },
      { name: "net.IP", pkg: "net", type: "IP", receiver: "value", value: new Uint8Array([1, 2, 3, 4]) },
      { name: "big.Int", pkg: "math/big", type: "Int", receiver: "pointer", value: 5n },
      { name: "big.Float", pkg: "math/big", type: "Float", receiver: "pointer", value: "2.5" },
      { name: "big.Rat", pkg: "math/big", type: "Rat", receiver: "pointer", value: "3/4" },
      {
        name: "time.Time",
        pkg: "time",
        type: "Time",
        receiver: "value",
        value: GoTime.parse("2020-01-02T03:04:05Z"),
      },
    ];
  for (const c of cases) {
    test(`AppendText/${c.name}`, () => {
      // time.Time is a known type (predeclared in gotype's time package, not built from source).
      const t = c.pkg === "time" ? timeTime : stdPackage(c.pkg)?.types[c.type];
      expect(t).toBeDefined();
      const at = lookupMethod(t as never, "AppendText", { addressable: true })?.method;
      const mt = lookupMethod(t as never, "MarshalText", { addressable: true })?.method;
      expect(at).toMatchObject({ name: "AppendText", receiver: c.receiver });
      expect(at?.declaredOnly).toBeUndefined();
      expect(at?.fn(c.value)).toBe(mt?.fn(c.value));
    });
  }

  // Go 1.26.8 and 1.27.3 (GOEXPERIMENT=jsonv2 go run; v1 on the v2 engine), a map key embedding
  // time.Time at year 10000: `json: error calling AppendText for type *main.ET: Time.AppendText:
  // year outside of range [0,9999]`; net.IP{1, 2}: `... AppendText for type *net.IP: address 0102:
  // invalid IP address`.
  test("AppendText/Errors", () => {
    const y10k = GoTime.date(10000, 1, 1);
    expect(() => timeTime.methods?.AppendText?.fn(y10k)).toThrow(
      "Time.AppendText: year outside of range [0,9999]",
    );
    expect(() => timeTime.methods?.MarshalText?.fn(y10k)).toThrow(
      "Time.MarshalText: year outside of range [0,9999]",
    );
    expect(() => netIPTwins.AppendText(new Uint8Array([1, 2]))).toThrow("address 0102: invalid IP address");
  });
});
