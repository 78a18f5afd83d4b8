/**
 * Zero values of Go types in their TypeScript form (../shared/CONTRACT.md),
 * made by a maker compiled once per type: a struct's maker returns one
 * object literal (V8 allocates every value from one boilerplate), or, where
 * code generation is refused (a Content-Security-Policy), assigns the fields
 * one by one. Makers are built bottom-up with an explicit stack, so a chain
 * of thousands of declared types does not overflow the call stack.
 */
import { isUndefinedDecl } from "./constructors.js";
import { GoTime } from "./go-time.js";
import { JsonNumber } from "./json-number.js";
import { typeString } from "./type-string.js";
import type { GoType } from "./types.js";

/** A function that returns a fresh zero value of one Go type. */
export type ZeroMaker = () => unknown;

interface MakerEntry {
  readonly make: ZeroMaker;
  /** The struct's fields array the maker was built from (rebuilt when a declaration completes it). */
  readonly fields: unknown;
  /** Set when every zero value of the type is the same immutable primitive (or null). */
  readonly constant: boolean;
  readonly value: unknown;
  /** Built from a declared type not defined yet (declare/define): not kept, rebuilt at the next call. */
  readonly provisional: boolean;
  /** How deep the makers' calls nest (0: a constant). */
  readonly depth: number;
}

// Deeper than this, a maker builds its value with deepZero's explicit stack instead of
// nested maker calls (a chain of thousands of struct or array types).
const MAX_MAKER_DEPTH = 500;

const makers = new WeakMap<GoType, MakerEntry>();

/**
 * The entries of the kinds whose zero is one constant, shared by every type of the kind (no
 * per-type entry, cache slot or walk: a first call over many types meets thousands of them).
 */
const NIL_ENTRY = constantEntry(null);
const FALSE_ENTRY = constantEntry(false);
const BIG_ZERO_ENTRY = constantEntry(0n);
const NUMBER_ZERO_ENTRY = constantEntry(0);
const EMPTY_STRING_ENTRY = constantEntry("");

function constantKindEntry(t: GoType): MakerEntry | undefined {
  switch (t.kind) {
    case "pointer":
    case "slice":
    case "map":
    case "interface":
      return NIL_ENTRY;
    case "bool":
      return FALSE_ENTRY;
    case "int":
    case "int64":
    case "uint":
    case "uint64":
    case "uintptr":
      return BIG_ZERO_ENTRY;
    case "int8":
    case "int16":
    case "int32":
    case "uint8":
    case "uint16":
    case "uint32":
    case "float32":
    case "float64":
      return NUMBER_ZERO_ENTRY;
    case "string":
      // json.Number is a string type with its own zero.
      return t.known === undefined ? EMPTY_STRING_ENTRY : undefined;
    default:
      return undefined;
  }
}

function ready(t: GoType): MakerEntry | undefined {
  const c = constantKindEntry(t);
  if (c !== undefined) return c;
  const e = makers.get(t);
  return e !== undefined && e.fields === (t.kind === "struct" ? t.fields : undefined) ? e : undefined;
}

/** The types whose makers t's maker calls (none for a known type or a scalar). */
function parts(t: GoType): readonly GoType[] {
  if (t.known === "time.Time" || t.known === "json.Number") return [];
  if (t.kind === "array") return [t.elem];
  if (t.kind === "struct") {
    const out: GoType[] = [];
    for (const f of t.fields) if (f.name !== "_") out.push(f.type);
    return out;
  }
  return [];
}

function entryFor(root: GoType): MakerEntry {
  const hit = ready(root);
  if (hit !== undefined) return hit;
  // Bottom-up with an explicit stack; `local` holds this build's entries (provisional ones too).
  const local = new Map<GoType, MakerEntry>();
  const get = (t: GoType) => local.get(t) ?? ready(t);
  const stack: GoType[] = [root];
  const expanded = new Set<GoType>();
  while (stack.length > 0) {
    const t = stack[stack.length - 1] as GoType;
    if (get(t) !== undefined) {
      stack.pop();
      continue;
    }
    let waiting = false;
    if (!expanded.has(t)) {
      expanded.add(t);
      for (const p of parts(t)) {
        if (get(p) !== undefined) continue;
        if (expanded.has(p)) throw new TypeError(`zero: invalid recursive type ${typeString(p)}`);
        stack.push(p);
        waiting = true;
      }
    }
    if (waiting) continue;
    const e = buildEntry(t, get);
    local.set(t, e);
    if (!e.provisional) makers.set(t, e);
    stack.pop();
  }
  return get(root) as MakerEntry;
}

function constantEntry(value: unknown): MakerEntry {
  return { make: () => value, fields: undefined, constant: true, value, provisional: false, depth: 0 };
}

function madeEntry(t: GoType, make: ZeroMaker, provisional: boolean, depth: number): MakerEntry {
  const fields = t.kind === "struct" ? t.fields : undefined;
  const deep = depth > MAX_MAKER_DEPTH;
  return {
    make: deep ? () => deepZero(t) : make,
    fields,
    constant: false,
    value: undefined,
    provisional,
    depth,
  };
}

function buildEntry(t: GoType, get: (t: GoType) => MakerEntry | undefined): MakerEntry {
  if (t.known === "time.Time") return madeEntry(t, () => new GoTime(), false, 1);
  if (t.known === "json.Number") return madeEntry(t, () => new JsonNumber(""), false, 1);
  switch (t.kind) {
    case "bool":
      return constantEntry(false);
    case "int":
    case "int64":
    case "uint":
    case "uint64":
    case "uintptr":
      return constantEntry(0n);
    case "int8":
    case "int16":
    case "int32":
    case "uint8":
    case "uint16":
    case "uint32":
    case "float32":
    case "float64":
      return constantEntry(0);
    case "string":
      return constantEntry("");
    case "array": {
      const n = t.len;
      const el = get(t.elem) as MakerEntry;
      const mk = el.make;
      const make = () => {
        const a = new Array<unknown>(n);
        for (let i = 0; i < n; i++) a[i] = mk();
        return a;
      };
      return madeEntry(t, make, el.provisional, el.depth + 1);
    }
    case "struct": {
      const members: [string, MakerEntry][] = [];
      let provisional = isUndefinedDecl(t);
      let depth = 0;
      for (const f of t.fields) {
        if (f.name === "_") continue;
        const e = get(f.type) as MakerEntry;
        provisional ||= e.provisional;
        if (e.depth > depth) depth = e.depth;
        members.push([f.name, e]);
      }
      return madeEntry(
        t,
        depth >= MAX_MAKER_DEPTH ? () => undefined : structMaker(members),
        provisional,
        depth + 1,
      );
    }
    default:
      // slice, map, pointer, interface (opaque types are interfaces): nil.
      return constantEntry(null);
  }
}

/**
 * The zero value of a type whose makers nest too deep, built with an explicit
 * stack: containers are made first (struct keys in field order), their parts
 * filled from the work list; a part with a shallow maker is made by it.
 */
function deepZero(root: GoType): unknown {
  const box: Record<string, unknown> = {};
  const types: GoType[] = [root];
  const holders: Record<string | number, unknown>[] = [box];
  const keys: (string | number)[] = ["v"];
  while (types.length > 0) {
    const t = types.pop() as GoType;
    const holder = holders.pop() as Record<string | number, unknown>;
    const key = keys.pop() as string | number;
    const e = makers.get(t);
    let v: unknown;
    if (
      e !== undefined &&
      e.depth <= MAX_MAKER_DEPTH &&
      e.fields === (t.kind === "struct" ? t.fields : undefined)
    )
      v = e.make();
    else if (t.known === undefined && t.kind === "array") {
      const a = new Array<unknown>(t.len);
      for (let i = 0; i < t.len; i++) {
        types.push(t.elem);
        holders.push(a as unknown as Record<number, unknown>);
        keys.push(i);
      }
      v = a;
    } else if (t.known === undefined && t.kind === "struct") {
      const o: Record<string, unknown> = {};
      for (const f of t.fields) {
        if (f.name === "_") continue;
        setKey(o, f.name, undefined);
        types.push(f.type);
        holders.push(o);
        keys.push(f.name);
      }
      v = o;
    } else v = buildEntry(t, () => undefined).make();
    setKey(holder, key, v);
  }
  return box.v;
}

function setKey(o: Record<string | number, unknown>, key: string | number, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });
  else o[key] = value;
}

/** The source text of a constant zero, or undefined. */
function literalOf(v: unknown): string | undefined {
  switch (typeof v) {
    case "boolean":
      return v ? "true" : "false";
    case "number":
      return Object.is(v, 0) ? "0" : undefined;
    case "bigint":
      return v === 0n ? "0n" : undefined;
    case "string":
      return v === "" ? '""' : undefined;
    default:
      return v === null ? "null" : undefined;
  }
}

function structMaker(members: readonly [string, MakerEntry][]): ZeroMaker {
  // One object literal (one boilerplate); the assigning maker where code generation is refused.
  // (Assigning a type's first value and compiling later was tried: the first value's different
  // hidden class made warm decoding ~0.8 % slower.)
  return literalMaker(members) ?? assignMaker(members);
}

/** The struct's maker assigning field by field (where a literal cannot be compiled). */
function assignMaker(members: readonly [string, MakerEntry][]): ZeroMaker {
  const n = members.length;
  const names = members.map((m) => m[0]);
  // A constant zero, or undefined where the field's maker makes it.
  const values = members.map((m) => (m[1].constant ? m[1].value : undefined));
  const makes = members.map((m) => (m[1].constant ? null : m[1].make));
  const proto = names.includes("__proto__");
  return (): Record<string, unknown> => {
    const o: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      const mk = makes[i];
      const v = mk === null ? values[i] : (mk as ZeroMaker)();
      const name = names[i] as string;
      if (proto && name === "__proto__")
        Object.defineProperty(o, name, { value: v, writable: true, enumerable: true, configurable: true });
      else o[name] = v;
    }
    return o;
  };
}

/** The struct's maker as one object literal (one boilerplate), or null (a field has no literal zero, or code generation is refused). */
function literalMaker(members: readonly [string, MakerEntry][]): ZeroMaker | null {
  const makes: ZeroMaker[] = [];
  const props: string[] = [];
  for (let i = 0; i < members.length; i++) {
    // (indexed, not destructured: a wide struct's first maker made an iterator per member)
    const name = (members[i] as [string, MakerEntry])[0];
    const e = (members[i] as [string, MakerEntry])[1];
    let text: string | undefined;
    if (e.constant) text = literalOf(e.value);
    else {
      text = `m[${makes.length}]()`;
      makes.push(e.make);
    }
    if (text === undefined) return null;
    // A computed key makes `__proto__` an own property; other names are plain literal keys.
    const key = name === "__proto__" ? '["__proto__"]' : JSON.stringify(name);
    props.push(`${key}: ${text}`);
  }
  try {
    const f = new Function("m", `"use strict"; return () => ({ ${props.join(", ")} });`) as (
      m: ZeroMaker[],
    ) => ZeroMaker;
    return f(makes);
  } catch {
    // Code generation refused: the assigning maker.
    return null;
  }
}

/**
 * A function making fresh zero values of `t` (see zero), built once per type
 * object and rebuilt if a struct's fields are completed later (declare/define).
 * The codecs call it where they need many zero values of one type.
 */
export function zeroMaker(t: GoType): ZeroMaker {
  return entryFor(t).make;
}

/**
 * The zero value of `t` in its TypeScript form: false, 0, 0n, "", null for
 * slices, maps, pointers and interfaces, arrays filled with zero elements,
 * structs with every field (unexported too; embedded ones under the type's
 * name; blank `_` fields left out), GoTime zero for time.Time and
 * JsonNumber("") for json.Number.
 */
export function zero(t: GoType): unknown {
  return entryFor(t).make();
}
