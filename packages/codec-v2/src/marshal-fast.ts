/**
 * The fast marshal path. For marshal's bytes under the options it serves
 * (v2's defaults and a few more), a compiled *byte encoder* writes UTF-8
 * straight into a reused buffer (marshal-fast-write.ts). Otherwise, and
 * when it bails, per (Go type, options) a compiled *shadow builder* turns a
 * Go value into a plain JS value whose JSON.stringify text is exactly
 * json/v2's output (see marshal-fast-shadow.ts), so the bulk of the writing
 * is done by the engine's native serializer. Struct builders and encoders
 * are generated code (one function per struct type, constant property names).
 *
 * The fast path never reports an error: on anything unusual (a value of the
 * wrong JS type, NaN, invalid UTF-8, a nesting deeper than FAST_MAX_DEPTH, a
 * cycle, a refused `new Function`) it throws, and the exact encoder of
 * marshal-plan.ts runs from the start and gives Go's output or Go's error.
 * That rerun is only safe because no user code runs here: types that have (or
 * reach) any method, and Go's known types, are never compiled.
 */
import { type GoType, isIntegerKind, lookupMethod, methodsVersion, type StructType } from "@gojson/gotype";
import { formatFloat } from "@gojson/jsontext";
import { fastPathSwitch, type NodeBuf } from "@gojson/jsontext/internal";
import { compareUTF8 } from "./arshal-maps.js";
import { isByteSlice } from "./arshal-slices.js";
import { type ByteFormat, encodeBytes } from "./bytes-format.js";
import { type FieldV2, structFieldsV2 } from "./fields.js";
import { isZero } from "./go-values.js";
import { type AnyContext, anyShadow } from "./marshal-fast-any.js";
import { partsBytes, utf8Bytes } from "./marshal-fast-bytes.js";
import {
  bigIntFits,
  float32Fits,
  isSmallIntKind,
  isUnsignedKind,
  legacyEmpty,
  smallIntCode,
  smallIntTest,
} from "./marshal-fast-checks.js";
import {
  bail,
  FAST_MAX_DEPTH,
  fs,
  isEmptyShadow,
  isWellFormed,
  KeyOrder,
  plainString,
  raw,
  rawParts,
  type StringPolicy,
  setOwn,
  stringifyShadow,
  stringPolicy,
  stringShadow,
  unwrapRaw,
} from "./marshal-fast-shadow.js";
import { CODEGEN_MAX_FIELDS, tableShadow } from "./marshal-fast-table.js";
import {
  byteEncoderFor,
  INTO_BAIL,
  resetByteEncoders,
  writeBytes,
  writeEligible,
  writeInto,
} from "./marshal-fast-write.js";
import { byteArrayValue } from "./marshal-fast-write-lists.js";
import type { ResolvedOptions } from "./options.js";
import { pointerChainEnd } from "./pointer-chain.js";
import { quotePolicyFor, quoteWith } from "./quote.js";
import { canLegacyStringify } from "./string-tag.js";

/**
 * Switch of the fast path (tests turn it off to compare with the exact encoder; the
 * environment variable GOJSON_MARSHAL_FAST=0 turns it off for a whole process, as the
 * differential fuzzer's before/after runs do). Internal.
 */
export const fastMarshal: { enabled: boolean } = fastPathSwitch("GOJSON_MARSHAL_FAST");

/** A shadow builder: Go value → plain JS value (throws to leave the fast path). */
type Shadow = (v: any) => unknown;

/**
 * What a parent may write inline instead of calling a child builder: "bool", "str"
 * (a string that JSON.stringify quotes as the policy does), "f64", "num" (int8…uint32),
 * "big" (int, int64, uint64…: a bigint), "copy" (a builder that always makes a new value).
 */
type Kind = "bool" | "str" | "f64" | "num" | "big" | "copy" | "any";
const kinds = new WeakMap<Shadow, Kind>();
/** The Go integer kind of a "num" or "big" builder (its inline code checks the value against it). */
const intKinds = new WeakMap<Shadow, string>();

function kinded(sh: Shadow, k: Kind): Shadow {
  kinds.set(sh, k);
  return sh;
}

const hasNativeWellFormed =
  typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === "function";
/** The largest integer a double holds exactly (2^53 - 1). */
const SAFE = "9007199254740991";

/**
 * inlineCode returns JS code for the shadow of the value in variable x (child builder in
 * variable S, temporary number in variable n), or undefined when the child is called.
 */
function inlineCode(sh: Shadow, x: string, S: string): string | undefined {
  const k = kinds.get(sh);
  switch (k) {
    case "bool":
      return `(${x} === true || ${x} === false ? ${x} : ${S}(${x}))`;
    case "str":
      return hasNativeWellFormed
        ? `(typeof ${x} === "string" && ${x}.isWellFormed() ? ${x} : ${S}(${x}))`
        : undefined;
    case "f64":
      return `(typeof ${x} === "number" && ${x} !== 0 && ${x} - ${x} === 0 ? ${x} : ${S}(${x}))`;
    case "any":
      // Scalars that are their own shadow; containers and the rest go to the any walk.
      return hasNativeWellFormed
        ? `(${x} === null || typeof ${x} === "boolean" || (typeof ${x} === "number" && ${x} !== 0 && ${x} - ${x} === 0) || (typeof ${x} === "string" && ${x}.isWellFormed()) ? ${x} : ${S}(${x}))`
        : undefined;
    case "num":
      return `(${smallIntCode(intKinds.get(sh) as string, x)} ? ${x} : ${S}(${x}))`;
    case "big": {
      const min = isUnsignedKind(intKinds.get(sh) as string) ? "0" : `-${SAFE}`;
      return `(typeof ${x} === "bigint" && ((n = Number(${x})), n <= ${SAFE} && n >= ${min}) ? n : ${S}(${x}))`;
    }
    default:
      return undefined;
  }
}

/** The per-field overrides of a representation (as the exact encoder's Mode). */
interface Mode {
  readonly str: boolean;
  readonly legacyStr: boolean;
  readonly format: string;
}

/** A compiled fast encoder: the JSON text (or its UTF-8 bytes) of a value, or undefined (run the exact encoder). */
export interface FastEncoder {
  text(v: unknown): string | undefined;
  bytes(v: unknown): Uint8Array | undefined;
  /** The byte path's own answer (undefined: the options are not served, or it bailed). Tests. */
  written(v: unknown): Uint8Array | undefined;
  /** The byte path's answer written into buf from off: its end, or INTO_BAIL / INTO_FULL (see writeInto). */
  into(v: unknown, buf: NodeBuf, off: number): number;
}

let cacheVersion = -1;
let shadows = new WeakMap<GoType, Map<string, Shadow>>();
let eligible = new WeakMap<GoType, boolean>();
let roots = new WeakMap<GoType, Map<string, FastEncoder | null>>();

function syncVersion(): void {
  const v = methodsVersion();
  if (v !== cacheVersion) {
    cacheVersion = v;
    shadows = new WeakMap();
    eligible = new WeakMap();
    roots = new WeakMap();
    resetByteEncoders();
  }
}

/**
 * fastEncoderFor returns the fast encoder of t under options o, or undefined
 * when t is not eligible (it has or reaches methods or a known type).
 */
export function fastEncoderFor(t: GoType, o: ResolvedOptions): FastEncoder | undefined {
  syncVersion();
  // A stream of values of one type under one options value asks for the same encoder each time.
  if (t === last.t && o === last.o && last.version === cacheVersion) return last.enc;
  const enc = lookupEncoder(t, o);
  last.t = t;
  last.o = o;
  last.version = cacheVersion;
  last.enc = enc;
  return enc;
}

/** fastEncoderFor's last answer (types and options are compared by identity; dropped when methods change). */
const last: { t: GoType | null; o: ResolvedOptions | null; version: unknown; enc: FastEncoder | undefined } =
  {
    t: null,
    o: null,
    version: undefined,
    enc: undefined,
  };

function lookupEncoder(t: GoType, o: ResolvedOptions): FastEncoder | undefined {
  let per = roots.get(t);
  if (per === undefined) {
    per = new Map();
    roots.set(t, per);
  }
  const hit = per.get(o.key);
  if (hit !== undefined) return hit ?? undefined;
  let enc: FastEncoder | null = null;
  if (isEligible(t)) {
    // The shadow compiles when first needed: the byte path serves most values alone.
    let shadow: Shadow | undefined;
    const sh: Shadow = (v) => {
      shadow ??= compile(t, o, { str: o.flags.stringifyNumbers, legacyStr: false, format: "" });
      return shadow(v);
    };
    // The byte path (marshal-fast-write.ts) first where it serves the options; the shadow path when it bails.
    const wenc = writeEligible(o) ? byteEncoderFor(t, o) : null;
    enc = {
      text(v) {
        const s = run(sh, v);
        return s === undefined || !lastRaw ? s : unwrapRaw(s);
      },
      bytes(v) {
        if (wenc !== null && !PROTOS_WITH_TOJSON()) {
          const b = writeBytes(wenc, v);
          if (b !== undefined) return b;
        }
        const s = run(sh, v);
        if (s === undefined) return undefined;
        const parts = lastRaw ? rawParts(s) : undefined;
        return parts === undefined ? utf8Bytes(s) : partsBytes(parts, s.length);
      },
      written(v) {
        return wenc === null || PROTOS_WITH_TOJSON() ? undefined : writeBytes(wenc, v);
      },
      into(v, buf, off) {
        return wenc === null || PROTOS_WITH_TOJSON() ? INTO_BAIL : writeInto(wenc, v, buf, off);
      },
    };
  }
  per.set(o.key, enc);
  return enc ?? undefined;
}

/** Whether a toJSON method was added to Object.prototype or Array.prototype (the fast path then stands aside). */
function PROTOS_WITH_TOJSON(): boolean {
  return (
    (Object.prototype as { toJSON?: unknown }).toJSON !== undefined ||
    (Array.prototype as { toJSON?: unknown }).toJSON !== undefined
  );
}

/** JSON.stringify's text of v's shadow (raw markers left in: lastRaw tells), or undefined. */
function run(sh: Shadow, v: unknown): string | undefined {
  // JSON.stringify would call an inherited toJSON the shadows do not expect.
  if (PROTOS_WITH_TOJSON()) return undefined;
  // A getter of an `any` value may marshal again: each run keeps its own state.
  const depth = fs.depth;
  const raw = fs.raw;
  fs.depth = 0;
  fs.raw = false;
  try {
    const s = JSON.stringify(sh(v)) as string | undefined;
    lastRaw = fs.raw;
    return s;
  } catch {
    // BAIL, a TypeError on a value of the wrong shape, a RangeError: the exact encoder decides.
    return undefined;
  } finally {
    fs.depth = depth;
    fs.raw = raw;
  }
}

/** Whether the text of the last run has raw markers. */
let lastRaw = false;

/** Whether no type reachable from t has methods or is one of Go's known types. */
function isEligible(t: GoType): boolean {
  const hit = eligible.get(t);
  if (hit !== undefined) return hit;
  const seen = new Set<GoType>();
  const stack: GoType[] = [t];
  let ok = true;
  while (ok && stack.length > 0) {
    const x = stack.pop() as GoType;
    if (seen.has(x)) continue;
    seen.add(x);
    if (x.known !== undefined || (x.methods !== undefined && Object.keys(x.methods).length > 0)) {
      ok = false;
      break;
    }
    switch (x.kind) {
      case "slice":
      case "array":
      case "pointer":
        stack.push(x.elem);
        break;
      case "map":
        stack.push(x.key, x.elem);
        break;
      case "struct":
        for (const f of x.fields) stack.push(f.type);
        break;
    }
  }
  // Belt and braces: gotype's own lookup (promotion through embedded fields) finds nothing either.
  if (ok)
    for (const name of ["MarshalJSONTo", "MarshalJSON", "AppendText", "MarshalText", "IsZero"] as const)
      if (lookupMethod(t, name, { addressable: true })) ok = false;
  eligible.set(t, ok);
  return ok;
}

function compile(t: GoType, o: ResolvedOptions, m: Mode): Shadow {
  const key = `${o.key}|${m.str ? 1 : 0}${m.legacyStr ? 1 : 0}|${m.format}`;
  let per = shadows.get(t);
  if (per === undefined) {
    per = new Map();
    shadows.set(t, per);
  }
  const hit = per.get(key);
  if (hit !== undefined) return hit;
  let real: Shadow | undefined;
  if (compiling >= EAGER_DEPTH && deferrable(t)) {
    // Compiled when a value first reaches it: the recursion stays this shallow whatever the type graph.
    const p = per;
    const stub: Shadow = (v) => {
      if (real === undefined) {
        p.delete(key);
        const depth = compiling;
        compiling = 0;
        try {
          real = compile(t, o, m);
        } finally {
          compiling = depth;
        }
      }
      return real(v);
    };
    per.set(key, stub);
    return stub;
  }
  // A recursive type reaches itself through this stub while it is being built.
  const stub: Shadow = (v) => (real as Shadow)(v);
  per.set(key, stub);
  compiling++;
  try {
    real = build(t, o, m);
  } catch (e) {
    // A build that failed must not leave its stub cached.
    if (per.get(key) === stub) per.delete(key);
    throw e;
  } finally {
    compiling--;
  }
  per.set(key, real);
  return real;
}

/** Composite types being built above the current one (past EAGER_DEPTH, a type compiles when reached). */
let compiling = 0;
const EAGER_DEPTH = 8;

function deferrable(t: GoType): boolean {
  return (
    t.kind === "struct" ||
    t.kind === "slice" ||
    t.kind === "array" ||
    t.kind === "map" ||
    t.kind === "pointer"
  );
}

const BAIL_NODE: Shadow = () => bail();

function build(t: GoType, o: ResolvedOptions, m: Mode): Shadow {
  const sp = stringPolicy(quotePolicyFor(o));
  switch (t.kind) {
    case "bool":
      return m.legacyStr
        ? (v) => (v === true ? "true" : v === false ? "false" : bail())
        : kinded((v) => (v === true || v === false ? v : bail()), "bool");
    case "string": {
      if (m.legacyStr)
        return (v) => {
          if (typeof v !== "string") bail();
          return stringShadow(quoteWith(v, sp.pol), sp);
        };
      const str: Shadow = (v) => stringShadow(v, sp);
      return sp.extra === undefined ? kinded(str, "str") : str;
    }
    case "float32":
    case "float64":
      return floatShadow(t.kind === "float32" ? 32 : 64, m);
    case "pointer": {
      // A pointer's representation is its element's; nil is null.
      const elem = compile(t.elem, o, m);
      return (v) => (v === null ? null : v === undefined ? bail() : elem(v));
    }
    case "slice":
      return sliceShadow(t, o, m);
    case "array":
      return arrayShadow(t, o, m);
    case "map":
      return mapShadow(t, o, m, sp);
    case "interface": {
      // func, chan, complex and unknown types are errors: the exact engine reports them.
      if (t.opaque !== undefined) return BAIL_NODE;
      const c: AnyContext = { sp, det: o.flags.deterministic, str: m.str };
      const sh: Shadow = (v) => anyShadow(v, c);
      return !m.str && sp.extra === undefined ? kinded(sh, "any") : sh;
    }
    case "struct": {
      const sh = structShadow(t, o, m, sp);
      return sh === BAIL_NODE ? sh : kinded(sh, "copy");
    }
    default: {
      if (!isIntegerKind(t.kind)) return BAIL_NODE;
      if (m.str || m.legacyStr) return quotedInt(t.kind);
      const sh = kinded(intShadow(t.kind), isBig(t) ? "big" : "num");
      intKinds.set(sh, t.kind);
      return sh;
    }
  }
}

function isBig(t: GoType): boolean {
  const k = t.kind;
  return k === "int" || k === "int64" || k === "uint" || k === "uint64" || k === "uintptr";
}

/** Whether v is a value of Go integer kind k: a number in range for int8 … uint32, a bigint in range for the others. */
function intTest(k: string): (v: unknown) => boolean {
  if (isSmallIntKind(k)) return smallIntTest(k);
  const unsigned = isUnsignedKind(k);
  return (v) => typeof v === "bigint" && bigIntFits(v, unsigned);
}

/** The shadow of a `string`-tagged integer of kind k: its decimal text. */
function quotedInt(k: string): Shadow {
  const ok = intTest(k);
  return (v) => (ok(v) ? String(v) : bail());
}

/** The shadow of an integer of kind k: the number, or the raw text of a bigint beyond 2^53. */
function intShadow(k: string): Shadow {
  if (isSmallIntKind(k)) {
    const ok = smallIntTest(k);
    return (v) => (ok(v) ? v : bail());
  }
  const unsigned = isUnsignedKind(k);
  return (v) => {
    if (typeof v !== "bigint" || !bigIntFits(v, unsigned)) bail();
    const n = Number(v);
    return Number.isSafeInteger(n) ? n : raw(String(v));
  };
}

function floatShadow(bits: 32 | 64, m: Mode): Shadow {
  const nonfinite = m.format === "nonfinite";
  if (m.format !== "" && !nonfinite) return BAIL_NODE;
  const quoted = m.str || m.legacyStr;
  const sh: Shadow = (v) => {
    if (typeof v !== "number" || (bits === 32 && v - v === 0 && !float32Fits(v))) bail();
    if (v - v !== 0) {
      if (!nonfinite) bail();
      return Number.isNaN(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity";
    }
    if (bits === 64 && v !== 0 && !quoted) return v;
    const s = formatFloat(v, bits);
    if (quoted) return s;
    if (bits === 64) return s === "0" ? 0 : raw(s);
    const n = Number(s);
    return String(n) === s ? n : raw(s);
  };
  return bits === 64 && !quoted && !nonfinite ? kinded(sh, "f64") : sh;
}

const BYTE_FORMATS = new Set(["base64", "base64url", "base32", "base32hex", "hex"]);

/**
 * listShadow returns the list builder for elements built by elem (specialized by the element's
 * kind). Copies are built by push, so they are packed arrays: JSON.stringify writes a holey array
 * (`new Array(n)`) on a slow path, element by element.
 */
function listShadow(elem: Shadow, copy = false): (v: ArrayLike<unknown>) => unknown[] {
  const k = kinds.get(elem);
  // Lists of scalars open no container below them: no depth accounting.
  if (k === "big") {
    const min = isUnsignedKind(intKinds.get(elem) as string) ? 0 : -MAX_SAFE;
    return (v) => bigList(v, elem, min);
  }
  if (k === "f64") return copy ? (v) => f64Copy(v, elem) : (v) => f64List(v, elem);
  if (copy || k === "copy") return (v) => copyList(v, elem);
  if (k === "str" || k === "num" || k === "bool") {
    const same =
      k === "num"
        ? smallIntTest(intKinds.get(elem) as string)
        : k === "bool"
          ? (x: unknown) => x === true || x === false
          : (x: unknown) => typeof x === "string" && isWellFormed(x);
    // The list itself when every element is its own shadow (checked, not copied).
    return (v) => {
      if (!Array.isArray(v)) return elemsShadow(v, elem);
      const n = v.length;
      for (let i = 0; i < n; i++) if (!same(v[i])) return elemsShadow(v, elem);
      return v;
    };
  }
  return (v) => elemsShadow(v, elem);
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** A []float64 is its own shadow when every element is finite and not -0. */
function f64List(v: ArrayLike<unknown>, elem: Shadow): unknown[] {
  if (!Array.isArray(v)) return elemsShadow(v, elem);
  const n = v.length;
  for (let i = 0; i < n; i++) {
    const x = v[i];
    if (typeof x !== "number" || x - x !== 0 || (x === 0 && 1 / x < 0)) return elemsShadow(v, elem);
  }
  return v;
}

function f64Copy(v: ArrayLike<unknown>, elem: Shadow): unknown[] {
  const n = v.length;
  const out: unknown[] = [];
  for (let i = 0; i < n; i++) {
    const x = v[i];
    out.push(typeof x === "number" && x !== 0 && x - x === 0 ? x : elem(x));
  }
  return out;
}

function bigList(v: ArrayLike<unknown>, elem: Shadow, min: number): unknown[] {
  const n = v.length;
  const out: unknown[] = [];
  for (let i = 0; i < n; i++) {
    const x = v[i];
    if (typeof x === "bigint") {
      const d = Number(x);
      if (d <= MAX_SAFE && d >= min) {
        out.push(d);
        continue;
      }
    }
    out.push(elem(x));
  }
  return out;
}

function copyList(v: ArrayLike<unknown>, elem: Shadow): unknown[] {
  if (++fs.depth > FAST_MAX_DEPTH) bail();
  const n = v.length;
  const out: unknown[] = [];
  for (let i = 0; i < n; i++) out.push(elem(v[i]));
  fs.depth--;
  return out;
}

/** The shadow of a list: the list itself when every element is its own shadow, else a copy. */
function elemsShadow(v: ArrayLike<unknown>, elem: Shadow): unknown[] {
  if (++fs.depth > FAST_MAX_DEPTH) bail();
  const n = v.length;
  let out: unknown[] | undefined;
  if (!Array.isArray(v)) out = [];
  for (let i = 0; i < n; i++) {
    const x = v[i];
    const s = elem(x);
    if (out !== undefined) out.push(s);
    else if (s !== x) {
      out = [];
      for (let j = 0; j < i; j++) out.push(v[j]);
      out.push(s);
    }
  }
  fs.depth--;
  return out ?? (v as unknown[]);
}

function sliceShadow(t: Extract<GoType, { kind: "slice" }>, o: ResolvedOptions, m: Mode): Shadow {
  let nilNull = o.flags.formatNilSliceAsNull;
  let format = m.format;
  // Go: emitnull/emitempty are not byte formats (a []byte with one is an invalid format error).
  const bytes = isByteSlice(t, o);
  if (!bytes && format === "emitnull") {
    nilNull = true;
    format = "";
  } else if (!bytes && format === "emitempty") {
    nilNull = false;
    format = "";
  }
  const nil = nilNull ? null : [];
  if (isByteSlice(t, o) && format !== "array") {
    const bf = (format === "" ? "base64" : format) as ByteFormat;
    if (!BYTE_FORMATS.has(bf)) return BAIL_NODE;
    return (v) =>
      v === null ? (nilNull ? null : "") : v instanceof Uint8Array ? encodeBytes(v, bf) : bail();
  }
  // Other formats (an error, or "array" on bytes) take the exact path.
  if (format !== "") return BAIL_NODE;
  const list = listShadow(compile(t.elem, o, { ...m, format: "" }));
  return (v) => {
    if (v === null) return nil === null ? null : [];
    // Only arrays here (a Uint8Array of a named byte type takes the exact path).
    if (!Array.isArray(v)) bail();
    return list(v);
  };
}

function arrayShadow(t: Extract<GoType, { kind: "array" }>, o: ResolvedOptions, m: Mode): Shadow {
  const format = m.format;
  const asArray = format === "array" || (format === "" && o.flags.formatByteArrayAsArray);
  if (isByteSlice(t, o) && !asArray) {
    const bf = (format === "" ? "base64" : format) as ByteFormat;
    if (!BYTE_FORMATS.has(bf)) return BAIL_NODE;
    // A Uint8Array, or an array of byte numbers (unmarshal's form of [N]byte), of the array's length.
    const n = t.len;
    return (v) => encodeBytes(byteArrayValue(v, n), bf);
  }
  if (format !== "") return BAIL_NODE;
  // A Go array's zero value is made with `new Array(n)` (holey): always a packed copy.
  const list = listShadow(compile(t.elem, o, { ...m, format: "" }), true);
  const n = t.len;
  return (v) => {
    if (!Array.isArray(v) || v.length !== n) bail();
    return list(v);
  };
}

function mapShadow(
  t: Extract<GoType, { kind: "map" }>,
  o: ResolvedOptions,
  m: Mode,
  sp: StringPolicy,
): Shadow {
  let nilNull = o.flags.formatNilMapAsNull;
  if (m.format === "emitnull") nilNull = true;
  else if (m.format === "emitempty") nilNull = false;
  else if (m.format !== "") return BAIL_NODE;
  // Keys: only string kinds (their text is the key itself); other kinds take the exact path.
  if (t.key.kind !== "string") return BAIL_NODE;
  const venc = compile(t.elem, o, { ...m, format: "" });
  const det = o.flags.deterministic;
  const text = (v: Map<unknown, unknown>): string => {
    const entries: [string, unknown][] = [];
    for (const [k, x] of v) {
      if (typeof k !== "string") bail();
      entries.push([k, x]);
    }
    if (det) entries.sort((a, b) => compareUTF8(a[0], b[0]));
    let out = "{";
    for (let i = 0; i < entries.length; i++) {
      const [k, x] = entries[i] as [string, unknown];
      if (i > 0) out += ",";
      out += quoteWith(k, sp.pol);
      out += ":";
      out += stringifyShadow(venc(x));
    }
    return raw(`${out}}`);
  };
  return (v) => {
    if (v === null) return nilNull ? null : {};
    if (!(v instanceof Map)) bail();
    if (v.size === 0) return {};
    if (++fs.depth > FAST_MAX_DEPTH) bail();
    let out: unknown;
    if (det && v.size > 1) out = text(v);
    else {
      const obj: Record<string, unknown> = {};
      const order = new KeyOrder();
      out = obj;
      for (const [k, x] of v) {
        if (typeof k !== "string") bail();
        if (!plainString(k, sp) || !order.add(k)) {
          out = text(v);
          break;
        }
        setOwn(obj, k, venc(x));
      }
    }
    fs.depth--;
    return out;
  };
}

/** One field of a struct's shadow builder. */
interface FastField {
  readonly f: FieldV2;
  readonly sh: Shadow;
  readonly isZero: ((v: unknown) => boolean) | undefined;
  readonly omitempty: boolean;
  readonly legacyOmit: ((v: unknown) => boolean) | undefined;
}

function structShadow(t: StructType, o: ResolvedOptions, m: Mode, sp: StringPolicy): Shadow {
  const f = o.flags;
  const sf = structFieldsV2(t, o.goVersion);
  if ((sf.error && !f.reportErrorsWithLegacySemantics) || sf.unsupportedFormat) return BAIL_NODE;
  if (sf.fallback && !f.discardUnknownMembers) return BAIL_NODE;
  const order = new KeyOrder();
  const fields: FastField[] = [];
  for (const fd of sf.fields) {
    // The object's keys must be written by JSON.stringify exactly as the exact encoder's names, in order.
    if (
      !plainString(fd.name, sp) ||
      !order.add(fd.name) ||
      JSON.stringify(fd.name) !== quoteWith(fd.name, sp.pol)
    )
      return BAIL_NODE;
    // Go 1.27's `string` option (numbers at the field's own level, else an error): the exact encoder's.
    if (fd.string && o.rules.stringTagTopLevel) return BAIL_NODE;
    // A `format` option on a kind that takes none is Go's error: the exact encoder's.
    if (fd.format !== "") {
      const ft = pointerChainEnd(fd.type);
      if (/^(bool|string|u?int(8|16|32|64)?|uintptr|struct|interface)$/.test(ft.kind)) return BAIL_NODE;
    }
    const legacyStrOk = f.stringifyWithLegacySemantics && fd.string && canLegacyStringify(fd.type);
    const sh = compile(fd.type, o, {
      str: f.stringifyWithLegacySemantics ? m.str : m.str || fd.string,
      legacyStr: legacyStrOk,
      format: fd.format,
    });
    const omitzero = fd.omitzero || f.omitZeroStructFields;
    const ft = fd.type;
    fields.push({
      f: fd,
      sh,
      isZero: omitzero ? (v) => isZero(ft, v) : undefined,
      omitempty: fd.omitempty && !f.omitEmptyWithLegacySemantics,
      legacyOmit: fd.omitempty && f.omitEmptyWithLegacySemantics ? (v) => legacyEmpty(ft, v) : undefined,
    });
  }
  if (fields.length > CODEGEN_MAX_FIELDS) return tableShadow(fields);
  return generateStruct(fields) ?? BAIL_NODE;
}

/**
 * generateStruct writes a struct's shadow builder as one function: constant
 * Go property reads, the field builders called from their own call sites, and
 * one object literal when no field can be left out.
 */
function generateStruct(fields: readonly FastField[]): Shadow | undefined {
  const always = fields.every(
    (x) => x.isZero === undefined && !x.omitempty && !x.legacyOmit && x.f.path.length === 1,
  );
  const keyOf = (name: string) => (name === "__proto__" ? '["__proto__"]' : JSON.stringify(name));
  let head = "";
  let body = "";
  fields.forEach((x, i) => {
    head += `const S${i} = F[${i}].sh;\n`;
    if (x.isZero) head += `const Z${i} = F[${i}].isZero;\n`;
    if (x.legacyOmit) head += `const L${i} = F[${i}].legacyOmit;\n`;
  });
  const value = (i: number, x: string) =>
    inlineCode((fields[i] as FastField).sh, x, `S${i}`) ?? `S${i}(${x})`;
  // A missing field (undefined) must not pass as nil or zero: where the field's builder or an
  // omit test would accept undefined (an `any`, omitzero, legacy omitempty), the path is left.
  const undefCheck = (x: FastField, v: string) =>
    x.f.type.kind === "interface" || x.isZero !== undefined || x.legacyOmit !== undefined
      ? `if (${v} === undefined) BAILF();\n`
      : "";
  if (always) {
    body = "let n;\n";
    fields.forEach((x, i) => {
      body += `const x${i} = v[${JSON.stringify(x.f.goName)}];\n${undefCheck(x, `x${i}`)}`;
    });
    const props = fields.map((x, i) => `${keyOf(x.f.name)}: ${value(i, `x${i}`)}`);
    body += `const o = { ${props.join(", ")} };\n`;
  } else {
    body = "const o = {};\nlet x, s, n;\n";
    fields.forEach((x, i) => {
      const path = x.f.path;
      let get = "v";
      let cond = "";
      let hops = "";
      for (let j = 0; j < path.length - 1; j++) {
        get += `[${JSON.stringify(path[j])}]`;
        // A nil embedded pointer leaves its fields out; a missing (or null non-pointer) embedded struct is an error.
        if ((x.f.hopTypes[j] as GoType).kind === "pointer") {
          hops += `${cond === "" ? "" : `if (${cond}) `}if (${get} === undefined) BAILF();\n`;
          cond += `${cond === "" ? "" : " && "}${get} !== null`;
        } else hops += `${cond === "" ? "" : `if (${cond}) `}if (${get} == null) BAILF();\n`;
      }
      body += hops;
      // A direct field is read by its Go name, as the exact encoder does.
      get += `[${JSON.stringify(path.length === 1 ? x.f.goName : path[path.length - 1])}]`;
      let stmt = `x = ${get};\n${undefCheck(x, "x")}`;
      let test = "";
      if (x.isZero) test += `!Z${i}(x)`;
      if (x.legacyOmit) test += `${test === "" ? "" : " && "}!L${i}(x)`;
      const set =
        x.f.name === "__proto__" ? 'SET(o, "__proto__", s);' : `o[${JSON.stringify(x.f.name)}] = s;`;
      const put = `s = ${value(i, "x")};\n${x.omitempty ? `if (!EMPTY(s)) ${set}` : set}\n`;
      stmt += test === "" ? put : `if (${test}) {\n${put}}\n`;
      body += cond === "" ? stmt : `if (${cond}) {\n${stmt}}\n`;
    });
  }
  const src = `"use strict";\n${head}return function structShadow(v) {\nif (v === null || typeof v !== "object" || Array.isArray(v) || ++FS.depth > MAX) BAILF();\n${body}FS.depth--;\nreturn o;\n};`;
  try {
    return new Function("F", "FS", "MAX", "BAILF", "EMPTY", "SET", src)(
      fields,
      fs,
      FAST_MAX_DEPTH,
      bail,
      isEmptyShadow,
      setOwn,
    ) as Shadow;
  } catch {
    // Code generation refused (a Content-Security-Policy): the exact encoder serves this type.
    return undefined;
  }
}
