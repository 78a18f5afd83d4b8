/**
 * What the unmarshal kind modules (unmarshal-scalar, -slice, -map, -struct,
 * -string-tag, -any) share: the plan caches of both engines, through which
 * they recurse into element types, and the exact engine's mismatch rule.
 * unmarshal-plan.ts (exact) and unmarshal-fast.ts (fast) register their
 * builders here when they load, so no kind module imports a dispatcher
 * (a kind module imported by its dispatcher would close an import circle).
 */
import { type DecodeState, SYNTAX_BAIL } from "./decode-state.js";
import type { GoType } from "./deps.js";
import { bail } from "./deps.js";
import { findMethod } from "./methods.js";
import { PlanCache } from "./plan-cache.js";
import { zeroValue } from "./zero.js";

/** Bytes the fast decoders dispatch on (the kernel's). */
export { COMMA, F_, LBRACE, LBRACKET, N, Q, RBRACE, RBRACKET, T_ } from "./deps.js";

/**
 * The fast path's v1 semantics that the kernel's cursor does not carry (set per call by
 * unmarshalFast): Decoder.DisallowUnknownFields (an unknown member gives up, the exact engine
 * reports it), and whether Go 1.27 is reproduced (Unicode 17 case folding: names holding
 * changed code points give up).
 */
export const V1 = { disallowUnknown: false, go127: true };

/** A compiled decoder: reads the value at `d.pos` and returns the destination's new value. */
export type Decoder = (d: DecodeState, cur: any) => any;

const cache = new PlanCache<Decoder>();

/** Builds the exact decoder of a type: unmarshal-plan.ts's switch over kinds, registered when it loads. */
let buildExact: (t: GoType) => Decoder = unregistered;

/** Builds the fast decoder of a type: unmarshal-fast.ts's switch over kinds, registered when it loads. */
let buildFast: (t: GoType) => FDec = unregistered;

function unregistered(): never {
  throw new Error("gojson codec-v1: an unmarshal plan was asked for before its engine loaded");
}

/** Registers the exact engine's builder (unmarshal-plan.ts) and the fast one (unmarshal-fast.ts). */
export function registerBuilders(b: { exact?: (t: GoType) => Decoder; fast?: (t: GoType) => FDec }): void {
  if (b.exact !== undefined) buildExact = b.exact;
  if (b.fast !== undefined) buildFast = b.fast;
}

/** Longest chain of pointers to pointers followed without reading input (guards `type P *P`). */
export const MAX_POINTER_CHAIN = 1000;

/** The compiled decoder for `t`. */
export function decoderFor(t: GoType): Decoder {
  let dec = cache.get(t);
  if (dec === undefined) {
    let built: Decoder | undefined;
    cache.set(t, (d, v) => (built as Decoder)(d, v));
    built = buildExact(t);
    cache.set(t, built);
    dec = built;
  }
  return dec;
}

/** Char codes the exact decoders dispatch on. */
export const C_QUOTE = 0x22;
export const C_LBRACE = 0x7b;
export const C_LBRACKET = 0x5b;
export const C_N = 0x6e;
export const C_T = 0x74;
export const C_F = 0x66;

/** The JSON kind of the value at `d.pos` (Go names it in type errors). */
function valueKindAt(d: DecodeState): "string" | "object" | "array" | "null" | "bool" | "number" {
  const c = d.text.charCodeAt(d.pos);
  if (c === C_QUOTE) return "string";
  if (c === C_LBRACE) return "object";
  if (c === C_LBRACKET) return "array";
  if (c === C_N) return "null";
  if (c === C_T || c === C_F) return "bool";
  if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return "number";
  throw SYNTAX_BAIL;
}

/** Skips the value at pos after saving Go's UnmarshalTypeError for it. */
export function mismatch(d: DecodeState, t: GoType | string, cur: any): any {
  const k = valueKindAt(d);
  if (k === "object" || k === "array") {
    d.typeError(k, t, d.pos + 1);
    d.skip();
    return cur;
  }
  if (k === "null") {
    d.readLiteral();
    return cur;
  }
  d.skip();
  d.typeError(k, t, d.pos);
  return cur;
}

/** Whether `t` can have methods of its own (not a pointer or interface). */
export function hasMethods(t: GoType): boolean {
  return t.kind !== "pointer" && t.kind !== "interface";
}

/**
 * A fast decoder: reads the value whose first char code is `c` (at C.p, after
 * whitespace) into a destination holding `cur` and returns the destination's
 * new value (as the exact engine's decoders do); leaves C.p just after the value.
 */
export type FDec = (c: number, cur: any) => any;

/** The decoder of types the fast path leaves to the exact engine: gives up when a value reaches it. */
export const GIVE_UP: FDec = () => bail();

const fastCache = new PlanCache<FDec>();

/** The fast decoder of `t` (cached per type; GIVE_UP when no value of `t` is for the fast path). */
export function fastDecoderFor(t: GoType): FDec {
  let dec = fastCache.get(t);
  if (dec === undefined) {
    let built: FDec | undefined;
    fastCache.set(t, (c, cur) => (built as FDec)(c, cur));
    built = buildFast(t);
    fastCache.set(t, built);
    dec = built;
  }
  return dec;
}

/** Whether `t` has UnmarshalJSON or UnmarshalText of its own (pointers and interfaces have none). */
export function hasUnmarshalMethod(t: GoType): boolean {
  if (t.kind === "pointer" || t.kind === "interface") return false;
  return findMethod(t, "UnmarshalJSON") !== null || findMethod(t, "UnmarshalText") !== null;
}

/** Marks a zero value that is an object (made fresh each time). */
export const NOT_PRIMITIVE: unique symbol = Symbol("gojson.v1.notPrimitive");

/** The zero value of `t` when it is a primitive (shared safely), else NOT_PRIMITIVE. */
export function primitiveZero(t: GoType): unknown {
  const z = zeroValue(t);
  return z === null || typeof z !== "object" ? z : NOT_PRIMITIVE;
}
