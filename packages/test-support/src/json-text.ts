/**
 * JSON texts for the codecs' differential property tests: texts that mostly fit a Go type, with
 * nulls, mismatches, duplicate, unknown and case-folded member names, overflows, escapes, lone
 * surrogates, base64 and `,string` contents mixed in. Both codecs' fast paths are held to their
 * exact engines on these texts, so each generator covers the union of what either codec reads
 * differently (v1's folding and `,string` rules, v2's name spellings and escapes); a codec passes
 * its own reading of struct members in ({@link Members}).
 */
import type { GoType, StructType } from "@gojson/gotype";
import fc from "fast-check";

/** fast-check's value generator (`fc.gen()`). */
export type Gen = fc.GeneratorValue;

/** Member names of generated objects: plain, folded, with `-`/`_`, non-ASCII, Kelvin sign (folds to k in v1). */
export const NAMES: readonly string[] = [
  "a",
  "b",
  "id",
  "name",
  "A",
  "ID",
  "Name",
  "x-y",
  "x_y",
  "XY",
  "é",
  "É",
  "__proto__",
  "zz",
  "\u212a",
];

/** One struct member as a codec resolves it: its JSON name, its Go type, whether `,string` applies. */
export interface Member {
  readonly name: string;
  readonly type: GoType;
  readonly quoted: boolean;
}

/** How a codec resolves a struct's members (v1's or v2's field rules). */
export type Members = (t: StructType) => readonly Member[];

/** Chars of mixed strings: ASCII, Latin-1, CJK, astral (emoji), controls, quote, backslash. */
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

/** A JSON string literal for s, some chars escaped (`\uXXXX` in either case, surrogate pairs, or short forms). */
export function quoteMixed(g: Gen, s: string): string {
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

/** Up to 40 chars of TEXT_CHARS. */
function mixedString(g: Gen): string {
  const n = g(fc.nat, 40);
  let s = "";
  for (let i = 0; i < n; i++) s += g(fc.constantFrom, ...TEXT_CHARS);
  return s;
}

/** A member name as JSON text: mostly plain, sometimes with escapes. */
export function nameText(g: Gen, name: string): string {
  return g(fc.nat, 7) === 0 ? quoteMixed(g, name) : JSON.stringify(name);
}

/**
 * A JSON string mixing escapes, 2-, 3- and 4-byte UTF-8 and lone surrogate escapes,
 * short and long (past a code-unit buffer's first size).
 */
export function richString(g: Gen): string {
  const parts = g(
    fc.array,
    fc.constantFrom(
      "a",
      "é",
      "日本",
      "😀",
      "€",
      "\\n",
      '\\"',
      "\\\\",
      "\\/",
      "\\u00e9",
      "\\u65e5",
      "\\ud83d\\ude00",
      "\\ud800",
      "\\udc00",
      "\\ud83dx",
      "\u2028",
    ),
    { maxLength: 24 },
  );
  const body = parts.join("");
  return `"${g(fc.nat, 5) === 0 ? body.repeat(80) : body}"`;
}

/** A JSON number, or a near miss: edges of every integer width, overflows, -0, bad syntax, any double. */
export function numberText(g: Gen): string {
  switch (g(fc.nat, 9)) {
    case 0:
      return String(g(fc.integer, { min: -300, max: 300 }));
    case 1:
      return g(fc.bigInt, { min: -(1n << 65n), max: 1n << 65n }).toString();
    case 2:
      return g(
        fc.constantFrom,
        "-0",
        "0.0",
        "-0.0",
        "1e2",
        "1E+2",
        "-1e-400",
        "1e400",
        "2.5",
        "127",
        "128",
        "-129",
      );
    case 3:
      return g(fc.constantFrom, "255", "256", "65535", "65536", "2147483648", "4294967296", "-1", "3.4e39");
    case 4:
      return g(
        fc.constantFrom,
        "9223372036854775807",
        "9223372036854775808",
        "18446744073709551616",
        "-9223372036854775808",
      );
    case 5:
      return g(fc.constantFrom, "01", "1.", "-", "+1", ".5", "1e", "0x10", "123456789012345678");
    default:
      return JSON.stringify(g(fc.double, { noNaN: true, noDefaultInfinity: true }));
  }
}

/** A JSON string, or a near miss: escapes, bad escapes, controls, base64, `,string` contents, names. */
export function stringText(g: Gen): string {
  switch (g(fc.nat, 11)) {
    case 0:
      return JSON.stringify(g(fc.string, { unit: "binary", maxLength: 6 }));
    case 1:
      return g(
        fc.constantFrom,
        '"\\u00e9\\n\\t\\"\\\\\\/"',
        '"\\ud83d\\ude00"',
        '"\\ud800"',
        '"\\udc00x"',
        '"\\ud800\\u0041"',
        '"\\ud800\\ud800\\udc00"',
        '"\\x"',
      );
    case 2:
      return g(fc.constantFrom, '"a\u0001"', '"unterminated', '"\u2028"', '"\\u0041\\u0062"', '"\\u00"');
    case 3:
      return JSON.stringify(
        g(
          fc.constantFrom,
          "AQID",
          "AQI=",
          "AQ==",
          "AQ=",
          "====",
          "",
          "AB==",
          "_-8=",
          "a b",
          "AQ\nID",
          "AQ\r\n==",
        ),
      );
    case 4:
      // `,string` contents
      return JSON.stringify(
        g(
          fc.constantFrom,
          "12",
          "-3",
          "1.5",
          "true",
          "false",
          "null",
          '"x"',
          '"a\\nb"',
          "",
          " 1",
          "01",
          "1e400",
          "nul",
        ),
      );
    case 5:
      return richString(g);
    case 6:
    case 7:
      return quoteMixed(g, mixedString(g));
    default:
      return JSON.stringify(g(fc.constantFrom, ...NAMES, "x", "", "true", "12", "-3", "1.5", "null"));
  }
}

/** A member name's JSON text from NAMES (mostly plain). */
const anyName = (g: Gen): string => nameText(g, g(fc.constantFrom, ...NAMES));

/**
 * A JSON text for any JSON value (mismatches, unknown members); `name` writes its objects' member
 * names (a codec's test passes names that fold to its fields).
 */
export function anyJson(g: Gen, depth: number, name: (g: Gen) => string = anyName): string {
  switch (g(fc.nat, depth > 0 ? 9 : 5)) {
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
      return `[${Array.from({ length: n }, () => anyJson(g, depth - 1, name)).join(",")}]`;
    }
    default: {
      const n = g(fc.nat, 3);
      return `{${Array.from({ length: n }, () => `${name(g)}:${anyJson(g, depth - 1, name)}`).join(",")}}`;
    }
  }
}

/** Map keys of generated maps with non-string keys: integers, their near misses, non-numbers. */
const KEY_TEXTS = ["1", "2", "-0", "0", "01", "+1", "1.5", "300", "-7", "x", "70000", ""];

/**
 * jsonFor returns a JSON text that mostly fits type t, struct members as `members` resolves them
 * (depth bounds recursive types; `str`: inside a `,string` member).
 */
export function jsonFor(g: Gen, t: GoType, members: Members, depth: number, str = false): string {
  const roll = g(fc.nat, 19);
  if (roll === 0 || depth < 0) return "null";
  if (roll === 1) return anyJson(g, 2);
  if (t.known !== undefined) return anyJson(g, 1);
  const quoted = (s: string) => (str && g(fc.nat, 4) > 0 ? JSON.stringify(s) : s);
  switch (t.kind) {
    case "bool":
      return quoted(g(fc.boolean) ? "true" : "false");
    case "string":
      return str && g(fc.boolean) ? JSON.stringify(stringText(g)) : stringText(g);
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
      return jsonFor(g, t.elem, members, depth - 1, str);
    case "interface":
      return anyJson(g, 3);
    case "slice":
    case "array": {
      if (t.elem.kind === "uint8" && g(fc.nat, 2) > 0) return stringText(g);
      const n = t.kind === "array" && g(fc.nat, 3) > 0 ? t.len : g(fc.nat, 4);
      return `[${Array.from({ length: n }, () => jsonFor(g, t.elem, members, depth - 1, str)).join(",")}]`;
    }
    case "map": {
      const n = g(fc.nat, 4);
      const key = () =>
        t.key.kind === "string" ? g(fc.constantFrom, ...NAMES) : g(fc.constantFrom, ...KEY_TEXTS);
      return `{${Array.from({ length: n }, () => `${JSON.stringify(key())}:${jsonFor(g, t.elem, members, depth - 1, str)}`).join(",")}}`;
    }
    case "struct": {
      const out: string[] = [];
      for (const f of members(t)) {
        const r = g(fc.nat, 10);
        if (r < 3) continue;
        let name = f.name;
        if (r === 3) name = name.toUpperCase();
        else if (r === 4) name = name.toLowerCase();
        else if (r === 5) name = name.replace(/[-_]/g, "");
        const v = () => jsonFor(g, f.type, members, depth - 1, str || f.quoted);
        out.push(`${nameText(g, name)}:${v()}`);
        // Duplicate names: v1 merges into what is there (last wins), v2 rejects them.
        if (g(fc.nat, 9) === 0) out.push(`${nameText(g, name)}:${v()}`);
      }
      if (g(fc.nat, 3) === 0) out.push(`${nameText(g, g(fc.constantFrom, ...NAMES))}:${anyJson(g, 2)}`);
      if (g(fc.boolean)) out.reverse();
      return `{${out.join(g(fc.boolean) ? "," : " ,\n\t")}}`;
    }
    default:
      return anyJson(g, 1);
  }
}
