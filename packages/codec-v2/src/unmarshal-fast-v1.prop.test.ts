/**
 * The fast unmarshal path under v1's legacy options (defaultOptionsV1() and subsets of it)
 * against the exact engine, over Go types built for v1's differences (names that fold alike with
 * and without '-' and '_', named byte types, byte arrays, `string` fields, pointers, `any`, maps,
 * embedded structs) and JSON texts that mostly fit them, mangled: case variants of the names,
 * delimiters swapped or dropped, Unicode folds (K/k/U+212A, s/ſ), duplicates exact and folded,
 * unknown members, nulls, arrays of the wrong length, base64 with line breaks, quoted numbers,
 * lone surrogate escapes, invalid UTF-8 and broken syntax (numbers, strings, `any` values and the
 * mangling: @gojson/test-support's generators, shared with both codecs' fast-path properties):
 * - whenever the fast path returns a value, the exact engine returns the same value;
 * - the public unmarshal equals the exact engine (value, or error text and error value);
 * - the fast path does serve these types under v1's options (it may not decline them all).
 */
import { isDeepStrictEqual } from "node:util";
import { fc, test } from "@fast-check/vitest";
import { type GoType, parseGo } from "@gojson/gotype";
import { anyJson as anyJsonText, type Gen, mangle, numberText, stringText } from "@gojson/test-support";
import { afterAll, describe, expect } from "vitest";
import { structFieldsV2 } from "./fields.js";
import { zero } from "./go-values.js";
import { defaultOptionsV1, type Options, resolveOptions, unmarshal } from "./index.js";
import { NO_FAST, unmarshalFast } from "./unmarshal-fast.js";
import { structCodegen } from "./unmarshal-fast-struct.js";

const V1 = defaultOptionsV1();

/** v1's options, a few of their subsets, and v1 with v2 options added. */
const OPTIONS: Options[] = [
  V1,
  V1,
  V1,
  { ...V1, goVersion: "1.26" },
  { ...V1, stringifyNumbers: true },
  { ...V1, rejectUnknownMembers: true },
  { ...V1, matchCaseSensitiveDelimiter: false },
  { ...V1, reportErrorsWithLegacySemantics: false },
  { matchCaseInsensitiveNames: true, matchCaseSensitiveDelimiter: true },
  { formatBytesWithLegacySemantics: true },
  { formatByteArrayAsArray: true, unmarshalArrayFromAnyLength: true },
  { stringifyWithLegacySemantics: true, stringifyNumbers: true },
  { allowDuplicateNames: true, stringifyNumbers: true },
  { mergeWithLegacySemantics: true, allowInvalidUTF8: true, parseBytesWithLooseRFC4648: true },
];

/** JSON names of the fields: names that fold alike under v2 (and some under v1 too). */
const TAG_NAMES = [
  "first_name",
  "firstName",
  "first-name",
  "FIRST_NAME",
  "x_y",
  "XY",
  "x-y",
  "aa",
  "AA",
  "Aa_",
  "k",
  "K",
  "ſ",
  "é",
  "É",
  "id",
];
const TAG_OPTIONS = ["", "", "", "", ",omitempty", ",string", ",case:ignore", ",case:strict"];

/** Field types (Go source); S is a nested struct, B a named byte type, E an embeddable struct. */
const FIELD_TYPES = [
  "int",
  "int8",
  "uint8",
  "int64",
  "uint64",
  "float32",
  "float64",
  "string",
  "bool",
  "[]byte",
  "[]B",
  "[2]byte",
  "[2]B",
  "*int",
  "*string",
  "any",
  "[]int",
  "[2]int",
  "map[string]int",
  "map[int]string",
  "S",
  "*S",
  "[]S",
];

/** Go source of a struct `Root` (and the S, E it uses) for v1's name matching and kinds. */
function goSource(g: Gen): string {
  const struct = (name: string, n: number, leaf: boolean): string => {
    const lines: string[] = [];
    for (let i = 0; i < n; i++) {
      const ft = g(fc.constantFrom, ...(leaf ? FIELD_TYPES.slice(0, 16) : FIELD_TYPES));
      const r = g(fc.nat, 5);
      // No tag (the Go name is the JSON name), or a tag with a name from the folding pool.
      const tag =
        r === 0 ? "" : ` \`json:"${g(fc.constantFrom, ...TAG_NAMES)}${g(fc.constantFrom, ...TAG_OPTIONS)}"\``;
      lines.push(`\tF${i}_${g(fc.constantFrom, "a", "A", "Id", "ID", "x")} ${ft}${tag}`);
    }
    if (!leaf && g(fc.nat, 3) === 0) lines.push("\tE");
    return `type ${name} struct {\n${lines.join("\n")}\n}`;
  };
  return [
    "type B byte",
    struct("S", g(fc.integer, { min: 0, max: 3 }), true),
    struct("E", g(fc.integer, { min: 1, max: 2 }), true),
    struct("Root", g(fc.integer, { min: 1, max: 6 }), false),
  ].join("\n");
}

/** A member name as the input writes it: the field's name, or a variant v1 or v2 may fold to it. */
function nameVariant(g: Gen, name: string): string {
  switch (g(fc.nat, 11)) {
    case 0:
      return name.toUpperCase();
    case 1:
      return name.toLowerCase();
    case 2:
      return name.replace(/[-_]/g, "");
    case 3:
      return name.replace(/[-_]/g, (c) => (c === "-" ? "_" : "-"));
    case 4:
      return [...name].map((c) => (g(fc.boolean) ? c.toUpperCase() : c.toLowerCase())).join("");
    case 5:
      // Unicode simple folding: K, k and the Kelvin sign; s, S and the long s.
      return name.replace(/[kK]/g, "\u212a").replace(/[sS]/g, "ſ");
    case 6:
      return `${name}_`;
    default:
      return name;
  }
}

/** A JSON string literal of s, sometimes with `\uXXXX` escapes. */
function quoteName(g: Gen, s: string): string {
  if (g(fc.nat, 5) > 0) return JSON.stringify(s);
  let out = '"';
  for (const ch of s) {
    if (g(fc.boolean)) out += JSON.stringify(ch).slice(1, -1);
    else for (let k = 0; k < ch.length; k++) out += `\\u${ch.charCodeAt(k).toString(16).padStart(4, "0")}`;
  }
  return `${out}"`;
}

/** A JSON text for any JSON value, its member names from the folding pool in any spelling. */
const anyJson = (g: Gen, depth: number): string =>
  anyJsonText(g, depth, (g) => quoteName(g, nameVariant(g, g(fc.constantFrom, ...TAG_NAMES))));

/**
 * A JSON text that mostly fits t; `clean`: one that fits it (no mismatch, numbers in range,
 * well-formed strings), its names still in any spelling, nulls and duplicates included.
 */
function jsonFor(g: Gen, t: GoType, depth: number, str: boolean, clean: boolean): string {
  const roll = g(fc.nat, 15);
  if (roll === 0 || depth < 0) return "null";
  if (roll === 1 && !clean) return anyJson(g, 1);
  const quoted = (s: string) => (str && g(fc.nat, 3) > 0 ? JSON.stringify(s) : s);
  const num = () => (clean ? String(g(fc.integer, { min: 0, max: 100 })) : numberText(g));
  const text = () =>
    clean ? JSON.stringify(g(fc.constantFrom, "", "x", "Ab", "é日😀", "a\nb")) : stringText(g);
  switch (t.kind) {
    case "bool":
      return quoted(g(fc.boolean) ? "true" : "false");
    case "string":
      return str && g(fc.boolean) ? JSON.stringify(text()) : text();
    case "float32":
    case "float64":
      return quoted(num());
    case "pointer":
      return jsonFor(g, t.elem, depth - 1, str, clean);
    case "interface":
      return clean ? g(fc.constantFrom, "1.5", '"x"', "true", '{"k":[1,"x",null]}', "[]") : anyJson(g, 2);
    case "slice":
    case "array": {
      if (t.elem.kind === "uint8" && g(fc.boolean))
        return clean ? g(fc.constantFrom, '"AQI="', '"AQID"', '""') : stringText(g);
      const n = t.kind === "array" && (clean || g(fc.nat, 3) > 0) ? t.len : g(fc.nat, 4);
      return `[${Array.from({ length: n }, () => jsonFor(g, t.elem, depth - 1, false, clean)).join(",")}]`;
    }
    case "map": {
      const key = () =>
        t.key.kind === "string"
          ? nameVariant(g, g(fc.constantFrom, ...TAG_NAMES))
          : clean
            ? String(g(fc.nat, 9))
            : g(fc.constantFrom, "1", "2", "-0", "01", "+5", "null", "x", "7");
      const n = g(fc.nat, 3);
      return `{${Array.from({ length: n }, () => `${JSON.stringify(key())}:${jsonFor(g, t.elem, depth - 1, false, clean)}`).join(",")}}`;
    }
    case "struct": {
      const members: string[] = [];
      for (const f of structFieldsV2(t).fields) {
        const r = g(fc.nat, 9);
        if (r < 2) continue;
        const v = () => jsonFor(g, f.type, depth - 1, f.string, clean);
        members.push(`${quoteName(g, r < 6 ? f.name : nameVariant(g, f.name))}:${v()}`);
        // A duplicate: the same name, or another spelling of it.
        if (g(fc.nat, clean ? 29 : 9) === 0) members.push(`${quoteName(g, nameVariant(g, f.name))}:${v()}`);
      }
      if (g(fc.nat, 3) === 0)
        members.push(`${quoteName(g, g(fc.constantFrom, ...TAG_NAMES))}:${clean ? "null" : anyJson(g, 1)}`);
      if (g(fc.boolean)) members.reverse();
      return `{${members.join(",")}}`;
    }
    default:
      return quoted(num());
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

function viaPublic(t: GoType, data: Uint8Array | string, o: Options): { value?: unknown; error?: unknown } {
  try {
    return { value: unmarshal(t, data, o) };
  } catch (error) {
    return { error };
  }
}

const show = (v: unknown) =>
  JSON.stringify(v, (_k, x) =>
    typeof x === "bigint" ? `${x}n` : x instanceof Map ? [...x] : x instanceof Uint8Array ? [...x] : x,
  );

describe("unmarshal fast path under v1's legacy options", () => {
  afterAll(() => {
    structCodegen.enabled = true;
  });
  let served = 0;
  let runs = 0;
  test.prop([fc.gen(), fc.constantFrom(...OPTIONS)], { numRuns: 600 })(
    "equals the exact engine whenever it does not give up",
    (g, o) => {
      const src = goSource(g);
      const decls = parseGo(src);
      const root = decls.Root as GoType;
      const t = g(fc.constantFrom, root, parseGo(`${src}\ntype L []Root`).L as GoType);
      const data = g(fc.boolean) ? jsonFor(g, t, 3, false, true) : mangle(g, jsonFor(g, t, 3, false, false));
      const want = exact(t, data, o);
      structCodegen.enabled = g(fc.nat, 3) > 0;
      // Twice: a struct's first decode and the later ones may take different tiers (table, generated code).
      for (let pass = 0; pass < 2; pass++) {
        const fast = unmarshalFast(t, data, resolveOptions(o), true);
        runs++;
        if (fast !== NO_FAST) {
          served++;
          expect(want.error, `fast path succeeded where the exact engine failed: ${String(want.error)}`).toBe(
            undefined,
          );
          if (!isDeepStrictEqual(fast, want.value)) expect(show(fast)).toBe(show(want.value));
          expect(isDeepStrictEqual(fast, want.value)).toBe(true);
        }
      }
      const got = viaPublic(t, data, o);
      if (want.error !== undefined) {
        expect((got.error as Error | undefined)?.message).toBe((want.error as Error).message);
        expect(
          isDeepStrictEqual(
            (got.error as { value?: unknown }).value,
            (want.error as { value?: unknown }).value,
          ),
        ).toBe(true);
      } else expect(isDeepStrictEqual(got.value, want.value)).toBe(true);
    },
  );
  test("serves a good share of those inputs (the comparison above is not vacuous)", () => {
    expect(runs).toBeGreaterThan(0);
    expect(served / runs).toBeGreaterThan(0.15);
  });
});
