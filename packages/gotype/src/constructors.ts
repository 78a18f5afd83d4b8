/**
 * Constructors for Go types: the predeclared types, composite type literals
 * and named types (including forward and recursive declarations).
 *
 * Unnamed composite types built from the same parts are the same object
 * (`sliceOf(T.int) === sliceOf(T.int)`), as reflect returns one Type per
 * type identity, so caches keyed on type objects work for them too.
 */
import type {
  ArrayType,
  BoolType,
  FloatType,
  GoType,
  GoTypeValue,
  GoValueOf,
  InterfaceType,
  IntType,
  MapType,
  PointerType,
  SliceType,
  StringType,
  StructField,
  StructType,
  UintType,
} from "./types.js";

/** Package qualifier given to types declared without one (Go's `main`). */
export const DEFAULT_PKG = "main";

const bool: BoolType & GoTypeValue<boolean> = Object.freeze({ kind: "bool" });
const int: IntType & GoTypeValue<bigint> = Object.freeze({ kind: "int" });
const int8: IntType & GoTypeValue<number> = Object.freeze({ kind: "int8" });
const int16: IntType & GoTypeValue<number> = Object.freeze({ kind: "int16" });
const int32: IntType & GoTypeValue<number> = Object.freeze({ kind: "int32" });
const int64: IntType & GoTypeValue<bigint> = Object.freeze({ kind: "int64" });
const uint: UintType & GoTypeValue<bigint> = Object.freeze({ kind: "uint" });
const uint8: UintType & GoTypeValue<number> & { readonly kind: "uint8" } = Object.freeze({ kind: "uint8" });
const uint16: UintType & GoTypeValue<number> = Object.freeze({ kind: "uint16" });
const uint32: UintType & GoTypeValue<number> = Object.freeze({ kind: "uint32" });
const uint64: UintType & GoTypeValue<bigint> = Object.freeze({ kind: "uint64" });
const uintptr: UintType & GoTypeValue<bigint> = Object.freeze({ kind: "uintptr" });
const float32: FloatType & GoTypeValue<number> = Object.freeze({ kind: "float32" });
const float64: FloatType & GoTypeValue<number> = Object.freeze({ kind: "float64" });
const string: StringType & GoTypeValue<string> = Object.freeze({ kind: "string" });
const any: InterfaceType & GoTypeValue<unknown> = Object.freeze({ kind: "interface" });

/**
 * The predeclared Go types. `T.byte` is `T.uint8` and `T.rune` is `T.int32`
 * (aliases in Go), `T.any` is `interface{}`.
 */
export const T = Object.freeze({
  bool,
  int,
  int8,
  int16,
  int32,
  int64,
  uint,
  uint8,
  uint16,
  uint32,
  uint64,
  uintptr,
  float32,
  float64,
  string,
  byte: uint8,
  rune: int32,
  any,
});

/** Names of the predeclared types, as Go source spells them. */
export type PredeclaredName = keyof typeof T;

/** Whether `t` is one of the predeclared types in `T` (which have no `name` field but print as their kind). */
export function isPredeclared(t: GoType): boolean {
  return predeclaredSet.has(t);
}
const predeclaredSet: ReadonlySet<GoType> = new Set(Object.values(T));

/** The TypeScript value of `[]E`: Uint8Array for a slice of the predeclared byte, `V[]` otherwise (null when nil). */
export type SliceValue<E> = E extends { readonly kind: "uint8" }
  ? GoValueOf<E> extends number
    ? Uint8Array | null
    : GoValueOf<E>[] | null
  : GoValueOf<E>[] | null;

const sliceCache = new WeakMap<GoType, SliceType>();
const pointerCache = new WeakMap<GoType, PointerType>();
const arrayCache = new WeakMap<GoType, Map<number, ArrayType>>();
const mapCache = new WeakMap<GoType, WeakMap<GoType, MapType>>();

/** The slice type `[]elem`. */
export function sliceOf<E extends GoType>(elem: E): SliceType & GoTypeValue<SliceValue<E>> {
  let t = sliceCache.get(elem);
  if (t === undefined) {
    t = Object.freeze({ kind: "slice", elem });
    sliceCache.set(elem, t);
  }
  return t;
}

/** The pointer type `*elem`. */
export function pointerTo<E extends GoType>(elem: E): PointerType & GoTypeValue<GoValueOf<E> | null> {
  let t = pointerCache.get(elem);
  if (t === undefined) {
    t = Object.freeze({ kind: "pointer", elem });
    pointerCache.set(elem, t);
  }
  return t;
}

/** The array type `[len]elem`; `len` must be a non-negative safe integer. */
export function arrayOf<E extends GoType>(len: number, elem: E): ArrayType & GoTypeValue<GoValueOf<E>[]> {
  if (!Number.isSafeInteger(len) || len < 0) {
    throw new RangeError(`arrayOf: array length must be a non-negative integer, got ${String(len)}`);
  }
  let byLen = arrayCache.get(elem);
  if (byLen === undefined) {
    byLen = new Map();
    arrayCache.set(elem, byLen);
  }
  let t = byLen.get(len);
  if (t === undefined) {
    t = Object.freeze({ kind: "array", elem, len });
    byLen.set(len, t);
  }
  return t;
}

/** The map type `map[key]elem`. Go rejects slice, map and func keys; so does this. */
export function mapOf<K extends GoType, E extends GoType>(
  key: K,
  elem: E,
): MapType & GoTypeValue<Map<GoValueOf<K>, GoValueOf<E>> | null> {
  if (key.kind === "slice" || key.kind === "map") {
    throw new TypeError(`mapOf: invalid map key type ${key.kind}`);
  }
  let byElem = mapCache.get(key);
  if (byElem === undefined) {
    byElem = new WeakMap();
    mapCache.set(key, byElem);
  }
  let t = byElem.get(elem);
  if (t === undefined) {
    t = Object.freeze({ kind: "map", key, elem });
    byElem.set(elem, t);
  }
  return t;
}

/** A field description for `structOf`; only `name` and `type` are required. */
export interface FieldSpec {
  /** Go field name; for an embedded field it may be omitted and is taken from the type's name. */
  readonly name?: string;
  readonly type: GoType;
  /** The raw struct tag without backquotes, e.g. `json:"id,omitempty"`. */
  readonly tag?: string;
  readonly embedded?: boolean;
}

/** Whether a Go identifier is exported (starts with an upper-case letter, Unicode category Lu). */
export function isExportedName(name: string): boolean {
  const c = name.codePointAt(0);
  if (c === undefined) return false;
  if (c < 0x80) return c >= 0x41 && c <= 0x5a;
  return /^\p{Lu}/u.test(name);
}

/** The name an embedded field takes from its type: `T` for `T`, `*T` and `pkg.T`. */
export function embeddedFieldName(t: GoType): string {
  const base = t.kind === "pointer" && t.name === undefined ? t.elem : t;
  if (base.name !== undefined) return base.name;
  if (isPredeclared(base)) return predeclaredName(base);
  throw new TypeError("embedded field must be a type name T or a pointer to a type name *T");
}

function predeclaredName(t: GoType): string {
  return t.kind === "interface" ? "any" : t.kind;
}

/** An unnamed struct type `struct { ... }`; duplicate field names are a TypeError, as in Go. */
export function structOf(fields: readonly FieldSpec[]): StructType {
  const out: StructField[] = [];
  const seen = new Set<string>();
  for (const f of fields) {
    const embedded = f.embedded ?? f.name === undefined;
    const name = f.name ?? embeddedFieldName(f.type);
    if (name !== "_" && seen.has(name)) throw new TypeError(`structOf: duplicate field ${name}`);
    seen.add(name);
    out.push(
      Object.freeze({ name, type: f.type, tag: f.tag ?? "", embedded, exported: isExportedName(name) }),
    );
  }
  return Object.freeze({ kind: "struct", fields: Object.freeze(out) });
}

/** Options for `named` and `declare`. */
export interface NamedOptions {
  /** Package qualifier printed by `typeString` (`main` by default). */
  readonly pkg?: string;
}

type Mutable<X> = { -readonly [K in keyof X]: X[K] };

/**
 * A declared (forward) named type whose underlying type is not known yet.
 * Use it anywhere a GoType is expected, then call `define` once.
 */
export type DeclaredType = GoType & { readonly __declared?: true };

const undefinedDecls = new WeakSet<object>();
const KEEP_ON_DEFINE: ReadonlySet<string> = new Set([
  "name",
  "pkg",
  "pkgPath",
  "doc",
  "pos",
  "known",
  "generic",
]);

/**
 * Declares a named type before its underlying type is known (for recursive
 * and mutually recursive types): `const Node = declare("Node");
 * define(Node, structOf([{ name: "Next", type: pointerTo(Node) }]))`.
 */
export function declare(name: string, opts: NamedOptions = {}): GoType {
  const t = { kind: "struct", fields: [], name, pkg: opts.pkg ?? DEFAULT_PKG } as Mutable<StructType>;
  undefinedDecls.add(t);
  return t;
}

/** Whether `t` was declared with `declare` and not yet given an underlying type. */
export function isUndefinedDecl(t: GoType): boolean {
  return undefinedDecls.has(t);
}

/** Gives a type created by `declare` its underlying type (the named type keeps its identity). */
export function define<D extends GoType>(decl: D, underlying: GoType): GoType {
  if (!undefinedDecls.has(decl))
    throw new TypeError(`define: ${String(decl.name)} is not an undefined declaration`);
  if (underlying === decl) throw new TypeError(`define: invalid recursive type ${String(decl.name)}`);
  if (undefinedDecls.has(underlying)) {
    throw new TypeError(
      `define: underlying type ${String(underlying.name)} of ${String(decl.name)} is not defined yet`,
    );
  }
  undefinedDecls.delete(decl);
  const target = decl as unknown as Record<string, unknown>;
  // Unset rather than delete: deleting would turn every named type into a slow dictionary-mode object.
  for (const k of Object.keys(target)) if (!KEEP_ON_DEFINE.has(k) && k !== "kind") target[k] = undefined;
  copyUnderlying(target, underlying);
  return decl;
}

/**
 * define(decl, struct { fields }) for a named type made by `declare` (still a struct with no
 * fields): the fields set in place, no underlying struct object made (the resolver's path for
 * `type T struct { ... }`).
 */
export function defineStruct(decl: GoType, fields: readonly StructField[]): void {
  if (!undefinedDecls.delete(decl) || decl.kind !== "struct")
    throw new TypeError(`defineStruct: ${String(decl.name)} is not an undefined declaration`);
  (decl as Mutable<StructType>).fields = fields;
}

function copyUnderlying(target: Record<string, unknown>, u: GoType): void {
  target.kind = u.kind;
  switch (u.kind) {
    case "slice":
    case "pointer":
      target.elem = u.elem;
      break;
    case "array":
      target.elem = u.elem;
      target.len = u.len;
      break;
    case "map":
      target.key = u.key;
      target.elem = u.elem;
      break;
    case "struct":
      target.fields = u.fields;
      break;
    case "interface":
      if (u.interfaceMethods !== undefined) target.interfaceMethods = u.interfaceMethods;
      if (u.opaque !== undefined) target.opaque = u.opaque;
      break;
    default:
      break;
  }
}

/**
 * A named type `type name underlying` (Go's defined type). The new type has the
 * underlying type's structure but none of its methods and a new identity.
 */
export function named(name: string, underlying: GoType, opts: NamedOptions = {}): GoType {
  const t: Record<string, unknown> = { name, pkg: opts.pkg ?? DEFAULT_PKG };
  copyUnderlying(t, underlying);
  return t as unknown as GoType;
}

/** Whether `t` is a named (defined) type, including the known library types; predeclared types count too. */
export function isNamed(t: GoType): boolean {
  return t.name !== undefined || isPredeclared(t);
}

/** The Go name of `t` when it is named: `Order`, `Time`, `int`; undefined for type literals. */
export function typeName(t: GoType): string | undefined {
  if (t.name !== undefined) return t.name;
  if (isPredeclared(t)) return predeclaredName(t);
  return undefined;
}
