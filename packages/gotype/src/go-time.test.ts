import { describe, expect, it } from "vitest";
import { GoTime, GoTimeError } from "./go-time.js";

// Recorded from Go 1.26: time.Time.UnmarshalJSON then MarshalJSON (/tmp program in the package README's Design notes).
const parseCases: { name: string; in: string; want?: string; wantErr?: string }[] = [
  {
    name: "Nanos/Offset",
    in: "2024-02-29T12:34:56.123456789+05:30",
    want: '"2024-02-29T12:34:56.123456789+05:30"',
  },
  { name: "TrimZeros", in: "2024-02-29T12:34:56.120Z", want: '"2024-02-29T12:34:56.12Z"' },
  { name: "Zero", in: "0001-01-01T00:00:00Z", want: '"0001-01-01T00:00:00Z"' },
  { name: "Max", in: "9999-12-31T23:59:59.999999999-23:59", want: '"9999-12-31T23:59:59.999999999-23:59"' },
  {
    name: "Err/Day",
    in: "2023-02-29T00:00:00Z",
    wantErr: 'parsing time "2023-02-29T00:00:00Z": day out of range',
  },
  {
    name: "Err/Month",
    in: "2024-13-01T00:00:00Z",
    wantErr: 'parsing time "2024-13-01T00:00:00Z": month out of range',
  },
  {
    name: "Err/Garbage",
    in: "x",
    wantErr: 'parsing time "x" as "2006-01-02T15:04:05Z07:00": cannot parse "x" as "2006"',
  },
  {
    name: "Err/DateOnly",
    in: "2024-01-01",
    wantErr: 'parsing time "2024-01-01" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "T"',
  },
  { name: "Lenient/OneDigitHour", in: "2024-01-01T1:02:03Z", want: '"2024-01-01T01:02:03Z"' },
  { name: "Lenient/Comma", in: "2024-01-01T01:02:03,5Z", want: '"2024-01-01T01:02:03.5Z"' },
  {
    name: "Err/ZoneHour",
    in: "2024-01-01T01:02:03+25:00",
    wantErr: 'parsing time "2024-01-01T01:02:03+25:00": time zone offset hour out of range',
  },
  {
    name: "Err/Extra",
    in: "2024-01-01T01:02:03Zjunk",
    wantErr: 'parsing time "2024-01-01T01:02:03Zjunk": extra text: "junk"',
  },
  {
    name: "Err/Hour",
    in: "2024-01-01T24:00:00Z",
    wantErr: 'parsing time "2024-01-01T24:00:00Z": hour out of range',
  },
  {
    name: "TenDigitFraction",
    in: "2024-01-01T01:02:03.1234567891Z",
    want: '"2024-01-01T01:02:03.123456789Z"',
  },
  { name: "Lenient/Minute60", in: "2024-01-01T01:02:03+01:60", want: '"2024-01-01T01:02:03+02:00"' },
  {
    name: "Err/Space",
    in: "2024-01-01 01:02:03Z",
    wantErr:
      'parsing time "2024-01-01 01:02:03Z" as "2006-01-02T15:04:05Z07:00": cannot parse " 01:02:03Z" as "T"',
  },
  { name: "NegativeZero", in: "1970-01-01T00:00:00-00:00", want: '"1970-01-01T00:00:00Z"' },
  // DEL (0x7f) is printed as is (time.quote escapes only bytes below 0x20 and non-ASCII runes):
  // go run of json.Unmarshal([]byte("\"\x7f\""), &t), printed with %q.
  {
    name: "Err/DEL",
    in: "\x7f",
    wantErr: 'parsing time "\x7f" as "2006-01-02T15:04:05Z07:00": cannot parse "\x7f" as "2006"',
  },
  {
    name: "Err/DELExtra",
    in: "2006-01-02T15:04:05Z\x7f",
    wantErr: 'parsing time "2006-01-02T15:04:05Z\x7f": extra text: "\x7f"',
  },
];

describe("GoTime parse/marshal (recorded from Go)", () => {
  for (const c of parseCases) {
    it(c.name, () => {
      if (c.wantErr !== undefined) {
        expect(() => GoTime.unmarshalJSON(`"${c.in}"`)).toThrow(c.wantErr);
        return;
      }
      expect(GoTime.unmarshalJSON(`"${c.in}"`).marshalJSON()).toBe(c.want);
    });
  }
});

describe("GoTime marshal errors (recorded from Go)", () => {
  const cases = [
    {
      name: "Year10000",
      in: GoTime.date(10000, 1, 1),
      wantErr: "Time.MarshalJSON: year outside of range [0,9999]",
      fmt: "10000-01-01T00:00:00Z",
    },
    {
      name: "YearMinus1",
      in: GoTime.date(-1, 1, 1),
      wantErr: "Time.MarshalJSON: year outside of range [0,9999]",
      fmt: "-0001-01-01T00:00:00Z",
    },
    {
      name: "Zone24h",
      in: GoTime.date(2000, 1, 1, 0, 0, 0, 0, 24 * 3600),
      wantErr: "Time.MarshalJSON: timezone hour outside of range [0,23]",
      fmt: "2000-01-01T00:00:00+24:00",
    },
    {
      name: "ZoneSeconds",
      in: GoTime.date(2000, 1, 1, 0, 0, 0, 5, 3630, "X"),
      want: '"2000-01-01T00:00:00.000000005+01:00"',
      fmt: "2000-01-01T00:00:00.000000005+01:00",
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(c.in.format()).toBe(c.fmt);
      if (c.wantErr !== undefined) {
        expect(() => c.in.marshalJSON()).toThrow(c.wantErr);
        let err: unknown;
        try {
          c.in.marshalJSON();
        } catch (e) {
          err = e;
        }
        expect(GoTimeError.isInstance(err)).toBe(true);
      } else expect(c.in.marshalJSON()).toBe(c.want);
    });
  }
  it("zero value and IsZero", () => {
    expect(new GoTime().format()).toBe("0001-01-01T00:00:00Z");
    expect(new GoTime().isZero()).toBe(true);
    expect(new GoTime().in(3600).isZero()).toBe(true);
    expect(GoTime.fromUnix(0).isZero()).toBe(false);
    expect(GoTime.unmarshalJSON("null", GoTime.fromUnix(5)).unix).toBe(5);
    expect(() => GoTime.unmarshalJSON("5")).toThrow("Time.UnmarshalJSON: input is not a JSON string");
  });
});
