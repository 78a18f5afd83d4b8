/**
 * Unmarshal of structs (Go's object() for structs): the per-type plan of
 * fields (exact then case-folded names, embedded pointers allocated on the
 * way, unknown members skipped or refused), the exact engine's decoder with
 * its guess of the next member in field order, then the fast path's
 * generated decoders (constant property names, names matched on the bytes).
 */

import { Abort, DEEP_DEPTH, type DecodeState, partialOf, SYNTAX_BAIL } from "./decode-state.js";
import {
  bail,
  beginObject,
  C,
  colon,
  END,
  foldNameV1,
  type GoType,
  KERNEL,
  nextMember,
  readNull,
  readString,
  skipValue,
  typeString,
} from "./deps.js";
import { GoError } from "./errors.js";
import { foldNameFor, hasFoldChange, quoteFor } from "./go-version.js";
import { PlanCache } from "./plan-cache.js";
import { type FieldHop, type FieldV1, FLAT_PLAIN, FLAT_QUOTED, structFieldsV1 } from "./struct-fields.js";
import {
  C_LBRACE,
  C_N,
  C_QUOTE,
  type Decoder,
  decoderFor,
  type FDec,
  fastDecoderFor,
  LBRACE,
  mismatch,
  V1,
} from "./unmarshal-common.js";
import { fastQuotedDecoder, quotedDecoder } from "./unmarshal-string-tag.js";
import { zeroFn, zeroValue } from "./zero.js";

/** A struct field as the decoder uses it. */
export interface FieldDec {
  readonly f: FieldV1;
  /** Position in field order (for predicting the next key). */
  readonly idx: number;
  /** `"name"` as it appears in input without escapes. */
  readonly quotedKey: string;
  readonly dec: Decoder;
  readonly last: string;
  readonly quoted: boolean;
}

/** A struct's decoding plan: fields by exact and folded name, in field order, and a generated assigner. */
export interface StructPlan {
  readonly exact: Map<string, FieldDec>;
  readonly folded: Map<string, FieldDec>;
  /** Fields by name folded as Go 1.27 folds (Unicode 17), when that differs from `folded`; else null. */
  readonly folded127: Map<string, FieldDec> | null;
  readonly order: readonly FieldDec[];
  readonly assign: ((d: DecodeState, o: any, idx: number) => void) | null;
}

const structPlans = new PlanCache<StructPlan>();

/** The (cached) decoding plan of struct type `t`. */
export function structPlan(t: GoType & { kind: "struct" }): StructPlan {
  let plan = structPlans.get(t);
  if (plan !== undefined) return plan;
  const sf = structFieldsV1(t);
  const byField = new Map<FieldV1, FieldDec>();
  for (const f of sf.list) {
    byField.set(f, {
      f,
      idx: byField.size,
      quotedKey: `"${f.name}"`,
      dec: f.quoted ? quotedDecoder(f.type) : decoderFor(f.type),
      last: (f.hops[f.hops.length - 1] as FieldV1["hops"][number]).name,
      quoted: f.quoted,
    });
  }
  const exact = new Map<string, FieldDec>();
  const folded = new Map<string, FieldDec>();
  for (const [k, f] of sf.byExactName) exact.set(k, byField.get(f) as FieldDec);
  for (const [k, f] of sf.byFoldedName) folded.set(k, byField.get(f) as FieldDec);
  const order = [...byField.values()];
  let folded127: Map<string, FieldDec> | null = null;
  if (order.some((fd) => hasFoldChange(fd.f.name))) {
    // Go's typeFields keeps the first field for a folded name (dominance already applied).
    folded127 = new Map();
    for (const fd of order) {
      const k = foldNameFor("1.27", fd.f.name);
      if (!folded127.has(k)) folded127.set(k, fd);
    }
  }
  plan = {
    exact,
    folded,
    folded127,
    order,
    assign: order.length > CODEGEN_MAX_FIELDS ? null : compileAssign(order),
  };
  structPlans.set(t, plan);
  return plan;
}

/** The field whose name equals `key` under Go's case folding (of the release `d` reproduces), if any. */
function foldedField(d: DecodeState, plan: StructPlan, key: string): FieldDec | undefined {
  if (d.goVersion === "1.26") return plan.folded.get(foldNameV1(key));
  return (plan.folded127 ?? plan.folded).get(foldNameFor("1.27", key));
}

/**
 * Reads an object key at pos (which is at `"`) and returns its field, trying
 * the field after the previous one first (keys usually come in field order)
 * without building a string. An unmatched key is left in `d.key`.
 */
export function readFieldKey(d: DecodeState, plan: StructPlan, next: number): FieldDec | undefined {
  const fd = plan.order[next];
  if (fd !== undefined && d.text.startsWith(fd.quotedKey, d.pos)) {
    d.pos += fd.quotedKey.length;
    return fd;
  }
  const key = d.readString();
  d.key = key;
  return plan.exact.get(key) ?? foldedField(d, plan, key);
}

/**
 * The object holding field `fd` inside `cur`: walks embedded structs,
 * allocating nil embedded pointers as Go does, and pushes their names on the
 * field stack. Undefined when Go saves an error instead (nil embedded pointer
 * to an unexported struct); the field stack is then back at `stackLen`.
 */
export function fieldHolder(d: DecodeState, cur: any, fd: FieldDec, stackLen: number): any {
  const hops = fd.f.hops;
  let o = cur;
  for (let i = 0; i < hops.length - 1; i++) {
    const h = hops[i] as FieldV1["hops"][number];
    d.fieldStack[d.fsLen++] = h.name;
    if (h.type.kind === "pointer" && (o[h.name] === null || o[h.name] === undefined)) {
      if (!h.exported) {
        d.fsLen = stackLen;
        d.save(
          new GoError(
            "embedded-pointer",
            `json: cannot set embedded pointer to unexported struct: ${typeString(h.type.elem)}`,
          ),
        );
        return undefined;
      }
      o[h.name] = zeroValue(h.type.elem);
    }
    o = o[h.name];
  }
  return o;
}

/** An object member that matches no field: Go's unknown-field error (under disallowUnknownFields), then skipped. */
export function skipUnknownMember(d: DecodeState): void {
  if (d.disallowUnknownFields)
    d.save(new GoError("unknown-field", `json: unknown field ${quoteFor(d.goVersion, d.key)}`));
  d.skip();
}

export function buildStruct(t: GoType & { kind: "struct" }): Decoder {
  // Built on first use (not at compile time: recursive types reach themselves).
  let plan: StructPlan | null = null;
  return (d, cur) => {
    const c = d.text.charCodeAt(d.pos);
    if (c !== C_LBRACE) {
      if (c === C_N) {
        d.readLiteral();
        return cur;
      }
      return mismatch(d, t, cur);
    }
    if (d.depth >= DEEP_DEPTH) return d.deep(d, t, cur);
    if (plan === null) plan = structPlan(t);
    const { order, exact, assign } = plan;
    d.enter();
    d.pos++;
    d.ws();
    const text = d.text;
    if (text.charCodeAt(d.pos) !== 0x7d) {
      const stackLen = d.fsLen;
      const prevStruct = d.ctxStruct;
      let next = 0;
      // The field being decoded and its holder, for the partial value when an Abort passes.
      let fd: FieldDec | undefined;
      let o: any;
      try {
        for (;;) {
          if (text.charCodeAt(d.pos) !== C_QUOTE) throw SYNTAX_BAIL;
          // Keys usually come in field order: try the next field's exact name without building a string.
          fd = order[next];
          if (fd !== undefined && text.startsWith(fd.quotedKey, d.pos)) d.pos += fd.quotedKey.length;
          else {
            const key = d.readString();
            d.key = key;
            fd = exact.get(key) ?? foldedField(d, plan, key);
          }
          d.ws();
          if (text.charCodeAt(d.pos) !== 0x3a) throw SYNTAX_BAIL;
          d.pos++;
          d.ws();
          if (fd !== undefined) {
            next = fd.idx + 1;
            o = fd.f.hops.length === 1 ? cur : fieldHolder(d, cur, fd, stackLen);
            if (o !== undefined) {
              d.ctxStruct = t;
              d.fieldStack[d.fsLen++] = fd.f.name;
              if (o === cur && assign !== null) assign(d, o, fd.idx);
              else o[fd.last] = fd.dec(d, o[fd.last]);
              o = undefined;
            } else d.skip();
          } else skipUnknownMember(d);
          d.fsLen = stackLen;
          d.ctxStruct = prevStruct;
          d.ws();
          const e = text.charCodeAt(d.pos);
          if (e === 0x2c) {
            d.pos++;
            d.ws();
            continue;
          }
          if (e === 0x7d) break;
          throw SYNTAX_BAIL;
        }
      } catch (e) {
        // Go decodes into the field in place: what the field holds at the error stays.
        if (e instanceof Abort) {
          if (o !== undefined && fd !== undefined) o[fd.last] = partialOf(e, o[fd.last]);
          e.partial = cur;
        }
        throw e;
      }
    }
    d.pos++;
    d.depth--;
    return cur;
  };
}

/**
 * One generated function per struct that stores a decoded field under a
 * constant property name (Go field names, embedded with JSON.stringify).
 * Returns null where code generation is not allowed (CSP).
 */
/** Structs wider than this take the closures, not generated code (its size grows per field). */
const CODEGEN_MAX_FIELDS = 128;

function compileAssign(order: readonly FieldDec[]): ((d: DecodeState, o: any, idx: number) => void) | null {
  let body = "switch (i) {\n";
  order.forEach((fd, i) => {
    if (fd.f.hops.length !== 1) return;
    const k = JSON.stringify(fd.last);
    body += `case ${i}: o[${k}] = F[${i}].dec(d, o[${k}]); return;\n`;
  });
  body += "default: { const f = F[i]; o[f.last] = f.dec(d, o[f.last]); }\n}\n";
  try {
    return new Function("F", `"use strict"; return function assign(d, o, i) {\n${body}};`)(order) as (
      d: DecodeState,
      o: any,
      idx: number,
    ) => void;
  } catch {
    return null;
  }
}

/**
 * A struct's fast-path plan: its fields in order as parallel lists (a flat struct's own lists
 * are shared: no object per field), their decoders, and the name indexes (each built when a name
 * first misses the in-place guess: input in field order never needs them).
 */
interface FastPlan {
  /** JSON names. */
  readonly names: readonly string[];
  /** FLAT_* bits (FLAT_PLAIN: the name is matched in place; FLAT_QUOTED: the `,string` option). */
  readonly bits: readonly number[];
  /** The Go field holding each (the last hop): its name is the TS key. */
  readonly holders: readonly FieldHop[];
  /** Hops through embedded structs of each (undefined: a field of the struct's own); null: none has any. */
  readonly hops: readonly (readonly FieldHop[] | undefined)[] | null;
  readonly decs: FDec[];
  /** Field positions by exact name; built when a name first misses the in-place guess. */
  exact: ReadonlyMap<string, number> | null;
  /** Field positions by Go 1.26 folded name; built when a name first misses `exact`. */
  folded: ReadonlyMap<string, number> | null;
  /** Whether a field name folds differently under Go 1.27 (Unicode 17); set with `folded`. */
  foldRisk: boolean;
}

/**
 * A field position by case-insensitive name, as Go 1.26 folds names (-1: none); under Go 1.27 a
 * name (key or field) holding one of the code points whose folding changed gives up (the exact
 * engine decides).
 */
function foldedLookup(plan: FastPlan, name: string): number {
  let folded = plan.folded;
  if (folded === null) {
    // Go's typeFields keeps the first field (index order) of a folded name.
    const m = new Map<string, number>();
    const names = plan.names;
    for (let i = 0; i < names.length; i++) {
      const k = foldNameV1(names[i] as string);
      if (!m.has(k)) m.set(k, i);
    }
    plan.foldRisk = names.some((n) => hasFoldChange(n));
    plan.folded = folded = m;
  }
  if (V1.go127 && (plan.foldRisk || hasFoldChange(name))) bail();
  return folded.get(foldNameV1(name)) ?? -1;
}

/** The position of the field named `name` exactly, else by folded name (-1: none). */
function lookupField(plan: FastPlan, name: string): number {
  return exactMap(plan).get(name) ?? foldedLookup(plan, name);
}

function exactMap(plan: FastPlan): ReadonlyMap<string, number> {
  let exact = plan.exact;
  if (exact === null) {
    const m = new Map<string, number>();
    const names = plan.names;
    for (let i = 0; i < names.length; i++) m.set(names[i] as string, i);
    plan.exact = exact = m;
  }
  return exact;
}

/** Printable ASCII other than `"` and `\\` (a name matched in place). */
const PLAIN_NAME = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

function makeFastPlan(t: GoType & { kind: "struct" }): FastPlan {
  const sf = structFieldsV1(t);
  const flat = sf.flat;
  let plan: FastPlan;
  if (flat !== null) {
    plan = {
      names: flat.names,
      bits: flat.bits,
      holders: flat.fields,
      hops: null,
      decs: [],
      exact: null,
      folded: null,
      foldRisk: false,
    };
  } else {
    const list = sf.list;
    plan = {
      names: list.map((f) => f.name),
      // (the names are distinct: the in-place guess finds what the exact lookup finds)
      bits: list.map((f) => (PLAIN_NAME.test(f.name) ? FLAT_PLAIN : 0) | (f.quoted ? FLAT_QUOTED : 0)),
      holders: list.map((f) => f.hops[f.hops.length - 1] as FieldHop),
      hops: list.map((f) => (f.hops.length > 1 ? f.hops : undefined)),
      decs: [],
      exact: null,
      folded: null,
      foldRisk: false,
    };
  }
  // Decoders after the plan exists: a recursive type reaches this struct again while they compile.
  const { bits, holders, decs } = plan;
  for (let i = 0; i < holders.length; i++) {
    const ft = (holders[i] as FieldHop).type;
    decs.push(((bits[i] as number) & FLAT_QUOTED) !== 0 ? fastQuotedDecoder(ft) : fastDecoderFor(ft));
  }
  return plan;
}

/** Whether the input holds plain name `name` in quotes at `p`. */
function nameAt(text: string, p: number, name: string): boolean {
  return (
    text.charCodeAt(p) === 0x22 &&
    text.startsWith(name, p + 1) &&
    text.charCodeAt(p + 1 + name.length) === 0x22
  );
}

/** Fields after the guessed one that the table loop matches in place before it reads the name. */
const SKIP_AHEAD = 4;

/**
 * Decodes of a struct type before its decoder is generated: the first runs the table-driven loop
 * below (generating and compiling code per type would cost more than the decode itself, which is
 * all a one-shot unmarshal of many types does), later ones the generated function.
 */
const GENERATE_AFTER = 1;

export function structDecoder(t: GoType & { kind: "struct" }): FDec {
  // Built on first use: recursive types reach themselves while compiling.
  let plan: FastPlan | null = null;
  // The zero-value factory, compiled with the generated decoder (a first decode makes its value
  // by zeroValue: no factory compiled for a type decoded once).
  let mk: (() => any) | null = null;
  // Decodes so far (-1: past GENERATE_AFTER, generated or not).
  let calls = 0;
  // The generated decoder (null: not yet, or code generation is not allowed: the loop below runs).
  let gen: FDec | null = null;
  return (c, cur) => {
    if (gen !== null) return gen(c, cur);
    if (c !== LBRACE) {
      readNull(c);
      return cur;
    }
    if (plan === null) plan = makeFastPlan(t);
    if (calls >= 0 && ++calls > GENERATE_AFTER) {
      calls = -1;
      mk = zeroFn(t);
      // Wide structs keep the loop (generated code grows per field).
      if (plan.names.length <= CODEGEN_MAX_FIELDS) {
        gen = generateStruct(plan, mk);
        if (gen !== null) return gen(c, cur);
      }
    }
    const p = plan;
    const { names, bits, holders, hops, decs } = p;
    const n = names.length;
    const obj = typeof cur === "object" && cur !== null ? cur : mk !== null ? mk() : zeroValue(t);
    const text = C.t;
    if (beginObject() === END) return obj;
    let guess = 0;
    do {
      // Keys usually come in field order: the next field's name in place first, then the few
      // after it (members left out, as omitempty leaves them): no string made, no name map built.
      let k = -1;
      const last = Math.min(n, guess + SKIP_AHEAD + 1);
      for (let j = guess; j < last; j++) {
        const name = names[j] as string;
        if (((bits[j] as number) & FLAT_PLAIN) !== 0 && nameAt(text, C.p, name)) {
          C.p += name.length + 2;
          k = j;
          break;
        }
      }
      if (k < 0) k = lookupField(p, readString());
      if (k < 0) {
        if (V1.disallowUnknown) bail();
        skipValue(colon());
      } else {
        guess = k + 1;
        const key = (holders[k] as FieldHop).name;
        const via = hops === null ? undefined : hops[k];
        const h = via === undefined ? obj : fastHolder(obj, via);
        h[key] = (decs[k] as FDec)(colon(), h[key]);
      }
    } while (nextMember());
    return obj;
  };
}

/**
 * The struct decoder as one generated function (the closure loop's rules):
 * the guessed next name matched in place, then a switch on the field with
 * constant property names, so each field's load, store and decoder call site
 * sees one shape and one target. Go field names and JSON names enter the code
 * only as JSON.stringify literals. Returns null where code generation is not
 * allowed (CSP).
 */
function generateStruct(plan: FastPlan, mk: () => any): FDec | null {
  const { names, bits, holders, hops, decs } = plan;
  // The exact map as a constant of the lookup (generated code is for types decoded again).
  const exact = exactMap(plan);
  const lookup = (name: string): number => exact.get(name) ?? foldedLookup(plan, name);
  let guess = "";
  let member = "";
  names.forEach((name, i) => {
    if (((bits[i] as number) & FLAT_PLAIN) !== 0) {
      const quoted = `"${name}"`;
      guess += `case ${i}: if (${matchCode(quoted)}) { C.p = p + ${quoted.length}; i = ${i}; } break;\n`;
    }
    const k = JSON.stringify((holders[i] as FieldHop).name);
    member +=
      hops === null || hops[i] === undefined
        ? `case ${i}: o[${k}] = d${i}(colon(), o[${k}]); g = ${i + 1}; break;\n`
        : `case ${i}: { const h = holder(o, H[${i}]); h[${k}] = d${i}(colon(), h[${k}]); g = ${i + 1}; break; }\n`;
  });
  // Each decoder a constant of the closure: its call site has one known target (inlined).
  const consts = decs.map((_, i) => `const d${i} = D[${i}];\n`).join("");
  const body = `"use strict";
const { C, beginObject, nextMember, END, colon, readString, readNull, skipValue, bail } = K;
${consts}return function decodeStruct(c, cur) {
  if (c !== 0x7b) { readNull(c); return cur; }
  const o = typeof cur === "object" && cur !== null ? cur : mk();
  if (beginObject() === END) return o;
  let g = 0;
  do {
    let i = -1;
    const t = C.t;
    const u = C.b;
    const p = C.p;
    switch (g) {
${guess}    }
    if (i < 0) i = lookup(readString());
    switch (i) {
${member}    default:
      if (V1.disallowUnknown) bail();
      skipValue(colon());
    }
  } while (nextMember());
  return o;
};`;
  try {
    return new Function("K", "V1", "lookup", "holder", "mk", "D", "H", body)(
      KERNEL,
      V1,
      lookup,
      fastHolder,
      mk,
      decs,
      hops ?? [],
    ) as FDec;
  } catch {
    return null;
  }
}

/** Quoted names up to this length are matched by inline char code comparisons (longer ones would bloat the code). */
const MAX_INLINE_MATCH = 24;

/**
 * The condition that the input holds `quoted` (a printable ASCII name in quotes) at `p`, read
 * from its bytes `u`: bytes compared inline (cheaper than a startsWith call) for all but long
 * names, which the latin1 text `t` compares. The opening quote is known to be there.
 */
function matchCode(quoted: string): string {
  if (quoted.length > MAX_INLINE_MATCH) return `t.startsWith(${JSON.stringify(quoted)}, p)`;
  const parts: string[] = [];
  for (let j = 1; j < quoted.length; j++) {
    parts.push(`u[p + ${j}] === ${quoted.charCodeAt(j)}`);
  }
  return parts.join(" && ");
}

/** The embedded struct holding a promoted field, allocating nil embedded pointers as Go does. */
function fastHolder(obj: any, hops: FieldV1["hops"]): any {
  let o = obj;
  for (let i = 0; i < hops.length - 1; i++) {
    const h = hops[i] as FieldV1["hops"][number];
    if (h.type.kind === "pointer" && (o[h.name] === null || o[h.name] === undefined)) {
      // Go cannot set an embedded pointer to an unexported struct: an error for the exact engine.
      if (!h.exported) bail();
      o[h.name] = zeroValue(h.type.elem);
    }
    o = o[h.name];
  }
  return o;
}
