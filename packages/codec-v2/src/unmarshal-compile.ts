/**
 * The unmarshal plan cache: one decoder per (Go type, relevant options, field overrides), cached in
 * a WeakMap keyed by the GoType, built once. The kinds' modules recurse through `compileDecoder`;
 * the dispatch itself (unmarshal-plan.ts) registers here, so no kind module imports it back.
 */

import { type GoType, methodsVersion } from "@gojson/gotype";
import type { ResolvedOptions } from "./options.js";
import { stringTagUse } from "./string-tag.js";
import type { Dec } from "./unmarshal-deep.js";
import { invalidStringTagDecoder } from "./unmarshal-support.js";

export interface UnmarshalMode {
  readonly str: boolean;
  readonly legacyStr: boolean;
  /**
   * Go 1.27's StringTag: the field's `string` option, for the field's own value only (resolved by
   * `compile` for the type at hand, forwarded through pointers, never into elements or members).
   */
  readonly tag: boolean;
  readonly format: string;
  readonly caseMode: "" | "ignore" | "strict";
}
/** No field overrides (a top-level value, an element, a map value). */
export const NO_UNMARSHAL_MODE: UnmarshalMode = {
  str: false,
  legacyStr: false,
  tag: false,
  format: "",
  caseMode: "",
};

/**
 * How many decoders may be under construction at once (one per type on the way down a type graph).
 * A chain of declared types (T1 holds *T2, T2 holds *T3, …) is compiled this deep at a time; the next
 * type's decoder is built when a value first reaches it, so a chain of thousands of types (Go decodes
 * up to 10,000 levels of JSON, whatever the types) cannot exhaust the JS stack while compiling.
 */
export const BUILD_DEPTH = 64;
let building = 0;

let decoderCache = new WeakMap<GoType, Map<string, Dec>>();
/** gotype's methodsVersion when the cache was started: withMethods on a type used before drops every plan. */
let decoderCacheAt = methodsVersion();

/**
 * compileDecoder returns the decoder of t under o and field overrides m, from the cache or built once
 * (a recursive type meets a forwarding stub while its own decoder is being built).
 */
export function compileDecoder(t: GoType, o: ResolvedOptions, m0: UnmarshalMode): Dec {
  let m = m0;
  if (m.tag && t.kind !== "pointer") {
    // Go 1.27: what the `string` option means for this type (numbers only in v2, else an error).
    const use = stringTagUse(t, o, "unmarshal");
    if (use === "error") return invalidStringTagDecoder(t, o);
    m = { ...m, tag: false, str: m.str || use === "number", legacyStr: use === "legacy" };
  }
  const key = `${o.key}|${m.str ? 1 : 0}${m.legacyStr ? 1 : 0}${m.tag ? 1 : 0}|${m.format}`;
  const mv = methodsVersion();
  if (mv !== decoderCacheAt) {
    decoderCache = new WeakMap();
    decoderCacheAt = mv;
  }
  let per = decoderCache.get(t);
  if (!per) {
    per = new Map();
    decoderCache.set(t, per);
  }
  const hit = per.get(key);
  if (hit) return hit;
  if (building >= BUILD_DEPTH) return deferredDecoder(t, o, m0);
  let real: Dec | undefined;
  const fwd: Dec = (r, cur) => (real as Dec)(r, cur);
  // A recursive type's inner references reach the real decoder's deep-path `open` through the stub.
  fwd.open = (r, cur) => {
    const d = real as Dec;
    return d.open !== undefined ? d.open(r, cur) : d(r, cur);
  };
  per.set(key, fwd);
  building++;
  try {
    real = buildDecoder(t, o, m);
  } catch (e) {
    // A build that failed (a stack exhausted mid-compile) must not leave its stub cached: the
    // next call would reach a decoder that was never built.
    if (per.get(key) === fwd) per.delete(key);
    throw e;
  } finally {
    building--;
  }
  if (real.open === undefined) fwd.open = undefined;
  per.set(key, real);
  return real;
}

/**
 * deferredDecoder stands for t's decoder past BUILD_DEPTH: it compiles (from the cache, or built
 * then, BUILD_DEPTH levels further) on its first use. Its `open` is always there: the deep path
 * treats a value it returns like any decoder's value.
 */
function deferredDecoder(t: GoType, o: ResolvedOptions, m: UnmarshalMode): Dec {
  let real: Dec | undefined;
  const get = (): Dec => {
    if (real === undefined) real = compileDecoder(t, o, m);
    return real;
  };
  const dec: Dec = (r, cur) => get()(r, cur);
  dec.open = (r, cur) => {
    const d = get();
    return d.open !== undefined ? d.open(r, cur) : d(r, cur);
  };
  return dec;
}

let buildDecoder: (t: GoType, o: ResolvedOptions, m: UnmarshalMode) => Dec = () => {
  throw new Error(
    "gojson codec-v2: unmarshal plans are used before unmarshal-plan.ts registered its dispatch",
  );
};

/** registerDecoderBuild installs the kind dispatch (unmarshal-plan.ts, once when it loads). */
export function registerDecoderBuild(build: (t: GoType, o: ResolvedOptions, m: UnmarshalMode) => Dec): void {
  buildDecoder = build;
}
