/**
 * Differential properties of the fast unmarshal path against the exact engine,
 * over generated Go types (@gojson/gotype/arbitrary) and JSON texts that mostly
 * fit them (with nulls, mismatches, duplicates, unknown and case-folded names,
 * overflows, escapes and broken syntax mixed in; the texts: @gojson/test-support's
 * generators, shared with codec-v1's fast-path properties):
 * - whenever the fast path returns a value, the exact engine returns the same value;
 * - the public unmarshal (which tries the fast path first) equals the exact engine
 *   always: the same value, or the same error text and error value.
 */
import { isDeepStrictEqual } from "node:util";
import { fc, test } from "@fast-check/vitest";
import { type GoType, goType } from "@gojson/gotype";
import { fastPathTypes, type Gen, jsonFor as jsonForType, type Members, mangle } from "@gojson/test-support";
import { afterAll, describe, expect } from "vitest";
import { structFieldsV2 } from "./fields.js";
import { zero } from "./go-values.js";
import { defaultOptionsV1, type Options, resolveOptions, unmarshal } from "./index.js";
import { NO_FAST, unmarshalFast } from "./unmarshal-fast.js";
import { structCodegen } from "./unmarshal-fast-struct.js";

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

/** Struct members as v2 reads them (its field rules, `string`). */
const v2Members: Members = (t) =>
  structFieldsV2(t).fields.map((f) => ({ name: f.name, type: f.type, quoted: f.string }));

const jsonFor = (g: Gen, t: GoType, depth: number) => jsonForType(g, t, v2Members, depth);

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
  test.prop([fastPathTypes(), fc.gen(), fc.constantFrom(...OPTIONS)], { numRuns: 400 })(
    "equals the exact engine whenever it does not give up",
    (t, g, o) => {
      fc.pre(!hasPointerCycle(t));
      const data = mangle(g, jsonFor(g, t, 4));
      const want = exact(t, data, o);
      // Struct decoders are generated code, or one closure where code generation is refused: both.
      structCodegen.enabled = g(fc.nat, 3) > 0;
      // Twice: a struct's first decode and the later ones may take different tiers (table, generated code).
      for (let pass = 0; pass < 2; pass++) {
        const fast = unmarshalFast(t, data, resolveOptions(o), true);
        if (fast !== NO_FAST) {
          expect(want.error, `fast path succeeded where the exact engine failed: ${String(want.error)}`).toBe(
            undefined,
          );
          if (!isDeepStrictEqual(fast, want.value)) expect(show(fast)).toBe(show(want.value));
          expect(isDeepStrictEqual(fast, want.value)).toBe(true);
        }
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
    },
  );
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
