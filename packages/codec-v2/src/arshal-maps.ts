/**
 * Maps, marshal and unmarshal: keys (strings, integers, floats, TextMarshalers, the loose time
 * keys), sorted output under Deterministic, duplicate names, merging into an existing map, and the
 * deep-path frames. Go: arshal_default.go's map arshaler.
 */

import {
  GoMethodMissingError,
  GoTime,
  GoTimeError,
  type GoType,
  typeString as reflectTypeString,
} from "@gojson/gotype";
import { formatFloat, type Kind, SyntacticError } from "@gojson/jsontext";
import { type QuotePolicy, utf8Length } from "@gojson/jsontext/internal";
import { lookupTextMethod, marshalToError, methodText } from "./arshal-methods.js";
import { parseGoFloatSyntax, parseGoInt, parseGoIntSyntax } from "./arshal-scalars.js";
import { strictRFC3339Error, timeEncoder } from "./arshal-time.js";
import {
  ERR_DUPLICATE_NAME,
  escapePointerToken,
  hasPartial,
  partialOf,
  positionedMarshalError,
  prefixMarshalPointer,
  prefixPointer,
  SemanticError,
  setPartial,
  syntacticError,
} from "./errors.js";
import { isBigKind, lookupMethod, zero } from "./go-values.js";
import {
  describeValue,
  InvalidValueError,
  invalidValue,
  isBigInt,
  isFloat32,
  isSmallInt,
  wantText,
} from "./invalid-value.js";
import { MarshalerError } from "./legacy-errors.js";
import { compileEncoder, type MarshalMode, NO_MARSHAL_MODE } from "./marshal-compile.js";
import {
  DEEP_AFTER,
  type Enc,
  encodeDeep,
  leave,
  type MFrame,
  ms,
  openContainer,
  visit,
} from "./marshal-deep.js";
import { invalidFormatEncoder, marshalErr } from "./marshal-support.js";
import {
  ERR_NON_SINGULAR,
  MethodReadPastValue,
  marshalThroughTwin,
  TwinDecoder,
  TwinEncoder,
} from "./method-coders.js";
import { floatMapKey, NEGATIVE_ZERO_KEY, otherZero } from "./negative-zero-key.js";
import { isJsonNumber } from "./number-syntax.js";
import type { ResolvedOptions } from "./options.js";
import { quotePolicyFor, quoteWith } from "./quote.js";
import { reformatRaw } from "./raw.js";
import { type Reader, toBytes } from "./reader.js";
import { compileDecoder, type UnmarshalMode } from "./unmarshal-compile.js";
import { DEEP_AFTER as DEEP_DECODE_AFTER, type Dec, decodeDeep, UFrame } from "./unmarshal-deep.js";
import {
  fail,
  invalidFormatDecoder,
  isNonFatal,
  legacyMethodError,
  memberNameError,
  mismatch,
  rawText,
  readName,
} from "./unmarshal-support.js";

/** Compare strings by UTF-8 byte order (code point order), as Go sorts names. */
export function compareUTF8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      const xs = x >= 0xd800 && x <= 0xdfff;
      const ys = y >= 0xd800 && y <= 0xdfff;
      if (xs !== ys) return xs ? 1 : -1;
      return x - y;
    }
  }
  return a.length - b.length;
}

/**
 * The encoder of a map key behind a pointer (`map[*K]V`): Go's pointer arshaler follows it to K
 * (an addressable value: pointer-receiver methods apply, also under v1 semantics). A nil key
 * writes null where a name belongs, which the encoder refuses; v1 semantics write "" instead
 * when the pointer type has a text method (Go's nillableLegacyKey).
 */
function pointerKeyEncoder(
  k: Extract<GoType, { kind: "pointer" }>,
  o: ResolvedOptions,
): (key: unknown) => string {
  const inner = keyEncoder(k.elem, o, true);
  const nillable = o.flags.callMethodsWithLegacySemantics && lookupTextMethod(k, true) !== undefined;
  return (key) => {
    if (key !== null) {
      try {
        return inner(key);
      } catch (e) {
        // A key that fits neither null nor K is named by the pointer type (`*string (string or null)`).
        throw e instanceof InvalidValueError ? invalidKey(k, key) : e;
      }
    }
    if (nillable) return "";
    throw marshalErr(k, syntacticError("object member name must be a string", 0));
  };
}

/** The encoder of a map key of type k; `viaPointer`: reached through a pointer key (addressable). */
function keyEncoder(k: GoType, o: ResolvedOptions, viaPointer = false): (key: unknown) => string {
  const f = o.flags;
  if (k.kind === "pointer" && k.name === undefined) return pointerKeyEncoder(k, o);
  if (k.known === "time.Duration" && !f.formatDurationAsNano) {
    // Go's Duration arshaler has no default representation, for a key as for a value.
    return () => {
      throw marshalErr(k, o.rules.durationNoDefault);
    };
  }
  if (k.known === "time.Time") {
    // Go's time arshaler writes a key as it writes a value, with its errors (not its methods'):
    // `cannot marshal from Go time.Time after offset 1: year outside of range [0,9999]`, and
    // under legacy reporting `error calling MarshalJSON for type *time.Time: ...`.
    const enc = timeEncoder(k, o, NO_MARSHAL_MODE);
    return (key) => {
      if (!GoTime.isInstance(key)) throw invalidKey(k, key);
      let s: string;
      try {
        s = enc(key);
      } catch (e) {
        throw SemanticError.isInstance(e) ? positionedMarshalError(e) : e;
      }
      return s.slice(1, -1); // RFC 3339 text, quoted, nothing escaped
    };
  }
  // v2 calls MarshalJSONTo, MarshalJSON, AppendText and MarshalText on keys; v1 only the text methods.
  const mto = lookupMethod(k, "MarshalJSONTo");
  if (mto && !f.callMethodsWithLegacySemantics) {
    const fn = mto.call;
    return (key) => {
      // The method writes an object member name: one JSON string.
      const enc = new TwinEncoder(o, true);
      const err = marshalThroughTwin(fn, enc, key);
      if (err === undefined) return JSON.parse(enc.text()) as string;
      if (GoMethodMissingError.isInstance(err)) throw err;
      const e = marshalToError(k, err, enc.written);
      throw SemanticError.isInstance(e) ? positionedMarshalError(e) : e;
    };
  }
  const mj = lookupMethod(k, "MarshalJSON");
  if (mj && !f.callMethodsWithLegacySemantics) {
    const fn = mj.call;
    return (key) => {
      let out: Uint8Array | string;
      try {
        out = fn(key);
      } catch (e) {
        if (GoMethodMissingError.isInstance(e)) throw e;
        // The method's error: Go's SemanticError at the key (newMarshalErrorBefore).
        throw positionedMarshalError(marshalErr(k, e instanceof Error ? e : String(e)));
      }
      let r: string;
      try {
        r = reformatRaw(out, o);
      } catch (e) {
        // Invalid output of the method: Go wraps the encoder's error (newMarshalErrorBefore).
        throw SyntacticError.isInstance(e) ? marshalErr(k, e) : e;
      }
      if (r[0] !== '"') throw marshalErr(k, "JSON value must be string type");
      return JSON.parse(r) as string;
    };
  }
  // A key is a copy (not addressable) under v1 semantics, unless reached through a pointer.
  const mt = lookupTextMethod(k, viaPointer || !f.callMethodsWithLegacySemantics);
  // Go 1.27 (v1 semantics): AppendText and MarshalText are not called on a key of string kind
  // (classic v1's rule); Go 1.26 calls them.
  if (mt && !(f.callMethodsWithLegacySemantics && o.rules.legacyStringKeysSkipText && k.kind === "string")) {
    const fn = mt.call;
    const name = mt.name;
    return (key) => {
      let out: Uint8Array | string;
      try {
        out = fn(key);
      } catch (e) {
        if (GoMethodMissingError.isInstance(e)) throw e;
        // The method's error: v1's MarshalerError (legacy), else Go's SemanticError at the key.
        if (f.reportErrorsWithLegacySemantics) {
          const detail = e instanceof Error ? e.message : String(e);
          throw new MarshalerError(`*${reflectTypeString(k)}`, name, detail);
        }
        throw positionedMarshalError(marshalErr(k, e instanceof Error ? e : String(e)));
      }
      if (typeof out === "string") return out;
      try {
        return methodText(out, f.allowInvalidUTF8);
      } catch (e) {
        throw SyntacticError.isInstance(e) ? marshalErr(k, e) : e;
      }
    };
  }
  switch (k.kind) {
    case "string":
      return (key) => {
        if (typeof key !== "string") throw invalidKey(k, key);
        return key;
      };
    case "float32":
    case "float64": {
      const bits = k.kind === "float32" ? 32 : 64;
      return (key) => {
        // The key -0 (a JS Map cannot hold it as a number): Go writes "-0".
        if (key === NEGATIVE_ZERO_KEY) return "-0";
        if (typeof key !== "number" || (bits === 32 && !isFloat32(key))) throw invalidKey(k, key);
        const x = key;
        // A non-finite key is unsupported, as a value is (Go's float arshaler).
        if (!Number.isFinite(x))
          throw positionedMarshalError(
            marshalErr(k, `unsupported value: ${Number.isNaN(x) ? "NaN" : x > 0 ? "+Inf" : "-Inf"}`),
          );
        return formatFloat(x, bits);
      };
    }
    case "bool":
    case "array":
    case "struct":
      // Go writes the key with the bool arshaler, a literal where a member name belongs (an array or
      // struct key: `[` or `{`): the encoder refuses it (jsontext.ErrNonStringName) and no such map
      // encodes, empty ones aside.
      return () => {
        throw marshalErr(k, syntacticError("object member name must be a string", 0));
      };
    default:
      return (key) => {
        if (isBigKindOf(k) ? !isBigInt(k.kind, key) : !isSmallInt(k.kind, key)) throw invalidKey(k, key);
        return String(key);
      };
  }
}

function isBigKindOf(t: GoType): boolean {
  const k = t.kind;
  return k === "int" || k === "int64" || k === "uint" || k === "uint64" || k === "uintptr";
}

/** invalidKey makes the error for a map key that does not fit the key type k. */
function invalidKey(k: GoType, key: unknown): InvalidValueError {
  return new InvalidValueError(k, `${wantText(k)} as map key`, describeValue(key));
}

export function mapEncoder(t: Extract<GoType, { kind: "map" }>, o: ResolvedOptions, m: MarshalMode): Enc {
  const f = o.flags;
  let nilNull = f.formatNilMapAsNull;
  if (m.format === "emitnull") nilNull = true;
  else if (m.format === "emitempty") nilNull = false;
  else if (m.format !== "") return invalidFormatEncoder(t, m.format);
  const kenc = keyEncoder(t.key, o);
  const venc = compileEncoder(t.elem, o, { ...m, format: "", addr: false });
  const det = f.deterministic;
  const pol = quotePolicyFor(o);
  const entriesOf = (v: Map<unknown, unknown>): [string, unknown][] => {
    let entries: [string, unknown][] = [];
    try {
      for (const [k, val] of v) entries.push([kenc(k), val]);
    } catch (e) {
      // Go writes each name right after `{` (sorting; the first name otherwise) before it fails.
      throw prefixMarshalPointer(e, undefined, "{");
    }
    if (det) entries = entries.sort((a, b) => compareUTF8(a[0], b[0]));
    if (!f.allowDuplicateNames && entries.length > 1) {
      const seen = new Set<string>();
      for (const [k] of entries) {
        if (seen.has(k)) throw syntacticError("duplicate object member name", 0, `/${escapePointerToken(k)}`);
        seen.add(k);
      }
    }
    return entries;
  };
  const enc: Enc = (v: Map<unknown, unknown> | null) => {
    if (v === null) return nilNull ? "null" : "{}";
    if (!(v instanceof Map)) throw invalidValue(t, v);
    if (v.size === 0) return "{}";
    if (ms.depth >= DEEP_AFTER) return encodeDeep(enc, v);
    const entries = entriesOf(v);
    ms.depth++;
    let out = "{";
    let first = true;
    for (const [k, val] of entries) {
      if (!first) out += ",";
      first = false;
      out += quoteWith(k, pol);
      out += ":";
      try {
        out += venc(val);
      } catch (e) {
        throw prefixMarshalPointer(e, k, out);
      }
    }
    ms.depth--;
    return `${out}}`;
  };
  enc.frame = (v: Map<unknown, unknown> | null) => {
    if (v === null) return nilNull ? "null" : "{}";
    if (!(v instanceof Map)) throw invalidValue(t, v);
    const visited = visit(t, v);
    if (v.size === 0) {
      openContainer();
      ms.depth--;
      if (visited) leave(t, v);
      return "{}";
    }
    return new MapMarshalFrame(t, v, entriesOf(v), venc, pol, visited);
  };
  return enc;
}

/** The deep-path frame of a map (remembered for cycles). */
class MapMarshalFrame implements MFrame {
  cv: unknown;
  private out = "{";
  private i = 0;
  constructor(
    private readonly t: GoType,
    private readonly ref: unknown,
    private readonly entries: [string, unknown][],
    readonly ce: Enc,
    private readonly pol: QuotePolicy,
    private readonly visited: boolean,
  ) {
    openContainer();
  }
  next(): boolean {
    const i = this.i;
    if (i >= this.entries.length) return false;
    const [k, val] = this.entries[i] as [string, unknown];
    this.out += `${i > 0 ? "," : ""}${quoteWith(k, this.pol)}:`;
    this.cv = val;
    this.i = i + 1;
    return true;
  }
  put(s: string): void {
    this.out += s;
  }
  finish(): string {
    ms.depth--;
    if (this.visited) leave(this.t, this.ref);
    return `${this.out}}`;
  }
  seg(): string | undefined {
    return (this.entries[this.i - 1] as [string, unknown])[0];
  }
  offset(): number {
    return utf8Length(this.out);
  }
}

function keyDecoder(k: GoType, o: ResolvedOptions): (r: Reader, name: string, start: number) => unknown {
  const f = o.flags;
  if (k.known === "time.Duration" && !f.formatDurationAsNano) {
    // Go's Duration arshaler has no default representation, for a key as for a value:
    // reported at the map, before the name is read.
    return (r, _name, start) => {
      throw new SemanticError({
        action: "unmarshal",
        goType: k,
        byteOffset: r.valueStart(start),
        cause: o.rules.durationNoDefault,
      });
    };
  }
  if (k.known === "time.Time" && !f.parseTimeWithLooseRFC3339) {
    // Go's time arshaler (not UnmarshalText) decodes a time key: json/v2's strict RFC 3339 checks apply.
    const loose = keyDecoderLooseTime(k, o);
    return (r, name, start) => {
      const v = loose(r, name, start);
      const strict = strictRFC3339Error(name);
      if (strict !== undefined) throw memberNameError(r, name, start, k, new GoTimeError(strict));
      return v;
    };
  }
  return keyDecoderLooseTime(k, o);
}

/** keyDecoderLooseTime decodes map keys through methods or by kind (time keys without json/v2's strict checks). */
function keyDecoderLooseTime(
  k: GoType,
  o: ResolvedOptions,
): (r: Reader, name: string, start: number) => unknown {
  const f = o.flags;
  /** A key method's own error, placed at the key (Go: the name's JSON kind, no value shown). */
  const methodErr = (r: Reader, name: string, start: number, e: unknown): unknown =>
    SemanticError.isInstance(e) || SyntacticError.isInstance(e) || GoMethodMissingError.isInstance(e)
      ? e
      : f.reportErrorsWithLegacySemantics
        ? legacyMethodError(e)
        : new SemanticError({
            action: "unmarshal",
            jsonKind: '"',
            goType: k,
            byteOffset: r.valueStart(start),
            jsonPointer: `/${escapePointerToken(name)}`,
            cause: e instanceof Error ? e : String(e),
          });
  const uf = lookupMethod(k, "UnmarshalJSONFrom");
  if (uf && !f.callMethodsWithLegacySemantics) {
    const fn = uf.call;
    return (r, name, start) => {
      // The method reads the member name (as it is in the input) as its one value.
      const vs = r.valueStart(start);
      const dec = new TwinDecoder(r.buf.slice(vs, r.d.inputOffset), vs, false, o);
      let err: unknown;
      try {
        const key = fn(dec, zero(k));
        if (dec.singular) return key;
        err = new Error(ERR_NON_SINGULAR);
      } catch (e) {
        err = e instanceof MethodReadPastValue ? new Error(ERR_NON_SINGULAR) : e;
      }
      throw methodErr(r, name, start, err);
    };
  }
  const uj = lookupMethod(k, "UnmarshalJSON");
  if (uj && !f.callMethodsWithLegacySemantics) {
    const fn = uj.call;
    return (r, name, start) => {
      try {
        // Go gives the method the member name as it is in the input (escapes kept).
        return fn(r.buf.slice(r.valueStart(start), r.d.inputOffset), zero(k));
      } catch (e) {
        throw methodErr(r, name, start, e);
      }
    };
  }
  const ut = lookupMethod(k, "UnmarshalText");
  if (ut) {
    const fn = ut.call;
    return (r, name, start) => {
      try {
        return fn(toBytes(name), zero(k));
      } catch (e) {
        throw methodErr(r, name, start, e);
      }
    };
  }
  const keyErr = (r: Reader, name: string, start: number, cause: string) =>
    new SemanticError({
      action: "unmarshal",
      jsonKind: '"',
      jsonValue: rawText(r, start),
      goType: k,
      byteOffset: r.valueStart(start),
      jsonPointer: `/${escapePointerToken(name)}`,
      cause,
    });
  switch (k.kind) {
    case "float32":
    case "float64":
      if (f.stringifyWithLegacySemantics)
        // A map key is a quoted number: legacy semantics parse it with strconv.ParseFloat
        // (Go's syntax: "+Inf", ".5", "1_0") and take "null" as the zero key.
        return (r, name, start) => {
          if (name === "null") return 0;
          const v = parseGoFloatSyntax(name, k.kind === "float32");
          if (typeof v === "string") throw keyErr(r, name, start, v);
          return floatMapKey(v);
        };
      return (r, name, start) => {
        if (!isJsonNumber(name)) throw keyErr(r, name, start, "invalid syntax");
        let v = Number(name);
        if (k.kind === "float32") v = Math.fround(v);
        // A key beyond the float's range is an error as for a value (no entry is stored).
        if (!Number.isFinite(v)) throw keyErr(r, name, start, "value out of range");
        return floatMapKey(v);
      };
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
      const big = isBigKind(k);
      if (f.stringifyWithLegacySemantics)
        // A map key is a quoted number: under legacy semantics Go parses it with strconv
        // (Go's syntax: "010", "+5") and takes "null" as the zero key (go.dev/issue/75619).
        return (r, name, start) => {
          if (name === "null") return big ? 0n : 0;
          const v = parseGoIntSyntax(name, k.kind, big);
          if (typeof v === "string") throw keyErr(r, name, start, v);
          return v;
        };
      return (r, name, start) => {
        const v = parseGoInt(name, k.kind, big);
        if (typeof v === "string") throw keyErr(r, name, start, v);
        return v;
      };
    }
    case "bool":
      // Go's bool arshaler takes no JSON string (not even under StringifyNumbers), so no
      // object member name can be a bool key: every member is a type mismatch at its name.
      return (r, name, start) => {
        throw memberNameError(r, name, start, k);
      };
    default:
      return (_r, name) => name;
  }
}

export function mapDecoder(t: Extract<GoType, { kind: "map" }>, o: ResolvedOptions, m: UnmarshalMode): Dec {
  const f = o.flags;
  const kdec = keyDecoder(t.key, o);
  const vdec = compileDecoder(t.elem, o, { ...m, format: "", caseMode: "", legacyStr: false });
  const et = t.elem;
  const merge = !f.mergeWithLegacySemantics;
  const dups = !f.allowDuplicateNames;
  // Go's key arshalers read a member name with ReadValue (a syntax error inside a name that is not
  // a string is reported as such), but a bool key with ReadToken (the name must be a string).
  const nameAsValue =
    t.key.kind !== "bool" ||
    lookupMethod(t.key, "UnmarshalJSONFrom") !== undefined ||
    lookupMethod(t.key, "UnmarshalJSON") !== undefined ||
    lookupMethod(t.key, "UnmarshalText") !== undefined;
  if (m.format !== "" && m.format !== "emitnull" && m.format !== "emitempty")
    return invalidFormatDecoder(t, m.format, o);
  const dec: Dec = (r, cur) => {
    const d = r.d;
    const k0 = d.peekKind();
    if (k0 === "{") {
      if (d.stackDepth >= DEEP_DECODE_AFTER) return decodeDeep(r, dec, cur);
      d.readBeginObject();
      const out: Map<unknown, unknown> = cur instanceof Map ? cur : new Map();
      const seen = dups && out.size > 0 ? new Set<unknown>() : undefined;
      let k: Kind;
      try {
        while ((k = d.peekKind()) !== "}") {
          const start = d.inputOffset;
          const name = readName(r, k, nameAsValue);
          let key: unknown;
          try {
            key = kdec(r, name, start);
          } catch (e) {
            if (!isNonFatal(e) || !o.flags.reportErrorsWithLegacySemantics) throw e;
            fail(r, o, e, true, out);
            continue;
          }
          checkDuplicateKey(r, out, seen, key, start, dups);
          const have = presentKey(out, key);
          const base = merge && have !== undefined ? out.get(have) : zero(et);
          // Go updates a float key's spelling (-0 / 0) when it assigns the entry.
          if (have !== undefined && have !== key) out.delete(have);
          try {
            out.set(key, vdec(r, base));
          } catch (e) {
            // Go stores the (partial) entry value before it looks at the error.
            out.set(key, partialOf(e, base));
            setPartial(e, out);
            prefixPointer(e, name);
            throw e;
          }
        }
      } catch (e) {
        if (!hasPartial(e)) setPartial(e, out);
        throw e;
      }
      d.readEndObject();
      return out;
    }
    if (k0 === "n") {
      d.readNull();
      return null;
    }
    return mismatch(r, o, t, cur, k0, true);
  };
  dec.open = (r, cur) => {
    const d = r.d;
    if (d.peekKind() !== "{") return dec(r, cur);
    d.readBeginObject();
    const out: Map<unknown, unknown> = cur instanceof Map ? cur : new Map();
    return new MapUnmarshalFrame(
      o,
      kdec,
      vdec,
      et,
      merge,
      out,
      dups && out.size > 0 ? new Set() : undefined,
      nameAsValue,
    );
  };
  return dec;
}

/** The key of `out` that is `key` as a Go map key (0 and -0 are one key), or undefined. */
function presentKey(out: Map<unknown, unknown>, key: unknown): unknown {
  if (out.has(key)) return key;
  const z = otherZero(key);
  return z !== undefined && out.has(z) ? z : undefined;
}

/**
 * checkDuplicateKey is Go's semantic duplicate check of map keys: a key already in the map (put
 * there by this object when the map was not empty to begin with: `seen`) is a duplicate name,
 * even when the names differ ("0" and "-0", or names an UnmarshalText method maps together).
 */
function checkDuplicateKey(
  r: Reader,
  out: Map<unknown, unknown>,
  seen: Set<unknown> | undefined,
  key: unknown,
  start: number,
  dups: boolean,
): void {
  if (!dups) return;
  const have = presentKey(out, key);
  if (have !== undefined && (seen === undefined || seen.has(have)))
    throw syntacticError(ERR_DUPLICATE_NAME, r.valueStart(start), r.d.stackPointer());
  seen?.add(key);
  const z = otherZero(key);
  if (z !== undefined) seen?.add(z);
}

/** The deep-path frame of a map (Go stores the partial entry value before it looks at the error). */
class MapUnmarshalFrame extends UFrame {
  private key: unknown;
  private name = "";
  constructor(
    private readonly o: ResolvedOptions,
    private readonly kdec: (r: Reader, name: string, start: number) => unknown,
    vdec: Dec,
    private readonly et: GoType,
    private readonly merge: boolean,
    private readonly out: Map<unknown, unknown>,
    private readonly seen: Set<unknown> | undefined,
    private readonly nameAsValue: boolean,
  ) {
    super();
    this.cd = vdec;
  }
  next(r: Reader): boolean {
    const d = r.d;
    const out = this.out;
    let k: Kind;
    while ((k = d.peekKind()) !== "}") {
      const start = d.inputOffset;
      const name = readName(r, k, this.nameAsValue);
      let key: unknown;
      try {
        key = this.kdec(r, name, start);
      } catch (e) {
        if (!isNonFatal(e) || !this.o.flags.reportErrorsWithLegacySemantics) throw e;
        fail(r, this.o, e, true, out);
        continue;
      }
      checkDuplicateKey(r, out, this.seen, key, start, !this.o.flags.allowDuplicateNames);
      this.key = key;
      this.name = name;
      const have = presentKey(out, key);
      this.cb = this.merge && have !== undefined ? out.get(have) : zero(this.et);
      if (have !== undefined && have !== key) out.delete(have);
      return true;
    }
    d.readEndObject();
    return false;
  }
  put(v: unknown): void {
    this.out.set(this.key, v);
  }
  finish(): unknown {
    return this.out;
  }
  fail(e: unknown): string | undefined {
    if (this.inChild) {
      this.out.set(this.key, partialOf(e, this.cb));
      setPartial(e, this.out);
      return this.name;
    }
    if (!hasPartial(e)) setPartial(e, this.out);
    return undefined;
  }
}
