/**
 * The marshal plan cache: one encoder per (Go type, relevant options, field overrides), cached in a
 * WeakMap keyed by the GoType, built once. The kinds' modules recurse through `compileEncoder`;
 * the dispatch itself (marshal-plan.ts) registers here, so no kind module imports it back.
 */

import { type GoType, methodsVersion } from "@gojson/gotype";
import type { Enc } from "./marshal-deep.js";
import { invalidStringTagEncoder } from "./marshal-support.js";
import type { ResolvedOptions } from "./options.js";
import { stringTagUse } from "./string-tag.js";

/** Per-field overrides that change a type's representation. */
export interface MarshalMode {
  readonly addr: boolean;
  /** `string` tag (v2: numbers, recursively; legacy: also bools and strings, not recursive). */
  readonly str: boolean;
  readonly format: string;
  /** Set for a `string`-tagged field under legacy semantics (quote bool/string/number once). */
  readonly legacyStr: boolean;
  /** Go 1.27's StringTag: the field's `string` option, resolved by `compileEncoder` (string-tag.ts). */
  readonly tag: boolean;
}

/** No field overrides (a top-level value, an element, a map value). */
export const NO_MARSHAL_MODE: MarshalMode = {
  addr: false,
  str: false,
  format: "",
  legacyStr: false,
  tag: false,
};

/** How many encoders may be under construction at once (see unmarshal-compile.ts's BUILD_DEPTH). */
const BUILD_DEPTH = 64;
let building = 0;

let encoderCache = new WeakMap<GoType, Map<string, Enc>>();
/** gotype's methodsVersion when the cache was started: withMethods on a type used before drops every plan. */
let encoderCacheAt = methodsVersion();

/**
 * compileEncoder returns the encoder of t under o and field overrides m, from the cache or built once
 * (a recursive type meets a forwarding stub while its own encoder is being built).
 */
export function compileEncoder(t: GoType, o: ResolvedOptions, m0: MarshalMode): Enc {
  let m = m0;
  if (m.tag && t.kind !== "pointer") {
    // Go 1.27: what the `string` option means for this type (numbers only in v2, else an error).
    const use = stringTagUse(t, o, "marshal", !o.flags.callMethodsWithLegacySemantics || m.addr);
    if (use === "error") return invalidStringTagEncoder(t);
    m = { ...m, tag: false, str: m.str || use === "number", legacyStr: use === "legacy" };
  }
  const key = `${o.key}|${m.addr ? 1 : 0}${m.str ? 1 : 0}${m.legacyStr ? 1 : 0}${m.tag ? 1 : 0}|${m.format}`;
  const mv = methodsVersion();
  if (mv !== encoderCacheAt) {
    encoderCache = new WeakMap();
    encoderCacheAt = mv;
  }
  let per = encoderCache.get(t);
  if (!per) {
    per = new Map();
    encoderCache.set(t, per);
  }
  const hit = per.get(key);
  if (hit) return hit;
  if (building >= BUILD_DEPTH) return deferredEncoder(t, o, m0);
  let real: Enc | undefined;
  const fwd: Enc = (v) => (real as Enc)(v);
  // A recursive type's inner references reach the real encoder's deep-path frame through the stub.
  fwd.frame = (v) => {
    const r = real as Enc;
    return r.frame !== undefined ? r.frame(v) : r(v);
  };
  per.set(key, fwd);
  building++;
  try {
    real = buildEncoder(t, o, m);
  } catch (e) {
    // A build that failed must not leave its stub cached (see unmarshal-compile.ts).
    if (per.get(key) === fwd) per.delete(key);
    throw e;
  } finally {
    building--;
  }
  if (real.frame === undefined) fwd.frame = undefined;
  per.set(key, real);
  return real;
}

/**
 * deferredEncoder stands for t's encoder past BUILD_DEPTH: a chain of declared types compiles the
 * next stretch when a value first reaches it, so thousands of types do not exhaust the JS stack.
 */
function deferredEncoder(t: GoType, o: ResolvedOptions, m: MarshalMode): Enc {
  let real: Enc | undefined;
  const get = (): Enc => {
    if (real === undefined) real = compileEncoder(t, o, m);
    return real;
  };
  const enc: Enc = (v) => get()(v);
  enc.frame = (v) => {
    const e = get();
    return e.frame !== undefined ? e.frame(v) : e(v);
  };
  return enc;
}

let buildEncoder: (t: GoType, o: ResolvedOptions, m: MarshalMode) => Enc = () => {
  throw new Error("gojson codec-v2: marshal plans are used before marshal-plan.ts registered its dispatch");
};

/** registerEncoderBuild installs the kind dispatch (marshal-plan.ts, once when it loads). */
export function registerEncoderBuild(build: (t: GoType, o: ResolvedOptions, m: MarshalMode) => Enc): void {
  buildEncoder = build;
}
