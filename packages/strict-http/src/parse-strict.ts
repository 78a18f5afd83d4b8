import { DEFAULT_MAX_DEPTH } from "./constants.js";
import {
  StrictBodyCode as C,
  type StrictBodyError,
  type StrictBodyErrorCode,
  syntaxError,
} from "./errors.js";

/** Policy for a dangerous key, as in secure-json-parse: reject, drop, or keep as an own property. */
export type KeyAction = "error" | "remove" | "ignore";

/** Which top-level values the strict parse accepts. */
export type TopLevel = "any" | "object" | "object-or-array";

/** Options of {@link parseStrict}; every field has a secure default. */
export interface ParseStrictOptions {
  /** Deepest nesting of arrays and objects allowed (default {@link DEFAULT_MAX_DEPTH}). */
  maxDepth?: number;
  /** Accept (and skip) a leading UTF-8 byte order mark (default false: 400). */
  allowBom?: boolean;
  /** What to do with a `__proto__` member at any depth (default "error"). */
  protoAction?: KeyAction;
  /** What to do with a `constructor` member holding a `prototype` member (default "error"). */
  constructorAction?: KeyAction;
  /** Keep integers beyond ±(2^53 − 1) as bigint instead of rejecting them (default false). */
  bigint?: boolean;
  /** Which top-level values are accepted (default "any"). */
  topLevel?: TopLevel;
}

/** Resolved, frozen form of {@link ParseStrictOptions}. */
export interface ResolvedParseOptions {
  readonly maxDepth: number;
  readonly allowBom: boolean;
  readonly protoAction: KeyAction;
  readonly constructorAction: KeyAction;
  readonly bigint: boolean;
  readonly topLevel: TopLevel;
}

/** resolveParseOptions fills the defaults once, at the API boundary. */
export function resolveParseOptions(o: ParseStrictOptions = {}): ResolvedParseOptions {
  const maxDepth = o.maxDepth ?? DEFAULT_MAX_DEPTH;
  if (!Number.isInteger(maxDepth) || maxDepth < 1)
    throw new RangeError("maxDepth must be a positive integer");
  return Object.freeze({
    maxDepth,
    allowBom: o.allowBom ?? false,
    protoAction: o.protoAction ?? "error",
    constructorAction: o.constructorAction ?? "error",
    bigint: o.bigint ?? false,
    topLevel: o.topLevel ?? "any",
  });
}

type Container = unknown[] | Record<string, unknown>;

const utf8 = new TextDecoder("utf-8");

/** Native slicers of Node's Buffer when present (much cheaper per call than TextDecoder), else TextDecoder. */
interface Slicer {
  ascii(s: number, e: number): string;
  utf8(s: number, e: number): string;
}
type NodeBuffer = Uint8Array & {
  latin1Slice(s: number, e: number): string;
  utf8Slice(s: number, e: number): string;
};
const NodeBufferCtor = (
  globalThis as unknown as { Buffer?: { from(a: ArrayBufferLike, o: number, l: number): NodeBuffer } }
).Buffer;

function slicer(b: Uint8Array): Slicer {
  if (NodeBufferCtor) {
    const nb = NodeBufferCtor.from(b.buffer, b.byteOffset, b.byteLength);
    if (typeof nb.latin1Slice === "function") {
      return { ascii: (s, e) => nb.latin1Slice(s, e), utf8: (s, e) => nb.utf8Slice(s, e) };
    }
  }
  const dec = (s: number, e: number) => utf8.decode(b.subarray(s, e));
  return { ascii: dec, utf8: dec };
}
const SKIP = 1; // the current member of an object frame is dropped ("remove" policies)

/**
 * parseStrict decodes one JSON text (RFC 8259) from UTF-8 bytes into plain
 * values in a single iterative pass, rejecting what JSON.parse lets through:
 * duplicate names (compared after unescaping), invalid UTF-8 and lone
 * surrogates, a byte order mark, nesting past a limit, prototype-polluting
 * keys, unsafe integers and overflowing numbers, and anything after the value.
 * Errors are {@link StrictBodyError}s (400) with a byte offset and a JSON pointer.
 */
export function parseStrict(bytes: Uint8Array, options?: ParseStrictOptions | ResolvedParseOptions): unknown {
  const o =
    options && Object.isFrozen(options) ? (options as ResolvedParseOptions) : resolveParseOptions(options);
  const b = bytes;
  const n = b.length;
  const stack: Container[] = [];
  const isArr: boolean[] = [];
  const keys: (string | undefined)[] = [];
  const flags: number[] = [];
  // Names dropped by a "remove" policy, per object frame: a later member of the
  // same name is still a duplicate although the object does not hold it.
  const dropped: (string[] | undefined)[] = [];
  let i = 0;
  const sl = slicer(b);

  const fail = (code: StrictBodyErrorCode, what: string, at: number, afterValue = false): StrictBodyError =>
    syntaxError(code, what, at, pointerOf(stack, isArr, keys, afterValue));

  if (n >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) {
    if (!o.allowBom) throw fail(C.BOM, "byte order mark is not allowed", 0);
    i = 3;
  }
  i = skipWs(b, i);
  if (i >= n) throw fail(C.EMPTY_BODY, "empty body", i);
  {
    const c = b[i];
    if (
      (o.topLevel === "object" && c !== 0x7b) ||
      (o.topLevel === "object-or-array" && c !== 0x7b && c !== 0x5b)
    ) {
      throw fail(
        C.TOP_LEVEL_TYPE,
        o.topLevel === "object"
          ? "top-level value must be an object"
          : "top-level value must be an object or an array",
        i,
      );
    }
  }

  let value: unknown;
  // Each turn reads one value at i (whitespace already skipped), then climbs
  // out of every container that closes right after it.
  for (;;) {
    if (i >= n) throw fail(C.INVALID_JSON, "unexpected end of input", i);
    const c = b[i] as number;
    if (c === 0x7b || c === 0x5b) {
      if (stack.length >= o.maxDepth) throw fail(C.MAX_DEPTH, `nesting deeper than ${o.maxDepth}`, i);
      const arr = c === 0x5b;
      const box: Container = arr ? [] : {};
      stack.push(box);
      isArr.push(arr);
      keys.push(undefined);
      flags.push(0);
      dropped.push(undefined);
      i = skipWs(b, i + 1);
      if (b[i] === (arr ? 0x5d : 0x7d)) {
        i++;
        stack.pop();
        isArr.pop();
        keys.pop();
        flags.pop();
        dropped.pop();
        value = box;
      } else if (arr) {
        continue;
      } else {
        i = readMemberName(i);
        continue;
      }
    } else if (c === 0x22) {
      value = readString(i);
      i = strEnd;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      value = readNumber(i);
      i = numEnd;
    } else if (c === 0x74 && b[i + 1] === 0x72 && b[i + 2] === 0x75 && b[i + 3] === 0x65) {
      value = true;
      i += 4;
    } else if (
      c === 0x66 &&
      b[i + 1] === 0x61 &&
      b[i + 2] === 0x6c &&
      b[i + 3] === 0x73 &&
      b[i + 4] === 0x65
    ) {
      value = false;
      i += 5;
    } else if (c === 0x6e && b[i + 1] === 0x75 && b[i + 2] === 0x6c && b[i + 3] === 0x6c) {
      value = null;
      i += 4;
    } else {
      throw fail(C.INVALID_JSON, `unexpected ${describe(c)} looking for the beginning of a value`, i);
    }

    // Store the value and close containers.
    for (;;) {
      const d = stack.length - 1;
      if (d < 0) {
        i = skipWs(b, i);
        if (i < n) throw fail(C.TRAILING_DATA, "unexpected data after the top-level value", i);
        return value;
      }
      const top = stack[d] as Container;
      const arr = isArr[d] as boolean;
      if (arr) {
        (top as unknown[]).push(value);
      } else if (flags[d] === SKIP) {
        flags[d] = 0;
        const k = keys[d] as string;
        const names = dropped[d];
        if (names === undefined) dropped[d] = [k];
        else names.push(k);
      } else {
        const k = keys[d] as string;
        if (k === "__proto__") {
          Object.defineProperty(top, k, { value, writable: true, enumerable: true, configurable: true });
        } else {
          (top as Record<string, unknown>)[k] = value;
        }
      }
      i = skipWs(b, i);
      const t = b[i];
      if (t === 0x2c) {
        i = skipWs(b, i + 1);
        if (!arr) i = readMemberName(i);
        break;
      }
      if (t === (arr ? 0x5d : 0x7d)) {
        i++;
        value = top;
        stack.pop();
        isArr.pop();
        keys.pop();
        flags.pop();
        dropped.pop();
        continue;
      }
      if (i >= n) throw fail(C.INVALID_JSON, "unexpected end of input", i, true);
      throw fail(
        C.INVALID_JSON,
        `unexpected ${describe(t as number)} after ${arr ? "array element" : "object member"}`,
        i,
        true,
      );
    }
  }

  // readMemberName reads `"name" :` at i for the innermost object, applies the
  // duplicate and dangerous-key checks, and returns the index of the value.
  function readMemberName(at: number): number {
    const d = stack.length - 1;
    if (b[at] !== 0x22) {
      if (at >= n) throw fail(C.INVALID_JSON, "unexpected end of input", at);
      throw fail(
        C.INVALID_JSON,
        `unexpected ${describe(b[at] as number)} looking for an object member name`,
        at,
      );
    }
    const name = readString(at);
    const top = stack[d] as Record<string, unknown>;
    keys[d] = name;
    if (Object.hasOwn(top, name) || dropped[d]?.includes(name)) {
      throw fail(C.DUPLICATE_NAME, "duplicate object member name", at);
    }
    if (name === "__proto__") {
      if (o.protoAction === "error") throw fail(C.FORBIDDEN_KEY, "forbidden member name __proto__", at);
      if (o.protoAction === "remove") flags[d] = SKIP;
    } else if (name === "prototype" && d >= 1 && keys[d - 1] === "constructor" && !isArr[d - 1]) {
      if (o.constructorAction === "error")
        throw fail(C.FORBIDDEN_KEY, "forbidden member constructor.prototype", at);
      if (o.constructorAction === "remove") flags[d - 1] = SKIP;
    }
    let j = skipWs(b, strEnd);
    if (b[j] !== 0x3a) {
      if (j >= n) throw fail(C.INVALID_JSON, "unexpected end of input", j);
      throw fail(C.INVALID_JSON, `unexpected ${describe(b[j] as number)} after object member name`, j);
    }
    j = skipWs(b, j + 1);
    return j;
  }

  // readString reads the string starting with the quote at `at`; it sets strEnd.
  function readString(at: number): string {
    let j = at + 1;
    // Fast path: ASCII without escapes.
    for (;;) {
      if (j >= n) throw fail(C.INVALID_JSON, "unexpected end of input within a string", j);
      const c = b[j] as number;
      if (c === 0x22) {
        strEnd = j + 1;
        const len = j - at - 1;
        if (len === 0) return "";
        return sl.ascii(at + 1, j);
      }
      if (c === 0x5c || c < 0x20 || c >= 0x80) break;
      j++;
    }
    // Slow path: escapes and multi-byte sequences, validated byte by byte.
    let out = "";
    let seg = at + 1;
    for (;;) {
      if (j >= n) throw fail(C.INVALID_JSON, "unexpected end of input within a string", j);
      const c = b[j] as number;
      if (c === 0x22) {
        if (j > seg) out += sl.utf8(seg, j);
        strEnd = j + 1;
        return out;
      }
      if (c < 0x20)
        throw fail(C.INVALID_JSON, `unescaped control character ${describe(c)} within a string`, j);
      if (c < 0x80) {
        if (c !== 0x5c) {
          j++;
          continue;
        }
        if (j > seg) out += sl.utf8(seg, j);
        const e = b[j + 1];
        switch (e) {
          case 0x22:
            out += '"';
            break;
          case 0x5c:
            out += "\\";
            break;
          case 0x2f:
            out += "/";
            break;
          case 0x62:
            out += "\b";
            break;
          case 0x66:
            out += "\f";
            break;
          case 0x6e:
            out += "\n";
            break;
          case 0x72:
            out += "\r";
            break;
          case 0x74:
            out += "\t";
            break;
          case 0x75: {
            const u = hex4(j + 2);
            if (u >= 0xd800 && u <= 0xdbff) {
              if (b[j + 6] === 0x5c && b[j + 7] === 0x75) {
                const lo = hex4(j + 8);
                if (lo >= 0xdc00 && lo <= 0xdfff) {
                  out += String.fromCharCode(u, lo);
                  j += 12;
                  seg = j;
                  continue;
                }
              }
              throw fail(C.LONE_SURROGATE, "unpaired high surrogate in a \\u escape", j);
            }
            if (u >= 0xdc00 && u <= 0xdfff)
              throw fail(C.LONE_SURROGATE, "unpaired low surrogate in a \\u escape", j);
            out += String.fromCharCode(u);
            j += 6;
            seg = j;
            continue;
          }
          default:
            if (j + 1 >= n) throw fail(C.INVALID_JSON, "unexpected end of input within a string", j + 1);
            throw fail(C.INVALID_JSON, "invalid escape sequence within a string", j);
        }
        j += 2;
        seg = j;
        continue;
      }
      j = utf8Seq(j, c);
    }
  }

  // utf8Seq validates the multi-byte UTF-8 sequence at j (RFC 3629: no overlongs,
  // no surrogates, nothing past U+10FFFF) and returns the index after it.
  function utf8Seq(j: number, c: number): number {
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      if (c === 0xe0) lo = 0xa0;
      else if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      if (c === 0xf0) lo = 0x90;
      else if (c === 0xf4) hi = 0x8f;
    } else throw fail(C.INVALID_UTF8, "invalid UTF-8 byte within a string", j);
    const x = b[j + 1];
    if (x === undefined || x < lo || x > hi)
      throw fail(C.INVALID_UTF8, "invalid UTF-8 sequence within a string", j);
    for (let k = 2; k <= need; k++) {
      const y = b[j + k];
      if (y === undefined || y < 0x80 || y > 0xbf)
        throw fail(C.INVALID_UTF8, "invalid UTF-8 sequence within a string", j);
    }
    return j + need + 1;
  }

  function hex4(at: number): number {
    let v = 0;
    for (let k = 0; k < 4; k++) {
      const c = b[at + k];
      let h: number;
      if (c === undefined) throw fail(C.INVALID_JSON, "unexpected end of input within a string", at + k);
      if (c >= 0x30 && c <= 0x39) h = c - 0x30;
      else if (c >= 0x61 && c <= 0x66) h = c - 0x57;
      else if (c >= 0x41 && c <= 0x46) h = c - 0x37;
      else throw fail(C.INVALID_JSON, "invalid \\u escape within a string", at + k);
      v = (v << 4) | h;
    }
    return v;
  }

  // readNumber reads an RFC 8259 number at `at`; it sets numEnd.
  function readNumber(at: number): number | bigint {
    let j = at;
    let neg = false;
    if (b[j] === 0x2d) {
      neg = true;
      j++;
    }
    const intStart = j;
    let c = b[j];
    if (c === 0x30) {
      j++;
    } else if (c !== undefined && c >= 0x31 && c <= 0x39) {
      j++;
      for (c = b[j]; c !== undefined && c >= 0x30 && c <= 0x39; c = b[++j]);
    } else {
      if (j >= n) throw fail(C.INVALID_JSON, "unexpected end of input within a number", j);
      throw fail(C.INVALID_JSON, `unexpected ${describe(c as number)} within a number`, j);
    }
    const intEnd = j;
    let isInt = true;
    if (b[j] === 0x2e) {
      isInt = false;
      j++;
      const s = j;
      for (c = b[j]; c !== undefined && c >= 0x30 && c <= 0x39; c = b[++j]);
      if (j === s) throw numberFail(j);
    }
    c = b[j];
    if (c === 0x65 || c === 0x45) {
      isInt = false;
      j++;
      c = b[j];
      if (c === 0x2b || c === 0x2d) j++;
      const s = j;
      for (c = b[j]; c !== undefined && c >= 0x30 && c <= 0x39; c = b[++j]);
      if (j === s) throw numberFail(j);
    }
    numEnd = j;
    if (isInt && intEnd - intStart <= 15) {
      let v = 0;
      for (let k = intStart; k < intEnd; k++) v = v * 10 + ((b[k] as number) - 0x30);
      return neg ? -v : v;
    }
    const lit = sl.ascii(at, j);
    const v = Number(lit);
    if (isInt) {
      if (Number.isSafeInteger(v)) return v;
      if (o.bigint) return BigInt(lit);
      throw fail(C.UNSAFE_INTEGER, "integer beyond ±(2^53 − 1) would lose precision", at);
    }
    if (!Number.isFinite(v)) throw fail(C.NUMBER_OVERFLOW, "number overflows a float64", at);
    return v;
  }

  function numberFail(j: number): StrictBodyError {
    if (j >= n) return fail(C.INVALID_JSON, "unexpected end of input within a number", j);
    return fail(C.INVALID_JSON, `unexpected ${describe(b[j] as number)} within a number`, j);
  }
}

let strEnd = 0;
let numEnd = 0;

function skipWs(b: Uint8Array, i: number): number {
  for (;;) {
    const c = b[i];
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
    else return i;
  }
}

const GRAMMAR = '{}[],:"';

/** describe names a byte without echoing the body: JSON punctuation by itself, anything else in hex. */
function describe(c: number): string {
  const ch = String.fromCharCode(c);
  if (GRAMMAR.includes(ch)) return `'${ch}'`;
  return `byte 0x${c.toString(16).padStart(2, "0")}`;
}

/** pointerOf builds the RFC 6901 pointer of the value being read (error path only). */
function pointerOf(
  stack: Container[],
  isArr: boolean[],
  keys: (string | undefined)[],
  afterValue: boolean,
): string {
  let p = "";
  const last = stack.length - 1;
  for (let d = 0; d <= last; d++) {
    if (isArr[d]) p += `/${(stack[d] as unknown[]).length - (afterValue && d === last ? 1 : 0)}`;
    else {
      const k = keys[d];
      if (k === undefined) break;
      p += `/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`;
    }
  }
  return p;
}
