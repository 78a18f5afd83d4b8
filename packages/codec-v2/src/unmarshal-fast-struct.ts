/**
 * A struct decoder of the fast unmarshal path generated as source code (one
 * per struct type and options): the expected next member name is compared
 * byte by byte against constants, and each field is read and stored at its
 * own call and property site (monomorphic, where one shared closure would
 * access every field through one megamorphic keyed site). A struct's first
 * decode runs the table-driven loop instead (tier.ts: generating code costs
 * more than one decode); where code generation is refused (a
 * Content-Security-Policy) the loop serves every decode.
 */

import {
  bail,
  beginObject,
  colon,
  direct,
  END,
  enter,
  KERNEL,
  LBRACE,
  leave,
  matchAt,
  nextMember,
  readNull,
  readString,
  skipValue,
  tiered,
} from "@gojson/jsontext/internal";

/** One field as the struct decoder sees it. */
export interface StructField {
  readonly goName: string;
  /** The quoted name's bytes when it needs no escaping (matched in place), else null. */
  readonly quoted: Uint8Array | null;
  /** Whether no other field has the same name (only then is a byte match the field). */
  readonly unique: boolean;
  /** The Go field path when the field is promoted from an embedded struct. */
  readonly path: readonly string[] | undefined;
  readonly dec: (c: number, cur?: unknown) => unknown;
}

export interface StructSpec {
  readonly fields: readonly StructField[];
  /** Exact member name → field index. */
  readonly plans: ReadonlyMap<string, number>;
  /** Folded member name → field index (case-insensitive fields). */
  readonly folded: ReadonlyMap<string, number>;
  /** How a member name is folded to look it up in `folded` (v2's fold, or v1's). */
  readonly fold: (name: string) => string;
  readonly reject: boolean;
  readonly mk: () => unknown;
}

/** The switch of code generation (tests turn it off to exercise the closure the caller keeps). */
export const structCodegen: { enabled: boolean } = { enabled: true };

/** Names longer than this (in bytes, quotes included) are compared by a loop instead of unrolled. */
const MAX_UNROLL = 24;

/** holder returns the embedded struct (zero values include it: no pointer hops) that holds a promoted field. */
function holder(obj: any, path: readonly string[]): any {
  let h = obj;
  for (let i = 0; i < path.length - 1; i++) h = h[path[i] as string];
  return h;
}

type Dec = (c: number, cur?: unknown) => unknown;

/**
 * compileStruct returns the decoder of a struct: the table-driven loop for its first decode, the
 * generated one from its next on; null when code generation is off (the caller's loop serves it).
 */
export function compileStruct(spec: StructSpec): Dec | null {
  if (!structCodegen.enabled) return null;
  const fields = spec.fields;
  if (fields.some((f) => f.goName === "__proto__" || (f.path?.includes("__proto__") ?? false))) return null;
  return tiered<number, unknown, unknown>(tableStruct(spec), () => generateStruct(spec));
}

/** The table-driven decoder of a struct (the generated one's rules, one loop over the field table). */
export function tableStruct(spec: StructSpec): Dec {
  const { fields, plans, folded, fold, reject, mk } = spec;
  const anyFold = folded.size > 0;
  const nf = fields.length;
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
      const g = fields[guess];
      if (g?.unique && g.quoted !== null && matchAt(g.quoted)) i = guess;
      else {
        const name = readString();
        let f = plans.get(name);
        if (f === undefined && anyFold) f = folded.get(fold(name));
        if (f === undefined) {
          if (reject) bail();
          unknown ??= new Set();
          if (unknown.has(name)) bail();
          unknown.add(name);
          skipValue(colon());
        } else i = f;
      }
      if (i >= 0) {
        const f = fields[i] as StructField;
        guess = i + 1;
        if (seenWide !== undefined) {
          if (seenWide[i] === 1) bail();
          seenWide[i] = 1;
        } else if (i < 32) {
          const bit = 1 << i;
          if ((seen0 & bit) !== 0) bail();
          seen0 |= bit;
        } else {
          const bit = 1 << (i - 32);
          if ((seen1 & bit) !== 0) bail();
          seen1 |= bit;
        }
        const h = f.path === undefined ? obj : holder(obj, f.path);
        h[f.goName] = f.dec(colon(), h[f.goName]);
      }
    } while (nextMember());
    return obj;
  };
}

/** generateStruct returns the generated decoder of a struct, or null when code generation is refused. */
function generateStruct(spec: StructSpec): Dec | null {
  const fields = spec.fields;
  const nf = fields.length;
  const wide = nf > 64;
  const guess: string[] = [];
  const member: string[] = [];
  fields.forEach((f, i) => {
    const q = f.quoted;
    if (f.unique && q !== null) {
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
    const k = JSON.stringify(f.goName);
    const store =
      f.path === undefined
        ? `o[${k}] = d${i}(colon(), o[${k}]);`
        : `{ const h = holder(o, P[${i}]); h[${k}] = d${i}(colon(), h[${k}]); }`;
    member.push(`        case ${i}: ${seen} ${store} g = ${i + 1}; break;\n`);
  });
  const decs = fields.map((_, i) => `const d${i} = D[${i}];`).join("\n");
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
      fields.map((f) => direct(f.dec)),
      fields.map((f) => f.quoted),
      fields.map((f) => f.path),
    ) as Dec;
  } catch {
    return null;
  }
}
