/**
 * A struct decoder of the fast unmarshal path generated as source code (one
 * per struct type and options): the expected next member name is compared
 * byte by byte against constants, and each field is read and stored at its
 * own call and property site (monomorphic, where one shared closure would
 * access every field through one megamorphic keyed site). Where code
 * generation is refused (a Content-Security-Policy) the caller keeps its
 * closure, which does the same work generically.
 */

import { enter, KERNEL, leave } from "@gojson/jsontext/internal";

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

/** compileStruct returns the generated decoder of a struct, or null when code generation is not possible. */
export function compileStruct(spec: StructSpec): ((c: number, cur?: unknown) => unknown) | null {
  if (!structCodegen.enabled) return null;
  const fields = spec.fields;
  const nf = fields.length;
  if (fields.some((f) => f.goName === "__proto__" || (f.path?.includes("__proto__") ?? false))) return null;
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
      fields.map((f) => f.dec),
      fields.map((f) => f.quoted),
      fields.map((f) => f.path),
    ) as (c: number, cur?: unknown) => unknown;
  } catch {
    return null;
  }
}
