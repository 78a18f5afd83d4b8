import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { checkFast, NO_FAST, parseFast } from "./parse-fast.js";
import { checkStrict, parseStrict } from "./parse-strict.js";

const enc = new TextEncoder();
const bytes = (s: string): Uint8Array => enc.encode(s);
const DEFAULT_DEPTH = 1000;

describe("parseFast", () => {
  // Every body either comes back as the value the exact path builds, or as NO_FAST (the exact path decides).
  const cases: Array<{
    name: string;
    body: string | Uint8Array;
    want: unknown;
    keepProto?: boolean;
    depth?: number;
  }> = [
    { name: "Object/Plain", body: '{"a":1,"b":[true,null,"x"]}', want: { a: 1, b: [true, null, "x"] } },
    { name: "Object/Empty", body: " {} \n", want: {} },
    { name: "String/Escapes", body: '"a\\u00e9\\n\\ud83d\\ude00"', want: "aé\n😀" },
    { name: "String/NonASCII", body: '"Zürich"', want: "Zürich" },
    { name: "Number/SafeInteger", body: "9007199254740991", want: 9007199254740991 },
    { name: "Number/NegativeZero", body: "-0", want: -0 },
    { name: "Number/FloatBeyond2^53", body: "1e300", want: 1e300 },
    { name: "Number/FractionBeyond2^53", body: "12345678901234567.5", want: Number("12345678901234567.5") },
    { name: "Number/UnsafeInteger", body: "9007199254740993", want: NO_FAST },
    { name: "Number/UnsafeNegativeInteger", body: "[-9007199254740993]", want: NO_FAST },
    { name: "Number/Overflow", body: "1e400", want: NO_FAST },
    { name: "Names/Duplicate", body: '{"a":1,"a":2}', want: NO_FAST },
    { name: "Names/DuplicateAfterEscape", body: '{"a":1,"\\u0061":2}', want: NO_FAST },
    { name: "Names/Proto", body: '{"__proto__":{"x":1}}', want: NO_FAST },
    { name: "Names/EscapedProto", body: '{"\\u005f_proto__":{}}', want: NO_FAST },
    { name: "Names/Constructor", body: '{"constructor":{"prototype":1}}', want: NO_FAST },
    { name: "Syntax/TrailingData", body: "{} x", want: NO_FAST },
    { name: "Syntax/TrailingNul", body: "{}\u0000", want: NO_FAST },
    { name: "Syntax/Truncated", body: '{"a":', want: NO_FAST },
    { name: "UTF8/Invalid", body: new Uint8Array([0x22, 0xff, 0x22]), want: NO_FAST },
    { name: "UTF8/LoneSurrogate", body: '"\\ud800"', want: NO_FAST },
    { name: "Depth/LimitBelowKernel", body: "[]", want: NO_FAST, depth: 10 },
    { name: "Depth/BeyondKernel", body: `${"[".repeat(200)}${"]".repeat(200)}`, want: NO_FAST },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const b = typeof c.body === "string" ? bytes(c.body) : c.body;
      const got = parseFast(b, c.depth ?? DEFAULT_DEPTH, c.keepProto ?? false);
      if (c.want === NO_FAST) expect(got).toBe(NO_FAST);
      else expect(got).toStrictEqual(c.want);
    });
  }

  it("Names/ProtoIgnoredIsAnOwnProperty", () => {
    const got = parseFast(bytes('{"__proto__":{"polluted":true}}'), DEFAULT_DEPTH, true) as object;
    expect(Object.getPrototypeOf(got)).toBe(Object.prototype);
    expect(Object.hasOwn(got, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("Cursor/FlagsRestored", () => {
    // The kernel's cursor is shared with the codecs: a parse leaves its flags as it found them.
    expect(parseFast(bytes('{"a":1,"a":2}'), DEFAULT_DEPTH, false)).toBe(NO_FAST);
    expect(parseFast(bytes('{"b":[1,2]}'), DEFAULT_DEPTH, false)).toStrictEqual({ b: [1, 2] });
  });
});

/** verdict is what parseStrict answers: the value, or the error's code, offset and pointer. */
function verdict(b: Uint8Array, maxDepth?: number): unknown {
  try {
    return { value: parseStrict(b, maxDepth === undefined ? {} : { maxDepth }) };
  } catch (e) {
    const err = e as { code?: string; offset?: number; pointer?: string; message?: string };
    return { code: err.code, offset: err.offset, pointer: err.pointer, message: err.message };
  }
}

// The exact token path alone runs with a depth limit below the kernel's (parseFast declines it).
const EXACT_ONLY = 100;
const jsonish = fc
  .array(
    fc.constantFrom(
      "{",
      "}",
      "[",
      "]",
      ",",
      ":",
      '"a"',
      '"__proto__"',
      '"constructor"',
      '"prototype"',
      '"\\u0061"',
      '"\\ud800"',
      "1",
      "-0",
      "1e400",
      "9007199254740993",
      "1.5",
      "true",
      "null",
      " ",
      "x",
    ),
    { maxLength: 24 },
  )
  .map((parts) => parts.join(""));

describe("parseFast properties", () => {
  test.prop([fc.jsonValue({ maxDepth: 5 })], { numRuns: 300 })("Differential/ValidJSON", (v) => {
    const b = bytes(JSON.stringify(v));
    expect(verdict(b)).toStrictEqual(verdict(b, EXACT_ONLY));
  });

  test.prop([jsonish], { numRuns: 1000 })("Differential/JSONishText", (s) => {
    const b = bytes(s);
    expect(verdict(b)).toStrictEqual(verdict(b, EXACT_ONLY));
  });
});

describe("checkFast", () => {
  const cases: Array<{ name: string; body: string; want: boolean; keepProto?: boolean }> = [
    { name: "Object/Plain", body: '{"a":1,"b":[true,null,"x"]}', want: true },
    { name: "Number/UnsafeIntegerNotLookedAt", body: "[9007199254740993, 1e400]", want: true },
    { name: "Names/Duplicate", body: '{"a":1,"a":2}', want: false },
    { name: "Names/DuplicateInNested", body: '[{"b":{"a":1,"a":2}}]', want: false },
    { name: "Names/Proto", body: '{"__proto__":{}}', want: false },
    { name: "Names/ProtoIgnored", body: '{"__proto__":{}}', want: true, keepProto: true },
    { name: "Syntax/TrailingData", body: "[] []", want: false },
    { name: "UTF8/LoneSurrogate", body: '["\\udc00"]', want: false },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(checkFast(bytes(c.body), DEFAULT_DEPTH, c.keepProto ?? false)).toBe(c.want);
    });
  }
});

/** checkVerdict is what checkStrict answers (as a codec's precheck runs it): ok, or the error's code, offset and pointer. */
function checkVerdict(b: Uint8Array, maxDepth?: number): unknown {
  try {
    checkStrict(b, { bigint: true, allowOverflow: true, ...(maxDepth === undefined ? {} : { maxDepth }) });
    return "ok";
  } catch (e) {
    const err = e as { code?: string; offset?: number; pointer?: string; message?: string };
    return { code: err.code, offset: err.offset, pointer: err.pointer, message: err.message };
  }
}

describe("checkFast properties", () => {
  test.prop([jsonish], { numRuns: 1000 })("Differential/JSONishText", (s) => {
    const b = bytes(s);
    expect(checkVerdict(b)).toStrictEqual(checkVerdict(b, EXACT_ONLY));
  });
});
