/**
 * Unmarshal through user methods (Go's indirect finding an Unmarshaler or a
 * TextUnmarshaler): calling the `withMethods` twins with Go's receiver rules
 * (nil receivers promoted through embedded pointers, addressability), and
 * the errors they return wrapped as Go wraps them (time.Time's texts too).
 */
import { Abort, type DecodeState, SYNTAX_BAIL } from "./decode-state.js";
import { GoMethodMissingError, GoTime, GoTimeError } from "./deps.js";
import { errorText, GoError, JsonV1Error, UnmarshalTypeError } from "./errors.js";
import {
  type FoundMethod,
  type MethodHop,
  NIL_DEREFERENCE,
  NIL_PANIC,
  NIL_RECEIVER,
  walkHops,
} from "./methods.js";

export function wrapMethodError(d: DecodeState, err: unknown): Abort {
  if (err instanceof Abort) return err;
  // A method declared in Go source without a TypeScript twin: a usage error, not Go's output.
  if (GoMethodMissingError.isInstance(err)) throw err;
  if (UnmarshalTypeError.isInstance(err) && (d.ctxStruct !== null || d.fsLen > 0)) {
    return new Abort(d.makeTypeError(err.jsonValue, err.type, 0, err.field));
  }
  if (JsonV1Error.isInstance(err) || err === SYNTAX_BAIL) {
    if (err === SYNTAX_BAIL) throw err;
    return new Abort(err as JsonV1Error);
  }
  const text =
    err instanceof TimeBytesError
      ? timeErrorText(err.message, true)
      : GoTimeError.isInstance(err)
        ? timeErrorText(err.message, false)
        : errorText(err);
  return new Abort(new GoError("method", text, { cause: err instanceof TimeBytesError ? err.cause : err }));
}

const utf8e = new TextEncoder();

/**
 * Go's time.quote writes every byte of a non-ASCII rune as `\xNN` and DEL
 * (0x7f) as is; gotype's GoTimeError text (as of this writing) keeps
 * non-ASCII runes raw and writes DEL as `\x7f`. Every non-ASCII character
 * of a time error comes from the quoted input, so escaping them here gives
 * Go's text: as their UTF-8 bytes, or (`bytes`: the text was parsed from
 * bytes read as Latin-1) as the byte each character stands for.
 */
function timeErrorText(msg: string, bytes: boolean): string {
  // `\x7f` written by the quoting (after an even run of backslashes) is DEL in Go's text.
  let out = msg.includes("\\x7f") ? msg.replace(/(?<!\\)((?:\\\\)*)\\x7f/g, "$1\x7f") : msg;
  if (!/[^\x00-\x7f]/.test(out)) return out;
  const src = out;
  out = "";
  for (const ch of src) {
    const c = ch.charCodeAt(0);
    if (c < 0x80) out += ch;
    else if (bytes) out += `\\x${c.toString(16).padStart(2, "0")}`;
    else for (const b of utf8e.encode(ch)) out += `\\x${b.toString(16).padStart(2, "0")}`;
  }
  return out;
}

export function setAtHops(cur: any, m: FoundMethod, recv: any): any {
  if (m.hops.length === 0) return recv;
  // A nil embedded pointer receiver: the method could not store anything (Go would panic).
  if (nilReceiverAt(cur, m)) return cur;
  let o = cur;
  for (let i = 0; i < m.hops.length - 1; i++) o = o[(m.hops[i] as MethodHop).name];
  const last = m.hops[m.hops.length - 1] as MethodHop;
  o[last.name] = recv;
  return cur;
}

export function getAtHops(cur: any, m: FoundMethod): any {
  const o = walkHops(cur, m);
  // A pointer-receiver method promoted through a nil embedded pointer runs with a nil receiver.
  if (o === NIL_RECEIVER) return null;
  // Go panics: the promoted method dereferences a nil embedded pointer.
  if (o === NIL_PANIC) throw new Abort(new GoError("panic", NIL_DEREFERENCE));
  return o;
}

function nilReceiverAt(cur: any, m: FoundMethod): boolean {
  return m.pointerReceiver && m.hops.length > 0 && walkHops(cur, m) === NIL_RECEIVER;
}

/** Calls UnmarshalJSON with the raw bytes of the value at pos. */
export function callUnmarshalJSON(d: DecodeState, m: FoundMethod, cur: any): any {
  const start = d.pos;
  d.skip();
  return callUnmarshalJSONRaw(d, m, cur, d.raw(start, d.pos));
}

/** Calls UnmarshalJSON with `raw` (a value, or a map key with its quotes as Go's literalStore passes it). */
export function callUnmarshalJSONRaw(d: DecodeState, m: FoundMethod, cur: any, raw: Uint8Array): any {
  try {
    return setAtHops(cur, m, m.fn(raw, getAtHops(cur, m)));
  } catch (err) {
    throw methodAbort(d, err, m, cur, raw);
  }
}

export function callUnmarshalText(d: DecodeState, m: FoundMethod, cur: any, s: string): any {
  try {
    return setAtHops(cur, m, m.fn(new TextEncoder().encode(s), getAtHops(cur, m)));
  } catch (err) {
    throw methodAbort(d, err, m, cur);
  }
}

/**
 * The Abort for an error thrown by an unmarshal method. time.Time's
 * UnmarshalJSON/UnmarshalText assign the parse result before returning its
 * error (`*t, err = parseStrictRFC3339(data)`), so a parse error leaves the
 * zero time in the destination; other methods leave it as it was.
 */
function methodAbort(d: DecodeState, err: unknown, m: FoundMethod, cur: any, raw?: Uint8Array): Abort {
  const a = wrapMethodError(d, raw === undefined ? err : timeErrorOnBytes(err, m, cur, raw));
  if (
    m.recvType.known === "time.Time" &&
    GoTimeError.isInstance(err) &&
    err.message.startsWith("parsing time ")
  )
    a.partial = setAtHops(cur, m, new GoTime());
  return a;
}

/**
 * time.Time's UnmarshalJSON parses the raw bytes and its errors quote them
 * byte by byte (time.quote: `\xNN` for every byte of a non-ASCII rune, and
 * for each byte of invalid UTF-8). gotype's method reads the bytes as UTF-8
 * text, where invalid bytes have become U+FFFD; when the bytes are not all
 * ASCII, the error is taken again from a parse of the bytes as Latin-1 text
 * (one character a byte), which timeErrorText then writes as Go does.
 */
function timeErrorOnBytes(err: unknown, m: FoundMethod, cur: any, raw: Uint8Array): unknown {
  if (m.recvType.known !== "time.Time" || !GoTimeError.isInstance(err)) return err;
  let ascii = true;
  for (let i = 0; i < raw.length; i++) if ((raw[i] as number) >= 0x80) ascii = false;
  if (ascii) return err;
  try {
    m.fn(latin1(raw), getAtHops(cur, m));
  } catch (again) {
    if (GoTimeError.isInstance(again)) return new TimeBytesError(again.message, err);
  }
  return err;
}

/** `b` read as Latin-1 (ISO 8859-1: character code = byte; TextDecoder's "latin1" is windows-1252). */
function latin1(b: Uint8Array): string {
  let s = "";
  for (let i = 0; i < b.length; i++) s += String.fromCharCode(b[i] as number);
  return s;
}

/** A time error whose text was taken over bytes read as Latin-1 (see timeErrorOnBytes). */
class TimeBytesError {
  constructor(
    readonly message: string,
    readonly cause: unknown,
  ) {}
}
