import {
  arrayOf,
  type FieldSpec,
  type GoType,
  jsonNumber,
  mapOf,
  pointerTo,
  sliceOf,
  structOf,
  T,
  timeTime,
} from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { GoTime, JsonNumber } from "./deps.js";
import { ZERO_LITERAL_AFTER, ZERO_TEMPLATE_MIN_FIELDS, zeroFn, zeroValue } from "./zero.js";

// A wide struct's first zero values come from a JSON template, later ones from the compiled
// literal: every value must be the same (keys in field order, values, fresh nested objects).
const inner = structOf([
  { name: "A", type: T.int },
  { name: "B", type: T.string },
]);
const KINDS: GoType[] = [
  T.bool,
  T.int,
  T.int8,
  T.int16,
  T.int32,
  T.int64,
  T.uint,
  T.uint8,
  T.uint16,
  T.uint32,
  T.uint64,
  T.uintptr,
  T.float32,
  T.float64,
  T.string,
  sliceOf(T.int),
  mapOf(T.string, T.int),
  pointerTo(T.int),
  T.any,
  inner,
  arrayOf(3, T.int64),
  arrayOf(2, inner),
  jsonNumber,
  timeTime,
];

function wide(n: number, name: (i: number) => string, type: (i: number) => GoType): GoType {
  const fields: FieldSpec[] = [];
  for (let i = 0; i < n; i++) fields.push({ name: name(i), type: type(i) });
  return structOf(fields);
}

const cases: { name: string; t: GoType }[] = [
  {
    name: "Wide/Ints",
    t: wide(
      ZERO_TEMPLATE_MIN_FIELDS,
      (i) => `F${i}`,
      () => T.int,
    ),
  },
  {
    name: "Wide/Strings",
    t: wide(
      300,
      (i) => `F${i}`,
      () => T.string,
    ),
  },
  {
    name: "Wide/Float64s",
    t: wide(
      300,
      (i) => `F${i}`,
      () => T.float64,
    ),
  },
  {
    name: "Wide/Mixed",
    t: wide(
      400,
      (i) => `F${i}`,
      (i) => KINDS[i % KINDS.length] as GoType,
    ),
  },
  {
    name: "Wide/Unicode",
    t: wide(
      200,
      (i) => (i % 2 === 0 ? `Ä${i}` : `Ñame_${i}`),
      () => T.int8,
    ),
  },
  {
    name: "Narrow/Mixed",
    t: wide(
      ZERO_TEMPLATE_MIN_FIELDS - 1,
      (i) => `F${i}`,
      (i) => KINDS[i % KINDS.length] as GoType,
    ),
  },
  {
    name: "Narrow/Small",
    t: wide(
      5,
      (i) => `F${i}`,
      (i) => KINDS[(i * 5) % KINDS.length] as GoType,
    ),
  },
  {
    name: "Narrow/Blanks",
    t: wide(
      6,
      (i) => (i % 3 === 0 ? "_" : `F${i}`),
      (i) => (i === 0 ? T.int : i === 3 ? T.string : T.bool),
    ),
  },
  {
    // A blank field's literal keeps the last blank's value at the first one's place (no template).
    name: "Wide/Blanks",
    t: wide(
      200,
      (i) => (i % 50 === 0 ? "_" : `F${i}`),
      (i) => (i === 0 ? T.int : i === 150 ? T.string : T.bool),
    ),
  },
  {
    name: "Wide/Proto",
    t: wide(
      200,
      (i) => (i === 7 ? "__proto__" : `F${i}`),
      () => T.int,
    ),
  },
];

/** The value as data: key order, kinds and classes kept. */
function shape(v: unknown): unknown {
  if (typeof v === "bigint") return `${v}n`;
  if (v instanceof GoTime) return "GoTime";
  if (v instanceof JsonNumber) return `JsonNumber(${String(v)})`;
  if (Array.isArray(v)) return v.map(shape);
  if (v !== null && typeof v === "object")
    return Object.keys(v).map((k) => [k, shape((v as Record<string, unknown>)[k])]);
  return v;
}

describe("zero/Tiers", () => {
  for (const c of cases)
    it(c.name, () => {
      const make = zeroFn(c.t);
      const values = Array.from({ length: ZERO_LITERAL_AFTER + 3 }, () => make());
      const want = shape(values[values.length - 1]);
      for (const v of values) expect(shape(v)).toStrictEqual(want);
      // Every call makes fresh objects (nested ones too).
      expect(values[0]).not.toBe(values[1]);
      const st = c.t as GoType & { kind: "struct" };
      for (const f of st.fields)
        if (
          f.name !== "_" &&
          f.name !== "__proto__" &&
          typeof values[0][f.name] === "object" &&
          values[0][f.name] !== null
        )
          expect(values[0][f.name]).not.toBe(values[1][f.name]);
    });

  it("Wide/ProtoOwnKey", () => {
    const v = zeroFn(cases.find((c) => c.name === "Wide/Proto")?.t as GoType)();
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.hasOwn(v, "__proto__")).toBe(true);
    expect(Object.getOwnPropertyDescriptor(v, "__proto__")?.value).toBe(0n);
  });

  it("Wide/BlankLastWins", () => {
    const t = wide(
      200,
      (i) => (i < 2 ? "_" : `F${i}`),
      (i) => (i === 0 ? T.int : i === 1 ? T.string : T.bool),
    );
    const make = zeroFn(t);
    for (let i = 0; i <= ZERO_LITERAL_AFTER; i++) {
      const v = make();
      expect(Object.keys(v)[0]).toBe("_");
      expect(v._).toBe("");
    }
  });
});

// A small struct's first zero value (zeroValue, no factory yet) is made by walking its fields;
// the next comes from the compiled factory: both must be the same value.
describe("zero/Walk", () => {
  for (const c of cases)
    it(c.name, () => {
      // (a fresh type each run: the walk is for a type without a factory)
      const st = c.t as GoType & { kind: "struct" };
      const t = structOf(st.fields.map((f) => ({ name: f.name, type: f.type })));
      const first = zeroValue(t);
      const second = zeroValue(t);
      const third = zeroFn(t)();
      expect(shape(first)).toStrictEqual(shape(third));
      expect(shape(second)).toStrictEqual(shape(third));
      expect(first).not.toBe(second);
      if (st.fields.some((f) => f.name === "__proto__"))
        expect(Object.getPrototypeOf(first)).toBe(Object.prototype);
    });

  it("Nested/FreshObjects", () => {
    const t = structOf([
      { name: "X", type: inner },
      { name: "Y", type: inner },
      { name: "Z", type: arrayOf(2, inner) },
    ]);
    const a = zeroValue(t);
    const b = zeroValue(t);
    expect(shape(a)).toStrictEqual(shape(b));
    expect(a.X).not.toBe(a.Y);
    expect(a.X).not.toBe(b.X);
    expect(a.Z).not.toBe(b.Z);
  });
});
