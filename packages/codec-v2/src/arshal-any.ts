/**
 * Interfaces, marshal and unmarshal: `any` (dynamic values, written and read iteratively to Go's
 * depth limit), named empty interfaces (Go's typed path), and the types JSON cannot hold (func, chan,
 * complex, non-empty interfaces). Go: arshal_any.go and arshal_default.go's interface arshaler.
 */

import {
  assertResolved,
  GoTime,
  type GoType,
  JsonNumber,
  jsonNumber,
  mapOf,
  sliceOf,
  T,
} from "@gojson/gotype";
import { formatFloat, type Kind, MAX_NESTING_DEPTH } from "@gojson/jsontext";
import { utf8Length } from "@gojson/jsontext/internal";
import { compareUTF8 } from "./arshal-maps.js";
import { numberText, unsupportedNumber } from "./arshal-scalars.js";
import { encodeBytes } from "./bytes-format.js";
import {
  escapePointerToken,
  hasPartial,
  noteWrittenInside,
  partialOf,
  prefixMarshalPointer,
  prefixPointer,
  SemanticError,
  setPartial,
  syntacticError,
} from "./errors.js";
import { describeValue, InvalidValueError } from "./invalid-value.js";
import type { MarshalMode } from "./marshal-compile.js";
import { CYCLE_DETECTION_DEPTH, type Enc, ms } from "./marshal-deep.js";
import { isDepthError, marshalErr } from "./marshal-support.js";
import type { ResolvedOptions } from "./options.js";
import { quotePolicyFor, quoteWith } from "./quote.js";
import type { Reader } from "./reader.js";
import { compileDecoder, NO_UNMARSHAL_MODE } from "./unmarshal-compile.js";
import type { Dec } from "./unmarshal-deep.js";
import { afterErr, fail, isPlainObject, mismatch, readName, setOwn } from "./unmarshal-support.js";

/**
 * The encoder of func, chan, complex and unsafe.Pointer (Go's unsupported kinds): an error for
 * every value, nil included (`cannot marshal from Go func()`; v1's `unsupported type: func()`).
 * A type gotype could not resolve is gotype's error when a value reaches it.
 */
export function opaqueEncoder(t: GoType & { kind: "interface" }): Enc {
  if (t.opaque?.kind === "unresolved")
    return () => {
      assertResolved(t);
      throw new Error("gojson codec-v2: unresolved type");
    };
  return () => {
    throw new SemanticError({ action: "marshal", goType: t });
  };
}

/** A container being written by the iterative any encoder. */
interface AnyFrame {
  readonly ref: object;
  readonly isObj: boolean;
  readonly keys: string[] | null;
  readonly vals: unknown[];
  i: number;
}

/**
 * anyEncoder encodes `any` (Go's interface{}) values: JS arrays as []any, plain
 * objects and Maps as map[string]any. Iterative (an explicit stack), with
 * jsontext's MAX_NESTING_DEPTH (`exceeded max depth`) and Go's cycle detection
 * past depth 1000 (`encountered a cycle`), so deep or cyclic values cannot
 * overflow the JS stack.
 */
export function anyEncoder(o: ResolvedOptions, m: MarshalMode): Enc {
  const f = o.flags;
  const pol = quotePolicyFor(o);
  const det = f.deterministic;
  const str = m.str;
  /** The text of a non-container value, or undefined for a container. */
  const scalar = (v: unknown): string | undefined => {
    if (v === null || v === undefined) return "null";
    switch (typeof v) {
      case "boolean":
        return v ? "true" : "false";
      case "string":
        return quoteWith(v, pol);
      case "number":
        if (!Number.isFinite(v)) throw unsupportedNumber(v);
        return str ? `"${formatFloat(v, 64)}"` : formatFloat(v, 64);
      case "bigint":
        return str ? `"${v}"` : String(v);
      case "object":
        if (Array.isArray(v)) return undefined;
        if (v instanceof Uint8Array) return `"${encodeBytes(v, "base64")}"`;
        if (GoTime.isInstance(v)) return `"${v.format()}"`;
        if (JsonNumber.isInstance(v))
          return numberText(jsonNumber, v.text, str, f.reportErrorsWithLegacySemantics);
        return undefined;
      default:
        throw marshalErr(undefined, `unsupported value: ${typeof v}`);
    }
  };
  const frameOf = (v: object): AnyFrame => {
    if (Array.isArray(v)) return { ref: v, isObj: false, keys: null, vals: v, i: 0 };
    const entries: [string, unknown][] = v instanceof Map ? mapEntries(v) : Object.entries(v);
    if (det) entries.sort((a, b) => compareUTF8(a[0], b[0]));
    return { ref: v, isObj: true, keys: entries.map((e) => e[0]), vals: entries.map((e) => e[1]), i: 0 };
  };
  return (v0) => {
    const s0 = scalar(v0);
    if (s0 !== undefined) return s0;
    const stack: AnyFrame[] = [];
    const seen = new Set<object>();
    // Nesting of the enclosing typed value (an `any` inside a deep struct counts from there).
    const base = ms.depth;
    let out = "";
    const pointerOf = (n: number): string => {
      let p = "";
      for (let j = 0; j < n; j++) {
        const fr = stack[j] as AnyFrame;
        p += `/${fr.isObj ? escapePointerToken((fr.keys as string[])[fr.i - 1] as string) : fr.i - 1}`;
      }
      return p;
    };
    const enter = (v: object): void => {
      const n = base + stack.length;
      if (n >= CYCLE_DETECTION_DEPTH) {
        if (seen.has(v))
          throw new SemanticError({
            action: "marshal",
            goType: Array.isArray(v) ? SLICE_OF_ANY : MAP_OF_ANY,
            jsonPointer: pointerOf(stack.length),
            byteOffset: utf8Length(out),
            cause: "encountered a cycle",
          });
        seen.add(v);
      }
      if (n >= MAX_NESTING_DEPTH)
        throw syntacticError("exceeded max depth", utf8Length(out), pointerOf(stack.length));
      const fr = frameOf(v);
      stack.push(fr);
      out += fr.isObj ? "{" : "[";
    };
    try {
      enter(v0 as object);
      while (stack.length > 0) {
        const fr = stack[stack.length - 1] as AnyFrame;
        if (fr.i >= fr.vals.length) {
          out += fr.isObj ? "}" : "]";
          stack.pop();
          if (base + stack.length >= CYCLE_DETECTION_DEPTH) seen.delete(fr.ref);
          continue;
        }
        const i = fr.i++;
        if (i > 0) out += ",";
        if (fr.isObj) out += `${quoteWith((fr.keys as string[])[i] as string, pol)}:`;
        const v = fr.vals[i];
        const s = scalar(v);
        if (s !== undefined) out += s;
        else enter(v as object);
      }
    } catch (e) {
      let err = e;
      if (!(SemanticError.isInstance(e) && e.cause === "encountered a cycle") && !isDepthError(e)) {
        for (let j = stack.length - 1; j >= 0; j--) {
          const fr = stack[j] as AnyFrame;
          const seg = fr.isObj ? ((fr.keys as string[])[fr.i - 1] as string) : String(fr.i - 1);
          err = prefixMarshalPointer(err, seg);
        }
        // What Go had written (returned with the error by json/v2's Marshal).
        noteWrittenInside(err, out);
      }
      throw err;
    }
    return out;
  };
}

/** The members of a Map under `any`; keys that are not strings must not write the same name twice. */
function mapEntries(v: Map<unknown, unknown>): [string, unknown][] {
  const entries: [string, unknown][] = [];
  let plain = true;
  for (const [k, x] of v) {
    if (typeof k !== "string") plain = false;
    entries.push([anyKey(k), x]);
  }
  if (!plain) {
    const seen = new Set<string>();
    for (const [k] of entries) {
      if (seen.has(k))
        throw new InvalidValueError(
          T.any,
          "map keys whose texts differ",
          `two keys written ${JSON.stringify(k)}`,
        );
      seen.add(k);
    }
  }
  return entries;
}

/** The member name of a Map key under `any` (Go's map keys: strings, integers, finite floats). */
function anyKey(k: unknown): string {
  if (typeof k === "string") return k;
  if (typeof k === "bigint" || (typeof k === "number" && Number.isFinite(k))) return String(k);
  throw new InvalidValueError(T.any, "string, integer or finite number as map key", describeValue(k));
}

const SLICE_OF_ANY: GoType = sliceOf(T.any);
const MAP_OF_ANY: GoType = mapOf(T.string, T.any);

/**
 * The decoder of a type JSON cannot hold: func, chan, complex, unsafe.Pointer (Go's unsupported
 * kinds) and non-empty interfaces (no concrete type to allocate). v2 fails on any value (null too
 * for the unsupported kinds: `cannot unmarshal into Go func()`); legacy error reporting (v1) takes
 * null (a non-empty interface becomes nil) and reports any other value as a type mismatch, going
 * on. A type gotype could not resolve is gotype's error when a value reaches it.
 */
export function opaqueDecoder(t: GoType & { kind: "interface" }, o: ResolvedOptions): Dec {
  if (t.opaque?.kind === "unresolved")
    return () => {
      assertResolved(t);
      throw new Error("gojson codec-v2: unresolved type");
    };
  const iface = t.opaque === undefined;
  const legacy = o.flags.reportErrorsWithLegacySemantics;
  return (r, cur) => {
    const d = r.d;
    const k = d.peekKind();
    if (k === "n" && (legacy || iface)) {
      d.readNull();
      return iface ? null : cur;
    }
    if (legacy || k === "}" || k === "]" || k === "") return mismatch(r, o, t, cur, k);
    const start = d.inputOffset;
    const cause = iface ? "cannot derive concrete type for nil interface with finite type set" : undefined;
    throw new SemanticError({ action: "unmarshal", goType: t, byteOffset: r.valueStart(start), cause });
  };
}

/** Objects under `any` that Go decodes with its typed map arshaler (names read as whole values). */
const TYPED_OBJECTS = new WeakSet<object>();

const FLOAT64: GoType = T.float64;
/** The Go types of the dynamic values an `any` holds (named in type-mismatch errors when merging). */
const ANY_MAP: GoType = mapOf(T.string, T.any);
const ANY_SLICE: GoType = sliceOf(T.any);

/**
 * dynamicType returns the Go type of a non-nil value held by `any` (what Go's interface
 * arshaler decodes into when the interface is not nil), or undefined when a fresh value is made.
 */
function dynamicType(v: unknown): GoType | undefined {
  switch (typeof v) {
    case "boolean":
      return T.bool;
    case "string":
      return T.string;
    case "number":
      return FLOAT64;
    default:
      if (Array.isArray(v)) return ANY_SLICE;
      if (isPlainObject(v)) return ANY_MAP;
      return undefined;
  }
}

/** Whether a JSON value of kind k fits the dynamic Go type dt (otherwise Go reports a mismatch). */
function fitsDynamic(dt: GoType, k: Kind): boolean {
  switch (dt) {
    case ANY_MAP:
      return k === "{";
    case ANY_SLICE:
      return k === "[";
    case T.bool:
      return k === "t" || k === "f";
    case T.string:
      return k === '"';
    default:
      return k === "0";
  }
}

/**
 * anyDecoder decodes into `any` (Go's interface{}): objects → plain objects,
 * arrays → arrays, numbers → float64 (or JsonNumber). Iterative: nesting is an
 * explicit stack, so depth is bounded only by jsontext's MAX_NESTING_DEPTH.
 *
 * As Go's interface arshaler: null makes nil; a nil interface gets a fresh value; a non-nil one
 * is decoded into with its dynamic type's rules (v2): a map merges its members (recursively, each
 * member's value again by its own dynamic type), anything else is replaced, and a JSON kind that does
 * not fit the dynamic type is a mismatch (`cannot unmarshal JSON array into Go map[string]interface {}`).
 * Legacy merge semantics (v1) always start from nil. A failed value leaves what Go holds: a fresh
 * container keeps what was decoded, a fresh scalar or array element that failed is nil.
 */
/**
 * `str`: StringifyNumbers is in effect (the option, or a `string` field holding the value).
 * `named`: a named empty interface (`type NA any`), which Go never decodes through its fast
 * path for `any`: a fresh scalar that fails holds its kind's zero value (`""`, false), as
 * with allowDuplicateNames.
 */
export function anyDecoder(o: ResolvedOptions, str: boolean, named: boolean): Dec {
  const f = o.flags;
  const rawNum = f.unmarshalAnyWithRawNumber;
  const merge = !f.mergeWithLegacySemantics;
  /** A scalar (not `{` or `[`) of kind k. */
  const scalar = (r: Reader, k: Kind, cur: unknown): unknown => {
    const d = r.d;
    switch (k) {
      case '"':
        return d.readString();
      case "t":
      case "f":
        return d.readBool();
      case "n":
        d.readNull();
        return null;
      case "0": {
        const start = d.inputOffset;
        const lit = d.readNumberLiteral();
        if (rawNum) return new JsonNumber(lit);
        const v = Number(lit);
        if (!Number.isFinite(v)) {
          // Go 1.26 keeps the largest finite value of the sign (jsonwire.ParseFloat) with the error,
          // Go 1.27 a zero.
          const held = o.rules.floatRangeSaturates ? (v > 0 ? Number.MAX_VALUE : -Number.MAX_VALUE) : 0;
          const err = afterErr(r, FLOAT64, "0", start, lit, "value out of range");
          setPartial(err, held);
          return fail(r, o, err, false, held);
        }
        return v;
      }
      default:
        d.skipValue(); // throws the decoder's error for `}` or `]`
        return cur;
    }
  };
  /**
   * value decodes a value of kind k into the existing non-nil `prev` (its dynamic type decides)
   * or a fresh one; for `{`/`[` it returns the container to descend into (also left for takeOpened).
   */
  // Go's fast path for a nil `any` (unmarshalValueAny) is taken only without AllowDuplicateNames;
  // otherwise (and always for an existing float64) numbers go through the float64 arshaler,
  // where StringifyNumbers (the option, or Go 1.26's `string` field option) wants them quoted.
  // A named interface takes the typed path for itself only: its elements and members are plain `any`.
  const typedFresh = f.allowDuplicateNames && !rawNum;
  const typedTop = (f.allowDuplicateNames || named) && !rawNum;
  const floatDec = compileDecoder(FLOAT64, o, { ...NO_UNMARSHAL_MODE, str });
  const typedFloat = (r: Reader, base: number): unknown => {
    try {
      return floatDec(r, base);
    } catch (e) {
      if (!hasPartial(e)) setPartial(e, base);
      throw e;
    }
  };
  let opened: Record<string, unknown> | unknown[] | undefined;
  /** The container the last `value` call opened (to descend into), once. */
  const takeOpened = (): Record<string, unknown> | unknown[] | undefined => {
    const c = opened;
    opened = undefined;
    return c;
  };
  const value = (r: Reader, k: Kind, prev: unknown, top = false): unknown => {
    const d = r.d;
    opened = undefined;
    const typed = top ? typedTop : typedFresh;
    if (k === "n") {
      d.readNull();
      return null;
    }
    const dt = merge && prev !== null && prev !== undefined ? dynamicType(prev) : undefined;
    if (dt === FLOAT64 ? k === "0" || (k === '"' && str) : dt === undefined && typed && k === "0")
      return typedFloat(r, dt === FLOAT64 ? (prev as number) : 0);
    if (dt !== undefined && !fitsDynamic(dt, k)) {
      // Go reads only the first token for maps, slices and bools, the whole value otherwise.
      return mismatch(r, o, dt, prev, k, dt !== T.string && dt !== FLOAT64);
    }
    if (k === "{") {
      d.readBeginObject();
      opened = dt === ANY_MAP ? (prev as Record<string, unknown>) : {};
      // Go's typed path (a map arshaler) reads each member name as a whole value.
      if (dt === ANY_MAP || typed) TYPED_OBJECTS.add(opened);
      return opened;
    }
    if (k === "[") {
      d.readBeginArray();
      opened = [];
      return opened;
    }
    if (dt === undefined && typed && (k === '"' || k === "t" || k === "f")) {
      // Go's typed path decodes into a new string or bool: a failure leaves its zero value.
      try {
        return scalar(r, k, prev);
      } catch (e) {
        if (!hasPartial(e)) setPartial(e, k === '"' ? "" : false);
        throw e;
      }
    }
    return scalar(r, k, prev);
  };
  const dec: Dec = (r, cur) => {
    const d = r.d;
    let k = d.peekKind();
    if (k !== "{" && k !== "[") return value(r, k, cur, true);
    // Explicit stack: containers, and for objects the member name being filled.
    const conts: (Record<string, unknown> | unknown[])[] = [];
    const names: (string | number)[] = [];
    const root = value(r, k, cur, true);
    const first = takeOpened();
    if (first === undefined) return root; // a mismatch recorded under legacy reporting
    conts.push(first);
    names.push("");
    // The member (or element) whose value is being read: Go stores what it holds on failure.
    // (Three variables rather than an object per value: no allocation on the happy path.)
    let pTop: Record<string, unknown> | unknown[] | undefined;
    let pName = "";
    let pPrev: unknown = null;
    try {
      while (conts.length > 0) {
        const top = conts[conts.length - 1] as Record<string, unknown> | unknown[];
        if (Array.isArray(top)) {
          // Go's PeekKind defers a syntax error: the element is appended (nil) before it is reported.
          pTop = top;
          pPrev = null;
          k = d.peekKind();
          if (k === "]") {
            pTop = undefined;
            d.readEndArray();
            conts.pop();
            names.pop();
            continue;
          }
          names[names.length - 1] = top.length;
          const v = value(r, k, null);
          pTop = undefined;
          top.push(v);
          const c = takeOpened();
          if (c !== undefined) {
            conts.push(c);
            names.push("");
          }
          continue;
        }
        k = d.peekKind();
        if (k === "}") {
          d.readEndObject();
          conts.pop();
          names.pop();
          continue;
        }
        const name = readName(r, k, k !== '"' && TYPED_OBJECTS.has(top));
        names[names.length - 1] = name;
        const prev = Object.hasOwn(top, name) ? top[name] : null;
        pTop = top;
        pName = name;
        pPrev = prev;
        k = d.peekKind();
        const v = value(r, k, prev);
        pTop = undefined;
        setOwn(top, name, v);
        const c = takeOpened();
        if (c !== undefined) {
          conts.push(c);
          names.push("");
        }
      }
    } catch (e) {
      if (pTop !== undefined) {
        // A fresh value that failed is nil (Go's unmarshalValueAny); an existing one is kept.
        const held = partialOf(e, pPrev);
        if (Array.isArray(pTop)) pTop.push(held);
        else setOwn(pTop, pName, held);
      }
      if (SemanticError.isInstance(e)) {
        for (let i = names.length - 1; i >= 0; i--) prefixPointer(e, String(names[i]));
      }
      setPartial(e, root);
      throw e;
    }
    return root;
  };
  if (merge) return dec;
  // Legacy merge semantics: Go first sets a non-nil interface to nil, so a failure leaves nil.
  return (r, cur) => {
    try {
      return dec(r, cur);
    } catch (e) {
      if (!hasPartial(e)) setPartial(e, null);
      throw e;
    }
  };
}
