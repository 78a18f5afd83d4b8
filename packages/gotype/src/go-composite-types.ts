/**
 * Struct and interface literals as the resolver builds them: struct fields
 * checked and interned by identity (identical literals are one type, as in
 * Go, so instantiations with them match), interface method sets merged from
 * embedded interfaces, constraints kept as opaque stand-ins.
 */
import { isExportedName, T } from "./constructors.js";
import type { Ctx, FieldAst, GoPos, SigAst, TExpr } from "./go-ast.js";
import { err, posString } from "./go-decl-text.js";
import { opaqueType } from "./opaque.js";
import type { GoType, InterfaceMethod, InterfaceType, StructField, StructType } from "./types.js";

/** What struct and interface literals need from the resolver. */
export interface CompositeScope {
  resolve(e: TExpr, ctx: Ctx): GoType;
  /** Records an embedded field for the checks after the session. */
  embedded(type: GoType, pointer: boolean, pos: GoPos): void;
  /** Interned struct literals, bucketed by structBucket. */
  readonly structs: Map<number, StructType[]>;
  /** A type expression as Go prints it in a constraint (this package's names unqualified). */
  exprString(e: TExpr, ctx: Ctx): string;
  sigString(sig: SigAst, ctx: Ctx): string;
}

const typeIds = new WeakMap<object, number>();
let nextTypeId = 1;

/** A small number per type object (identity keys of struct literals and instantiations). */
export function typeId(t: GoType): number {
  let id = typeIds.get(t);
  if (id === undefined) {
    id = nextTypeId++;
    typeIds.set(t, id);
  }
  return id;
}

/** A struct literal's type: fields checked (duplicates, embedded type parameters), identical literals one object. */
export function structType(fieldsAst: readonly FieldAst[], ctx: Ctx, scope: CompositeScope): StructType {
  const fields = structFields(fieldsAst, ctx, scope);
  // Identical struct literals are one type (Go's type identity), so instantiations with them match:
  // the literals of a bucket are compared field by field (no key text per field).
  const key = structBucket(fields);
  const bucket = scope.structs.get(key);
  if (bucket !== undefined) for (const st of bucket) if (sameFields(st.fields, fields)) return st;
  const st = Object.freeze({ kind: "struct", fields }) as StructType;
  if (bucket === undefined) scope.structs.set(key, [st]);
  else bucket.push(st);
  return st;
}

/**
 * The fields of a struct literal, checked (duplicates, embedded type parameters) and frozen.
 * A named type's own literal (`type T struct { ... }`) takes them as they are: only its named
 * type can reach that literal, so it is never compared with others (no interning, no hash).
 */
export function structFields(
  fieldsAst: readonly FieldAst[],
  ctx: Ctx,
  scope: CompositeScope,
): readonly StructField[] {
  const fields: StructField[] = new Array<StructField>(fieldsAst.length);
  const seen = new Set<string>();
  // A call a field: a wide struct runs this loop once, while the function is soon compiled.
  for (let i = 0; i < fieldsAst.length; i++) fields[i] = structField(fieldsAst, i, ctx, scope, seen);
  return Object.freeze(fields);
}

/** Field `i` of a struct literal: its type resolved, its name checked against the ones before it (`seen`). */
function structField(
  fieldsAst: readonly FieldAst[],
  i: number,
  ctx: Ctx,
  scope: CompositeScope,
  seen: Set<string>,
): StructField {
  const f = fieldsAst[i] as FieldAst;
  const type = scope.resolve(f.type, ctx);
  if (f.embedded) {
    const base = f.type.k === "ptr" ? f.type.elem : f.type;
    if (base.k === "name" && base.pkg === undefined && ctx.tparams?.has(base.name))
      throw err(f.pos, "embedded field type cannot be a (pointer to a) type parameter");
    scope.embedded(type, f.type.k === "ptr", f.pos);
  }
  const name = f.name;
  if (name !== "_") {
    // One hash operation a field: a name already seen leaves the size as it was.
    const size = seen.size;
    if (seen.add(name).size === size) {
      const prev = fieldsAst.find((p) => p.name === name) as FieldAst;
      throw err(f.pos, `${name} redeclared\n\t${posString(prev.pos)}: other declaration of ${name}`);
    }
  }
  const c = name.charCodeAt(0);
  const field: { -readonly [K in keyof StructField]: StructField[K] } = {
    name,
    type,
    tag: f.tag,
    embedded: f.embedded,
    exported: c < 0x80 ? c >= 0x41 && c <= 0x5a : isExportedName(name),
    pos: f.pos,
  };
  if (f.doc !== undefined) field.doc = f.doc;
  return Object.freeze(field);
}

/**
 * The bucket of a struct literal among the interned ones: a hash of its field count and of
 * every field's type (typeHash), name and tag (their lengths and end characters). Identical
 * literals share it; generated code declares thousands of structs alike in count and end names
 * (protobuf messages, Kubernetes kinds), which one bucket would compare each with all the others
 * (quadratic). A number, not a text: no key string built and hashed per literal.
 */
function structBucket(fields: readonly StructField[]): number {
  const n = fields.length;
  let h = n;
  for (let i = 0; i < n; i++) {
    const f = fields[i] as StructField;
    const name = f.name;
    const tag = f.tag;
    h = Math.imul(h ^ typeHash(f.type, 0), 0x9e3779b1);
    h = Math.imul(
      h ^ (name.length | (name.charCodeAt(0) << 8) | (name.charCodeAt(name.length - 1) << 16)),
      0x85ebca6b,
    );
    if (tag.length > 0) h = Math.imul(h ^ (tag.length | (tag.charCodeAt(tag.length - 1) << 16)), 0xc2b2ae35);
    if (f.embedded) h ^= 1;
  }
  return h;
}

// Type literals nested deeper than this hash as their kind alone (bounds the walk).
const TYPE_HASH_DEPTH = 8;

/**
 * A hash of a type that identical types share, read from the type itself (no table of ids to
 * fill and no weak map for the collector to trace): a named type by its name and position, a
 * type literal by its kind and parts. Types that differ may collide; sameFields decides.
 */
export function typeHash(t: GoType, depth: number): number {
  const name = t.name;
  // By its name's length and end, and where it is declared (the names of generated types differ
  // anywhere: T1, T2, ...); not by kind: a declared type changes kind when it is defined.
  if (name !== undefined) {
    const n = name.length;
    const pos = t.pos;
    const at = pos === undefined ? 0 : (pos.line << 8) ^ pos.col;
    return Math.imul(
      n ^ (name.charCodeAt(n - 1) << 8) ^ (name.charCodeAt(n - 2) << 16) ^ Math.imul(at, 0x85ebca6b),
      0x27d4eb2d,
    );
  }
  const k = t.kind;
  const h = k.length | (k.charCodeAt(0) << 8) | (k.charCodeAt(k.length - 1) << 16);
  if (depth >= TYPE_HASH_DEPTH) return h;
  switch (t.kind) {
    case "slice":
    case "pointer":
      return Math.imul(h ^ typeHash(t.elem, depth + 1), 0x165667b1);
    case "array":
      return Math.imul(h ^ t.len ^ typeHash(t.elem, depth + 1), 0x165667b1);
    case "map":
      return Math.imul(h ^ typeHash(t.key, depth + 1) ^ (typeHash(t.elem, depth + 1) << 1), 0x165667b1);
    case "struct":
      return h ^ (t.fields.length << 4);
    default:
      return h;
  }
}

/** Whether two struct literals are identical (Go): the same names, types, tags and embedding, in order. */
function sameFields(a: readonly StructField[], b: readonly StructField[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as StructField;
    const y = b[i] as StructField;
    if (x.name !== y.name || x.type !== y.type || x.tag !== y.tag || x.embedded !== y.embedded) return false;
  }
  return true;
}

/** An interface literal's type: `any`, an interface with its method set, or an opaque constraint. */
export function ifaceType(e: TExpr & { k: "iface" }, ctx: Ctx, scope: CompositeScope): GoType {
  if (e.methods.length === 0 && e.embeds.length === 0) return T.any;
  if (e.constraint)
    return opaqueType(
      "constraint",
      `interface { ${e.embeds.map((x) => scope.exprString(x, ctx)).join("; ")} }`,
      "an interface with type terms is a type constraint; it cannot be the type of a value",
      e.pos,
    );
  const methods = new Map<string, InterfaceMethod>();
  for (const m of e.methods) methods.set(m.name, { name: m.name, signature: scope.sigString(m.sig, ctx) });
  for (const emb of e.embeds) {
    const t = scope.resolve(emb, ctx);
    if (t.kind !== "interface")
      return opaqueType(
        "constraint",
        "interface { ... }",
        "an interface embedding a non-interface type is a type constraint",
        e.pos,
      );
    if (t.opaque?.kind === "constraint") return opaqueType("constraint", t.opaque.text, t.opaque.hint, e.pos);
    if (t.opaque !== undefined) {
      // An embedded interface gotype does not know (io.Reader): keep its name so the interface stays non-empty.
      methods.set(t.opaque.text, { name: t.opaque.text, signature: "" });
      continue;
    }
    for (const m of t.interfaceMethods ?? []) methods.set(m.name, m);
  }
  const list = [...methods.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return Object.freeze({ kind: "interface", interfaceMethods: Object.freeze(list) }) as InterfaceType;
}
