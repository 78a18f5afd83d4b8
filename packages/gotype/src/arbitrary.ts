/**
 * fast-check arbitraries of Go types for property tests (this package's and
 * the codecs'): `@gojson/gotype/arbitrary`. Generated types are what parseGo
 * reads and Go compiles: named structs with exported and unexported fields,
 * tags, embedding, recursion through pointers/slices/maps, and the known types.
 */
import fc from "fast-check";
import type { FieldSpec } from "./constructors.js";
import { arrayOf, declare, define, mapOf, pointerTo, sliceOf, structOf, T } from "./constructors.js";
import { jsonNumber, jsonRawMessage, timeDuration, timeTime } from "./known.js";
import type { GoType } from "./types.js";

/** Options of goTypeArbitrary. */
export interface GoTypeArbitraryOptions {
  /** Maximum nesting of composite types (default 3). */
  readonly maxDepth?: number;
  /** Maximum fields per struct (default 5). */
  readonly maxFields?: number;
  /** Number of named types declared per sample (default 1..3). */
  readonly maxNamed?: number;
  /** Whether known types (time.Time, json.Number, ...) may appear (default true). */
  readonly known?: boolean;
}

const SCALARS: GoType[] = [
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
  T.any,
];
const KNOWN: GoType[] = [timeTime, timeDuration, jsonNumber, jsonRawMessage];

const fieldName = fc
  .tuple(fc.constantFrom("A", "B", "C", "Id", "Name", "x", "y", "Ab", "Ünï", "é"), fc.nat(9))
  .map(([base, n]) => (n === 0 ? base : `${base}${n}`));
const tagName = fc.constantFrom("a", "b", "id", "name", "-", "", "A", "x-y", "é");
const tagOpts = fc.subarray(["omitempty", "omitzero", "string"], { maxLength: 2 });
const jsonTag = fc.oneof(
  { weight: 3, arbitrary: fc.constant("") },
  { weight: 3, arbitrary: fc.tuple(tagName, tagOpts).map(([n, o]) => `json:"${[n, ...o].join(",")}"`) },
  { weight: 1, arbitrary: fc.constant('json:"-"') },
  { weight: 1, arbitrary: fc.tuple(tagName).map(([n]) => `xml:"q" json:"${n}"`) },
);

/**
 * An arbitrary record of named Go types (as parseGo returns) with a `Root`
 * entry, built with declare/define so recursive references are possible.
 */
export function goDeclsArbitrary(opts: GoTypeArbitraryOptions = {}): fc.Arbitrary<Record<string, GoType>> {
  const maxDepth = opts.maxDepth ?? 3;
  const maxFields = opts.maxFields ?? 5;
  const maxNamed = opts.maxNamed ?? 3;
  const leaves = opts.known === false ? SCALARS : [...SCALARS, ...KNOWN];
  // A plan is data; the types are built from it so shrinking stays meaningful.
  type Plan =
    | { k: "leaf"; i: number }
    | { k: "ref"; i: number; ptr: boolean }
    | { k: "slice" | "ptr"; e: Plan }
    | { k: "array"; n: number; e: Plan }
    | { k: "map"; key: number; e: Plan }
    | { k: "struct"; fields: { name: string; tag: string; embed: number; e: Plan }[] };
  const plan: fc.Arbitrary<Plan> = fc.letrec<{ p: Plan }>((tie) => ({
    p: fc.oneof(
      { depthSize: "small", maxDepth, withCrossShrink: true },
      fc.nat(leaves.length - 1).map((i) => ({ k: "leaf" as const, i })),
      fc.tuple(fc.nat(maxNamed - 1), fc.boolean()).map(([i, ptr]) => ({ k: "ref" as const, i, ptr })),
      tie("p").map((e) => ({ k: "slice" as const, e })),
      tie("p").map((e) => ({ k: "ptr" as const, e })),
      fc.tuple(fc.nat(4), tie("p")).map(([n, e]) => ({ k: "array" as const, n, e })),
      fc.tuple(fc.nat(2), tie("p")).map(([key, e]) => ({ k: "map" as const, key, e })),
      fc
        .array(fc.record({ name: fieldName, tag: jsonTag, embed: fc.nat(5), e: tie("p") }), {
          maxLength: maxFields,
        })
        .map((fields) => ({ k: "struct" as const, fields })),
    ),
  })).p;
  return fc
    .tuple(
      fc.integer({ min: 1, max: maxNamed }),
      fc.array(plan, { minLength: maxNamed, maxLength: maxNamed }),
    )
    .map(([count, plans]) => {
      const names = ["Root", "Second", "Third", "Fourth", "Fifth"].slice(0, count);
      const decls = names.map((n) => declare(n));
      // Refs that could form a value cycle go through a pointer.
      const build = (p: Plan, under: boolean): GoType => {
        switch (p.k) {
          case "leaf":
            return leaves[p.i] as GoType;
          case "ref": {
            const t = decls[p.i % decls.length] as GoType;
            return p.ptr || under ? pointerTo(t) : pointerTo(t);
          }
          case "slice":
            return sliceOf(build(p.e, true));
          case "ptr":
            return pointerTo(build(p.e, true));
          case "array":
            return arrayOf(p.n, build(p.e, under));
          case "map": {
            const key = [T.string, T.int64, T.uint16][p.key] as GoType;
            return mapOf(key, build(p.e, true));
          }
          case "struct": {
            const seen = new Set<string>();
            const fields: FieldSpec[] = [];
            for (const f of p.fields) {
              const ft = build(f.e, under);
              // Embed named struct refs sometimes (as *T, the way Go allows recursion).
              if (
                f.embed === 0 &&
                ft.kind === "pointer" &&
                ft.elem.name !== undefined &&
                ft.elem.kind !== "pointer" &&
                ft.elem.kind !== "interface" &&
                // A later declaration is still a placeholder here: embed it only if its plan is a struct
                // (Go rejects embedding a pointer to a pointer or interface type).
                (plans[decls.indexOf(ft.elem)] as Plan | undefined)?.k === "struct" &&
                !seen.has(ft.elem.name)
              ) {
                seen.add(ft.elem.name);
                fields.push({ type: ft, tag: f.tag, embedded: true });
                continue;
              }
              if (seen.has(f.name)) continue;
              seen.add(f.name);
              fields.push({ name: f.name, type: ft, tag: f.tag });
            }
            return structOf(fields);
          }
        }
      };
      decls.forEach((d, i) => {
        const p = plans[i] as Plan;
        // Named types are structs at the top (the common case), or any other plan.
        define(d, p.k === "ref" ? sliceOf(build(p, true)) : build(p, false));
      });
      const out: Record<string, GoType> = {};
      names.forEach((n, i) => {
        out[n] = decls[i] as GoType;
      });
      return out;
    });
}

/** An arbitrary Go type: the `Root` of goDeclsArbitrary, or an unnamed type over it. */
export function goTypeArbitrary(opts: GoTypeArbitraryOptions = {}): fc.Arbitrary<GoType> {
  return goDeclsArbitrary(opts).chain((d) => {
    const root = d.Root as GoType;
    return fc.constantFrom(root, sliceOf(root), pointerTo(root), mapOf(T.string, root));
  });
}
