/**
 * The byte path of the fast marshal: per (Go type, options) a compiled *byte
 * encoder* writes json/v2's UTF-8 output straight into one reused buffer,
 * with no shadow value and no JSON.stringify pass over the whole value.
 * Member names are pre-encoded with their separators, integers and short
 * strings are written by hand, long strings by Buffer's native UTF-8 writer
 * (after one native check that they need no escape), and numbers (float64s
 * as their shortest round-trip digits, see jsontext's write-number.ts) as digits
 * by hand, with no string per number. Struct, list, map and pointer encoders
 * are generated code, one function per Go type, so that each call site sees
 * one encoder.
 *
 * It serves json/v2's defaults and the option sets that only change what it
 * writes in ways it writes too (see {@link writeEligible}): v1's
 * (defaultOptionsV1) among them, with strings escaped for HTML and JS by
 * jsontext's escaping writer (marshal-fast-strings.ts). Like the shadow
 * path, it never reports an error: on anything unusual (a value of the wrong
 * JS type, NaN, a lone surrogate, a Map or class instance in an `any`, a
 * nesting deeper than FAST_MAX_DEPTH) it throws BAIL, and the shadow path,
 * then the exact encoder, run from the start. No user code runs here (types
 * with methods never reach this path), so running again is safe.
 *
 * This module holds the entries and the compile cache; the builders are
 * marshal-fast-write-{structs,lists,maps,any}.ts, with what they share
 * (the build context, the code generator) in marshal-fast-write-gen.ts.
 */
import type { GoType } from "@gojson/gotype";
import {
  direct,
  FastWriter,
  FIRST_BUFFER,
  HAS_NATIVE_WRITERS,
  KEEP_BUFFER,
  type NodeBuf,
  tiered,
} from "@gojson/jsontext/internal";
import { INT_WRITERS, writeBool, writeF32, writeF64, writeNull } from "./marshal-fast-scalars.js";
import { bail } from "./marshal-fast-shadow.js";
import { stringEncoderFor, stringModeOf, stringWriterFor } from "./marshal-fast-strings.js";
import type { ByteEncoder } from "./marshal-fast-table.js";
import { anyWriter } from "./marshal-fast-write-any.js";
import { type Ctx, generate } from "./marshal-fast-write-gen.js";
import { buildList } from "./marshal-fast-write-lists.js";
import { buildMap } from "./marshal-fast-write-maps.js";
import { buildStruct } from "./marshal-fast-write-structs.js";
import type { BooleanOption, ResolvedOptions } from "./options.js";

export type { ByteEncoder };

/**
 * The options (besides the all-false defaults) the byte path serves, each for one of three
 * reasons. Not served: stringifyNumbers, and the whitespace options (multiline, withIndent,
 * spaceAfterColon, spaceAfterComma).
 */
const SERVED: ReadonlySet<BooleanOption> = new Set<BooleanOption>([
  // Written here as the exact encoder writes them.
  "deterministic",
  "formatNilSliceAsNull",
  "formatNilMapAsNull",
  "omitZeroStructFields",
  "escapeForHTML",
  "escapeForJS",
  // A lone surrogate is written as U+FFFD (with an escaping writer) or bails (writeStringV2).
  "allowInvalidUTF8",
  // Decided per type when it is compiled: [N]byte as numbers, []B (a named byte) as bytes,
  // v1's omitempty test on the Go value.
  "formatByteArrayAsArray",
  "formatBytesWithLegacySemantics",
  "omitEmptyWithLegacySemantics",
  // No effect on the types compiled here: they have no methods (callMethods…), no known
  // types (time.Duration, jsontext.Value: formatDurationAsNano, preserveRawStrings, the raw
  // canonicalisations), no `string` field option (stringifyWith…), no inlined fallback
  // (discardUnknownMembers; matchCaseInsensitiveNames' duplicate check), no struct error
  // (reportErrorsWith…: every other error bails, and the exact encoder reports it), and no
  // two map keys or names the same (allowDuplicateNames).
  "callMethodsWithLegacySemantics",
  "formatDurationAsNano",
  "preserveRawStrings",
  "canonicalizeRawInts",
  "canonicalizeRawFloats",
  "reorderRawObjects",
  "stringifyWithLegacySemantics",
  "discardUnknownMembers",
  "reportErrorsWithLegacySemantics",
  "allowDuplicateNames",
  "matchCaseInsensitiveNames",
  // Unmarshal-only options.
  "rejectUnknownMembers",
  "mergeWithLegacySemantics",
  "parseBytesWithLooseRFC4648",
  "parseTimeWithLooseRFC3339",
  "unmarshalAnyWithRawNumber",
  "unmarshalArrayFromAnyLength",
  "matchCaseSensitiveDelimiter",
]);

/** Whether the byte path serves options o (every flag it does not know is off). */
export function writeEligible(o: ResolvedOptions): boolean {
  if (!HAS_NATIVE_WRITERS) return false;
  const f = o.flags as Record<string, boolean>;
  for (const k in f) if (f[k] && !SERVED.has(k as BooleanOption)) return false;
  return true;
}

let spare: FastWriter | null = null;

/** writeBytes runs byte encoder enc on v: the output bytes, or undefined when it bailed. */
export function writeBytes(enc: ByteEncoder, v: unknown): Uint8Array | undefined {
  // A getter of an `any` value may marshal again: a nested call takes a writer of its own.
  const w = spare ?? new FastWriter(FIRST_BUFFER);
  spare = null;
  w.pos = 0;
  w.depth = 0;
  try {
    enc(w, v);
    return w.resultCopied();
  } catch {
    return undefined;
  } finally {
    if (w.buf.length <= KEEP_BUFFER) spare = w;
  }
}

/** writeInto's answer when the byte path did not answer (the value bailed): nothing written. */
export const INTO_BAIL = -1;
/** writeInto's answer when the output did not fit between the offset and the buffer's end: nothing kept. */
export const INTO_FULL = -2;

/**
 * writeInto runs byte encoder enc on v straight into buf from offset off: the end of the bytes
 * written, or INTO_BAIL / INTO_FULL. Bytes past the end (past off for a mark) may have been
 * written and left (an omitted empty member is written, then taken back).
 */
export function writeInto(enc: ByteEncoder, v: unknown, buf: NodeBuf, off: number): number {
  const w = spare ?? new FastWriter(FIRST_BUFFER);
  spare = null;
  const own = w.buf;
  w.buf = buf;
  w.pos = off;
  w.depth = 0;
  try {
    enc(w, v);
    if (w.buf === buf) return w.pos;
    // The writers make room for the longest text a value may take: a grown copy holds the output.
    const end = w.pos;
    if (end > buf.length) return INTO_FULL;
    buf.set(w.buf.subarray(off, end), off);
    return end;
  } catch {
    return INTO_BAIL;
  } finally {
    w.buf = own;
    w.pos = 0;
    spare = w;
  }
}

/**
 * Compiled eagerly below a root: composite types this many levels down, and structs until this
 * many fields were compiled; past either, a type compiles when a value first reaches it (see
 * {@link deferred}), so a chain of a thousand declared types costs one type on the first call and
 * the recursion stays this shallow.
 */
const EAGER_DEPTH = 8;
const EAGER_FIELDS = 512;

/** Whether t is compiled lazily past the eager limits (scalars and `any` never recurse). */
function deferrable(t: GoType): boolean {
  switch (t.kind) {
    case "struct":
    case "slice":
    case "array":
    case "map":
    case "pointer":
      return true;
    default:
      return false;
  }
}

/** Compiled byte encoders per options key, then per root type. */
const byKey = new Map<string, WeakMap<GoType, ByteEncoder | null>>();

/** Drops every compiled byte encoder (methods were attached to some type since they were built). */
export function resetByteEncoders(): void {
  byKey.clear();
}

/** byteEncoderFor returns the byte encoder of eligible type t under options o (which writeEligible accepts), or null. */
export function byteEncoderFor(t: GoType, o: ResolvedOptions): ByteEncoder | null {
  let m = byKey.get(o.key);
  if (m === undefined) {
    m = new WeakMap();
    byKey.set(o.key, m);
  }
  const hit = m.get(t);
  if (hit !== undefined) return hit;
  const cache = new Map<GoType, ByteEncoder | null>();
  const enc = compile(t, {
    o,
    ws: stringWriterFor(o),
    mode: stringModeOf(o),
    cache,
    depth: 0,
    budget: EAGER_FIELDS,
    compile,
  });
  // Types built while compiling t are kept only with t: a failed part would fail every root that has it.
  m.set(t, enc);
  return enc;
}

function compile(t: GoType, c: Ctx): ByteEncoder | null {
  const hit = c.cache.get(t);
  if (hit !== undefined) return hit;
  if ((c.depth >= EAGER_DEPTH || c.budget <= 0) && deferrable(t)) return deferred(t, c);
  let real: ByteEncoder | null = null;
  // A recursive type reaches itself through this stub while it is being built.
  const stub: ByteEncoder = (w, v) => (real as ByteEncoder)(w, v);
  c.cache.set(t, stub);
  c.depth++;
  try {
    real = build(t, c);
  } catch (e) {
    // A build that failed must not leave its stub cached.
    if (c.cache.get(t) === stub) c.cache.delete(t);
    throw e;
  } finally {
    c.depth--;
  }
  c.cache.set(t, real);
  return real;
}

/** An encoder that compiles t when a value first reaches it; a type the byte path cannot serve then bails. */
function deferred(t: GoType, c: Ctx): ByteEncoder {
  let real: ByteEncoder | undefined;
  const stub: ByteEncoder = (w, v) => {
    if (real === undefined) {
      c.cache.delete(t);
      const depth = c.depth;
      const budget = c.budget;
      c.depth = 0;
      c.budget = EAGER_FIELDS;
      try {
        real = compile(t, c) ?? bail;
      } finally {
        c.depth = depth;
        c.budget = budget;
      }
    }
    real(w, v);
  };
  c.cache.set(t, stub);
  return stub;
}

function build(t: GoType, c: Ctx): ByteEncoder | null {
  switch (t.kind) {
    case "bool":
      return writeBool;
    case "string":
      return stringEncoderFor(c.ws);
    case "float64":
      return writeF64;
    case "float32":
      return writeF32;
    case "pointer": {
      const elem = compile(t.elem, c);
      if (elem === null) return null;
      // Generated per type: a shared closure's call site would see every pointee's encoder.
      // Tiered whatever the pointee (a struct past the eager limits is a lazy stub, not tiered):
      // a pointer's first write runs the closure, and only one written again is generated.
      return tiered<FastWriter, any, void>(
        (w, v) => {
          if (v === null) writeNull(w);
          else if (v === undefined) bail();
          else elem(w, v);
        },
        () =>
          generate(
            `return function writePointer(w, v) {\nif (v === null) WN(w);\nelse if (v === undefined) BAILF();\nelse E(w, v);\n};`,
            direct(elem),
            c.ws,
          ),
      );
    }
    case "slice":
    case "array":
      return buildList(t, c);
    case "map":
      return buildMap(t, c);
    case "interface":
      // func, chan, complex and unknown types are errors: the exact engine reports them.
      if (t.opaque !== undefined) return null;
      return anyWriter(c.o.flags.deterministic, c.ws);
    case "struct":
      return buildStruct(t, c);
    default:
      return INT_WRITERS[t.kind] ?? null;
  }
}
