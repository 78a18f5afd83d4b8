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
import type { GoType, StructField } from "./types.js";

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
  return constantKindEntry(t) ?? built(t);
}

/** The kept entry of a type that needs a maker of its own, if still current. */
function built(t: GoType): MakerEntry | undefined {
  const e = makers.get(t);
  return e !== undefined && e.fields === (t.kind === "struct" ? t.fields : undefined) ? e : undefined;
}

function entryFor(root: GoType): MakerEntry {
  const hit = ready(root);
  if (hit !== undefined) return hit;
  // Bottom-up with an explicit stack; `local` holds this build's entries (provisional ones too).
  const local = new Map<GoType, MakerEntry>();
  const get = (t: GoType) => constantKindEntry(t) ?? local.get(t) ?? built(t);
  const stack: GoType[] = [root];
  const expanded = new Set<GoType>();
  // A part of the type being built whose entry is missing: pushed to be built first (undefined).
  const need = (p: GoType): undefined => {
    if (expanded.has(p)) throw new TypeError(`zero: invalid recursive type ${typeString(p)}`);
    stack.push(p);
    return undefined;
  };
  const after = (): undefined => {
    throw new TypeError("zero: a part's maker is missing");
  };
  while (stack.length > 0) {
    const t = stack[stack.length - 1] as GoType;
    if (get(t) !== undefined) {
      stack.pop();
      continue;
    }
    // The first visit builds t if its parts are built, and pushes the missing ones otherwise (one
    // pass over a struct's fields either way); the second, after them, builds it.
    const first = !expanded.has(t);
    if (first) expanded.add(t);
    const e = buildEntry(t, get, first ? need : after);
    if (e === undefined) continue;
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

// t's entry, or undefined when `missing` pushed parts of t (called with each part whose entry is
// missing, in order) to be built first.
function buildEntry(
  t: GoType,
  get: (t: GoType) => MakerEntry | undefined,
  missing: (part: GoType) => undefined,
): MakerEntry | undefined {
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
      const el = get(t.elem) ?? missing(t.elem);
      if (el === undefined) return undefined;
      const mk = el.make;
      const make = () => {
        const a = new Array<unknown>(n);
        for (let i = 0; i < n; i++) a[i] = mk();
        return a;
      };
      return madeEntry(t, make, el.provisional, el.depth + 1);
    }
    case "struct": {
      // One indexed pass (a wide struct's first maker is cold code: an iterator or an array per
      // field costs).
      const fields = t.fields;
      const names: string[] = [];
      const entries: MakerEntry[] = [];
      let provisional = isUndefinedDecl(t);
      let depth = 0;
      let waiting = false;
      for (let i = 0; i < fields.length; i++) {
        const f = fields[i] as StructField;
        if (f.name === "_") continue;
        const e = get(f.type) ?? missing(f.type);
        if (e === undefined) {
          waiting = true;
          continue;
        }
        if (e.provisional) provisional = true;
        if (e.depth > depth) depth = e.depth;
        names.push(f.name);
        entries.push(e);
      }
      if (waiting) return undefined;
      return madeEntry(
        t,
        depth >= MAX_MAKER_DEPTH ? () => undefined : structMaker(names, entries),
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
    } else v = (buildEntry(t, nothing, nothing) as MakerEntry).make();
    setKey(holder, key, v);
  }
  return box.v;
}

const nothing = (): undefined => undefined;

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

function structMaker(names: readonly string[], entries: readonly MakerEntry[]): ZeroMaker {
  // One object literal (one boilerplate); the assigning maker where code generation is refused.
  // A wide struct's literal is compiled once the type is hot: its first values come from JSON.parse
  // of a template (compiling a literal of 1,000 properties costs ~15M instructions). Below
  // ZERO_TEMPLATE_MIN_FIELDS the literal is compiled at once: a maker in front of it cost warm
  // decoding of a 12-field struct ~4 % (a call per value), and compiling it costs little.
  // (Assigning a type's first value and compiling later was tried: the first value's different
  // hidden class made warm decoding ~0.8 % slower.)
  const compile = () => literalMaker(names, entries) ?? assignMaker(names, entries);
  return (names.length >= ZERO_TEMPLATE_MIN_FIELDS ? jsonMaker(names, entries, compile) : null) ?? compile();
}

/**
 * Fields from which a struct's first values come from a JSON template (JSON.parse) rather than a
 * compiled literal. V8 gives object literals of this many properties and more no shared map
 * (its map cache holds literals of fewer than 128 properties), so the template's first values,
 * dictionary-mode objects, stand beside literal values that share no hidden class either.
 */
export const ZERO_TEMPLATE_MIN_FIELDS = 128;

/** Calls a wide struct's maker serves from its JSON template before it compiles the literal. */
export const ZERO_LITERAL_AFTER = 8;

/**
 * A wide struct's first maker: JSON.parse of a template with the literal's keys in the literal's
 * order, then the zeros JSON cannot write (0n, nested makers' values) stored over their `null`
 * placeholders. After ZERO_LITERAL_AFTER calls it compiles the literal and hands every later call
 * to it. Null where the template cannot stand for the literal (a `__proto__` field, a constant
 * with no JSON form).
 */
function jsonMaker(
  names: readonly string[],
  entries: readonly MakerEntry[],
  compile: () => ZeroMaker,
): ZeroMaker | null {
  const n = names.length;
  // Each field's JSON text: its zero, or a null to store the zero over (0n, a nested maker's value).
  const texts: string[] = [];
  // The fields stored over their `null`: the 0n ones (one value), then those a maker makes.
  const bigNames: string[] = [];
  const madeNames: string[] = [];
  const makes: ZeroMaker[] = [];
  let same: string | undefined;
  for (let i = 0; i < n; i++) {
    const e = entries[i] as MakerEntry;
    let text: string | undefined;
    if (!e.constant) {
      text = "null";
      madeNames.push(names[i] as string);
      makes.push(e.make);
    } else if (e.value === 0n) {
      text = "null";
      bigNames.push(names[i] as string);
    } else text = literalOf(e.value);
    if (text === undefined) return null;
    texts.push(text);
    if (i === 0) same = text;
    else if (same !== text) same = undefined;
  }
  if (names.includes("__proto__")) return null;
  let template: string;
  if (n === 0) template = "{}";
  else if (same !== undefined && !NEEDS_JSON_ESCAPE.test(names.join(""))) {
    template = `{"${names.join(`":${same},"`)}":${same}}`;
  } else {
    const parts: string[] = [];
    for (let i = 0; i < n; i++) parts.push(`${JSON.stringify(names[i])}:${texts[i]}`);
    template = `{${parts.join(",")}}`;
  }
  const nBig = bigNames.length;
  const nMade = madeNames.length;
  let calls = 0;
  let hot: ZeroMaker | undefined;
  return () => {
    if (hot !== undefined) return hot();
    if (++calls > ZERO_LITERAL_AFTER) {
      hot = compile();
      return hot();
    }
    const o = JSON.parse(template) as Record<string, unknown>;
    // (the loop body is interpreted at a wide struct's first value: two loads and a store a field)
    for (let j = 0; j < nBig; j++) o[bigNames[j] as string] = 0n;
    for (let j = 0; j < nMade; j++) o[madeNames[j] as string] = (makes[j] as ZeroMaker)();
    return o;
  };
}

// A character JSON.stringify escapes in a string.
const NEEDS_JSON_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** The struct's maker assigning field by field (where a literal cannot be compiled). */
function assignMaker(names: readonly string[], entries: readonly MakerEntry[]): ZeroMaker {
  const n = names.length;
  // A constant zero, or undefined where the field's maker makes it.
  const values = entries.map((e) => (e.constant ? e.value : undefined));
  const makes = entries.map((e) => (e.constant ? null : e.make));
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
function literalMaker(names: readonly string[], entries: readonly MakerEntry[]): ZeroMaker | null {
  const makes: ZeroMaker[] = [];
  const props: string[] = [];
  for (let i = 0; i < names.length; i++) {
    // (indexed, not destructured: a wide struct's first maker made an iterator per member)
    const name = names[i] as string;
    const e = entries[i] as MakerEntry;
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
