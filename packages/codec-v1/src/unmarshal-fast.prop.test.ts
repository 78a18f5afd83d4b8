/**
 * Differential properties of the fast unmarshal path against the exact engine
 * (the fast path switched off), over generated Go types (@gojson/gotype/arbitrary)
 * and JSON texts that mostly fit them, with nulls, mismatches, duplicate,
 * unknown and case-folded names, overflows, escapes, lone surrogates, base64,
 * broken syntax and invalid UTF-8 mixed in (the texts: @gojson/test-support's
 * generators, shared with codec-v2's fast-path properties):
 * - whenever the fast path returns a value, the exact engine returns the same value;
 * - the public unmarshal (which tries the fast path first) equals the exact engine
 *   always: the same value, or an error of the same class, text and value.
 */
import { isUtf8 } from "node:buffer";
import { isDeepStrictEqual } from "node:util";
import { fc, test } from "@fast-check/vitest";
import { type GoType, goType } from "@gojson/gotype";
import { goTypeArbitrary } from "@gojson/gotype/arbitrary";
import {
  anyJson,
  fastPathTypes,
  type Gen,
  jsonFor as jsonForType,
  type Members,
  mangle,
  richString,
} from "@gojson/test-support";
import { describe, expect } from "vitest";
import { type UnmarshalOptions, unmarshal } from "./index.js";
import { structFieldsV1 } from "./struct-fields.js";
import { fastUnmarshal, NO_FAST, unmarshalFast } from "./unmarshal-fast.js";

const OPTIONS: UnmarshalOptions[] = [{}, {}, {}, { useNumber: true }, { disallowUnknownFields: true }];

/** Struct members as v1 reads them (its field rules, `,string`). */
const v1Members: Members = (t) =>
  structFieldsV1(t).list.map((f) => ({ name: f.name, type: f.type, quoted: f.quoted }));

const jsonFor = (g: Gen, t: GoType, depth: number) => jsonForType(g, t, v1Members, depth);

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
  test.prop([fastPathTypes(), fc.gen(), fc.constantFrom(...OPTIONS)], { numRuns: 300 })(
    "equals the exact engine on generated types and mostly fitting, mangled inputs",
    (t, g, o) => {
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
    },
  );

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
