/**
 * time.Time's UnmarshalJSON errors quote the raw bytes as Go's time.quote
 * does (`\xNN` for each byte of a non-ASCII rune and of invalid UTF-8, DEL
 * as is), for values and for map keys: a map key type with UnmarshalText
 * goes through Go's literalStore, which calls UnmarshalJSON with the raw key
 * (quotes and escapes included) when the type has it. Expected texts
 * recorded with Go 1.26 (`json.Unmarshal` into *time.Time and
 * *map[time.Time]int; printed with %q).
 */
import { goType } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import { unmarshal } from "./index.js";

/** A string whose characters are bytes (Latin-1), as bytes. */
const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

/** The message of the error `f` throws. */
function errOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  return undefined;
}

interface Case {
  name: string;
  /** The JSON string, one character a byte. */
  in: string;
  wantErr: string;
}

const cases: Case[] = [
  {
    name: "InvalidByte",
    in: '"\xff1970-01-01T00:00:00Z"',
    wantErr: `parsing time "\\xff1970-01-01T00:00:00Z" as "2006-01-02T15:04:05Z07:00": cannot parse "\\xff1970-01-01T00:00:00Z" as "2006"`,
  },
  {
    name: "DEL",
    in: '"\x7f1970"',
    wantErr: `parsing time "\x7f1970" as "2006-01-02T15:04:05Z07:00": cannot parse "\x7f1970" as "2006"`,
  },
  {
    name: "NonASCIIRune",
    in: '"\xc3\xa91970-01-01T00:00:00Z"',
    wantErr: `parsing time "\\xc3\\xa91970-01-01T00:00:00Z" as "2006-01-02T15:04:05Z07:00": cannot parse "\\xc3\\xa91970-01-01T00:00:00Z" as "2006"`,
  },
  {
    name: "TruncatedRune",
    in: '"1970-01-01T00:00:00\xf0\x9f\x98Z"',
    wantErr: `parsing time "1970-01-01T00:00:00\\xf0\\x9f\\x98Z" as "2006-01-02T15:04:05Z07:00": cannot parse "\\xf0\\x9f\\x98Z" as "Z07:00"`,
  },
  {
    name: "ExtraDEL",
    in: '"2006-01-02T15:04:05Z\x7f"',
    wantErr: `parsing time "2006-01-02T15:04:05Z\x7f": extra text: "\x7f"`,
  },
];

describe("time.Time errors quote bytes (Go 1.26)", () => {
  test.each(cases.map((c) => [c.name, c] as const))("Value/%s", (_n, c) => {
    expect(errOf(() => unmarshal(goType("time.Time"), bytes(c.in)))).toBe(c.wantErr);
  });
  test.each(cases.map((c) => [c.name, c] as const))("MapKey/%s", (_n, c) => {
    expect(errOf(() => unmarshal(goType("map[time.Time]int"), bytes(`{${c.in}:1}`)))).toBe(c.wantErr);
  });
  test("MapKey/EscapesReachUnmarshalJSON", () => {
    expect(errOf(() => unmarshal(goType("map[time.Time]int"), '{"\\u0032006-01-02T15:04:05Z":1}'))).toBe(
      `parsing time "\\\\u0032006-01-02T15:04:05Z" as "2006-01-02T15:04:05Z07:00": cannot parse "\\\\u0032006-01-02T15:04:05Z" as "2006"`,
    );
  });
  test("MapKey/Valid", () => {
    const m = unmarshal(goType("map[time.Time]int"), '{"2006-01-02T15:04:05Z":1}') as Map<unknown, unknown>;
    expect(m.size).toBe(1);
    expect([...m.values()]).toEqual([1n]);
  });
});
