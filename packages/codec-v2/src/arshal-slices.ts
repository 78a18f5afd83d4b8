/**
 * Slices, arrays and byte slices, marshal and unmarshal: base64/base32/hex formats, Go's slice
 * growth (the backing array a later decode reuses), arrays of any length under legacy semantics,
 * and the deep-path frames. Go: arshal_default.go's bytes, slice and array arshalers.
 */

import type { GoType } from "@gojson/gotype";
import { SyntacticError } from "@gojson/jsontext";
import { utf8Length } from "@gojson/jsontext/internal";
import { type ByteFormat, decodeBytes, decodedLength, encodeBytes, goWritesOf } from "./bytes-format.js";
import {
  byteLength,
  partialOf,
  prefixMarshalPointer,
  prefixPointer,
  SemanticError,
  setPartial,
  syntacticError,
} from "./errors.js";
import { lookupMethod, zero } from "./go-values.js";
import { invalidValue, isSmallInt } from "./invalid-value.js";
import { compileEncoder, type MarshalMode } from "./marshal-compile.js";
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
import { BEFORE_DELIM, invalidFormatEncoder } from "./marshal-support.js";
import type { ResolvedOptions } from "./options.js";
import type { Reader } from "./reader.js";
import { compileDecoder, type UnmarshalMode } from "./unmarshal-compile.js";
import { DEEP_AFTER as DEEP_DECODE_AFTER, type Dec, decodeDeep, UFrame } from "./unmarshal-deep.js";
import { afterErr, fail, invalidFormatDecoder, mismatch, peekSoft } from "./unmarshal-support.js";

/**
 * Whether Go's bytes arshaler serves t: []~byte or [N]~byte whose element has no methods, and
 * for a named byte type (`type B byte`) only under v1's legacy semantics: json/v2 treats []B
 * and [N]B as []T and [N]T (arrays of numbers, byte formats invalid).
 */
export function isByteSlice(t: GoType, o: ResolvedOptions, format = ""): boolean {
  // Go's makeBytesArshaler: []T or [N]T (json/v2) for a named byte; under legacy semantics bytes,
  // unless the element has a marshal method and no `format` is given (the format is looked at
  // first; without one, hasMarshaler has the elements written one by one).
  return (
    (t.kind === "slice" || t.kind === "array") &&
    t.elem.kind === "uint8" &&
    (t.elem.name === undefined ||
      (o.flags.formatBytesWithLegacySemantics && (format !== "" || !hasMarshalMethod(t.elem))))
  );
}

// Go's implementsAny(t, allMarshalerTypes...) for a byte element: MarshalJSONTo, MarshalJSON,
// AppendText or MarshalText.
function hasMarshalMethod(t: GoType): boolean {
  return (
    lookupMethod(t, "MarshalJSONTo") !== undefined ||
    lookupMethod(t, "MarshalJSON") !== undefined ||
    lookupMethod(t, "AppendText") !== undefined ||
    lookupMethod(t, "MarshalText") !== undefined
  );
}

const BYTE_FORMATS = new Set(["base64", "base64url", "base32", "base32hex", "hex"]);

export function sliceEncoder(t: Extract<GoType, { kind: "slice" }>, o: ResolvedOptions, m: MarshalMode): Enc {
  const f = o.flags;
  let nilNull = f.formatNilSliceAsNull;
  let format = m.format;
  // Go: emitnull/emitempty are not byte formats (a []byte with one is an invalid format error).
  const bytes = isByteSlice(t, o, format);
  if (!bytes && format === "emitnull") {
    nilNull = true;
    format = "";
  } else if (!bytes && format === "emitempty") {
    nilNull = false;
    format = "";
  }
  if (bytes && format !== "array") {
    const bf = (format === "" ? "base64" : format === "base16" ? "hex" : format) as ByteFormat;
    if (!BYTE_FORMATS.has(bf)) return invalidFormatEncoder(t, format);
    return (v: Uint8Array | null) => {
      if (v === null) return nilNull ? "null" : '""';
      if (!(v instanceof Uint8Array)) throw invalidValue(t, v);
      return `"${encodeBytes(v, bf)}"`;
    };
  }
  // "array" is a byte-slice format only (Go's makeBytesArshaler); other slices take no format.
  if (format !== "" && !(format === "array" && bytes)) return invalidFormatEncoder(t, format);
  const elem = compileEncoder(t.elem, o, { ...m, format: "", addr: true });
  // A list of a named byte type ([]B, numbers in json/v2) may be held in a Uint8Array too.
  const u8 = t.elem.kind === "uint8";
  const enc: Enc = (v: unknown) => {
    if (v === null) return nilNull ? "null" : "[]";
    if (!Array.isArray(v) && !(u8 && v instanceof Uint8Array)) throw invalidValue(t, v);
    if (ms.depth >= DEEP_AFTER) return encodeDeep(enc, v);
    return encodeElems(v as ArrayLike<unknown>, elem);
  };
  enc.frame = (v: unknown) => {
    if (v === null) return nilNull ? "null" : "[]";
    if (!Array.isArray(v) && !(u8 && v instanceof Uint8Array)) throw invalidValue(t, v);
    return new ElemsFrame(elem, v as ArrayLike<unknown>, t);
  };
  return enc;
}

function encodeElems(v: ArrayLike<unknown>, elem: Enc): string {
  const n = v.length;
  if (n === 0) return "[]";
  ms.depth++;
  let out = "[";
  let i = 0;
  try {
    for (; i < n; i++) {
      if (i > 0) out += ",";
      out += elem(v[i]);
    }
  } catch (e) {
    if (i > 0 && typeof e === "object" && e !== null && BEFORE_DELIM.has(e) && SemanticError.isInstance(e)) {
      // A raw element that starts with `}` or `]` fails before Go writes its comma, where its
      // encoder would close the array (counted as `]` one byte back, so indentation counts too).
      const err = prefixMarshalPointer(e, String(i), `${out.slice(0, -1)}]`, true) as SemanticError;
      const c = err.cause;
      if (SyntacticError.isInstance(c)) {
        err.cause = syntacticError(c.detail, c.offset - 1, c.pointer);
        err.render();
      }
      throw err;
    }
    throw prefixMarshalPointer(e, String(i), out, true);
  }
  ms.depth--;
  return `${out}]`;
}

/** The deep-path frame of a slice or array (a slice is remembered for cycles; an array is not a reference). */
class ElemsFrame implements MFrame {
  readonly array = true;
  ce: Enc;
  cv: unknown;
  private out = "[";
  private i = 0;
  private readonly visited: boolean;
  constructor(
    elem: Enc,
    private readonly v: ArrayLike<unknown>,
    private readonly t: GoType | undefined,
  ) {
    this.visited = t !== undefined && v.length > 0 && visit(t, v);
    openContainer();
    this.ce = elem;
  }
  next(): boolean {
    const i = this.i;
    if (i >= this.v.length) return false;
    if (i > 0) this.out += ",";
    this.cv = this.v[i];
    this.i = i + 1;
    return true;
  }
  put(s: string): void {
    this.out += s;
  }
  finish(): string {
    ms.depth--;
    if (this.visited) leave(this.t as GoType, this.v);
    return `${this.out}]`;
  }
  seg(): string | undefined {
    return String(this.i - 1);
  }
  offset(): number {
    return utf8Length(this.out);
  }
}

export function arrayEncoder(t: Extract<GoType, { kind: "array" }>, o: ResolvedOptions, m: MarshalMode): Enc {
  const format = m.format;
  const asArray = format === "array" || (format === "" && o.flags.formatByteArrayAsArray);
  const bytes = isByteSlice(t, o, format);
  if (bytes && !asArray) {
    const bf = (format === "" ? "base64" : format === "base16" ? "hex" : format) as ByteFormat;
    if (!BYTE_FORMATS.has(bf)) return invalidFormatEncoder(t, format);
    return (v: ArrayLike<number>) => {
      if (!isByteArray(v, t.len)) throw invalidValue(t, v);
      return `"${encodeBytes(v instanceof Uint8Array ? v : Uint8Array.from(v), bf)}"`;
    };
  }
  if (format !== "" && !(format === "array" && bytes)) return invalidFormatEncoder(t, format);
  const elem = compileEncoder(t.elem, o, { ...m, format: "" });
  const u8 = t.elem.kind === "uint8";
  const check = (v: ArrayLike<unknown>): void => {
    if (!((Array.isArray(v) || (u8 && v instanceof Uint8Array)) && v.length === t.len))
      throw invalidValue(t, v);
  };
  const enc: Enc = (v: ArrayLike<unknown>) => {
    check(v);
    if (ms.depth >= DEEP_AFTER) return encodeDeep(enc, v);
    return encodeElems(v, elem);
  };
  enc.frame = (v: ArrayLike<unknown>) => {
    check(v);
    return new ElemsFrame(elem, v, undefined);
  };
  return enc;
}

/** Whether v is the value of a [n]byte: a Uint8Array, or an array of byte numbers, of length n. */
function isByteArray(v: unknown, n: number): boolean {
  if (v instanceof Uint8Array) return v.length === n;
  if (!Array.isArray(v) || v.length !== n) return false;
  for (let i = 0; i < n; i++) if (!isSmallInt("uint8", v[i])) return false;
  return true;
}

/**
 * overwritten is the destination after a failed byte decode: Go appends into the destination's
 * own backing array (`appendDecode(va.Bytes()[:0], …)`) when it is long enough for the decoded
 * length, so what the decoder wrote before the error replaces its first bytes (recorded on `err`
 * as the partial value); otherwise it is left as it was.
 */
function overwritten(
  r: Reader,
  err: SemanticError,
  e: unknown,
  cur: unknown,
  bf: ByteFormat,
  s: string,
): unknown {
  const writes = goWritesOf(e);
  if (writes === undefined || cur === null || cur === undefined) return cur;
  const n = (cur as ArrayLike<number>).length;
  const need = decodedLength(bf, byteLength(s), s);
  // Go decodes in place when the capacity (length and spare) holds the window.
  const backing = withSpare(r, cur) as number[];
  if (need < 0 || backing.length < need) return cur;
  const bytes = Uint8Array.from(backing);
  writes(bytes.subarray(0, need));
  const held = cur instanceof Uint8Array ? bytes.slice(0, n) : Array.from(bytes.subarray(0, n));
  if (bytes.length > n) keepSpare(r, held, Array.from(bytes.subarray(n)));
  setPartial(err, held);
  return held;
}

/**
 * Whether Go's bytes arshaler serves t: []~byte or [N]~byte, and for a named byte type
 * (`type B byte`, methods or not) only under v1's legacy semantics: json/v2 treats []B and [N]B
 * as []T and [N]T (arrays of numbers, byte formats invalid).
 */
export function isByteSliceToDecode(t: GoType, o: ResolvedOptions): boolean {
  // Go's makeBytesArshaler: a named byte (methods or not) is []T or [N]T unless legacy semantics.
  return (
    (t.kind === "slice" || t.kind === "array") &&
    t.elem.kind === "uint8" &&
    (t.elem.name === undefined || o.flags.formatBytesWithLegacySemantics)
  );
}
/**
 * Go's slice capacity under mergeWithLegacySemantics, within one unmarshal: the elements a shorter
 * JSON array cut off a slice stay in Go's backing array, and a later longer array (a duplicate
 * member) decodes into them instead of zero values. Kept per Reader, by the slice value returned.
 */
const spares = new WeakMap<Reader, WeakMap<object, unknown[]>>();

/** withSpare returns cur's elements followed by those its backing array still holds past its length. */
/** The capacity Go's growslice gives a byte slice of `cap` bytes that must hold `need` (nextslicecap). */
function goNextSliceCap(need: number, cap: number): number {
  if (need > cap + cap) return need;
  if (cap < 256) return cap + cap;
  let c = cap;
  while (c < need) c += (c + 768) >> 2;
  return c;
}

/** The runtime's size classes (Go 1.26 internal/runtime/gc): small allocations are rounded up to one. */
const SIZE_CLASSES = [
  8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320, 352, 384, 416,
  448, 480, 512, 576, 640, 704, 768, 896, 1024, 1152, 1280, 1408, 1536, 1792, 2048, 2304, 2688, 3072, 3200,
  3456, 4096, 4864, 5376, 6144, 6528, 6784, 6912, 8192, 9472, 9728, 10240, 10880, 12288, 13568, 14336, 16384,
  18432, 19072, 20480, 21760, 24576, 27264, 28672, 32768,
];

/** Go's roundupsize for a pointer-free allocation of `n` bytes (larger ones: whole 8 KiB pages). */
function goAllocCap(n: number): number {
  if (n <= 32768) {
    for (const c of SIZE_CLASSES) if (c >= n) return c;
  }
  return Math.ceil(n / 8192) * 8192;
}

function withSpare(r: Reader, cur: unknown): unknown[] {
  const els = Array.from(cur as ArrayLike<unknown>);
  const sp = spares.get(r)?.get(cur as object);
  return sp === undefined ? els : els.concat(sp);
}

/** keepSpare records the elements past the length of slice value `res` that its backing array holds. */
function keepSpare(r: Reader, res: object, items: unknown[]): void {
  let m = spares.get(r);
  if (m === undefined) {
    m = new WeakMap();
    spares.set(r, m);
  }
  m.set(res, items);
}

export function sliceDecoder(
  t: Extract<GoType, { kind: "slice" }>,
  o: ResolvedOptions,
  m: UnmarshalMode,
): Dec {
  const f = o.flags;
  let format = m.format;
  // emitnull/emitempty are slice formats (marshal only); a byte slice takes byte formats only.
  if ((format === "emitnull" || format === "emitempty") && !isByteSliceToDecode(t, o)) format = "";
  const elem = compileDecoder(t.elem, o, { ...m, format: "", caseMode: "", legacyStr: false });
  const et = t.elem;
  const merge = f.mergeWithLegacySemantics;
  let bytes: Dec | undefined;
  if (isByteSliceToDecode(t, o) && format !== "array") {
    const bf = (format === "" ? "base64" : format === "base16" ? "hex" : format) as ByteFormat;
    if (!BYTE_FORMATS.has(bf)) return invalidFormatDecoder(t, format, o);
    bytes = (r, cur) => {
      const start = r.d.inputOffset;
      const s = r.d.readString();
      try {
        const out = decodeBytes(s, bf, f.parseBytesWithLooseRFC4648);
        // Go decodes into the existing backing array when it has room (AppendDecode on b[:0]),
        // else into a new one of the runtime's size: what lies past the new length is spare
        // capacity, which a later in-place decode writes and a later array value under
        // mergeWithLegacySemantics (which does not zero it) grows over.
        const backing = cur === null || cur === undefined ? [] : withSpare(r, cur);
        const need = decodedLength(bf, byteLength(s), s);
        if (need < 0 || backing.length >= need) {
          if (backing.length > out.length) keepSpare(r, out, backing.slice(out.length));
        } else {
          const cap = goAllocCap(goNextSliceCap(need, backing.length));
          if (cap > out.length) keepSpare(r, out, new Array<number>(cap - out.length).fill(0));
        }
        return out;
      } catch (e) {
        // A semantic error: legacy reporting records it and carries on.
        const err = afterErr(r, t, '"', start, "", (e as Error).message);
        return fail(r, o, err, false, overwritten(r, err, e, cur, bf, s));
      }
    };
  } else if (format !== "" && !(format === "array" && isByteSliceToDecode(t, o)))
    return invalidFormatDecoder(t, format, o);
  const byteElem = isByteSliceToDecode(t, o);
  // v2 reads []byte only from a string (base64) unless the format is "array" or bytes use legacy
  // semantics without an explicit format.
  const arrayOk = !bytes || (format === "" && f.formatBytesWithLegacySemantics);
  const dec: Dec = (r, cur) => {
    const d = r.d;
    const k = d.peekKind();
    if (k === "[" && arrayOk) {
      if (d.stackDepth >= DEEP_DECODE_AFTER) return decodeDeep(r, dec, cur);
      d.readBeginArray();
      const old: unknown[] | null = merge && cur ? withSpare(r, cur) : null;
      const out: unknown[] = [];
      let i = 0;
      let base: unknown;
      try {
        while (peekSoft(d) !== "]") {
          base = old && i < old.length ? old[i] : zero(et);
          out.push(elem(r, base));
          base = undefined;
          i++;
        }
      } catch (e) {
        // Go grows the slice before decoding element i: it holds the partial element.
        if (out.length === i)
          out.push(partialOf(e, base !== undefined ? base : old && i < old.length ? old[i] : zero(et)));
        setPartial(e, byteElem ? Uint8Array.from(out as number[]) : out);
        prefixPointer(e, String(i));
        throw e;
      }
      d.readEndArray();
      const res = byteElem ? Uint8Array.from(out as number[]) : out;
      if (old && i > 0 && i < old.length) keepSpare(r, res, old.slice(i));
      return res;
    }
    if (k === "n") {
      d.readNull();
      return null;
    }
    if (k === '"' && bytes) return bytes(r, cur);
    return mismatch(r, o, t, cur, k, !bytes);
  };
  dec.open = (r, cur) => {
    const d = r.d;
    if (d.peekKind() !== "[" || !arrayOk) return dec(r, cur);
    d.readBeginArray();
    const old: unknown[] | null = merge && cur ? withSpare(r, cur) : null;
    return new SliceFrame(elem, et, old, byteElem);
  };
  return dec;
}

/** The deep-path frame of a slice (Go grows the slice before it decodes an element). */
class SliceFrame extends UFrame {
  private readonly out: unknown[] = [];
  constructor(
    private readonly elem: Dec,
    private readonly et: GoType,
    private readonly old: unknown[] | null,
    private readonly byteElem: boolean,
  ) {
    super();
  }
  private res: unknown;
  next(r: Reader): boolean {
    const d = r.d;
    if (peekSoft(d) === "]") {
      d.readEndArray();
      const out = this.out;
      this.res = this.byteElem ? Uint8Array.from(out as number[]) : out;
      const old = this.old;
      if (old && out.length > 0 && out.length < old.length)
        keepSpare(r, this.res as object, old.slice(out.length));
      return false;
    }
    const i = this.out.length;
    const old = this.old;
    this.cd = this.elem;
    this.cb = old && i < old.length ? old[i] : zero(this.et);
    return true;
  }
  put(v: unknown): void {
    this.out.push(v);
  }
  finish(): unknown {
    if (this.res !== undefined) return this.res;
    return this.byteElem ? Uint8Array.from(this.out as number[]) : this.out;
  }
  fail(e: unknown): string | undefined {
    const out = this.out;
    const i = out.length;
    const old = this.old;
    out.push(partialOf(e, this.inChild ? this.cb : old && i < old.length ? old[i] : zero(this.et)));
    setPartial(e, this.byteElem ? Uint8Array.from(out as number[]) : out);
    return String(i);
  }
}

export function arrayDecoder(
  t: Extract<GoType, { kind: "array" }>,
  o: ResolvedOptions,
  m: UnmarshalMode,
): Dec {
  const f = o.flags;
  const format = m.format;
  const asArray = format === "array" || (format === "" && f.formatByteArrayAsArray);
  const elem = compileDecoder(t.elem, o, { ...m, format: "", caseMode: "", legacyStr: false });
  const et = t.elem;
  const n = t.len;
  const merge = f.mergeWithLegacySemantics;
  const anyLen = f.unmarshalArrayFromAnyLength;
  let bytes: Dec | undefined;
  if (isByteSliceToDecode(t, o) && !asArray) {
    const bf = (format === "" ? "base64" : format === "base16" ? "hex" : format) as ByteFormat;
    if (!BYTE_FORMATS.has(bf)) return invalidFormatDecoder(t, format, o);
    bytes = (r, cur) => {
      const start = r.d.inputOffset;
      const s = r.d.readString();
      let b: Uint8Array;
      try {
        b = decodeBytes(s, bf, f.parseBytesWithLooseRFC4648);
      } catch (e) {
        const err = afterErr(r, t, '"', start, "", (e as Error).message);
        return fail(r, o, err, false, overwritten(r, err, e, cur, bf, s));
      }
      // Go copies what was decoded into the array and clears the rest, then checks the length
      // (unmarshalArrayFromAnyLength: any length is fine).
      const out: number[] = new Array<number>(n).fill(0);
      for (let i = 0; i < n && i < b.length; i++) out[i] = b[i] as number;
      if (b.length !== n && !f.unmarshalArrayFromAnyLength) {
        const err = afterErr(
          r,
          t,
          '"',
          start,
          "",
          `decoded length of ${b.length} mismatches array length of ${n}`,
        );
        setPartial(err, out);
        return fail(r, o, err, false, out);
      }
      return out;
    };
  } else if (format !== "" && !(format === "array" && isByteSliceToDecode(t, o)))
    return invalidFormatDecoder(t, format, o);
  const arrayOk = !bytes || f.formatBytesWithLegacySemantics;
  return (r, cur) => {
    const d = r.d;
    const k = d.peekKind();
    if (k === "[" && arrayOk) {
      d.readBeginArray();
      const out: unknown[] = new Array(n);
      let i = 0;
      // This array's own overflow error (about the array itself: no element index in its pointer).
      let overflow: SemanticError | undefined;
      // Legacy reporting: Go skips the extra elements and reports the overflow after the array (not fatal).
      let over = false;
      const deferredBefore = r.deferred;
      try {
        while (peekSoft(d) !== "]") {
          if (i < n) {
            const base = merge && cur ? (cur as unknown[])[i] : zero(et);
            out[i] = base;
            out[i] = elem(r, base);
          } else if (anyLen) d.skipValue();
          else if (f.reportErrorsWithLegacySemantics) {
            d.skipValue();
            over = true;
          } else {
            d.skipValueRemainder();
            overflow = new SemanticError({
              action: "unmarshal",
              jsonKind: "[",
              goType: t,
              byteOffset: d.inputOffset - 1,
              cause: "too many array elements",
            });
            throw overflow;
          }
          i++;
        }
      } catch (e) {
        if (e !== overflow) {
          if (i < n) out[i] = partialOf(e, out[i] ?? (merge && cur ? (cur as unknown[])[i] : zero(et)));
          prefixPointer(e, String(i));
        }
        // Go decodes in place: elements not reached keep the destination's values.
        const prev = cur as unknown[] | null;
        for (let j = 0; j < n; j++) if (!(j in out)) out[j] = prev && j < prev.length ? prev[j] : zero(et);
        setPartial(e, out);
        throw e;
      }
      d.readEndArray();
      let lenErr: string | undefined = over ? "too many array elements" : undefined;
      if (i < n) {
        // Go zeroes the elements not given before it reports the underflow.
        for (; i < n; i++) out[i] = zero(et);
        if (!anyLen) lenErr = "too few array elements";
      }
      if (lenErr !== undefined) {
        const err = new SemanticError({
          action: "unmarshal",
          jsonKind: "[",
          goType: t,
          byteOffset: d.inputOffset - 1,
          cause: lenErr,
        });
        setPartial(err, out);
        // Under legacy reporting the length error is recorded and decoding goes on (Go's !isFatalError);
        // Go returns it instead of the first error of an element of this array.
        if (f.reportErrorsWithLegacySemantics && r.deferred !== deferredBefore) r.deferred = undefined;
        return fail(r, o, err, false, out);
      }
      return out;
    }
    if (k === "n") {
      d.readNull();
      return merge ? cur : zero(t);
    }
    if (k === '"' && bytes) return bytes(r, cur);
    return mismatch(r, o, t, cur, k, !bytes);
  };
}
