/**
 * The json/v2 entry points: marshal, unmarshal, and their stream forms.
 */
import type { GoType } from "@gojson/gotype";
import { Decoder } from "@gojson/jsontext";
import {
  EOFError,
  JsonError,
  partialOf,
  SemanticError,
  SyntacticError,
  setErrorValue,
  syntacticError,
} from "./errors.js";
import { zero } from "./go-values.js";
import { legacySyntaxError, transformMarshalError, transformUnmarshalError } from "./legacy-errors.js";
import { resetState, restoreState } from "./marshal-deep.js";
import { fastEncoderFor, fastMarshal } from "./marshal-fast.js";
import { utf8Bytes } from "./marshal-fast-bytes.js";
import { encoderFor } from "./marshal-plan.js";
import { type Options, type OptionsInput, type ResolvedOptions, resolveOptions } from "./options.js";
import { indentCompact } from "./raw.js";
import { Reader, toBytes } from "./reader.js";
import { NO_FAST, unmarshalFast } from "./unmarshal-fast.js";
import { decoderFor } from "./unmarshal-plan.js";

function joinInput(options: OptionsInput): { o: ResolvedOptions; into: unknown; hasInto: boolean } {
  const o = resolveOptions(options);
  let into: unknown;
  let hasInto = false;
  const list = Array.isArray(options) ? options : [options];
  for (const x of list as (Options | undefined)[]) {
    if (x && Object.hasOwn(x, "into")) {
      into = x.into;
      hasInto = true;
    }
  }
  return { o, into, hasInto };
}

/**
 * fixRangeError turns a JS stack overflow (a deeply recursive *typed* value; `any`
 * values are encoded iteratively) into jsontext's depth error.
 */
function fixRangeError(e: unknown): never {
  throw toDepthError(e);
}

function toDepthError(e: unknown): unknown {
  if (e instanceof RangeError && /call stack/i.test(e.message))
    return syntacticError("exceeded max depth", 0);
  return e;
}

/** Marshal to JSON text (a string), as json/v2's Marshal. */
export function marshalToString(type: GoType, value: unknown, options?: OptionsInput): string {
  const o = resolveOptions(options);
  // The fast path (no user methods) gives the text, or undefined: the exact encoder then gives it or Go's error.
  let s = fastMarshal.enabled ? fastEncoderFor(type, o)?.text(value) : undefined;
  if (s === undefined) s = marshalExact(type, value, o);
  return reformat(s, o);
}

/** reformat applies the multiline and space options to compact output. */
function reformat(s: string, o: ResolvedOptions): string {
  const f = o.flags;
  if (f.multiline || f.spaceAfterColon || f.spaceAfterComma)
    return indentCompact(s, o.indentPrefix, o.indent, f.spaceAfterColon, f.spaceAfterComma, f.multiline);
  return s;
}

function marshalExact(type: GoType, value: unknown, o: ResolvedOptions): string {
  let s: string;
  const saved = resetState();
  try {
    s = encoderFor(type, o)(value);
  } catch (e) {
    // Go's v1 API on the v2 engine converts errors to v1's types and texts.
    if (o.flags.reportErrorsWithLegacySemantics) throw transformMarshalError(toDepthError(e));
    fixRangeError(e);
  } finally {
    restoreState(saved);
  }
  return s;
}

/**
 * marshal returns the JSON encoding of value as Go's json/v2 Marshal does for the same Go type.
 * Throws SemanticError or SyntacticError with Go's text.
 */
export function marshal(type: GoType, value: unknown, options?: OptionsInput): Uint8Array {
  const o = resolveOptions(options);
  const f = o.flags;
  const fast = fastMarshal.enabled ? fastEncoderFor(type, o) : undefined;
  if (fast !== undefined) {
    if (!(f.multiline || f.spaceAfterColon || f.spaceAfterComma)) {
      const b = fast.bytes(value);
      if (b !== undefined) return b;
    } else {
      const s = fast.text(value);
      if (s !== undefined) return utf8Bytes(reformat(s, o));
    }
  }
  return utf8Bytes(reformat(marshalExact(type, value, o), o));
}

/** A byte sink (a Node writable, or anything with `write(bytes)`). */
export interface ByteWriter {
  write(chunk: Uint8Array): unknown;
}

/** marshalWrite writes the JSON encoding of value to w (Go's MarshalWrite: no trailing newline). */
export function marshalWrite(w: ByteWriter, type: GoType, value: unknown, options?: OptionsInput): void {
  w.write(marshal(type, value, options));
}

/**
 * unmarshal decodes data into a value of `type` as Go's json/v2 Unmarshal does and returns it.
 * With `into`, decodes into that existing value with v2's merge rules (objects merge, everything else is replaced).
 * On error the thrown error's `value` holds what the destination holds.
 */
export function unmarshal(type: GoType, data: Uint8Array | string, options?: OptionsInput): unknown {
  const { o, into, hasInto } = joinInput(options);
  if (!hasInto) {
    // The optimistic path; it gives up on anything unusual and the exact engine below decides.
    const v = unmarshalFast(type, data, o);
    if (v !== NO_FAST) return v;
  }
  const r = new Reader(data, o.flags.allowDuplicateNames, o.flags.allowInvalidUTF8);
  return run(type, o, r, hasInto ? into : zero(type), true);
}

function run(type: GoType, o: ResolvedOptions, r: Reader, start: unknown, checkEnd: boolean): unknown {
  let cur = start;
  const d = r.d;
  const legacy = o.flags.reportErrorsWithLegacySemantics;
  if (legacy && checkEnd) {
    // v1 validates the whole input before it touches the destination.
    const bad = checkWhole(r.buf, o);
    if (bad) {
      const err = legacySyntaxError(bad);
      setErrorValue(err, cur);
      throw err;
    }
  }
  try {
    cur = decoderFor(type, o)(r, cur);
    if (checkEnd) d.checkEOF();
  } catch (e) {
    let err = e;
    if (e instanceof RangeError && /call stack/i.test(e.message))
      err = syntacticError("exceeded max depth", d.inputOffset, d.stackPointer());
    const held = partialOf(e, cur);
    if (legacy) err = transformUnmarshalError(type, err);
    if (JsonError.isInstance(err)) setErrorValue(err, held);
    throw err;
  }
  if (r.deferred) {
    const err = legacy ? transformUnmarshalError(type, r.deferred) : r.deferred;
    setErrorValue(err, cur);
    throw err;
  }
  return cur;
}

/** checkWhole validates the whole input as one value with ReadValue's texts (Go's CheckNextValue), or returns the error. */
function checkWhole(buf: Uint8Array, o: ResolvedOptions): SyntacticError | undefined {
  const d = new Decoder(buf, {
    allowDuplicateNames: o.flags.allowDuplicateNames,
    allowInvalidUTF8: o.flags.allowInvalidUTF8,
    flavour: "v2",
  });
  try {
    if (d.peekKind() === "") return d.unexpectedEOF();
    d.readValue();
    d.checkEOF();
  } catch (e) {
    if (SyntacticError.isInstance(e)) return e;
    throw e;
  }
  return undefined;
}

/** unmarshalRead reads all of r (chunks of bytes) and unmarshals it; trailing data after the value is an error. */
export function unmarshalRead(
  type: GoType,
  r: Iterable<Uint8Array | string> | Uint8Array | string,
  options?: OptionsInput,
): unknown {
  if (typeof r === "string" || r instanceof Uint8Array) return unmarshal(type, r, options);
  const parts: Uint8Array[] = [];
  let n = 0;
  for (const c of r) {
    const b = typeof c === "string" ? toBytes(c) : c;
    parts.push(b);
    n += b.length;
  }
  const all = new Uint8Array(n);
  let off = 0;
  for (const p of parts) {
    all.set(p, off);
    off += p.length;
  }
  return unmarshal(type, all, options);
}

/** A stream of top-level JSON values (jsontext.Decoder-like): unmarshalDecode reads the next one. */
export class ValueStream {
  /** @internal */
  readonly r: Reader;
  /** @internal */
  readonly o: ResolvedOptions;
  constructor(input: Uint8Array | string, options?: OptionsInput) {
    this.o = resolveOptions(options);
    this.r = new Reader(input, this.o.flags.allowDuplicateNames, this.o.flags.allowInvalidUTF8);
  }
  /** more reports whether another value follows (only whitespace otherwise). */
  more(): boolean {
    return this.r.d.peekKind() !== "";
  }
  /** inputOffset is the byte offset just after the last value read. */
  get inputOffset(): number {
    return this.r.d.inputOffset;
  }
}

/** unmarshalDecode reads the next top-level value from the stream into `type` (Go's UnmarshalDecode). */
export function unmarshalDecode(dec: ValueStream, type: GoType, options?: OptionsInput): unknown {
  const { into, hasInto } = joinInput(options);
  const o =
    options === undefined
      ? dec.o
      : resolveOptions([dec.o.flags as Options, ...(Array.isArray(options) ? options : [options])]);
  dec.r.deferred = undefined;
  const start = hasInto ? into : zero(type);
  if (atEndOfStream(dec.r)) {
    // Go's UnmarshalDecode returns io.EOF when no value is left (the destination is untouched).
    const err = new EOFError();
    setErrorValue(err, start);
    throw err;
  }
  return run(type, o, dec.r, start, false);
}

/** atEndOfStream reports whether only whitespace is left at the top level (a syntax error is left for run to report). */
function atEndOfStream(r: Reader): boolean {
  if (r.d.stackDepth !== 0) return false;
  try {
    return r.d.peekKind() === "";
  } catch {
    return false;
  }
}

/** A sink of top-level JSON values (jsontext.Encoder-like): each value is followed by a newline. */
export class ValueSink {
  private readonly chunks: string[] = [];
  /** @internal */
  readonly options: OptionsInput;
  constructor(options?: OptionsInput) {
    this.options = options;
  }
  /** @internal */
  push(s: string): void {
    this.chunks.push(`${s}\n`);
  }
  /** All bytes written so far. */
  bytes(): Uint8Array {
    return toBytes(this.chunks.join(""));
  }
}

/** marshalEncode writes value as the next top-level value of the sink (Go's MarshalEncode). */
export function marshalEncode(enc: ValueSink, type: GoType, value: unknown, options?: OptionsInput): void {
  const list = [
    ...(Array.isArray(enc.options) ? enc.options : [enc.options]),
    ...(Array.isArray(options) ? options : [options]),
  ] as (Options | undefined)[];
  enc.push(marshalToString(type, value, list));
}

export { SemanticError, SyntacticError };
