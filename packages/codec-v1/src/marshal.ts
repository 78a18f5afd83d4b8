/**
 * marshal and marshalIndent: Go's json.Marshal / json.MarshalIndent.
 */
import { Buffer } from "node:buffer";
import { checkType } from "./arguments.js";
import type { GoType } from "./deps.js";
import { FastWriter, KEEP_BUFFER, methodsVersion } from "./deps.js";
import { InvalidArgumentError } from "./errors.js";
import { DEFAULT_GO_VERSION, type GoVersion } from "./go-version.js";
import {
  BAIL,
  type ByteEncoder,
  type DeferredValue,
  type Encoder,
  type EncodeState,
} from "./marshal-common.js";
import { rootByteEncoderFor } from "./marshal-fast.js";
import { resetMapStack } from "./marshal-map.js";
import { rootEncoderFor } from "./marshal-plan.js";
import { type MarshalOptions, resolveMarshal } from "./options.js";
import { syncPlans } from "./plan-cache.js";
import { rawBytesOf } from "./raw-bytes.js";
import { indent } from "./syntax.js";
import { stackError } from "./unmarshal.js";
import { describeValue, Mismatch, toInvalidValueError } from "./value-check.js";

const utf8 = new TextEncoder();

/**
 * Marshals `value` of Go type `type` to exactly the bytes Go's json.Marshal returns (throws Go's error
 * otherwise). The value's TypeScript type comes from `type` (a `GoType<T>` takes a `T`).
 */
export function marshal<T>(type: GoType<T>, value: NoInfer<T>, options?: MarshalOptions): Uint8Array {
  if (type !== lastType) checkType("marshal", type);
  const o = resolveMarshal(options);
  syncPlans();
  const fast = fastPaths.bytes ? byteEncoderOf(type) : null;
  const b =
    (fast === null ? undefined : marshalBytes(fast, value, o.escapeHTML)) ??
    toUtf8(marshalToString(type, value, o.escapeHTML, o.goVersion));
  return o.indent === null ? b : indent(b, o.indent.prefix, o.indent.indent);
}

/**
 * Go's Encoder.Encode output before indentation: the marshalled value and a newline (the byte
 * path first, as marshal). With `block` (a Node Writable's Encoder), a line short enough is
 * copied into the block and returned as a view of it: one Buffer object a line, no copy of its own.
 */
export function marshalLine(
  type: GoType,
  value: unknown,
  escapeHTML: boolean,
  goVersion: GoVersion,
  block: LineBlock | null = null,
): Uint8Array {
  syncPlans();
  const fast = fastPaths.bytes ? byteEncoderOf(type) : null;
  // The newline is written into the byte path's buffer: one copy of the line, not two.
  const b = fast === null ? undefined : marshalBytes(fast, value, escapeHTML, LINE, block);
  return b ?? marshalLineGeneral(type, value, escapeHTML, goVersion);
}

/**
 * marshalLine into `block` with no view of the line made (a buffered Encoder hands the stream
 * many lines at once): whether the byte path wrote the line there (the block's end moved past
 * it); false when the type is outside the byte path or the value made it bail (the block is
 * unchanged: marshalLineGeneral writes the line, or Go's error).
 */
export function marshalLineInto(
  type: GoType,
  value: unknown,
  escapeHTML: boolean,
  block: LineBlock,
): boolean {
  syncPlans();
  const fast = fastPaths.bytes ? byteEncoderOf(type) : null;
  return fast !== null && marshalBytes(fast, value, escapeHTML, INTO, block) !== undefined;
}

/** marshalLine by the general encoder alone: the line in an array of its own. */
export function marshalLineGeneral(
  type: GoType,
  value: unknown,
  escapeHTML: boolean,
  goVersion: GoVersion,
): Uint8Array {
  return toUtf8(`${marshalToString(type, value, escapeHTML, goVersion)}\n`);
}

/** marshalBytes' output: the value, the value and a newline, or those in the block with no view made (NO_VIEW returned). */
const VALUE = 0;
const LINE = 1;
const INTO = 2;
/** marshalBytes' answer for INTO. */
const NO_VIEW = new Uint8Array(0);

/** The size of a LineBlock's buffers. */
export const LINE_BLOCK = 64 * 1024;
/** The byte path's output buffer (a Node Buffer with its native writers). */
type NodeBuf = FastWriter["buf"];
/** A block with less room than this left is left to its lines; the next line starts a new one. */
export const LINE_ROOM = 4 * 1024;

/**
 * The buffer a Node Writable's Encoder writes its lines into: the byte path marshals each line
 * straight into it, and the line is handed to the stream as a view of it (one Buffer object a
 * line, no copy). The stream keeps the block's memory until it has written all its lines; a
 * block a long line grew is not written into again.
 */
export class LineBlock {
  buf: NodeBuf = Buffer.allocUnsafeSlow(LINE_BLOCK) as NodeBuf;
  pos = 0;
  /** Makes sure the block has LINE_ROOM bytes left (a new block when not). */
  ready(): void {
    if (this.buf.length - this.pos >= LINE_ROOM && this.buf.length <= 2 * LINE_BLOCK) return;
    this.buf = Buffer.allocUnsafeSlow(LINE_BLOCK) as NodeBuf;
    this.pos = 0;
  }
}

/**
 * Switches of marshal's byte path (./marshal-fast.ts). Internal, for tests:
 * `bytes` turns it off to compare it with the general encoder; `bails`
 * counts the values it handed over to the general encoder; `strict` makes an
 * error other than a bail-out (a defect of the byte path: the general encoder
 * would hide it) reach the caller.
 */
export const fastPaths: { bytes: boolean; strict: boolean; bails: number } = {
  bytes: true,
  strict: false,
  bails: 0,
};

let spare: FastWriter | null = null;

/**
 * lastType before the first marshal: an object no argument is (a `null` type argument must
 * still reach checkType, which a `null` here let through as "the last type").
 */
const NO_TYPE = Object.freeze({}) as GoType;

/**
 * The last type given to the byte path (a checked GoType), its byte encoder, and the methods
 * version it was looked up at: a service marshalling one type over and over skips the type
 * check and the plan cache's WeakMap (a few percent of a small marshal).
 */
let lastType: GoType = NO_TYPE;
let lastFast: ByteEncoder | null = null;
let lastVersion = -1;

/** rootByteEncoderFor(type), remembered for the last type (see lastType). */
function byteEncoderOf(type: GoType): ByteEncoder | null {
  const v = methodsVersion();
  if (type === lastType && v === lastVersion) return lastFast;
  const fast = rootByteEncoderFor(type);
  lastType = type;
  lastFast = fast;
  lastVersion = v;
  return fast;
}

/**
 * The byte path (./marshal-fast.ts): Go's bytes (and a newline after them for a line), or
 * undefined when it bailed out (then the general encoder writes the bytes or Go's error).
 */
function marshalBytes(
  enc: ByteEncoder,
  value: unknown,
  html: boolean,
  out: typeof VALUE | typeof LINE | typeof INTO = VALUE,
  block: LineBlock | null = null,
): Uint8Array | undefined {
  const w = spare ?? new FastWriter();
  spare = null;
  const own = w.buf;
  if (block !== null) {
    // The line goes straight into the block (room() moves the block's bytes to a larger buffer if need be).
    block.ready();
    w.buf = block.buf;
    w.pos = block.pos;
  } else w.pos = 0;
  const start = w.pos;
  w.depth = 0;
  w.html = html;
  resetMapStack();
  try {
    enc(w, value);
    if (out === VALUE) return w.resultCopied();
    w.byte(0x0a);
    if (block === null) return w.result();
    block.buf = w.buf;
    block.pos = w.pos;
    return out === INTO ? NO_VIEW : w.buf.subarray(start, w.pos);
  } catch (err) {
    // BAIL, or a RangeError past the engine's stack: the general encoder writes Go's bytes or error.
    if (fastPaths.strict && err !== BAIL) throw err;
    fastPaths.bails++;
    return undefined;
  } finally {
    if (block !== null) {
      w.buf = own;
      w.pos = 0;
      w.depth = 0;
    }
    if (w.buf.length <= KEEP_BUFFER) spare = w;
  }
}

/** Go's json.MarshalIndent. */
export function marshalIndent<T>(
  type: GoType<T>,
  value: NoInfer<T>,
  prefix: string,
  indentText: string,
): Uint8Array {
  checkType("marshalIndent", type);
  return marshal(type, value, resolveIndentArgs(prefix, indentText));
}

function resolveIndentArgs(prefix: unknown, indentText: unknown): MarshalOptions {
  for (const [name, v] of [
    ["prefix", prefix],
    ["indent", indentText],
  ] as const)
    if (typeof v !== "string")
      throw new InvalidArgumentError("marshalIndent", name, `must be a string, got ${describeValue(v)}`);
  return { prefix: prefix as string, indent: indentText as string };
}

/** The marshalled JSON as a JavaScript string (no UTF-8 encoding step). */
export function marshalToString(
  type: GoType,
  value: unknown,
  escapeHTML = true,
  goVersion: GoVersion = DEFAULT_GO_VERSION,
): string {
  syncPlans();
  try {
    return encodePass(rootEncoderFor(type), value, escapeHTML, goVersion, 0, null);
  } catch (err) {
    if (err instanceof Mismatch) throw toInvalidValueError(err, type);
    if (err instanceof RangeError) throw stackError(err);
    throw err;
  }
}

/**
 * Encodes `value` in one pass, then the values it deferred (nested past
 * DEEP_ENCODE_DEPTH), each in a pass of its own, in output order: a work
 * stack of text pieces and deferred values keeps the output append-only.
 * When a pass fails, the values it deferred come earlier in the output, so
 * their errors win, as they would in Go's single depth-first walk.
 */
function encodePass(
  enc: Encoder,
  value: unknown,
  html: boolean,
  goVersion: GoVersion,
  ptrLevel: number,
  seen: readonly unknown[] | null,
  deferred = false,
): string {
  let out = "";
  const work: (string | DeferredValue)[] = [];
  const first: DeferredValue = { at: 0, enc, v: value, ptrLevel, seen };
  let next: string | DeferredValue = first;
  for (;;) {
    if (typeof next === "string") out += next;
    else {
      const e: EncodeState = {
        out: "",
        html,
        goVersion,
        ptrLevel: next.ptrLevel,
        ptrSeen: next.seen === null ? null : new Set(next.seen),
        depth: 0,
        deferred: null,
      };
      try {
        next.enc(e, next.v);
      } catch (err) {
        // The path above a deferred value is not known here.
        if (err instanceof Mismatch && (deferred || next !== first)) err.deferred = true;
        for (const job of e.deferred ?? [])
          encodePass(job.enc, job.v, html, goVersion, job.ptrLevel, job.seen, true);
        throw err;
      }
      if (e.deferred === null) out += e.out;
      else {
        // Pieces in reverse, so the stack pops them in output order.
        let end = e.out.length;
        for (let i = e.deferred.length - 1; i >= 0; i--) {
          const job = e.deferred[i] as DeferredValue;
          work.push(e.out.slice(job.at, end), job);
          end = job.at;
        }
        out += e.out.slice(0, end);
      }
    }
    const w = work.pop();
    if (w === undefined) return out;
    next = w;
  }
}

/** Largest output (in UTF-16 units) encoded through the shared scratch buffer. */
const SCRATCH_MAX_CHARS = 1 << 20;
let scratch = new Uint8Array(0);

/**
 * UTF-8 bytes of `s`, in a buffer of their own. The marshalled text is a rope
 * of many pieces: TextEncoder flattens it once (Buffer.from walks it twice,
 * for the length and for the bytes); through a reused scratch buffer the
 * result is sized exactly.
 */
export function toUtf8(s: string): Uint8Array {
  const raw = rawBytesOf(s);
  if (raw !== undefined) return raw;
  const n = s.length;
  if (n > SCRATCH_MAX_CHARS) return utf8.encode(s);
  if (scratch.length < n * 3) scratch = new Uint8Array(Math.max(n * 3, 4096));
  return scratch.slice(0, utf8.encodeInto(s, scratch).written);
}
