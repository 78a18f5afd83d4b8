/**
 * A struct decoder of the fast unmarshal path generated as source code (one
 * per struct type and options): the expected next member name is compared
 * byte by byte against constants, and each field is read and stored at its
 * own call and property site (monomorphic, where one shared closure would
 * access every field through one megamorphic keyed site). A struct's first
 * decode runs the table-driven loop instead (tier.ts: generating code costs
 * more than one decode); where code generation is refused (a
 * Content-Security-Policy) the loop serves every later decode.
 */

import type { StructType } from "@gojson/gotype";
import {
  bail,
  beginObject,
  C,
  colon,
  direct,
  END,
  enter,
  KERNEL,
  LBRACE,
  leave,
  nextMember,
  quotedBytes,
  readNull,
  readString,
  skipValue,
  tiered,
} from "@gojson/jsontext/internal";
import { firstZero } from "./first-zero.js";
import { zeroMaker } from "./go-values.js";

/**
 * A struct's fields as its decoder sees them, in lists indexed by field (a struct of thousands of
 * fields makes a few lists for its first decode, not an object and a byte array per field).
 */
export interface StructSpec {
  /** JSON member names. */
  readonly names: readonly string[];
  /** Whether no two fields share a name (a shared name is the later field's). */
  readonly unique: boolean;
  /** Go field names: the property each field is stored under. */
  readonly goNames: readonly string[];
  readonly decs: readonly Dec[];
  /** The Go field path of each field promoted from an embedded struct (undefined for the others); null when none is. */
  readonly paths: readonly (readonly string[] | undefined)[] | null;
  /** Folded member name → field index (case-insensitive fields). */
  readonly folded: ReadonlyMap<string, number>;
  /** How a member name is folded to look it up in `folded` (v2's fold, or v1's). */
  readonly fold: (name: string) => string;
  readonly reject: boolean;
  /** The struct type (its zero values). */
  readonly type: StructType;
}

/** What a struct's later decoders (generated, or the wide table) add to its spec, made when first used. */
interface HotSpec extends StructSpec {
  /** gotype's compiled zero maker (the first decodes make their few zero values without one). */
  readonly mk: () => unknown;
  /** Exact member name → field index. */
  readonly plans: ReadonlyMap<string, number>;
  /**
   * The quoted names matched in place, one after another: field i's bytes are
   * `quoted[at[i]]` up to `quoted[at[i + 1]]`; an empty range for a name that needs escaping
   * or that another field shares (only a name of one field is that field when it matches).
   */
  readonly quoted: Uint8Array;
  readonly at: Int32Array;
}

/** Member name → field index; a name fields share is the later field's. */
function namePlans(names: readonly string[]): Map<string, number> {
  const plans = new Map<string, number>();
  for (let i = 0; i < names.length; i++) plans.set(names[i] as string, i);
  return plans;
}

function hotSpec(spec: StructSpec): HotSpec {
  const names = spec.names;
  const plans = namePlans(names);
  const { quoted, at } = quotedNames(names, spec.unique, (i) => plans.get(names[i] as string) === i);
  return { ...spec, plans, quoted, at, mk: zeroMaker(spec.type) };
}

/** The switch of code generation (tests turn it off to exercise the closure the caller keeps). */
export const structCodegen: { enabled: boolean } = { enabled: true };

/** Names longer than this (in bytes, quotes included) are compared by a loop instead of unrolled. */
const MAX_UNROLL = 24;

/** Names of printable ASCII but `"` and `\`, which stand quoted in JSON as they are (one byte a character). */
const PLAIN_NAMES = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
const encoder = new TextEncoder();

/**
 * quotedNames lays the quoted names of a struct's fields out for {@link StructSpec}: `unique(i)`
 * false (a shared name) or a name that needs escaping gets an empty range. With `allUnique` and
 * names of plain ASCII (the usual struct) the bytes are one native join and encoding.
 */
export function quotedNames(
  names: readonly string[],
  allUnique: boolean,
  unique: (i: number) => boolean,
): {
  quoted: Uint8Array;
  at: Int32Array;
} {
  const nf = names.length;
  const at = new Int32Array(nf + 1);
  if (allUnique && PLAIN_NAMES.test(names.join(" "))) {
    let n = 0;
    for (let i = 0; i < nf; i++) {
      at[i] = n;
      n += (names[i] as string).length + 2;
    }
    at[nf] = n;
    return { quoted: encoder.encode(nf === 0 ? "" : `"${names.join('""')}"`), at };
  }
  // A name matched in place has no escapes: at most three UTF-8 bytes a UTF-16 unit.
  let room = 0;
  for (let i = 0; i < nf; i++) room += (names[i] as string).length * 3 + 2;
  const quoted = new Uint8Array(room);
  let n = 0;
  for (let i = 0; i < nf; i++) {
    at[i] = n;
    if (!unique(i)) continue;
    const name = names[i] as string;
    const len = name.length;
    let k = 0;
    quoted[n] = 0x22;
    for (; k < len; k++) {
      const c = name.charCodeAt(k);
      // Printable ASCII but `"` and `\` is written as it is.
      if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) break;
      quoted[n + 1 + k] = c;
    }
    if (k === len) {
      quoted[n + 1 + len] = 0x22;
      n += len + 2;
      continue;
    }
    const q = quotedBytes(name);
    if (q !== null) {
      quoted.set(q, n);
      n += q.length;
    }
  }
  at[nf] = n;
  return { quoted, at };
}

/** matchRange reports whether the bytes at C.p are `q[from]` up to `q[to]`, and if so moves past them. */
function matchRange(q: Uint8Array, from: number, to: number): boolean {
  const b = C.b;
  const p = C.p - from;
  for (let k = from; k < to; k++) if (b[p + k] !== q[k]) return false;
  C.p = p + to;
  return true;
}

/** holder returns the embedded struct (zero values include it: no pointer hops) that holds a promoted field. */
function holder(obj: any, path: readonly string[]): any {
  let h = obj;
  for (let i = 0; i < path.length - 1; i++) h = h[path[i] as string];
  return h;
}

type Dec = (c: number, cur?: unknown) => unknown;

/** A member no field takes: skipped, its name kept; rejected members and repeated names bail (the exact path reports them). */
function skipUnknown(name: string, reject: boolean, unknown: Set<string> | undefined): Set<string> {
  if (reject) bail();
  const seen = unknown ?? new Set<string>();
  if (seen.has(name)) bail();
  seen.add(name);
  skipValue(colon());
  return seen;
}

/** The fields seen in an object (a word of bits, or one byte a field) with `bit` set; a field seen before bails (a duplicate name). */
function withSeen(word: number, bit: number): number {
  if ((word & bit) !== 0) bail();
  return word | bit;
}

/** Decodes field i's value into obj (or the embedded struct that holds a promoted field). */
function storeField(
  obj: any,
  i: number,
  goNames: readonly string[],
  decs: readonly Dec[],
  paths: StructSpec["paths"],
): void {
  const path = paths === null ? undefined : paths[i];
  const h = path === undefined ? obj : holder(obj, path);
  const k = goNames[i] as string;
  h[k] = (decs[i] as Dec)(colon(), h[k]);
}

/**
 * structDecoder returns the decoder of a struct: {@link firstStruct} for its first decodes
 * (tier.ts), then its generated decoder, or the table-driven loop over laid-out names where the
 * struct is wider than `maxGenerated` fields or code generation is off or refused.
 */
export function structDecoder(spec: StructSpec, maxGenerated: number): Dec {
  const gen = structCodegen.enabled && spec.goNames.length <= maxGenerated;
  return tiered<number, unknown, unknown>(firstStruct(spec), () => {
    const hot = hotSpec(spec);
    return (gen && !hasProtoName(spec) ? generateStruct(hot) : null) ?? tableStruct(hot);
  });
}

/** Whether a field is stored under, or promoted through, a property named `__proto__` (never generated). */
function hasProtoName(spec: StructSpec): boolean {
  return spec.goNames.includes("__proto__") || (spec.paths?.some((p) => p?.includes("__proto__")) ?? false);
}

/**
 * Fields from the expected next one that a first decode compares a member name with before it
 * indexes the struct's names: members left out (omitempty, absent) cost no index.
 */
const LOOK_AHEAD = 4;

/**
 * firstStruct returns the decoder of a struct's first decodes: each member name read as a string
 * and compared with the next field's, another name looked up in an index made at the first
 * miss. Nothing is laid out per struct before its first value (a first call over many types
 * reaches most of them once); the later tiers match names in place instead.
 */
export function firstStruct(spec: StructSpec): Dec {
  const { names, unique, goNames, decs, paths, folded, fold, reject, type } = spec;
  const anyFold = folded.size > 0;
  const nf = goNames.length;
  const wide = nf > 64;
  let plans: Map<string, number> | undefined;
  return (c, cur) => {
    if (c !== LBRACE) {
      readNull(c);
      return firstZero(type);
    }
    const obj = typeof cur === "object" && cur !== null ? cur : firstZero(type);
    if (beginObject() === END) return obj;
    let seen0 = 0;
    let seen1 = 0;
    const seenWide = wide ? new Uint8Array(nf) : undefined;
    let unknown: Set<string> | undefined;
    let guess = 0;
    do {
      const name = readString();
      // The next field's name or one of the few after it (members left out), when no other
      // field shares it; else the index.
      let i = -1;
      if (unique) {
        const end = Math.min(guess + LOOK_AHEAD, nf);
        for (let k = guess; k < end; k++)
          if (names[k] === name) {
            i = k;
            break;
          }
      }
      if (i < 0) {
        plans ??= namePlans(names);
        let f = plans.get(name);
        if (f === undefined && anyFold) f = folded.get(fold(name));
        if (f === undefined) {
          unknown = skipUnknown(name, reject, unknown);
          continue;
        }
        i = f;
      }
      guess = i + 1;
      if (seenWide !== undefined) seenWide[i] = withSeen(seenWide[i] as number, 1);
      else if (i < 32) seen0 = withSeen(seen0, 1 << i);
      else seen1 = withSeen(seen1, 1 << (i - 32));
      storeField(obj, i, goNames, decs, paths);
    } while (nextMember());
    return obj;
  };
}

/** The table-driven decoder of a struct (the generated one's rules, one loop over the field table). */
function tableStruct(spec: HotSpec): Dec {
  const { goNames, decs, paths, quoted, at, plans, folded, fold, reject, mk } = spec;
  const anyFold = folded.size > 0;
  const nf = goNames.length;
  // Fields seen in this object: two 32-bit words, and bytes past 64 fields.
  const wide = nf > 64;
  return (c, cur) => {
    if (c !== LBRACE) {
      readNull(c);
      return mk();
    }
    // A struct field's destination already holds a fresh zero struct (made with its parent): fill it.
    const obj = typeof cur === "object" && cur !== null ? cur : mk();
    if (beginObject() === END) return obj;
    let seen0 = 0;
    let seen1 = 0;
    const seenWide = wide ? new Uint8Array(nf) : undefined;
    let unknown: Set<string> | undefined;
    let guess = 0;
    do {
      let i = -1;
      if (guess < nf) {
        const from = at[guess] as number;
        const to = at[guess + 1] as number;
        if (to > from && matchRange(quoted, from, to)) i = guess;
      }
      if (i < 0) {
        const name = readString();
        let f = plans.get(name);
        if (f === undefined && anyFold) f = folded.get(fold(name));
        if (f === undefined) unknown = skipUnknown(name, reject, unknown);
        else i = f;
      }
      if (i >= 0) {
        guess = i + 1;
        if (seenWide !== undefined) seenWide[i] = withSeen(seenWide[i] as number, 1);
        else if (i < 32) seen0 = withSeen(seen0, 1 << i);
        else seen1 = withSeen(seen1, 1 << (i - 32));
        storeField(obj, i, goNames, decs, paths);
      }
    } while (nextMember());
    return obj;
  };
}

/** generateStruct returns the generated decoder of a struct, or null when code generation is refused. */
function generateStruct(spec: HotSpec): Dec | null {
  const { goNames, paths, quoted, at } = spec;
  const nf = goNames.length;
  const wide = nf > 64;
  const guess: string[] = [];
  const member: string[] = [];
  const Q: (Uint8Array | null)[] = [];
  for (let i = 0; i < nf; i++) {
    const from = at[i] as number;
    const to = at[i + 1] as number;
    const q = to > from ? quoted.subarray(from, to) : null;
    Q.push(q);
    if (q !== null) {
      let test: string;
      if (q.length <= MAX_UNROLL) {
        const parts: string[] = [];
        q.forEach((byte, k) => {
          parts.push(`b[p + ${k}] === ${byte}`);
        });
        test = `${parts.join(" && ")}) { C.p = p + ${q.length}; i = ${i}; }`;
        guess.push(`      case ${i}: if (${test} break;\n`);
      } else guess.push(`      case ${i}: if (matchAt(Q[${i}])) i = ${i}; break;\n`);
    }
    let seen: string;
    if (wide) seen = `if (seenWide[${i}] === 1) bail(); seenWide[${i}] = 1;`;
    else if (i < 32) seen = `if ((seen0 & ${(1 << i) >>> 0}) !== 0) bail(); seen0 |= ${1 << i};`;
    else seen = `if ((seen1 & ${(1 << (i - 32)) >>> 0}) !== 0) bail(); seen1 |= ${1 << (i - 32)};`;
    const k = JSON.stringify(goNames[i]);
    const store =
      paths?.[i] === undefined
        ? `o[${k}] = d${i}(colon(), o[${k}]);`
        : `{ const h = holder(o, P[${i}]); h[${k}] = d${i}(colon(), h[${k}]); }`;
    member.push(`        case ${i}: ${seen} ${store} g = ${i + 1}; break;\n`);
  }
  const decs = goNames.map((_, i) => `const d${i} = D[${i}];`).join("\n");
  const body = `"use strict";
const { C, ws, colon, readString, readNull, skipValue, matchAt, bail } = K;
${decs}
return function decodeStruct(c, cur) {
  if (c !== 0x7b) { readNull(c); return mk(); }
  const o = typeof cur === "object" && cur !== null ? cur : mk();
  enter();
  C.p++;
  let k = ws();
  if (k === 0x7d) { C.p++; leave(); return o; }
  if (k !== 0x22) bail();
  let seen0 = 0;
  let seen1 = 0;
  const seenWide = ${wide ? `new Uint8Array(${nf})` : "undefined"};
  let unknown;
  let g = 0;
  for (;;) {
    let i = -1;
    const b = C.b;
    const p = C.p;
    switch (g) {
${guess.join("")}    }
    if (i < 0) {
      const name = readString();
      let f = plans.get(name);
      if (f === undefined && anyFold) f = folded.get(fold(name));
      if (f === undefined) {
        if (reject) bail();
        if (unknown === undefined) unknown = new Set();
        if (unknown.has(name)) bail();
        unknown.add(name);
        skipValue(colon());
      } else i = f;
    }
    if (i >= 0) {
      switch (i) {
${member.join("")}      }
    }
    // The loop steps written out (not K.nextMember): one call less per member in a large function.
    k = ws();
    C.p++;
    if (k === 0x2c) { if (ws() !== 0x22) bail(); continue; }
    if (k !== 0x7d) bail();
    leave();
    return o;
  }
};`;
  try {
    const make = new Function(
      "K",
      "enter",
      "leave",
      "fold",
      "holder",
      "mk",
      "plans",
      "folded",
      "anyFold",
      "reject",
      "D",
      "Q",
      "P",
      body,
    );
    return make(
      KERNEL,
      enter,
      leave,
      spec.fold,
      holder,
      spec.mk,
      spec.plans,
      spec.folded,
      spec.folded.size > 0,
      spec.reject,
      // Generated children are called directly (not through their tiering step).
      spec.decs.map((d) => direct(d)),
      Q,
      paths ?? [],
    ) as Dec;
  } catch {
    return null;
  }
}
