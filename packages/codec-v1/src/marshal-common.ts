/**
 * What the marshal kind modules (marshal-scalar, -slice, -map, -struct,
 * -empty, -any, -methods) share: the encoder state, Go's cycle detection, the
 * deep-value deferral, and the plan caches of both engines through which they
 * recurse into element types. marshal-plan.ts (the general encoder) and
 * marshal-fast.ts (the byte path) register their builders here when they
 * load, so no kind module imports a dispatcher.
 */

import type { GoType } from "./deps.js";
import { type FastWriter, INT53_MAX_BYTES, NUM_IN, safeBigintIn, writeInt53In } from "./deps.js";
import { UnsupportedValueError } from "./errors.js";
import type { GoVersion } from "./go-version.js";
import { ptrHas } from "./methods.js";
import { PlanCache } from "./plan-cache.js";

/** Pointer/map/slice nesting after which the encoder starts looking for cycles (Go's startDetectingCyclesAfter). */
export const START_DETECTING_CYCLES_AFTER = 1000;

/**
 * Pointer/slice/map nesting at which the encoder stops recursing and defers
 * the rest of the value (a DeferredValue) to a pass of its own, so values
 * nested thousands deep never exhaust the JavaScript stack. Every cycle of
 * Go types passes through a pointer, slice or map, so counting those bounds
 * the recursion.
 */
export const DEEP_ENCODE_DEPTH = 300;

/** A value whose encoding was deferred past DEEP_ENCODE_DEPTH; its text goes at `at` in the output. */
export interface DeferredValue {
  readonly at: number;
  readonly enc: Encoder;
  readonly v: unknown;
  /** Go's cycle-detection state (ptrLevel and the pointers on the path) at that point. */
  readonly ptrLevel: number;
  readonly seen: readonly unknown[] | null;
}

/** Encoder state for one marshal call (or one deferred pass of it). */
export interface EncodeState {
  out: string;
  readonly html: boolean;
  /** The Go release reproduced (quoting in error texts). */
  readonly goVersion: GoVersion;
  ptrLevel: number;
  ptrSeen: Set<unknown> | null;
  /** Pointer/slice/map nesting in this pass. */
  depth: number;
  /** Values deferred by this pass, in output order. */
  deferred: DeferredValue[] | null;
}

const recursiveCache = new PlanCache<boolean>();

/**
 * Whether values of type `t` can contain values of type `t` (a cycle of Go
 * types). Only such types nest deeper than their declarations, so only their
 * encoders count depth.
 */
export function isRecursive(t: GoType): boolean {
  let r = recursiveCache.get(t);
  if (r !== undefined) return r;
  const seen = new Set<GoType>();
  const work: GoType[] = [...children(t)];
  r = false;
  while (work.length > 0) {
    const u = work.pop() as GoType;
    if (u === t) {
      r = true;
      break;
    }
    if (seen.has(u)) continue;
    seen.add(u);
    work.push(...children(u));
  }
  recursiveCache.set(t, r);
  return r;
}

function children(t: GoType): GoType[] {
  switch (t.kind) {
    case "pointer":
    case "slice":
    case "array":
      return [t.elem];
    case "map":
      return [t.key, t.elem];
    case "struct":
      return t.fields.map((f) => f.type);
    default:
      return [];
  }
}

/** Defers encoding `v` with `enc` to a later pass (see DEEP_ENCODE_DEPTH). */
export function deferDeep(e: EncodeState, enc: Encoder, v: unknown): void {
  e.depth--;
  const job: DeferredValue = {
    at: e.out.length,
    enc,
    v,
    ptrLevel: e.ptrLevel,
    seen: e.ptrSeen === null ? null : [...e.ptrSeen],
  };
  if (e.deferred === null) e.deferred = [job];
  else e.deferred.push(job);
}

/** A compiled encoder: appends the JSON for `v` to `e.out`. */
export type Encoder = (e: EncodeState, v: any) => void;

const cache = new PlanCache<(Encoder | undefined)[]>();

/** Builds the general encoder of a type: marshal-plan.ts's switch over kinds, registered when it loads. */
let buildExact: (t: GoType, addr: boolean, quoted: boolean) => Encoder = unregistered;

/** Builds the byte-path encoder of a type (null: not for the byte path): marshal-fast.ts's, registered when it loads. */
let buildFast: (t: GoType) => ByteEncoder | null = unregistered;

function unregistered(): never {
  throw new Error("gojson codec-v1: a marshal plan was asked for before its engine loaded");
}

/** Registers the general encoder's builder (marshal-plan.ts) and the byte path's (marshal-fast.ts). */
export function registerBuilders(b: {
  exact?: (t: GoType, addr: boolean, quoted: boolean) => Encoder;
  fast?: (t: GoType) => ByteEncoder | null;
}): void {
  if (b.exact !== undefined) buildExact = b.exact;
  if (b.fast !== undefined) buildFast = b.fast;
}

/** The compiled encoder for `t`; `addr`: the value is addressable; `quoted`: the `,string` option is in effect. */
export function encoderFor(t: GoType, addr: boolean, quoted: boolean): Encoder {
  let slots = cache.get(t);
  if (slots === undefined) {
    slots = [];
    cache.set(t, slots);
  }
  const k = (addr ? 1 : 0) | (quoted ? 2 : 0);
  let enc = slots[k];
  if (enc === undefined) {
    // Recursive types: install an indirection before building.
    let built: Encoder | undefined;
    slots[k] = (e, v) => (built as Encoder)(e, v);
    built = buildExact(t, addr, quoted);
    slots[k] = built;
    enc = built;
  }
  return enc;
}

const pointerKeys = new WeakMap<object, Map<string, object>>();

/**
 * The cycle-detection key of a pointer of type `ts` to `v`. In TypeScript a
 * pointer is the value it points to, so a `*M` to a map (or a `*[]T` to a
 * slice) is the same object as the map; Go keys pointers by (type, address)
 * and maps and slices by their own data pointers, so a pointer must not find
 * its map or slice in the seen set (Go reports `type MN map[string]*MN`'s cycle
 * via `main.MN`, not `*main.MN`). One stable token per (object, pointer type).
 */
export function pointerKey(v: object, ts: string): object {
  let byType = pointerKeys.get(v);
  if (byType === undefined) pointerKeys.set(v, (byType = new Map()));
  let key = byType.get(ts);
  if (key === undefined) byType.set(ts, (key = {}));
  return key;
}

export function enterCycleCheck(e: EncodeState, v: unknown, ts: string): void {
  if (e.ptrSeen === null) e.ptrSeen = new Set();
  if (e.ptrSeen.has(v)) throw new UnsupportedValueError(`encountered a cycle via ${ts}`);
  e.ptrSeen.add(v);
}

/** Container nesting (slices, arrays, maps, pointers, structs, `any`) past which the byte path bails out. */
export const BYTES_MAX_DEPTH = 200;

/** Thrown to leave the byte path; marshal then runs the general encoder. */
export const BAIL: unique symbol = Symbol("gojson.codec-v1.bail");

/** A compiled byte encoder: writes the JSON for `v`, or throws BAIL. */
/** The 64-bit integer kinds' ranges (a bigint outside its kind's range bails). */
const I64_MIN = -(1n << 63n);
const I64_MAX = (1n << 63n) - 1n;
const U64_MAX = (1n << 64n) - 1n;

/**
 * Writes bigint `v` of a 64-bit integer kind (`unsigned`: uint, uint64, uintptr; else int,
 * int64) as String(v) does: below 2^53 in magnitude digit by digit, with no string made; a
 * value out of the kind's range bails out.
 */
export function writeBig(w: FastWriter, v: bigint, unsigned: boolean): void {
  if (!safeBigintIn(v) || (unsigned && (NUM_IN[0] as number) < 0)) {
    writeBigText(w, v, unsigned);
    return;
  }
  w.room(INT53_MAX_BYTES);
  w.pos = writeInt53In(w.buf, w.pos);
}

/** A 64-bit word and its two 32-bit halves (HI, LO: their indexes in this machine's byte order). */
const U64 = new BigUint64Array(1);
const U64_HALVES = new Uint32Array(U64.buffer);
const LITTLE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const HI = LITTLE ? 1 : 0;
const LO = LITTLE ? 0 : 1;

/**
 * writeBig's rare case, out of line: |v| >= 2^53 (64-bit IDs), or negative for an unsigned kind
 * (bails). A non-negative v is written from its two 32-bit halves with no string made: v = q·10^8
 * + r, q (< 2^53) from the double nearest v, off by at most one, set right by the exact remainder
 * (computed modulo 2^32).
 */
function writeBigText(w: FastWriter, v: bigint, unsigned: boolean): void {
  if (unsigned ? v < 0n || v > U64_MAX : v < I64_MIN || v > I64_MAX) throw BAIL;
  if (v < 0n) {
    w.ascii(String(v));
    return;
  }
  U64[0] = v;
  const hi = U64_HALVES[HI] as number;
  const lo = U64_HALVES[LO] as number;
  let q = Math.floor((hi * 4294967296 + lo) / 1e8);
  let r = (lo - Math.imul((q % 4294967296) | 0, 1e8)) | 0;
  if (r < 0) {
    q--;
    r += 1e8;
  } else if (r >= 1e8) {
    q++;
    r -= 1e8;
  }
  NUM_IN[0] = q;
  w.room(INT53_MAX_BYTES + 8);
  const b = w.buf;
  const p = writeInt53In(b, w.pos);
  for (let k = p + 7; k >= p; k--) {
    const t = (r / 10) | 0;
    b[k] = 0x30 + r - t * 10;
    r = t;
  }
  w.pos = p + 8;
}

export type ByteEncoder = (w: FastWriter, v: any) => void;

const byteCache = new PlanCache<ByteEncoder | null>();
/** How many byte encoders may be under construction at once (one per type down a type graph). */
const BYTE_BUILD_DEPTH = 64;
let byteBuilding = 0;
/** The types under construction, each with the stub a recursive type reaches itself through. */
const building = new Map<GoType, { stub: ByteEncoder; reached: boolean }>();
/** The types cached since the outermost construction began, in order (see byteEncoderFor). */
const builtNow: GoType[] = [];

/**
 * The byte encoder for `t`, or null when the type is outside the byte path (see marshal-fast.ts).
 * A recursive type reaches itself through a stub while it is built; when it fails after that,
 * the encoders cached since it began may hold the stub and are dropped (they are built again
 * when asked for, and then see the failure). Every container counts depth, so a value that
 * nests deeper than BYTES_MAX_DEPTH (a cycle among them) bails to the general encoder.
 */
export function byteEncoderFor(t: GoType): ByteEncoder | null {
  const c = byteCache.get(t);
  if (c !== undefined) return c;
  const b = building.get(t);
  if (b !== undefined) {
    b.reached = true;
    return b.stub;
  }
  // A chain of declared types deeper than BYTE_BUILD_DEPTH is left to the general encoder
  // (uncached: a shallower start may still take the byte path).
  if (byteBuilding >= BYTE_BUILD_DEPTH) return null;
  let real: ByteEncoder | null = null;
  const self = { stub: ((w, v) => (real as ByteEncoder)(w, v)) as ByteEncoder, reached: false };
  building.set(t, self);
  const mark = builtNow.length;
  byteBuilding++;
  try {
    real = buildFast(t);
  } finally {
    byteBuilding--;
    building.delete(t);
    if (real === null && self.reached) {
      for (let i = mark; i < builtNow.length; i++) byteCache.delete(builtNow[i] as GoType);
      builtNow.length = mark;
    }
  }
  byteCache.set(t, real);
  if (byteBuilding === 0) builtNow.length = 0;
  else builtNow.push(t);
  return real;
}

/** Whether `t` or `*t` has MarshalJSON or MarshalText (declared or promoted). */
export function hasMarshalMethods(t: GoType): boolean {
  return (
    t.kind !== "pointer" && t.kind !== "interface" && (ptrHas(t, "MarshalJSON") || ptrHas(t, "MarshalText"))
  );
}
