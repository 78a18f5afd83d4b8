import { describe, expect, it } from "vitest";
import { BAIL, C } from "./cursor.js";
import { colon, ws } from "./scan.js";
import {
  beginArray,
  beginObject,
  END,
  nextElement,
  nextMember,
  readBigIntLiteral,
  readIntLiteral,
} from "./scan-steps.js";
import { readString } from "./scan-string.js";
import { run } from "./test-cursor.js";

/** Members of an object of integers through the steps, as [name, value] pairs. */
function members(): [string, number][] {
  const out: [string, number][] = [];
  ws();
  if (beginObject() !== END)
    do {
      const name = readString();
      out.push([name, readIntLiteral(colon())]);
    } while (nextMember());
  return out;
}

/** Elements of an array of integers through the steps. */
function elements(): number[] {
  const out: number[] = [];
  ws();
  for (let k = beginArray(); k !== END; k = nextElement()) out.push(readIntLiteral(k));
  return out;
}

describe("object and array steps", () => {
  const cases: { name: string; in: string; read: () => unknown; want: unknown }[] = [
    { name: "Object/Empty", in: " { } ", read: members, want: [] },
    {
      name: "Object/Two",
      in: '{"a":1 , "b" : 2}',
      read: members,
      want: [
        ["a", 1],
        ["b", 2],
      ],
    },
    { name: "Object/TrailingComma", in: '{"a":1,}', read: members, want: BAIL },
    { name: "Object/NameNotString", in: "{1:1}", read: members, want: BAIL },
    { name: "Object/SecondNameNotString", in: '{"a":1,2:2}', read: members, want: BAIL },
    { name: "Object/Unclosed", in: '{"a":1', read: members, want: BAIL },
    { name: "Object/MissingComma", in: '{"a":1 "b":2}', read: members, want: BAIL },
    { name: "Array/Empty", in: "[ ]", read: elements, want: [] },
    { name: "Array/Three", in: "[1, 2 ,3]", read: elements, want: [1, 2, 3] },
    { name: "Array/TrailingComma", in: "[1,]", read: elements, want: BAIL },
    { name: "Array/Unclosed", in: "[1,2", read: elements, want: BAIL },
    { name: "Array/MissingComma", in: "[1 2]", read: elements, want: BAIL },
  ];
  for (const c of cases)
    it(c.name, () => {
      const r = run(c.in, c.read);
      if (c.want === BAIL) expect(r).toBe(BAIL);
      else {
        expect(r).not.toBe(BAIL);
        if (r === BAIL) return;
        expect(r.value).toEqual(c.want);
        // Past the closing bracket, nesting left again.
        expect(c.in.slice(0, r.end).trimEnd().endsWith(c.in.trim().slice(-1))).toBe(true);
        expect(C.depth).toBe(0);
      }
    });
});

describe("integer literals", () => {
  const I64: [bigint, bigint] = [-(1n << 63n), (1n << 63n) - 1n];
  const U64: [bigint, bigint] = [0n, (1n << 64n) - 1n];
  const cases: {
    in: string;
    int: number | typeof BAIL;
    big: bigint | typeof BAIL;
    range?: [bigint, bigint];
  }[] = [
    { in: "0", int: 0, big: 0n },
    { in: "-0", int: -0, big: 0n },
    { in: "123456789012345", int: 123456789012345, big: 123456789012345n },
    { in: "-1234567890123456", int: Number.NaN, big: -1234567890123456n },
    { in: "9223372036854775807", int: Number.NaN, big: 9223372036854775807n },
    { in: "9223372036854775808", int: Number.NaN, big: BAIL },
    { in: "-9223372036854775808", int: Number.NaN, big: -9223372036854775808n },
    { in: "18446744073709551615", int: Number.NaN, big: 18446744073709551615n, range: U64 },
    { in: "18446744073709551616", int: Number.NaN, big: BAIL, range: U64 },
    { in: "123456789012345678901234", int: Number.NaN, big: BAIL, range: U64 },
    { in: "-5", int: -5, big: BAIL, range: U64 },
    { in: "1.5", int: BAIL, big: BAIL },
    { in: "1e3", int: BAIL, big: BAIL },
    { in: "1E3", int: BAIL, big: BAIL },
    { in: "01", int: 0, big: 0n },
    { in: "-", int: BAIL, big: BAIL },
    { in: "-a", int: BAIL, big: BAIL },
  ];
  for (const c of cases)
    it(c.in, () => {
      const int = run(c.in, () => readIntLiteral(ws()));
      if (c.int === BAIL) expect(int).toBe(BAIL);
      else expect(int).toMatchObject({ value: c.int });
      const [lo, hi] = c.range ?? I64;
      const big = run(c.in, () => readBigIntLiteral(ws(), lo, hi));
      if (c.big === BAIL) expect(big).toBe(BAIL);
      else expect(big).toMatchObject({ value: c.big });
      // A signed kind's caller may skip the sign check: the same answers for signed bounds.
      if (c.range === undefined) expect(run(c.in, () => readBigIntLiteral(ws(), lo, hi, true))).toEqual(big);
    });
  it("stops after the literal (01: the 0, then the caller sees 1)", () => {
    expect(run("01", () => readIntLiteral(ws()))).toMatchObject({ value: 0, end: 1 });
    expect(run("-12]", () => readIntLiteral(ws()))).toMatchObject({ value: -12, end: 3 });
  });
});
