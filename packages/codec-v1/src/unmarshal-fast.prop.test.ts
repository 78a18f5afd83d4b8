/**
 * Differential properties of the fast unmarshal path against the exact engine
 * (the fast path switched off), over generated Go types (@gojson/gotype/arbitrary)
 * and JSON texts that mostly fit them, with nulls, mismatches, duplicate,
 * unknown and case-folded names, overflows, escapes, lone surrogates, base64,
 * broken syntax and invalid UTF-8 mixed in:
 * - whenever the fast path returns a value, the exact engine returns the same value;
 * - the public unmarshal (which tries the fast path first) equals the exact engine
 *   always: the same value, or an error of the same class, text and value.
 */
import { isUtf8 } from "node:buffer";
import { isDeepStrictEqual } from "node:util";
import { fc, test } from "@fast-check/vitest";
import { type GoType, goType } from "@gojson/gotype";
import { goTypeArbitrary } from "@gojson/gotype/arbitrary";
import { describe, expect } from "vitest";
import { type UnmarshalOptions, unmarshal } from "./index.js";
import { structFieldsV1 } from "./struct-fields.js";
import { fastUnmarshal, NO_FAST, unmarshalFast } from "./unmarshal-fast.js";

type Gen = fc.GeneratorValue;

const OPTIONS: UnmarshalOptions[] = [{}, {}, {}, { useNumber: true }, { disallowUnknownFields: true }];

const NAMES = ["a", "b", "id", "name", "A", "ID", "Name", "x-y", "é", "É", "__proto__", "zz", "\u212a"];

/** A JSON text for any JSON value (mismatches, unknown members). */
function anyJson(g: Gen, depth: number): string {
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
      return `[${Array.from({ length: n }, () => anyJson(g, depth - 1)).join(",")}]`;
    }
    default: {
      const n = g(fc.nat, 3);
      return `{${Array.from({ length: n }, () => `${JSON.stringify(g(fc.constantFrom, ...NAMES))}:${anyJson(g, depth - 1)}`).join(",")}}`;
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

/**
 * A JSON string mixing escapes, 2-, 3- and 4-byte UTF-8 and lone surrogate escapes (U+FFFD in v1),
 * short and long (past the shared code-unit buffer's first size).
 */
function richString(g: Gen): string {
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

function stringText(g: Gen): string {
  switch (g(fc.nat, 9)) {
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
        return g(fc.constantFrom, "1", "2", "-0", "0", "01", "+1", "1.5", "300", "-7", "x", "70000", "");
      };
      return `{${Array.from({ length: n }, () => `${JSON.stringify(key())}:${jsonFor(g, t.elem, depth - 1, str)}`).join(",")}}`;
    }
    case "struct": {
      const members: string[] = [];
      for (const f of structFieldsV1(t).list) {
        const r = g(fc.nat, 9);
        if (r < 3) continue;
        let name = f.name;
        if (r === 3) name = name.toUpperCase();
        else if (r === 4) name = name.toLowerCase();
        const v = () => jsonFor(g, f.type, depth - 1, str || f.quoted);
        members.push(`${JSON.stringify(name)}:${v()}`);
        // Duplicate names: last wins, merging into what is there.
        if (g(fc.nat, 7) === 0) members.push(`${JSON.stringify(name)}:${v()}`);
      }
      if (g(fc.nat, 3) === 0)
        members.push(`${JSON.stringify(g(fc.constantFrom, ...NAMES))}:${anyJson(g, 2)}`);
      if (g(fc.boolean)) members.reverse();
      return `{${members.join(g(fc.boolean) ? "," : " ,\n\t")}}`;
    }
  }
}

/** Occasionally break the text: truncate it, add trailing data, a BOM, invalid UTF-8 or a lone surrogate. */
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
    case 5:
      return text;
    case 6: {
      const i = text.indexOf('"');
      return i < 0 ? text : `${text.slice(0, i + 1)}\ud800${text.slice(i + 1)}`;
    }
    case 7:
      return `[${text}]`;
    default:
      return bytes;
  }
}

interface Result {
  value?: unknown;
  error?: unknown;
}

function run(t: GoType, data: Uint8Array | string, o: UnmarshalOptions, fast: boolean): Result {
  const was = fastUnmarshal.enabled;
  fastUnmarshal.enabled = fast;
  try {
    return { value: unmarshal(t, data, o) };
  } catch (error) {
    return { error };
  } finally {
    fastUnmarshal.enabled = was;
  }
}

const show = (v: unknown) =>
  JSON.stringify(v, (_k, x) =>
    typeof x === "bigint" ? `${x}n` : x instanceof Map ? [...x] : x instanceof Uint8Array ? [...x] : x,
  );

function expectSame(got: Result, want: Result): void {
  if (want.error !== undefined) {
    const ge = got.error as { message?: string; value?: unknown; constructor?: unknown } | undefined;
    const we = want.error as { message: string; value?: unknown; constructor?: unknown };
    expect(ge?.message).toBe(we.message);
    expect(ge?.constructor).toBe(we.constructor);
    if (!isDeepStrictEqual(ge?.value, we.value)) expect(show(ge?.value)).toBe(show(we.value));
    expect(isDeepStrictEqual(ge?.value, we.value)).toBe(true);
  } else {
    expect(got.error).toBe(undefined);
    if (!isDeepStrictEqual(got.value, want.value)) expect(show(got.value)).toBe(show(want.value));
    expect(isDeepStrictEqual(got.value, want.value)).toBe(true);
  }
}

describe("unmarshal fast path", () => {
  test.prop(
    [
      fc.oneof(
        goTypeArbitrary({ maxDepth: 3, maxFields: 5, known: false }),
        goTypeArbitrary({ maxDepth: 3 }),
      ),
      fc.gen(),
      fc.constantFrom(...OPTIONS),
    ],
    { numRuns: 300 },
  )("equals the exact engine on generated types and mostly fitting, mangled inputs", (t, g, o) => {
    const data = mangle(g, jsonFor(g, t, 4));
    const want = run(t, data, o, false);
    // The bytes, and the same text given as a JS string (UTF-8-encoded once): both must agree.
    const inputs: (Uint8Array | string)[] = [data];
    if (typeof data !== "string" && isUtf8(data))
      inputs.push(new TextDecoder("utf-8", { ignoreBOM: true }).decode(data));
    for (const input of inputs) {
      const fast = unmarshalFast(t, input, o, true);
      if (fast === NO_FAST) continue;
      expect(want.error, `fast path succeeded where the exact engine failed: ${String(want.error)}`).toBe(
        undefined,
      );
      expectSame({ value: fast }, want);
    }
    expectSame(run(t, data, o, true), want);
  });

  test.prop(
    [
      fc.constantFrom(
        "[]float64",
        "[][]float64",
        "[][2]float64",
        "[][][]float32",
        "[2][]float64",
        "[]*[]float64",
        "map[string][][]float64",
        "struct { A [][]float64; B []float32 }",
      ),
      fc.gen(),
    ],
    { numRuns: 100 },
  )("equals the exact engine on floats nested in slices and arrays", (expr, g) => {
    const t = goType(expr);
    const data = mangle(g, jsonFor(g, t, 4));
    expectSame(run(t, data, {}, true), run(t, data, {}, false));
  });

  test.prop(
    [fc.constantFrom("[]string", "[]any", "map[string]string", "struct { A string; B []string }"), fc.gen()],
    { numRuns: 150 },
  )("decodes escaped and non-ASCII strings as the exact engine does", (expr, g) => {
    const t = goType(expr);
    const strs = Array.from({ length: g(fc.nat, 6) }, () => richString(g));
    const text =
      expr[0] === "["
        ? `[${strs.join(",")}]`
        : expr[0] === "m"
          ? `{${strs.map((s, i) => `${s}:${strs[strs.length - 1 - i]}`).join(",")}}`
          : `{"A":${strs[0] ?? '""'},"B":[${strs.join(",")}]}`;
    for (const data of [new TextEncoder().encode(text), text]) {
      const want = run(t, data, {}, false);
      const fast = unmarshalFast(t, data, {}, true);
      expect(fast).not.toBe(NO_FAST);
      expectSame({ value: fast }, want);
    }
  });

  test.prop([fc.gen(), fc.constantFrom("any", "[]any", "map[string]any")], { numRuns: 100 })(
    "decodes `any` objects of repeated shapes as the exact engine does, key order included",
    (g, expr) => {
      // Few names, so that shapes repeat (compiled object literals) and names repeat in an object.
      const names = ["a", "b", "__proto__", "1", "é"];
      const obj = (depth: number): string => {
        const n = g(fc.nat, 4);
        return `{${Array.from({ length: n }, () => {
          const v = depth > 0 && g(fc.nat, 3) === 0 ? obj(depth - 1) : anyJson(g, 1);
          return `${JSON.stringify(g(fc.constantFrom, ...names))}:${v}`;
        }).join(",")}}`;
      };
      const items = Array.from({ length: g(fc.nat, 12) }, () => obj(2));
      const text =
        expr === "any"
          ? `[${items.join(",")}]`
          : expr === "[]any"
            ? `[${items.join(",")}]`
            : `{${items.map((x, i) => `"k${i}":${x}`).join(",")}}`;
      const t = goType(expr);
      const keys = (v: unknown): unknown =>
        v instanceof Map
          ? [...v].map(([k, x]) => [k, keys(x)])
          : Array.isArray(v)
            ? v.map(keys)
            : v !== null && typeof v === "object"
              ? Object.getOwnPropertyNames(v).map((k) => [k, keys((v as Record<string, unknown>)[k])])
              : v;
      for (const data of [text, new TextEncoder().encode(text)]) {
        const want = run(t, data, {}, false);
        const got = run(t, data, {}, true);
        expectSame(got, want);
        if (want.error === undefined) expect(keys(got.value)).toEqual(keys(want.value));
      }
    },
  );

  test.prop([goTypeArbitrary({ maxDepth: 2, maxFields: 4 }), fc.gen(), fc.uint8Array({ maxLength: 24 })], {
    numRuns: 100,
  })("equals the exact engine on garbage", (t, g, noise) => {
    // Garbage spliced into a fitting text, or raw bytes.
    const text = new TextEncoder().encode(jsonFor(g, t, 3));
    const at = g(fc.nat, text.length);
    const data = g(fc.boolean)
      ? new Uint8Array([...text.subarray(0, at), ...noise, ...text.subarray(at)])
      : noise;
    expectSame(run(t, data, {}, true), run(t, data, {}, false));
  });
});
