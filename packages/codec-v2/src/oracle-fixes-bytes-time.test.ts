/**
 * Fixes the Go oracle found in byte formats (base64 into existing slices and arrays, size-class
 * capacities) and time formats (durations, unix times). Expected texts were recorded by running Go
 * 1.26 (`GOEXPERIMENT=jsonv2 go run`: json = v1 on the v2 engine, json/v2 = v2) by hand.
 */
import { withRegistryMethods } from "@gojson/fixtures";
import { goType, parseGo, withMethods } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { unmarshal } from "./go126-support.js";
import { defaultOptionsV1 } from "./options.js";

const decls = withRegistryMethods(
  parseGo(`package main
import "time"
type CentsV int64
type UpperText string
type L []CentsV
type FailKey string
type MK map[FailKey]int
type P struct {
	A int
	B []int
	C map[string]string
}
type W struct {
	U UpperText
	N int
}
type S struct {
	A CentsV
	T time.Time
	B int
}
`),
);
// FailKey's UnmarshalText fails on "bad" with `failkey: no` (written inline; not in the registry).
withMethods(
  decls.FailKey as NonNullable<(typeof decls)["FailKey"]>,
  {
    UnmarshalText: (b: Uint8Array) => {
      const s = new TextDecoder().decode(b);
      if (s === "bad") throw new Error("failkey: no");
      return s;
    },
  },
  { receiver: "pointer" },
);
const T = (src: string) => decls[src] ?? goType(src);

/** Runs unmarshal and returns [error message or "", the destination's value]. */
function _run(type: string, input: string, v1: boolean): [string, unknown] {
  try {
    return ["", unmarshal(T(type), input, v1 ? defaultOptionsV1() : undefined)];
  } catch (e) {
    return [(e as Error).message, (e as { value?: unknown }).value];
  }
}

describe("base64 into an existing []byte: Go's AppendDecode reuses it only when it holds the unpadded length", () => {
  // Found by the differential fuzzer (v2 seed 200016898, v1v2/v2 seed 300038427). Go 1.26,
  // GOEXPERIMENT=jsonv2: json/v2 Unmarshal into b := []byte{0, 0, 1} or a 6-byte slice [0 0 0 0 0 1].
  const table: [string, number[], number[], string][] = [
    ['"AAAAAA"', [0, 0, 1], [0, 0, 1], "illegal base64 data at input byte 4"],
    ['"AAAAAA"', [0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1], "illegal base64 data at input byte 4"],
    ['"0AAAAAA=="', [0, 0, 1], [0, 0, 1], "illegal base64 data at input byte 8"],
    ['"0AAAAAA=="', [0, 0, 0, 0, 0, 1], [208, 0, 0, 0, 0, 1], "illegal base64 data at input byte 8"],
    ['"AAAAAA=="', [0, 0, 1], [0, 0, 0, 0], ""],
  ];
  it.each(table)("%s into %j", (input, into, want, err) => {
    let got: unknown;
    let msg = "";
    try {
      got = unmarshal(goType("[]byte"), input, { into: Uint8Array.from(into) });
    } catch (e) {
      msg = (e as Error).message;
      got = (e as { value?: unknown }).value;
    }
    expect(msg).toBe(err === "" ? "" : `json: cannot unmarshal JSON string into Go []uint8: ${err}`);
    expect(Array.from(got as Uint8Array)).toEqual(want);
  });
});

describe("v1 on v2: base64 decodes into the existing backing array, whose spare bytes a later array grows over", () => {
  // Found by the differential fuzzer (v1v2, seed 300030238). Go 1.26, GOEXPERIMENT=jsonv2 go run:
  // encoding/json Unmarshal into s := S{A: into}; Go's answer printed as s.A and the error.
  const t = goType("S", parseGo('type S struct {\n\tA []byte `json:"b"`\n}'));
  const table: [number[] | null, string, number[], string][] = [
    [[1], `{"b":"","b":[-5e-324]}`, [1], "json: cannot unmarshal number -5e-324 into S.b.0 of type uint8"],
    [[1, 2, 3], `{"b":"BA==","b":[null,null,null]}`, [4, 2, 3], ""],
    [[1, 2, 3], `{"b":"BA==","b":[null,null,null,null]}`, [4, 2, 3, 0], ""],
    [[1, 2, 3], `{"b":"","b":[null,{}]}`, [1, 2], "json: cannot unmarshal object into S.b.1 of type uint8"],
    [null, `{"b":"AQID","b":"","b":[null,null]}`, [1, 2], ""],
  ];
  it.each(table)("into %j: %s", (into, input, want, err) => {
    let got: { A: Uint8Array | null };
    let msg = "";
    try {
      got = unmarshal(t, input, {
        ...defaultOptionsV1(),
        into: { A: into && Uint8Array.from(into) },
      }) as typeof got;
    } catch (e) {
      msg = (e as Error).message;
      got = (e as { value?: unknown }).value as typeof got;
    }
    expect(msg).toBe(err);
    expect(Array.from(got.A ?? [])).toEqual(want);
  });
});

describe("time.ParseDuration's steps and texts, and strconv.Quote in `unknown field` (v1 on v2)", () => {
  // Found by the differential fuzzer (v1v2, seeds 700014516 and 700016000). Go 1.26,
  // GOEXPERIMENT=jsonv2: encoding/json Unmarshal (a Duration is parsed from a string under v1 semantics).
  const d = parseGo(`type D struct {
	ID time.Duration \`json:",format:units"\`
}
type U struct{ A int }`);
  const msg = (f: () => unknown) => {
    try {
      f();
      return "";
    } catch (e) {
      return (e as Error).message;
    }
  };
  const dur = "json: cannot unmarshal string into Go struct field D.ID of type time.Duration: time:";
  // [input duration, Go's time.ParseDuration error (go run)]
  const table: [string, string][] = [
    ["-5e-324", 'unknown unit "e-" in duration "-5e-324"'],
    ["1", 'missing unit in duration "1"'],
    ["1H", 'unknown unit "H" in duration "1H"'],
    [".s", 'invalid duration ".s"'],
    ["1 s", 'unknown unit " s" in duration "1 s"'],
    ["1\u00e9", 'unknown unit "\\xc3\\xa9" in duration "1\\xc3\\xa9"'],
    ["9223372036854775808ns", 'invalid duration "9223372036854775808ns"'],
  ];
  it.each(table)("duration %j", (s, want) => {
    expect(msg(() => unmarshal(goType("D", d), JSON.stringify({ ID: s }), defaultOptionsV1()))).toBe(
      `${dur} ${want}`,
    );
  });
  it("parses what Go parses (1.5h, -9223372036854775808ns)", () => {
    expect(unmarshal(goType("D", d), `{"ID":"1.5h"}`, defaultOptionsV1())).toEqual({
      ID: 5_400_000_000_000n,
    });
    expect(unmarshal(goType("D", d), `{"ID":"-9223372036854775808ns"}`, defaultOptionsV1())).toEqual({
      ID: -(1n << 63n),
    });
  });
  it.each([
    [`{"\\u0000":1}`, 'json: unknown field "\\x00"'],
    [`{"\\u0007":1}`, 'json: unknown field "\\a"'],
    [`{"\u00ad":1}`, 'json: unknown field "\\u00ad"'],
  ])("unknown field %s", (input, want) => {
    expect(
      msg(() => unmarshal(goType("U", d), input, { ...defaultOptionsV1(), rejectUnknownMembers: true })),
    ).toBe(want);
  });
});

describe("a []byte that base64 allocated has the runtime's size-class capacity (Go 1.26)", () => {
  // Found by the differential fuzzer (v1v2, seed 600033202): "AA==" gets an 8-byte backing array,
  // so a later member's 4-byte window is decoded in place before its error. GOEXPERIMENT=jsonv2 go run:
  // encoding/json (v1v2) and json/v2 with jsontext.AllowDuplicateNames(true) (v2); s.V in base64.
  const t = goType("S", parseGo('type S struct {\n\tV []byte `json:"v"`\n}'));
  const table: [string, boolean, string, string][] = [
    [
      `{"v":"AA==","v":"AQAA*A=="}`,
      true,
      "AQ==",
      "json: cannot unmarshal string into Go struct field S.v of type []uint8: illegal base64 data at input byte 4",
    ],
    [
      `{"v":"AA==","v":"AQAA*A=="}`,
      false,
      "AQ==",
      'json: cannot unmarshal JSON string into Go []uint8 within "/v": illegal base64 data at input byte 4',
    ],
    [
      `{"v":"AAAAAAAAAAA=","v":"AQIDBAUGBwgJCgsM*A=="}`,
      false,
      "AAAAAAAAAAA=",
      'json: cannot unmarshal JSON string into Go []uint8 within "/v": illegal base64 data at input byte 16',
    ],
    [`{"v":"AA==","v":"","v":[null,null,null,null,null,null,null,null,null]}`, true, "AAAAAAAAAAAA", ""],
  ];
  it.each(table)("%s (v1 semantics %s)", (input, v1, want, err) => {
    let got: { V: Uint8Array | null };
    let msg = "";
    try {
      got = unmarshal(t, input, v1 ? defaultOptionsV1() : { allowDuplicateNames: true }) as typeof got;
    } catch (e) {
      msg = (e as Error).message;
      got = (e as { value?: unknown }).value as typeof got;
    }
    expect(msg).toBe(err);
    expect(Buffer.from(got.V ?? []).toString("base64")).toBe(want);
  });
});

describe("format:unix* times as Go's parseTimeUnix: any int64 seconds, not just int64 nanoseconds", () => {
  // Found by the differential fuzzer (v1v2, seed 800045933). Go 1.26, GOEXPERIMENT=jsonv2 go run:
  // encoding/json (v1 semantics) and json/v2; the field's time in RFC 3339 and the error.
  const t = goType(
    "S1",
    parseGo(
      'type S1 struct {\n\tA time.Time `json:",format:unix"`\n\tM time.Time `json:",format:unixmilli"`\n}',
    ),
  );
  const table: [string, boolean, string, string][] = [
    [`{"A":-62135596801}`, false, "0000-12-31T23:59:59Z", ""],
    [`{"A":10000000000}`, true, "2286-11-20T17:46:40Z", ""],
    [`{"A":-1.5}`, false, "1969-12-31T23:59:58.5Z", ""],
    [`{"M":-62135596800000}`, false, "0001-01-01T00:00:00Z", ""],
    [`{"A":-0}`, true, "0001-01-01T00:00:00Z", 'invalid time "-0": value out of range'],
    [
      `{"A":-0}`,
      false,
      "0001-01-01T00:00:00Z",
      'json: cannot unmarshal JSON number into Go time.Time within "/A": invalid time "-0": value out of range',
    ],
  ];
  it.each(table)("%s (v1 semantics %s)", (input, v1, want, err) => {
    let got: { A: { format(): string }; M: { format(): string } };
    let msg = "";
    try {
      got = unmarshal(t, input, v1 ? defaultOptionsV1() : {}) as typeof got;
    } catch (e) {
      msg = (e as Error).message;
      got = (e as { value?: unknown }).value as typeof got;
    }
    expect(msg).toBe(err);
    expect((input.includes('"M"') ? got.M : got.A).format()).toBe(want);
  });
});

describe("base64 into [N]byte: copied, the rest cleared, then the length checked (unless any length is allowed)", () => {
  // Found by the differential fuzzer (v2, seed 900000171). Go 1.26, GOEXPERIMENT=jsonv2 go run:
  // json/v2 Unmarshal into a := [3]uint8{7, 8, 9} with json.UnmarshalArrayFromAnyLength(any).
  const table: [string, boolean, number[], string][] = [
    [`""`, true, [0, 0, 0], ""],
    [`""`, false, [0, 0, 0], "decoded length of 0 mismatches array length of 3"],
    [`"AQ=="`, true, [1, 0, 0], ""],
    [`"AQ=="`, false, [1, 0, 0], "decoded length of 1 mismatches array length of 3"],
    [`"AQIDBA=="`, true, [1, 2, 3], ""],
    [`"AQIDBA=="`, false, [1, 2, 3], "decoded length of 4 mismatches array length of 3"],
  ];
  it.each(table)("%s (any length %s)", (input, any, want, err) => {
    let got: unknown;
    let msg = "";
    try {
      got = unmarshal(goType("[3]uint8"), input, { unmarshalArrayFromAnyLength: any, into: [7, 8, 9] });
    } catch (e) {
      msg = (e as Error).message;
      got = (e as { value?: unknown }).value;
    }
    expect(msg).toBe(err === "" ? "" : `json: cannot unmarshal JSON string into Go [3]uint8: ${err}`);
    expect(got).toEqual(want);
  });
});

describe("format:unix* times up to GoTime's limit (Unix seconds within ±(2^53-1)) match Go; past it, a range error", () => {
  // Found by the differential fuzzer (v1v2, seeds 1500014339, 1350017361). Go 1.26, GOEXPERIMENT=jsonv2 go run:
  // json/v2 Unmarshal of {"A":<n>} into struct{ A time.Time `json:",format:unixmilli|unix"` }.
  const tt = parseGo(`import "time"
type UM struct { A time.Time \`json:",format:unixmilli"\` }
type US struct { A time.Time \`json:",format:unix"\` }`);
  // [type, number, Go's time, ours when it differs (GoTime holds seconds as a safe integer)]
  const table: [string, string, string, string?][] = [
    ["UM", "9007199254740991", "287396-10-12T08:59:00.991Z"],
    ["UM", "-9007199254740991", "-283457-03-21T15:00:59.009Z"],
    ["US", "9007199254740991", "285428751-11-12T07:36:31Z"],
    ["US", "-9007199254740991", "-285424812-02-20T16:23:29Z"],
    ["UM", "9007199254740991999.5", "285428751-11-12T07:36:31.9995Z"],
    // Beyond the limit Go still answers; gojson reports the value out of range.
    ["UM", "9007199254740992000", "285428751-11-12T07:36:32Z", "range"],
    ["UM", "18446744073709551615", "584556019-04-03T14:25:51.615Z", "range"],
    ["US", "9007199254740991999.5", "285426783832-03-27T00:53:19.5Z", "range"],
    // Go's seconds wrap as int64 here (a negative input, a time in the future; seed 1350017361).
    ["US", "-9223372036854775808", "292277026596-12-04T15:30:08Z", "range"],
  ];
  it.each(table)("%s <- %s", (type, n, goTime, ours) => {
    const run = () => unmarshal(goType(type, tt), `{"A":${n}}`) as { A: { format(): string } };
    if (ours === undefined) expect(run().A.format()).toBe(goTime);
    else
      expect(run).toThrow(
        `json: cannot unmarshal JSON number into Go time.Time within "/A": invalid time "${n}": value out of range`,
      );
  });
});

describe("legacy semantics parse quoted numbers with strconv under StringifyNumbers too, and float map keys", () => {
  // Found by the differential fuzzer (v2, seed 1950010249: "+Inf" into float64). Go 1.26,
  // GOEXPERIMENT=jsonv2 go run: json/v2 Unmarshal into 7 with StringifyNumbers(true) and
  // json.StringifyWithLegacySemantics(true); map[float64]int with the legacy option alone.
  const o = { stringifyNumbers: true, stringifyWithLegacySemantics: true };
  const pre = "json: cannot unmarshal JSON string";
  // [input, Go's float64 (and float32), Go's int, Go's error for float64 ("" = none), int error]
  const table: [string, number, number, string, string][] = [
    [`"+Inf"`, Number.POSITIVE_INFINITY, 7, "", "invalid syntax"],
    [`"inf"`, Number.POSITIVE_INFINITY, 7, "", "invalid syntax"],
    [`"-Infinity"`, Number.NEGATIVE_INFINITY, 7, "", "invalid syntax"],
    [`"NaN"`, Number.NaN, 7, "", "invalid syntax"],
    [`"+1.5"`, 1.5, 7, "", "invalid syntax"],
    [`".5"`, 0.5, 7, "", "invalid syntax"],
    [`"5."`, 5, 7, "", "invalid syntax"],
    [`"1_0"`, 10, 7, "", "invalid syntax"],
    [`"1e400"`, 7, 7, "value out of range", "invalid syntax"],
    [`"null"`, 0, 0, "", ""],
    [`"x"`, 7, 7, "invalid syntax", "invalid syntax"],
    [`"010"`, 10, 10, "", ""],
  ];
  const run = (type: string, input: string, opts: object): [unknown, string] => {
    try {
      return [unmarshal(goType(type), input, opts), ""];
    } catch (e) {
      return [(e as { value?: unknown }).value, (e as Error).message];
    }
  };
  it.each(table)("%s", (input, fv, iv, ferr, ierr) => {
    for (const ty of ["float64", "float32"]) {
      const [v, msg] = run(ty, input, { ...o, into: 7 });
      expect(msg).toBe(ferr === "" ? "" : `${pre} ${input} into Go ${ty}: ${ferr}`);
      expect(v).toBe(fv);
    }
    const [v, msg] = run("int", input, { ...o, into: 7n });
    expect(msg).toBe(ierr === "" ? "" : `${pre} ${input} into Go int: ${ierr}`);
    expect(v).toBe(BigInt(iv));
    // Go: map[+Inf:1] ... map[0:1] for "null"; failures leave map[] and name the key.
    const [m, merr] = run("map[float64]int", `{${input}:1}`, { stringifyWithLegacySemantics: true });
    if (ferr === "") expect([...(m as Map<number, bigint>)]).toEqual([[fv, 1n]]);
    else expect(merr).toBe(`${pre} ${input} into Go float64 within "/${input.slice(1, -1)}": ${ferr}`);
  });
  it('hex floats (Go: "0x1p-2" → 0.25) are not supported: invalid syntax', () => {
    expect(run("float64", `"0x1p-2"`, o)[1]).toBe(`${pre} "0x1p-2" into Go float64: invalid syntax`);
  });
});
