/**
 * The fast unmarshal path: an optimistic decoder for the common case (a fresh
 * destination, no unmarshal methods on the way), compiled once per Go type
 * into closures that read the input one char per byte (unmarshal-fast-scan.ts):
 * whitespace, plain strings and member names on the bytes, values sliced from
 * a one-byte string of the same bytes, strings that need it decoded in JS one
 * by one (`textMode` "decoded", for tests, decodes it up front instead; a
 * non-ASCII JS string input is read as text by charCodeAt). Structs get a
 * generated decoder with constant property names (one per way of reading); floats nested in
 * slices and arrays are built by one native JSON.parse of their text (its end
 * guessed, or matched by a regular expression), then checked; `any` values
 * are built in unmarshal-fast-any.ts.
 *
 * It follows v1's rules (case-insensitive names with an exact match first,
 * duplicate names merging into what is there, null leaving non-pointer values
 * alone, the `,string` option, base64 []byte, `any` as float64/string/bool/
 * null/[]any/object, useNumber, int64/uint64 as bigint) and only ever returns
 * a value that the exact engine (decode.ts) returns for the same input. On
 * anything else — a syntax error, invalid UTF-8, a type mismatch, an overflow,
 * an unknown member under disallowUnknownFields, a method, a known type other
 * than json.Number, deep nesting, a slice decoded twice — it gives up
 * ({@link NO_FAST}) and the caller runs the exact engine, which produces Go's
 * error, offset and partial value. It never builds an error itself.
 */
import { isAscii, isUtf8 } from "node:buffer";
import { foldNameV1, type GoType, JsonNumber } from "./deps.js";
import { base64Decode, isValidNumber } from "./format.js";
import { hasFoldChange } from "./go-version.js";
import { findMethod } from "./methods.js";
import type { UnmarshalOptions } from "./options.js";
import { PlanCache, syncPlans } from "./plan-cache.js";
import { type FieldV1, structFieldsV1 } from "./struct-fields.js";
import { anyValue, resetAny } from "./unmarshal-fast-any.js";
import {
  BAIL,
  bail,
  C,
  COMMA,
  colon,
  enter,
  F_,
  LBRACE,
  LBRACKET,
  leave,
  literal,
  N,
  numberEnd,
  Q,
  RBRACE,
  RBRACKET,
  readFloat,
  readNull,
  readString,
  skipValue,
  T_,
  ws,
} from "./unmarshal-fast-scan.js";
import { isWellFormed } from "./well-formed.js";
import { zeroFn, zeroValue } from "./zero.js";

/**
 * The fast path's switch: on unless the environment sets GOJSON_FAST_UNMARSHAL=0
 * (a diagnostic kill switch: results are the same either way, only slower).
 */
export const fastUnmarshal: { enabled: boolean } = {
  enabled:
    (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env
      ?.GOJSON_FAST_UNMARSHAL !== "0",
};

/** Returned by {@link unmarshalFast} when the fast path does not apply or gave up. */
export const NO_FAST: unique symbol = Symbol("gojson.v1.noFastUnmarshal");

/**
 * A fast decoder: reads the value whose first char code is `c` (at C.p, after
 * whitespace) into a destination holding `cur` and returns the destination's
 * new value (as the exact engine's decoders do); leaves C.p just after the value.
 */
type FDec = (c: number, cur: any) => any;

/** The decoder of types the fast path leaves to the exact engine: gives up when a value reaches it. */
const GIVE_UP: FDec = () => bail();

const cache = new PlanCache<FDec>();
const quotedCache = new PlanCache<FDec>();

/** The fast decoder of `t` (cached per type; GIVE_UP when no value of `t` is for the fast path). */
export function fastDecoderFor(t: GoType): FDec {
  let dec = cache.get(t);
  if (dec === undefined) {
    let built: FDec | undefined;
    cache.set(t, (c, cur) => (built as FDec)(c, cur));
    built = build(t);
    cache.set(t, built);
    dec = built;
  }
  return dec;
}

/** Whether `t` has UnmarshalJSON or UnmarshalText of its own (pointers and interfaces have none). */
function hasUnmarshalMethod(t: GoType): boolean {
  if (t.kind === "pointer" || t.kind === "interface") return false;
  return findMethod(t, "UnmarshalJSON") !== null || findMethod(t, "UnmarshalText") !== null;
}

function build(t: GoType): FDec {
  if (hasUnmarshalMethod(t)) return GIVE_UP;
  if (t.known !== undefined && t.known !== "json.Number") return GIVE_UP;
  switch (t.kind) {
    case "bool":
      return (c, cur) => {
        if (c === T_ || c === F_) {
          literal(c);
          return c === T_;
        }
        readNull(c);
        return cur;
      };
    case "string":
      if (t.known === "json.Number") {
        return (c, cur) => {
          if (c === Q) {
            const s = readString();
            if (!isValidNumber(s)) bail();
            return new JsonNumber(s);
          }
          if (c === N) {
            literal(c);
            return cur;
          }
          const end = numberEnd();
          const lit = C.t.slice(C.p, end);
          C.p = end;
          return new JsonNumber(lit);
        };
      }
      return (c, cur) => {
        if (c === Q) return readString();
        readNull(c);
        return cur;
      };
    case "int8":
    case "int16":
    case "int32":
    case "uint8":
    case "uint16":
    case "uint32":
      return smallIntDecoder(t.kind);
    case "int":
    case "int64":
    case "uint":
    case "uint64":
    case "uintptr":
      return bigIntDecoder(t.kind);
    case "float32":
      return (c, cur) => {
        if (c === N) {
          literal(c);
          return cur;
        }
        const v = Math.fround(readFloat());
        if (v - v !== 0) bail();
        return v;
      };
    case "float64":
      return (c, cur) => {
        if (c === N) {
          literal(c);
          return cur;
        }
        return readFloat();
      };
    case "interface":
      // Opaque types (func, chan, ...) and non-empty interfaces: the exact engine reports Go's error.
      return t.opaque === undefined && (t.interfaceMethods?.length ?? 0) === 0 ? anyValue : GIVE_UP;
    case "pointer":
      return pointerDecoder(t);
    case "slice":
      return sliceDecoder(t);
    case "array":
      return arrayDecoder(t);
    case "map":
      return mapDecoder(t);
    case "struct":
      return structDecoder(t);
  }
}

function pointerDecoder(t: GoType & { kind: "pointer" }): FDec {
  // A pointer cycle (`type P *P`) reads nothing per step: the exact engine's business.
  const chain = new Set<GoType>();
  for (let u: GoType = t; u.kind === "pointer"; u = u.elem) {
    if (chain.has(u)) return GIVE_UP;
    chain.add(u);
  }
  // A TextUnmarshaler behind pointers changes the type the exact engine names in errors: leave it.
  const elem = fastDecoderFor(t.elem);
  const ez = zeroFn(t.elem);
  return (c, cur) => {
    if (c === N) {
      literal(c);
      return null;
    }
    return elem(c, cur === null || cur === undefined ? ez() : cur);
  };
}

function sliceDecoder(t: GoType & { kind: "slice" }): FDec {
  const elemT = t.elem;
  if (elemT.kind === "uint8") {
    if (hasUnmarshalMethod(elemT)) return GIVE_UP;
    // []byte: base64 text (v1's lenient decoding); an array of numbers is left to the exact engine.
    return (c) => {
      if (c === Q) {
        const r = base64Decode(readString());
        if (typeof r === "number") bail();
        return r;
      }
      readNull(c);
      return null;
    };
  }
  const tree = numericTree(t);
  if (tree !== null) {
    // Floats nested in slices and arrays: one native JSON.parse of the whole value, then checked.
    const plain = plainSliceDecoder(t);
    // Wrong guesses of the value's end (past a few, this type stops guessing).
    let misses = 0;
    return (c, cur) => {
      if (c !== LBRACKET) {
        readNull(c);
        return null;
      }
      if (cur !== null && cur !== undefined && cur.length !== 0) bail();
      let v: unknown;
      if (misses < MAX_GUESS_MISSES) {
        // Guess the end without a scan: the last `]` before the next `"` or `}`. When the
        // text up to it is one JSON value it is the value that starts here (no JSON text
        // is a proper prefix of another); else (it throws) the scan below finds the end.
        // (The `}` is looked for only up to the quote: a right guess reads no further than
        // the next quote, so a run of them reads the text about once.)
        const t = C.t;
        const p = C.p;
        let stop = t.indexOf('"', p);
        if (stop < 0) stop = t.length;
        const brace = t.slice(p, stop).indexOf("}");
        if (brace >= 0) stop = p + brace;
        const end = t.lastIndexOf("]", stop) + 1;
        if (end > p) {
          try {
            v = JSON.parse(t.slice(p, end));
            C.p = end;
            return tree.fix(v);
          } catch (e) {
            if (e === BAIL) throw e;
            misses++;
          }
        }
      }
      const end = numericEnd(tree.depth);
      if (end < 0) return plain(c, cur);
      try {
        v = JSON.parse(C.t.slice(C.p, end));
      } catch {
        // Not valid JSON: element by element, which gives up at the error.
        return plain(c, cur);
      }
      C.p = end;
      return tree.fix(v);
    };
  }
  return plainSliceDecoder(t);
}

/** The slice decoder reading element by element. */
function plainSliceDecoder(t: GoType & { kind: "slice" }): FDec {
  const elemT = t.elem;
  if (isPlainFloat(elemT) && elemT.kind === "float64") {
    return (c, cur) => {
      if (c !== LBRACKET) {
        readNull(c);
        return null;
      }
      if (cur !== null && cur !== undefined && cur.length !== 0) bail();
      return readFloatList();
    };
  }
  const elem = fastDecoderFor(elemT);
  const ez = zeroFn(elemT);
  const z = primitiveZero(elemT);
  return (c, cur) => {
    if (c !== LBRACKET) {
      readNull(c);
      return null;
    }
    // A slice decoded a second time (a duplicate name) reuses its elements and capacity: exact engine.
    if (cur !== null && cur !== undefined && cur.length !== 0) bail();
    enter();
    C.p++;
    let k = ws();
    if (k === RBRACKET) {
      C.p++;
      leave();
      return [];
    }
    // Arrays of one or two elements are made at their size (pushing would reserve room for more).
    const a = elem(k, z === NOT_PRIMITIVE ? ez() : z);
    k = ws();
    C.p++;
    if (k === RBRACKET) {
      leave();
      return [a];
    }
    if (k !== COMMA) bail();
    const b = elem(ws(), z === NOT_PRIMITIVE ? ez() : z);
    k = ws();
    C.p++;
    if (k === RBRACKET) {
      leave();
      return [a, b];
    }
    if (k !== COMMA) bail();
    const out: unknown[] = [a, b];
    k = ws();
    for (;;) {
      out.push(elem(k, z === NOT_PRIMITIVE ? ez() : z));
      k = ws();
      C.p++;
      if (k === COMMA) {
        k = ws();
        continue;
      }
      if (k !== RBRACKET) bail();
      leave();
      return out;
    }
  };
}

/** Whether `t` is float32 or float64 with nothing special about it (no methods, not a known type). */
function isPlainFloat(t: GoType): boolean {
  return (t.kind === "float64" || t.kind === "float32") && t.known === undefined && !hasUnmarshalMethod(t);
}

/**
 * A numeric tree: float64/float32 nested in slices and arrays (`[][][]float64`,
 * `[][2]float64`). `fix` turns JSON.parse's value of such a JSON text into the
 * exact engine's value (null floats are 0, null arrays zero arrays, arrays cut
 * or padded to their length, float32 rounded) or bails (a mismatch, an
 * overflow); `depth` is the nesting of brackets the type allows.
 */
interface NumericTree {
  readonly depth: number;
  readonly fix: (v: unknown) => unknown;
}

function numericTree(t: GoType, seen: Set<GoType> = new Set()): NumericTree | null {
  // (a recursive type, `type L []L`, has no float at its bottom)
  if (seen.has(t)) return null;
  seen.add(t);
  if (isPlainFloat(t)) {
    const f32 = t.kind === "float32";
    return {
      depth: 0,
      fix: (v) => {
        if (typeof v === "number") {
          const r = f32 ? Math.fround(v) : v;
          if (r - r !== 0) bail();
          return r;
        }
        if (v === null) return 0;
        return bail();
      },
    };
  }
  if ((t.kind !== "slice" && t.kind !== "array") || hasUnmarshalMethod(t) || t.known !== undefined)
    return null;
  const inner = numericTree(t.elem, seen);
  if (inner === null) return null;
  const fixElem = inner.fix;
  if (t.kind === "slice" && inner.depth === 0) {
    const f32 = t.elem.kind === "float32";
    return {
      depth: 1,
      fix: (v) => {
        if (v === null) return null;
        if (!Array.isArray(v)) bail();
        for (let i = 0; i < v.length; i++) {
          const x = v[i];
          if (typeof x === "number") {
            if (f32) {
              const r = Math.fround(x);
              if (r - r !== 0) bail();
              v[i] = r;
            } else if (x - x !== 0) bail();
          } else if (x === null) v[i] = 0;
          else bail();
        }
        return v;
      },
    };
  }
  if (t.kind === "slice") {
    return {
      depth: inner.depth + 1,
      fix: (v) => {
        if (v === null) return null;
        if (!Array.isArray(v)) bail();
        for (let i = 0; i < v.length; i++) v[i] = fixElem(v[i]);
        return v;
      },
    };
  }
  const n = t.len;
  const mk = zeroFn(t);
  const ez = zeroFn(t.elem);
  return {
    depth: inner.depth + 1,
    fix: (v) => {
      // null leaves the (fresh) array as it was: zero.
      if (v === null) return mk();
      if (!Array.isArray(v)) bail();
      // Elements past the length are skipped; missing ones are zero.
      if (v.length > n) v.length = n;
      for (let i = 0; i < v.length; i++) v[i] = fixElem(v[i]);
      for (let i = v.length; i < n; i++) v.push(ez());
      return v;
    },
  };
}

/** Wrong guesses of a numeric value's end after which a slice type stops guessing. */
const MAX_GUESS_MISSES = 8;

/** One char of numeric JSON text other than a bracket (numbers, null, commas, whitespace). */
const NUMERIC_CHAR = "[-+.0-9eEnul,\\t\\n\\r ]";

const bracketRes = new Map<number, RegExp>();

/**
 * A sticky regular expression matching a bracketed value nested at most
 * `depth` levels whose other chars are numeric text: it ends exactly at the
 * value's own closing bracket (each char decides the branch: no backtracking).
 */
function bracketRe(depth: number): RegExp {
  let re = bracketRes.get(depth);
  if (re === undefined) {
    let src = `\\[${NUMERIC_CHAR}*\\]`;
    for (let i = 1; i < depth; i++) src = `\\[(?:${NUMERIC_CHAR}|${src})*\\]`;
    re = new RegExp(src, "y");
    bracketRes.set(depth, re);
  }
  return re;
}

/**
 * The end of the numeric value at C.p (at `[`) nested at most `depth` levels,
 * or -1 when it holds anything else or nests deeper (then the element-by-element
 * decoder reads it, and gives up where the exact engine must speak).
 */
function numericEnd(depth: number): number {
  const re = bracketRe(depth);
  re.lastIndex = C.p;
  return re.test(C.t) ? re.lastIndex : -1;
}

/** Marks a zero value that is an object (made fresh each time). */
const NOT_PRIMITIVE: unique symbol = Symbol("gojson.v1.notPrimitive");

/** The zero value of `t` when it is a primitive (shared safely), else NOT_PRIMITIVE. */
function primitiveZero(t: GoType): unknown {
  const z = zeroValue(t);
  return z === null || typeof z !== "object" ? z : NOT_PRIMITIVE;
}

/**
 * readFloatList reads the array of float64 at C.p (at `[`) without a closure
 * call per element (a null element is 0: Go's null leaves the fresh zero).
 */
function readFloatList(): number[] {
  enter();
  C.p++;
  let k = ws();
  if (k === RBRACKET) {
    C.p++;
    leave();
    return [];
  }
  const a = floatOrNull(k);
  k = ws();
  C.p++;
  if (k === RBRACKET) {
    leave();
    return [a];
  }
  if (k !== COMMA) bail();
  const b = floatOrNull(ws());
  k = ws();
  C.p++;
  if (k === RBRACKET) {
    leave();
    return [a, b];
  }
  if (k !== COMMA) bail();
  const out = [a, b];
  for (;;) {
    out.push(floatOrNull(ws()));
    k = ws();
    C.p++;
    if (k === COMMA) continue;
    if (k !== RBRACKET) bail();
    leave();
    return out;
  }
}

function floatOrNull(c: number): number {
  if (c !== N) return readFloat();
  literal(c);
  return 0;
}

function arrayDecoder(t: GoType & { kind: "array" }): FDec {
  const n = t.len;
  const elem = fastDecoderFor(t.elem);
  const ez = zeroFn(t.elem);
  const mk = zeroFn(t);
  return (c, cur) => {
    if (c !== LBRACKET) {
      readNull(c);
      return cur;
    }
    enter();
    C.p++;
    const arr: unknown[] = Array.isArray(cur) && cur.length === n ? cur : mk();
    let i = 0;
    let k = ws();
    if (k !== RBRACKET) {
      for (;;) {
        if (i < n) arr[i] = elem(k, arr[i]);
        else skipValue(k);
        i++;
        k = ws();
        C.p++;
        if (k === COMMA) {
          k = ws();
          continue;
        }
        if (k !== RBRACKET) bail();
        break;
      }
    } else C.p++;
    for (; i < n; i++) arr[i] = ez();
    leave();
    return arr;
  };
}

const SMALL_RANGE: Readonly<Record<string, readonly [number, number]>> = {
  int8: [-128, 127],
  int16: [-32768, 32767],
  int32: [-2147483648, 2147483647],
  uint8: [0, 255],
  uint16: [0, 65535],
  uint32: [0, 4294967295],
};
const BIG_RANGE: Readonly<Record<string, readonly [bigint, bigint]>> = {
  int: [-(1n << 63n), (1n << 63n) - 1n],
  int64: [-(1n << 63n), (1n << 63n) - 1n],
  uint: [0n, (1n << 64n) - 1n],
  uint64: [0n, (1n << 64n) - 1n],
  uintptr: [0n, (1n << 64n) - 1n],
};

/** JSON integer syntax (no sign but `-`, no leading zeros): the only integer text the fast path reads. */
const INT_TEXT = /^-?(?:0|[1-9][0-9]*)$/;

/** An integer of Go kind `kind` from JSON integer text, as the exact engine reads it; bails otherwise. */
function intFromText(s: string, kind: string): number | bigint {
  if (s.length > 21 || !INT_TEXT.test(s) || (kind[0] === "u" && s.charCodeAt(0) === 0x2d)) bail();
  const small = SMALL_RANGE[kind];
  if (small !== undefined) {
    const v = Number(s);
    if (!(v >= small[0] && v <= small[1])) bail();
    return v + 0;
  }
  const [lo, hi] = BIG_RANGE[kind] as readonly [bigint, bigint];
  const b = BigInt(s);
  if (b < lo || b > hi) bail();
  return b;
}

/** Start of the last literal readIntDigits read. */
let litStart = 0;

/**
 * readIntDigits reads a JSON integer literal at C.p (c is its first char).
 * Returns the value when it has at most 15 digits (exact as a double), else
 * NaN with the literal's end in C.p (the caller slices it). Bails on a
 * fraction or an exponent (a type error for Go's integer kinds).
 */
function readIntDigits(c: number): number {
  const t = C.t;
  let i = C.p;
  litStart = i;
  let neg = false;
  if (c === 0x2d) {
    neg = true;
    c = t.charCodeAt(++i);
  }
  const d0 = i;
  let n = 0;
  if (c === 0x30) c = t.charCodeAt(++i);
  else if (c >= 0x31 && c <= 0x39) {
    do {
      n = n * 10 + (c - 0x30);
      c = t.charCodeAt(++i);
    } while (c >= 0x30 && c <= 0x39);
  } else bail();
  if (c === 0x2e || c === 0x65 || c === 0x45) bail();
  C.p = i;
  if (i - d0 > 15) return Number.NaN;
  return neg ? -n : n;
}

function smallIntDecoder(kind: string): FDec {
  const [lo, hi] = SMALL_RANGE[kind] as readonly [number, number];
  const unsigned = kind[0] === "u";
  return (c, cur) => {
    if (c === N) {
      literal(c);
      return cur;
    }
    if (unsigned && c === 0x2d) bail();
    const v = readIntDigits(c);
    // NaN (too many digits) fails both tests.
    if (!(v >= lo && v <= hi)) bail();
    return v + 0;
  };
}

function bigIntDecoder(kind: string): FDec {
  const [lo, hi] = BIG_RANGE[kind] as readonly [bigint, bigint];
  const unsigned = kind[0] === "u";
  return (c, cur) => {
    if (c === N) {
      literal(c);
      return cur;
    }
    if (unsigned && c === 0x2d) bail();
    const v = readIntDigits(c);
    if (!Number.isNaN(v)) return BigInt(v);
    // Past 21 chars (a sign and 20 digits) no 64-bit integer fits.
    if (C.p - litStart > 21) bail();
    const b = BigInt(C.t.slice(litStart, C.p));
    if (b < lo || b > hi) bail();
    return b;
  };
}

/** Map keys: the key text as the key value (string keys), or Go's integer parse. */
function mapDecoder(t: GoType & { kind: "map" }): FDec {
  const kt = t.key;
  if (hasUnmarshalMethod(kt) && findMethod(kt, "UnmarshalText") !== null) return GIVE_UP;
  let key: ((s: string) => unknown) | null = null;
  switch (kt.kind) {
    case "string":
      break;
    case "int":
    case "int8":
    case "int16":
    case "int32":
    case "int64":
    case "uint":
    case "uint8":
    case "uint16":
    case "uint32":
    case "uint64":
    case "uintptr": {
      const kind = kt.kind;
      key = (s) => intFromText(s, kind);
      break;
    }
    default:
      return GIVE_UP;
  }
  const val = fastDecoderFor(t.elem);
  const ez = zeroFn(t.elem);
  const z = primitiveZero(t.elem);
  return (c, cur) => {
    if (c !== LBRACE) {
      readNull(c);
      return null;
    }
    enter();
    C.p++;
    // A repeated member stores a fresh value, as in Go (the map is merged into, its values are not).
    const m: Map<unknown, unknown> = cur instanceof Map ? cur : new Map();
    let k = ws();
    if (k !== RBRACE) {
      for (;;) {
        if (k !== Q) bail();
        const name = readString();
        const v = val(colon(), z === NOT_PRIMITIVE ? ez() : z);
        m.set(key === null ? name : key(name), v);
        k = ws();
        C.p++;
        if (k === COMMA) {
          k = ws();
          continue;
        }
        if (k !== RBRACE) bail();
        break;
      }
    } else C.p++;
    leave();
    return m;
  };
}

/** A struct field as the fast path decodes it. */
interface FastField {
  /** The Go field name holding it (the last hop). */
  readonly last: string;
  /** The quoted JSON name when it is printable ASCII needing no escaping (matched in place), else "". */
  readonly quoted: string;
  /** Hops through embedded structs (undefined for a direct field). */
  readonly hops: FieldV1["hops"] | undefined;
  dec: FDec;
}

/** Struct plans' folded-name maps whose field names fold differently under Go 1.27 (Unicode 17). */
const FOLD_RISK = new WeakSet<ReadonlyMap<string, FastField>>();

/**
 * A field by case-insensitive name, as Go 1.26 folds names; under Go 1.27 a name (key or field)
 * holding one of the code points whose folding changed gives up (the exact engine decides).
 */
function foldedLookup(folded: ReadonlyMap<string, FastField>, name: string): FastField | undefined {
  if (C.go127 && (FOLD_RISK.has(folded) || hasFoldChange(name))) bail();
  return folded.get(foldNameV1(name));
}

function structDecoder(t: GoType & { kind: "struct" }): FDec {
  // Built on first use: recursive types reach themselves while compiling.
  let plan: {
    order: FastField[];
    exact: Map<string, FastField>;
    folded: Map<string, FastField>;
    idx: Map<FastField, number>;
  } | null = null;
  const mk = zeroFn(t);
  const makePlan = () => {
    const sf = structFieldsV1(t);
    const byField = new Map<FieldV1, FastField>();
    const idx = new Map<FastField, number>();
    for (const f of sf.list) {
      const ff: FastField = {
        last: (f.hops[f.hops.length - 1] as FieldV1["hops"][number]).name,
        quoted: /^[\x20-\x7e]*$/.test(f.name) && !/["\\]/.test(f.name) ? `"${f.name}"` : "",
        hops: f.hops.length > 1 ? f.hops : undefined,
        dec: GIVE_UP,
      };
      idx.set(ff, byField.size);
      byField.set(f, ff);
    }
    for (const [f, ff] of byField) ff.dec = f.quoted ? quotedDecoder(f.type) : fastDecoderFor(f.type);
    const exact = new Map<string, FastField>();
    const folded = new Map<string, FastField>();
    for (const [k, f] of sf.byExactName) exact.set(k, byField.get(f) as FastField);
    for (const [k, f] of sf.byFoldedName) folded.set(k, byField.get(f) as FastField);
    if (sf.list.some((f) => hasFoldChange(f.name))) FOLD_RISK.add(folded);
    // The in-place guess must find what the exact lookup finds.
    const order = [...byField.entries()].map(([f, ff]) =>
      exact.get(f.name) === ff ? ff : { ...ff, quoted: "" },
    );
    return { order, exact, folded, idx };
  };
  // The generated decoders, one reading names from the bytes and one (made on first use) from
  // the text (null: code generation is not allowed, the closure below runs).
  let gen: FDec | null | undefined;
  let genText: FDec | null | undefined;
  return (c, cur) => {
    if (c !== LBRACE) {
      readNull(c);
      return cur;
    }
    if (plan === null) {
      plan = makePlan();
      gen = generateStruct(plan.order, plan.exact, plan.folded, plan.idx, mk, "u");
    }
    if (C.u !== null) {
      if (gen !== null && gen !== undefined) return gen(c, cur);
    } else {
      if (genText === undefined)
        genText = generateStruct(plan.order, plan.exact, plan.folded, plan.idx, mk, "t");
      if (genText !== null) return genText(c, cur);
    }
    const { order, exact, folded } = plan;
    enter();
    const obj = typeof cur === "object" && cur !== null ? cur : mk();
    const text = C.t;
    C.p++;
    let k = ws();
    if (k === RBRACE) {
      C.p++;
      leave();
      return obj;
    }
    let guess = 0;
    for (;;) {
      if (k !== Q) bail();
      // Keys usually come in field order: try the next field's name in place first.
      let f = order[guess];
      if (f !== undefined && f.quoted !== "" && text.startsWith(f.quoted, C.p)) {
        C.p += f.quoted.length;
        guess++;
      } else {
        const name = readString();
        f = exact.get(name) ?? foldedLookup(folded, name);
        if (f !== undefined) guess = (plan.idx.get(f) ?? (order.indexOf(f) as number)) + 1;
      }
      if (f === undefined) {
        if (C.disallowUnknown) bail();
        skipValue(colon());
      } else {
        const h = f.hops === undefined ? obj : holder(obj, f.hops);
        h[f.last] = f.dec(colon(), h[f.last]);
      }
      k = ws();
      C.p++;
      if (k === COMMA) {
        k = ws();
        continue;
      }
      if (k !== RBRACE) bail();
      leave();
      return obj;
    }
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
function generateStruct(
  order: readonly FastField[],
  exact: ReadonlyMap<string, FastField>,
  folded: ReadonlyMap<string, FastField>,
  idx: ReadonlyMap<FastField, number>,
  mk: () => any,
  src: "u" | "t",
): FDec | null {
  const lookup = (name: string): number => {
    const f = exact.get(name) ?? foldedLookup(folded, name);
    return f === undefined ? -1 : (idx.get(f) as number);
  };
  let guess = "";
  let member = "";
  order.forEach((f, i) => {
    if (f.quoted !== "")
      guess += `case ${i}: if (${matchCode(f.quoted, src)}) { C.p = p + ${f.quoted.length}; i = ${i}; } break;\n`;
    const k = JSON.stringify(f.last);
    member +=
      f.hops === undefined
        ? `case ${i}: o[${k}] = d${i}(colon(), o[${k}]); g = ${i + 1}; break;\n`
        : `case ${i}: { const h = holder(o, H[${i}]); h[${k}] = d${i}(colon(), h[${k}]); g = ${i + 1}; break; }\n`;
  });
  // Each decoder a constant of the closure: its call site has one known target (inlined).
  const decs = order.map((_, i) => `const d${i} = D[${i}];\n`).join("");
  const body = `"use strict";
${decs}return function decodeStruct(c, cur) {
  if (c !== 0x7b) { readNull(c); return cur; }
  enter();
  const o = typeof cur === "object" && cur !== null ? cur : mk();
  C.p++;
  let k = ws();
  if (k === 0x7d) { C.p++; leave(); return o; }
  let g = 0;
  for (;;) {
    if (k !== 0x22) bail();
    let i = -1;
    const t = C.t;
    ${src === "u" ? "const u = C.u;" : ""}
    const p = C.p;
    switch (g) {
${guess}    }
    if (i < 0) i = lookup(readString());
    switch (i) {
${member}    default:
      if (C.disallowUnknown) bail();
      skipValue(colon());
    }
    k = ws();
    C.p++;
    if (k === 0x2c) { k = ws(); continue; }
    if (k !== 0x7d) bail();
    leave();
    return o;
  }
};`;
  try {
    return new Function(
      "C",
      "ws",
      "colon",
      "readString",
      "readNull",
      "skipValue",
      "bail",
      "enter",
      "leave",
      "lookup",
      "holder",
      "mk",
      "D",
      "H",
      body,
    )(
      C,
      ws,
      colon,
      readString,
      readNull,
      skipValue,
      bail,
      enter,
      leave,
      lookup,
      holder,
      mk,
      order.map((f) => f.dec),
      order.map((f) => f.hops),
    ) as FDec;
  } catch {
    return null;
  }
}

/** Quoted names up to this length are matched by inline char code comparisons (longer ones would bloat the code). */
const MAX_INLINE_MATCH = 24;

/**
 * The condition that the input holds `quoted` (a printable ASCII name in quotes) at `p`, read
 * from its bytes `u` (`src` "u") or from the text `t` ("t", same indices when the bytes are
 * there): char codes compared inline (cheaper than a startsWith call) for all but long names,
 * which the text compares. The opening quote is known to be there.
 */
function matchCode(quoted: string, src: "u" | "t"): string {
  if (quoted.length > MAX_INLINE_MATCH) return `t.startsWith(${JSON.stringify(quoted)}, p)`;
  const parts: string[] = [];
  for (let j = 1; j < quoted.length; j++) {
    const at = src === "u" ? `u[p + ${j}]` : `t.charCodeAt(p + ${j})`;
    parts.push(`${at} === ${quoted.charCodeAt(j)}`);
  }
  return parts.join(" && ");
}

/** The embedded struct holding a promoted field, allocating nil embedded pointers as Go does. */
function holder(obj: any, hops: FieldV1["hops"]): any {
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

/** JSON number syntax, for numbers held in `,string` values. */
const NUMBER_TEXT = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * The decoder of a field with the `,string` option (Go's literalStore with
 * fromQuoted): null as the plain decoder reads it, a string holding the
 * value's JSON text; everything else gives up.
 */
function quotedDecoder(t: GoType): FDec {
  let dec = quotedCache.get(t);
  if (dec !== undefined) return dec;
  const plain = fastDecoderFor(t);
  const store = quotedStore(t);
  dec = (c, cur) => {
    if (c === N) return plain(c, cur);
    if (c !== Q) bail();
    const item = readString();
    if (item === "") bail();
    return store(item, cur);
  };
  quotedCache.set(t, dec);
  return dec;
}

/** Stores the inside of a `,string` value into a destination of type `t`; bails where Go reports an error. */
function quotedStore(t: GoType): (item: string, cur: any) => any {
  if (t.kind === "pointer") {
    const inner = quotedStore(t.elem);
    const ez = zeroFn(t.elem);
    return (item, cur) => {
      if (item.charCodeAt(0) === N) {
        if (item !== "null") bail();
        return null;
      }
      return inner(item, cur === null || cur === undefined ? ez() : cur);
    };
  }
  if (hasUnmarshalMethod(t) || t.known !== undefined) return () => bail();
  switch (t.kind) {
    case "bool":
      return (item, cur) => {
        if (item === "true") return true;
        if (item === "false") return false;
        if (item === "null") return cur;
        return bail();
      };
    case "string":
      return (item, cur) => {
        if (item === "null") return cur;
        const n = item.length;
        if (n < 2 || item.charCodeAt(0) !== Q || item.charCodeAt(n - 1) !== Q) bail();
        for (let i = 1; i < n - 1; i++) {
          const c = item.charCodeAt(i);
          if (c === Q || c === 0x5c || c < 0x20) bail();
        }
        return item.slice(1, n - 1);
      };
    case "float32":
    case "float64": {
      const f32 = t.kind === "float32";
      return (item, cur) => {
        if (item === "null") return cur;
        if (!NUMBER_TEXT.test(item)) bail();
        let v = Number(item);
        if (f32) v = Math.fround(v);
        if (v - v !== 0) bail();
        return v;
      };
    }
    case "int":
    case "int8":
    case "int16":
    case "int32":
    case "int64":
    case "uint":
    case "uint8":
    case "uint16":
    case "uint32":
    case "uint64":
    case "uintptr": {
      const kind = t.kind;
      return (item, cur) => {
        if (item === "null") return cur;
        return intFromText(item, kind);
      };
    }
    default:
      return () => bail();
  }
}

const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

/** A char past ASCII. */
const NON_ASCII = /[^\x00-\x7f]/;

/**
 * unmarshalFast decodes data into a fresh value of t as the exact engine does, or
 * returns NO_FAST (decoding into an existing value, the fast path is off, or it
 * gave up). `strict` rethrows internal errors other than a give-up, and
 * `textMode` forces how non-ASCII bytes are read (tests).
 */
export function unmarshalFast(
  t: GoType,
  data: Uint8Array | string,
  options: UnmarshalOptions,
  strict = false,
  textMode?: "bytes" | "decoded",
): unknown {
  if (!fastUnmarshal.enabled || options.into !== undefined) return NO_FAST;
  syncPlans();
  const dec = fastDecoderFor(t);
  if (dec === GIVE_UP) return NO_FAST;
  let text: string;
  let bytes: Buffer | null = null;
  let view: Uint8Array | null = null;
  if (typeof data === "string") {
    if (!isWellFormed(data)) return NO_FAST;
    text = data;
    // An ASCII string is read on its bytes too (one latin1 copy: measured 10 % fewer
    // instructions than reading it as text); others as text (their UTF-8 bytes would have to be
    // decoded again string by string).
    if (textMode !== "decoded" && !NON_ASCII.test(data)) view = Buffer.from(data, "latin1");
  } else {
    if (!(data instanceof Uint8Array)) return NO_FAST;
    const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    if (isAscii(data)) {
      text = buf.toString("latin1");
      view = buf;
    } else {
      // Invalid UTF-8 becomes U+FFFD byte by byte (and offsets count bytes): the exact engine's.
      if (!isUtf8(data)) return NO_FAST;
      if (textMode !== "decoded") {
        text = buf.toString("latin1");
        bytes = buf;
        view = buf;
      } else text = utf8.decode(data);
    }
  }
  C.t = text;
  C.b = bytes;
  C.u = view;
  C.p = 0;
  C.depth = 0;
  C.useNumber = options.useNumber === true;
  C.disallowUnknown = options.disallowUnknownFields === true;
  C.go127 = options.goVersion !== "1.26";
  try {
    const v = dec(ws(), zeroValue(t));
    ws();
    if (C.p !== text.length) return NO_FAST;
    return v;
  } catch (e) {
    if (e === BAIL || !strict) return NO_FAST;
    throw e;
  } finally {
    C.t = "";
    C.b = null;
    C.u = null;
    resetAny();
  }
}
