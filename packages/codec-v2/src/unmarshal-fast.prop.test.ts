/**
 * Differential properties of the fast unmarshal path against the exact engine,
 * over generated Go types (@gojson/gotype/arbitrary) and JSON texts that mostly
 * fit them (with nulls, mismatches, duplicates, unknown and case-folded names,
 * overflows, escapes and broken syntax mixed in):
 * - whenever the fast path returns a value, the exact engine returns the same value;
 * - the public unmarshal (which tries the fast path first) equals the exact engine
 *   always: the same value, or the same error text and error value.
 */
import { isDeepStrictEqual } from "node:util";
import { fc, test } from "@fast-check/vitest";
import { type GoType, goType } from "@gojson/gotype";
import { goTypeArbitrary } from "@gojson/gotype/arbitrary";
import { afterAll, describe, expect } from "vitest";
import { structFieldsV2 } from "./fields.js";
import { zero } from "./go-values.js";
import { defaultOptionsV1, type Options, resolveOptions, unmarshal } from "./index.js";
import { NO_FAST, unmarshalFast } from "./unmarshal-fast.js";
import { structCodegen } from "./unmarshal-fast-struct.js";

type Gen = fc.GeneratorValue;

const OPTIONS: Options[] = [
  {},
  {},
  {},
  { matchCaseInsensitiveNames: true },
  { rejectUnknownMembers: true },
  { stringifyNumbers: true },
  { escapeForHTML: true, deterministic: true },
  { allowDuplicateNames: true },
  { allowInvalidUTF8: true },
  defaultOptionsV1(),
];

const NAMES = ["a", "b", "id", "name", "A", "ID", "Name", "x-y", "x_y", "XY", "é", "__proto__", "zz"];

/** A member name as JSON text: mostly plain, sometimes with escapes. */
function nameText(g: Gen, name: string): string {
  return g(fc.nat, 7) === 0 ? quoteMixed(g, name) : JSON.stringify(name);
}

/** A JSON text for any JSON value (mismatches, unknown members). */
function anyJson(g: Gen, depth: number): string {
  const k = g(fc.nat, depth > 0 ? 9 : 5);
  switch (k) {
    case 0:
      return "null";
    case 1:
      return g(fc.boolean) ? "true" : "false";
    case 2:
      return numberText(g);
    case 3:
    case 4:
      return stringText(g);
    case 5:
    case 6: {
      const n = g(fc.nat, 3);
      return `[${Array.from({ length: n }, () => anyJson(g, depth - 1)).join(",")}]`;
    }
    default: {
      const n = g(fc.nat, 3);
      return `{${Array.from({ length: n }, () => `${nameText(g, g(fc.constantFrom, ...NAMES))}:${anyJson(g, depth - 1)}`).join(",")}}`;
    }
  }
}

function numberText(g: Gen): string {
  switch (g(fc.nat, 9)) {
    case 0:
      return String(g(fc.integer, { min: -300, max: 300 }));
    case 1:
      return g(fc.bigInt, { min: -(1n << 65n), max: 1n << 65n }).toString();
    case 2:
      return g(fc.constantFrom, "-0", "0.0", "1e2", "1E+2", "-1e-400", "1e400", "2.5", "127", "128", "-129");
    case 3:
      return g(fc.constantFrom, "255", "256", "65535", "65536", "2147483648", "4294967296", "-1");
    case 4:
      return g(fc.constantFrom, "9223372036854775807", "9223372036854775808", "18446744073709551616");
    case 5:
      return g(fc.constantFrom, "01", "1.", "-", "+1", ".5", "1e", "0x10");
    default: {
      const d = g(fc.double, { noNaN: true, noDefaultInfinity: true });
      return JSON.stringify(d);
    }
  }
}

/** Chars of the generated texts: ASCII, Latin-1, CJK, astral (emoji), controls, quote, backslash. */
const TEXT_CHARS = [
  "a",
  "Z",
  " ",
  "/",
  "é",
  "ß",
  "€",
  "日",
  "本",
  "😀",
  "🇳",
  "\u2028",
  "\n",
  "\t",
  "\u0001",
  '"',
  "\\",
];

/** A JSON string literal for s, some chars escaped (`\uXXXX`, surrogate pairs for astral chars, or short forms). */
function quoteMixed(g: Gen, s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    const must = cp < 0x20 || ch === '"' || ch === "\\";
    if (!must && g(fc.nat, 5) > 0) {
      out += ch;
      continue;
    }
    const short = JSON.stringify(ch).slice(1, -1);
    if (short.length === 2 && g(fc.boolean)) out += short;
    else
      for (let k = 0; k < ch.length; k++)
        out += `\\u${ch.charCodeAt(k).toString(16).padStart(4, "0")}`.replace(/[a-f]/g, (x) =>
          g(fc.boolean) ? x.toUpperCase() : x,
        );
  }
  return `${out}"`;
}

function mixedString(g: Gen): string {
  const n = g(fc.nat, 40);
  let s = "";
  for (let i = 0; i < n; i++) s += g(fc.constantFrom, ...TEXT_CHARS);
  return s;
}

function stringText(g: Gen): string {
  switch (g(fc.nat, 9)) {
    case 8:
    case 9:
      return quoteMixed(g, mixedString(g));
    case 0:
      return JSON.stringify(g(fc.string, { unit: "binary", maxLength: 6 }));
    case 1:
      return g(
        fc.constantFrom,
        '"\\u00e9\\n\\t\\"\\\\\\/"',
        '"\\ud83d\\ude00"',
        '"\\ud800"',
        '"\\udc00x"',
        '"\\x"',
      );
    case 2:
      return g(fc.constantFrom, '"a\u0001"', '"unterminated', '"\u2028"', '"\\u0041\\u0062"');
    case 3:
      return JSON.stringify(
        g(fc.constantFrom, "AQID", "AQI=", "AQ==", "AQ=", "====", "", "AB==", "_-8=", "a b"),
      );
    default:
      return JSON.stringify(g(fc.constantFrom, ...NAMES, "x", "", "true", "12", "-3", "1.5", "null"));
  }
}

/** A JSON text that mostly fits type t (depth bounds recursive types). */
function jsonFor(g: Gen, t: GoType, depth: number, str = false): string {
  const roll = g(fc.nat, 19);
  if (roll === 0 || depth < 0) return "null";
  if (roll === 1) return anyJson(g, 2);
  if (t.known !== undefined) return anyJson(g, 1);
  const quoted = (s: string) => (str && g(fc.nat, 4) > 0 ? JSON.stringify(s) : s);
  switch (t.kind) {
    case "bool":
      return g(fc.boolean) ? "true" : "false";
    case "string":
      return stringText(g);
    case "int":
    case "int8":
    case "int16":
    case "int32":
    case "int64":
    case "uint":
    case "uint8":
    case "uint16":
    case "uint32":
    case "uint64":
    case "uintptr":
      return quoted(g(fc.nat, 2) === 0 ? numberText(g) : String(g(fc.integer, { min: -100, max: 300 })));
    case "float32":
    case "float64":
      return quoted(numberText(g));
    case "pointer":
      return jsonFor(g, t.elem, depth - 1, str);
    case "interface":
      return anyJson(g, 3);
    case "slice":
    case "array": {
      if (t.elem.kind === "uint8" && g(fc.nat, 2) > 0) return stringText(g);
      const n = t.kind === "array" && g(fc.nat, 3) > 0 ? t.len : g(fc.nat, 4);
      return `[${Array.from({ length: n }, () => jsonFor(g, t.elem, depth - 1, str)).join(",")}]`;
    }
    case "map": {
      const n = g(fc.nat, 4);
      const key = () => {
        if (t.key.kind === "string") return g(fc.constantFrom, ...NAMES);
        return g(fc.constantFrom, "1", "2", "-0", "0", "01", "1.5", "300", "-7", "x", "70000");
      };
      return `{${Array.from({ length: n }, () => `${JSON.stringify(key())}:${jsonFor(g, t.elem, depth - 1, str)}`).join(",")}}`;
    }
    case "struct": {
      const sf = structFieldsV2(t);
      const members: string[] = [];
      for (const f of sf.fields) {
        const r = g(fc.nat, 9);
        if (r < 3) continue;
        let name = f.name;
        if (r === 3) name = name.toUpperCase();
        else if (r === 4) name = name.replace(/[-_]/g, "");
        const v = () => jsonFor(g, f.type, depth - 1, str || f.string);
        members.push(`${nameText(g, name)}:${v()}`);
        if (g(fc.nat, 15) === 0) members.push(`${nameText(g, name)}:${v()}`);
      }
      if (g(fc.nat, 3) === 0)
        members.push(`${JSON.stringify(g(fc.constantFrom, ...NAMES))}:${anyJson(g, 2)}`);
      if (g(fc.boolean)) members.reverse();
      return `{${members.join(g(fc.boolean) ? "," : " ,\n\t")}}`;
    }
  }
}

/** Occasionally break the text: truncate it, add trailing data, a BOM, or invalid UTF-8. */
function mangle(g: Gen, text: string): Uint8Array | string {
  const bytes = new TextEncoder().encode(text);
  switch (g(fc.nat, 24)) {
    case 0:
      return bytes.subarray(0, g(fc.nat, bytes.length));
    case 1:
      return `${text} x`;
    case 2:
      return new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]);
    case 3: {
      const b = Uint8Array.from(bytes);
      if (b.length > 0) b[g(fc.nat, b.length - 1)] = 0xff;
      return b;
    }
    case 4:
      return ` \n${text}\t `;
    case 6:
    case 7: {
      // A byte replaced by one that matters to a scanner: controls, quote, backslash, UTF-8 lead
      // and continuation bytes, an encoded surrogate's lead, hex digits, an escape letter.
      const b = Uint8Array.from(bytes);
      const picks = [
        0x00, 0x09, 0x0a, 0x1f, 0x22, 0x5c, 0x75, 0x30, 0x66, 0x80, 0xbf, 0xc3, 0xe2, 0xed, 0xf0, 0xf4,
      ];
      for (let k = g(fc.integer, { min: 1, max: 3 }); k > 0 && b.length > 0; k--)
        b[g(fc.nat, b.length - 1)] = g(fc.constantFrom, ...picks);
      return b;
    }
    case 5:
      return text;
    default:
      return bytes;
  }
}

/** The exact engine alone: `into` a fresh zero value takes the same path as no `into`, without the fast path. */
function exact(t: GoType, data: Uint8Array | string, o: Options): { value?: unknown; error?: unknown } {
  try {
    return { value: unmarshal(t, data, [o, { into: zero(t) }]) };
  } catch (error) {
    return { error };
  }
}

function publicResult(
  t: GoType,
  data: Uint8Array | string,
  o: Options,
): { value?: unknown; error?: unknown } {
  try {
    return { value: unmarshal(t, data, o) };
  } catch (error) {
    return { error };
  }
}

/**
 * hasPointerCycle reports whether t reaches a pointer type that points to itself through pointers only
 * (`type Root *Root`). Such a value recurses until the stack runs out; the built codec answers
 * "exceeded max depth", but under vitest's module transform the exhausted stack sometimes surfaces as
 * a TypeError at an imported call instead, so these types are left out of this comparison.
 */
function hasPointerCycle(root: GoType): boolean {
  const seen = new Set<GoType>();
  const todo: GoType[] = [root];
  while (todo.length > 0) {
    const t = todo.pop() as GoType;
    if (seen.has(t)) continue;
    seen.add(t);
    if (t.kind === "pointer") {
      const chain = new Set<GoType>([t]);
      for (let e = t.elem; e.kind === "pointer"; e = e.elem) {
        if (chain.has(e)) return true;
        chain.add(e);
      }
    }
    const x = t as unknown as { elem?: GoType; key?: GoType; fields?: ReadonlyArray<{ type: GoType }> };
    if (x.elem) todo.push(x.elem);
    if (x.key) todo.push(x.key);
    for (const f of x.fields ?? []) todo.push(f.type);
  }
  return false;
}

const show = (v: unknown) =>
  JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? `${x}n` : x instanceof Map ? [...x] : x));

describe("unmarshal fast path", () => {
  afterAll(() => {
    structCodegen.enabled = true;
  });
  test.prop(
    [
      fc.oneof(
        goTypeArbitrary({ maxDepth: 3, maxFields: 5, known: false }),
        goTypeArbitrary({ maxDepth: 3 }),
      ),
      fc.gen(),
      fc.constantFrom(...OPTIONS),
    ],
    { numRuns: 400 },
  )("equals the exact engine whenever it does not give up", (t, g, o) => {
    fc.pre(!hasPointerCycle(t));
    const data = mangle(g, jsonFor(g, t, 4));
    const want = exact(t, data, o);
    // Struct decoders are generated code, or one closure where code generation is refused: both.
    structCodegen.enabled = g(fc.nat, 3) > 0;
    const fast = unmarshalFast(t, data, resolveOptions(o), true);
    if (fast !== NO_FAST) {
      expect(want.error, `fast path succeeded where the exact engine failed: ${String(want.error)}`).toBe(
        undefined,
      );
      if (!isDeepStrictEqual(fast, want.value)) expect(show(fast)).toBe(show(want.value));
      expect(isDeepStrictEqual(fast, want.value)).toBe(true);
    }
    const got = publicResult(t, data, o);
    if (want.error !== undefined) {
      expect((got.error as Error | undefined)?.message).toBe((want.error as Error).message);
      expect(
        isDeepStrictEqual(
          (got.error as { value?: unknown }).value,
          (want.error as { value?: unknown }).value,
        ),
      ).toBe(true);
    } else expect(isDeepStrictEqual(got.value, want.value)).toBe(true);
  });
});

/** A decimal of 14 to 21 significant digits (the proved-rounding range and around it), sometimes near a tie. */
function longDecimalText(g: Gen): string {
  const nd = g(fc.integer, { min: 14, max: 21 });
  let digits = String(g(fc.integer, { min: 1, max: 9 }));
  for (let i = 1; i < nd; i++) digits += String(g(fc.nat, 9));
  switch (g(fc.nat, 5)) {
    case 0: {
      // Near a power of two or a midpoint between two doubles: shortest and 17-digit forms.
      const x = 2 ** g(fc.integer, { min: -20, max: 62 }) * (1 + g(fc.nat, 8) / 2 ** 52);
      const s = g(fc.boolean) ? x.toPrecision(17) : x.toPrecision(g(fc.integer, { min: 16, max: 20 }));
      if (!/e/.test(s)) return s;
      break;
    }
    case 1:
      digits = `9007199254740${digits.slice(13)}`;
      break;
  }
  const at = g(fc.nat, digits.length);
  const lead = g(fc.nat, 5) === 0 ? `0.${"0".repeat(g(fc.nat, 3))}` : "";
  const body =
    lead !== ""
      ? lead + digits
      : at === digits.length
        ? digits
        : `${digits.slice(0, at) || "0"}.${digits.slice(at)}`;
  return g(fc.boolean) ? `-${body}` : body;
}

describe("unmarshal fast path, long decimals", () => {
  const f64 = goType("float64", {});
  const list = goType("[]float64", {});
  const anyT = goType("any", {});
  test.prop([fc.gen()], { numRuns: 300 })("round as the native conversion and the exact engine", (g) => {
    const nums = Array.from({ length: 8 }, () => longDecimalText(g));
    for (const s of nums) {
      const want = Number(s);
      expect(Object.is(unmarshal(f64, s), want), s).toBe(true);
      expect(Object.is(unmarshalFast(f64, s, resolveOptions({}), true), want), s).toBe(true);
    }
    const text = `[${nums.join(",")}]`;
    expect(unmarshal(list, text)).toEqual(nums.map(Number));
    expect(unmarshal(anyT, text)).toEqual(exact(anyT, text, {}).value);
  });
});

describe("unmarshal fast path, `any` under v1's legacy options", () => {
  const anyT = goType("any");
  test.prop(
    [fc.gen(), fc.constantFrom(defaultOptionsV1(), { allowDuplicateNames: true, allowInvalidUTF8: true })],
    {
      numRuns: 300,
    },
  )("answers (as defaultOptionsV1 now allows) and equals the exact engine", (g, o) => {
    const data = mangle(g, jsonFor(g, anyT, 4));
    const want = exact(anyT, data, o);
    const fast = unmarshalFast(anyT, data, resolveOptions(o), true);
    if (fast !== NO_FAST) {
      expect(want.error).toBe(undefined);
      expect(isDeepStrictEqual(fast, want.value)).toBe(true);
    }
    const got = publicResult(anyT, data, o);
    if (want.error !== undefined)
      expect((got.error as Error | undefined)?.message).toBe((want.error as Error).message);
    else expect(isDeepStrictEqual(got.value, want.value)).toBe(true);
  });
  test("takes the fast path for `any` with defaultOptionsV1()", () => {
    const fast = unmarshalFast(
      anyT,
      new TextEncoder().encode('{"a":[1,"x",null,true]}'),
      resolveOptions(defaultOptionsV1()),
      true,
    );
    expect(fast).not.toBe(NO_FAST);
  });
});
