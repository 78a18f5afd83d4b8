/**
 * The decoding state of one unmarshal call: the input text, the position, and
 * Go's error bookkeeping (first error saved, struct/field context for
 * UnmarshalTypeError, abort on method errors).
 */
import { type GoType, typeString } from "./deps.js";
import { GoError, type JsonV1Error, UnmarshalTypeError } from "./errors.js";
import { DEFAULT_GO_VERSION, type GoVersion, quoteBytesFor, quoteFor } from "./go-version.js";
import { MAX_NESTING_DEPTH } from "./syntax.js";

/** Thrown internally when the input is not valid JSON; the caller reruns Go's scanner for the exact error. */
export const SYNTAX_BAIL: unique symbol = Symbol("gojson.v1.syntax");

/** Marks an Abort whose partial destination no container has recorded yet. */
export const NO_PARTIAL: unique symbol = Symbol("gojson.v1.noPartial");

/**
 * Thrown internally when Go returns an error at once (a method failed, a
 * `,string` value is malformed); carries that error. While it unwinds, each
 * container decoder records in `partial` what its destination holds at that
 * moment (Go fills the destination in place, so the caller sees it).
 */
export class Abort {
  partial: unknown = NO_PARTIAL;
  constructor(readonly err: JsonV1Error) {}
}

/**
 * The value a destination slot holds when an Abort passes through it: the
 * partial value recorded below, or `given` (what was handed to the decoder
 * that failed, which Go leaves as it is).
 */
export function partialOf(e: Abort, given: unknown): unknown {
  return e.partial === NO_PARTIAL ? given : e.partial;
}

/** Per-call decoding state. */
/** Elements past a slice's length that Go's backing array still holds: `items[k]` is at index `base + k`. */
export interface SliceTail {
  readonly base: number;
  readonly items: readonly unknown[];
}

/**
 * Nesting depth at which container decoders switch to the deep path (./decode-deep.ts). Deep
 * enough that ordinary documents never reach it, shallow enough that the recursive frames below
 * it fit the default JavaScript stack with room to spare.
 */
export const DEEP_DEPTH = 400;

/** The deep path's entry (./decode-deep.ts), handed to each DecodeState by its creator. */
export type DeepDecoder = (d: DecodeState, t: GoType, cur: any) => any;

const NO_DEEP: DeepDecoder = () => {
  throw new Error("gojson codec-v1: no deep decoder installed");
};

export class DecodeState {
  /**
   * The deep path, set by the code that creates the state (unmarshal.ts), so that the compiled
   * decoders (unmarshal-plan.ts and the kind modules) and the deep path (decode-deep.ts, which uses their plans) do not
   * import each other.
   */
  deep: DeepDecoder = NO_DEEP;
  pos = 0;
  depth = 0;
  /** Whether the last number read by readNumber had no fraction or exponent. */
  numInt = false;
  /** Pointer-to-pointer hops taken without consuming input. */
  ptrChain = 0;
  saved: JsonV1Error | null = null;
  /**
   * Go's slice capacity within one decode: the elements a shorter array
   * value cut off a slice (still in Go's backing array), by slice; a later
   * longer value (a duplicate member) grows the slice over them and decodes
   * into them (see sliceTail).
   */
  tails: WeakMap<object, SliceTail> | null = null;
  ctxStruct: GoType | null = null;
  /** Go's errorContext.FieldStack: the first `fsLen` entries are live. */
  readonly fieldStack: string[] = [];
  fsLen = 0;
  /** The last object key read as a string (for the unknown-field error). */
  key = "";
  constructor(
    readonly text: string,
    /** The original UTF-8 input when it was given as bytes (for raw values). */
    readonly bytes: Uint8Array | null,
    /** Whether text indexes equal byte offsets (ASCII input). */
    readonly ascii: boolean,
    /** Text indexes of the U+FFFD that replaced one invalid input byte each (null: none). */
    readonly invalid: Int32Array | null,
    readonly useNumber: boolean,
    readonly disallowUnknownFields: boolean,
    /** The Go release reproduced (error-text quoting, name folding: see go-version.ts). */
    readonly goVersion: GoVersion = DEFAULT_GO_VERSION,
  ) {}

  /**
   * Go's `%q` of the input text between text indexes `start` and `end`: over the original bytes
   * when the input held invalid UTF-8 (Go quotes such bytes as `\xNN`).
   */
  quoteRaw(start: number, end: number): string {
    if (this.invalid !== null && this.bytes !== null) {
      const b = this.bytes.subarray(this.byteOffset(start), this.byteOffset(end));
      return quoteBytesFor(this.goVersion, b);
    }
    return quoteFor(this.goVersion, this.text.slice(start, end));
  }

  /** Byte offset of a text index. */
  byteOffset(i: number): number {
    if (this.ascii) return i;
    // Go's d.off may point one byte past the end of the input (convertNumber errors).
    const n = Buffer.byteLength(this.text.slice(0, i), "utf8") + Math.max(0, i - this.text.length);
    if (this.invalid === null) return n;
    // Each of those U+FFFD is 3 bytes of UTF-8 but stood for 1 input byte.
    let k = 0;
    while (k < this.invalid.length && (this.invalid[k] as number) < i) k++;
    return n - 2 * k;
  }

  /** Go's saveError for an UnmarshalTypeError (context added as addErrorContext does). */
  typeError(jsonValue: string, t: GoType | string, at: number): void {
    if (this.saved !== null) return;
    this.saved = this.makeTypeError(jsonValue, typeof t === "string" ? t : typeString(t), at, "");
  }

  makeTypeError(jsonValue: string, ts: string, at: number, field: string): UnmarshalTypeError {
    let struct: string | undefined;
    let path: string | undefined;
    if (this.ctxStruct !== null || this.fsLen > 0) {
      struct = this.ctxStruct?.name ?? "";
      const stack = this.fieldStack.slice(0, this.fsLen);
      path = field === "" ? stack.join(".") : [...stack, field].join(".");
    }
    return new UnmarshalTypeError({ jsonValue, type: ts, offset: this.byteOffset(at), struct, field: path });
  }

  /** Go's saveError for a plain-text error. */
  save(err: JsonV1Error): void {
    if (this.saved === null) this.saved = err;
  }

  /** Raw bytes of text[start:end] (what Go hands to UnmarshalJSON). */
  raw(start: number, end: number): Uint8Array {
    if (this.bytes !== null && this.ascii) return this.bytes.slice(start, end);
    // Invalid UTF-8 reaches RawMessage and UnmarshalJSON as the original bytes, as in Go.
    if (this.bytes !== null && this.invalid !== null)
      return this.bytes.slice(this.byteOffset(start), this.byteOffset(end));
    return new TextEncoder().encode(this.text.slice(start, end));
  }

  enter(): void {
    if (++this.depth > MAX_NESTING_DEPTH) throw SYNTAX_BAIL;
  }

  ws(): void {
    const t = this.text;
    let p = this.pos;
    for (;;) {
      const c = t.charCodeAt(p);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) p++;
      else break;
    }
    this.pos = p;
  }

  /** Reads a string at pos (which is at `"`) and unquotes it as Go does. */
  readString(): string {
    const t = this.text;
    const n = t.length;
    const start = this.pos + 1;
    let i = start;
    while (i < n) {
      const c = t.charCodeAt(i);
      if (c === 0x22) {
        this.pos = i + 1;
        return t.slice(start, i);
      }
      if (c === 0x5c || c < 0x20) break;
      i++;
    }
    return this.readStringSlow(start, i);
  }

  private readStringSlow(start: number, i: number): string {
    const t = this.text;
    const n = t.length;
    let out = t.slice(start, i);
    while (i < n) {
      const c = t.charCodeAt(i);
      if (c === 0x22) {
        this.pos = i + 1;
        return out;
      }
      if (c < 0x20) throw SYNTAX_BAIL;
      if (c !== 0x5c) {
        let j = i + 1;
        while (j < n) {
          const d = t.charCodeAt(j);
          if (d === 0x22 || d === 0x5c || d < 0x20) break;
          j++;
        }
        out += t.slice(i, j);
        i = j;
        continue;
      }
      const e = t.charCodeAt(i + 1);
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
          // A run of \uXXXX escapes becomes one string (code units gathered in a scratch buffer).
          let k = 0;
          const u = scratch;
          do {
            const r = hex4(t, i + 2);
            if (r < 0) throw SYNTAX_BAIL;
            i += 6;
            if (r >= 0xd800 && r < 0xe000) {
              const r2 = t.charCodeAt(i) === 0x5c && t.charCodeAt(i + 1) === 0x75 ? hex4(t, i + 2) : -1;
              if (r < 0xdc00 && r2 >= 0xdc00 && r2 < 0xe000) {
                u[k++] = r;
                u[k++] = r2;
                i += 6;
              } else u[k++] = 0xfffd;
            } else u[k++] = r;
          } while (k < SCRATCH_UNITS - 1 && t.charCodeAt(i) === 0x5c && t.charCodeAt(i + 1) === 0x75);
          out += String.fromCharCode.apply(null, u.subarray(0, k) as unknown as number[]);
          continue;
        }
        default:
          throw SYNTAX_BAIL;
      }
      i += 2;
    }
    throw SYNTAX_BAIL;
  }

  /** Reads a number literal at pos (validated against the JSON grammar). */
  readNumber(): string {
    const t = this.text;
    const start = this.pos;
    let i = start;
    let c = t.charCodeAt(i);
    if (c === 0x2d) c = t.charCodeAt(++i);
    if (c === 0x30) c = t.charCodeAt(++i);
    else if (c >= 0x31 && c <= 0x39) {
      do c = t.charCodeAt(++i);
      while (c >= 0x30 && c <= 0x39);
    } else throw SYNTAX_BAIL;
    let isInt = true;
    if (c === 0x2e) {
      isInt = false;
      c = t.charCodeAt(++i);
      if (!(c >= 0x30 && c <= 0x39)) throw SYNTAX_BAIL;
      do c = t.charCodeAt(++i);
      while (c >= 0x30 && c <= 0x39);
    }
    if (c === 0x65 || c === 0x45) {
      isInt = false;
      c = t.charCodeAt(++i);
      if (c === 0x2b || c === 0x2d) c = t.charCodeAt(++i);
      if (!(c >= 0x30 && c <= 0x39)) throw SYNTAX_BAIL;
      do c = t.charCodeAt(++i);
      while (c >= 0x30 && c <= 0x39);
    }
    this.pos = i;
    this.numInt = isInt;
    return t.slice(start, i);
  }

  /** Consumes `true`, `false` or `null` at pos; returns its first char code. */
  readLiteral(): number {
    const t = this.text;
    const c = t.charCodeAt(this.pos);
    const word = c === 0x74 ? "true" : c === 0x66 ? "false" : c === 0x6e ? "null" : "";
    if (word === "" || !t.startsWith(word, this.pos)) throw SYNTAX_BAIL;
    this.pos += word.length;
    return c;
  }

  /** Skips one value (validating it). */
  skip(): void {
    const c = this.text.charCodeAt(this.pos);
    if (c === 0x22) {
      this.skipString();
      return;
    }
    if (c === 0x7b || c === 0x5b) {
      this.skipContainer();
      return;
    }
    if (c === 0x74 || c === 0x66 || c === 0x6e) {
      this.readLiteral();
      return;
    }
    this.readNumber();
  }

  private skipString(): void {
    const t = this.text;
    const n = t.length;
    let i = this.pos + 1;
    while (i < n) {
      const c = t.charCodeAt(i);
      if (c === 0x22) {
        this.pos = i + 1;
        return;
      }
      if (c < 0x20) throw SYNTAX_BAIL;
      if (c === 0x5c) {
        const e = t.charCodeAt(i + 1);
        if (e === 0x75) {
          if (hex4(t, i + 2) < 0) throw SYNTAX_BAIL;
          i += 6;
          continue;
        }
        if (
          e === 0x22 ||
          e === 0x5c ||
          e === 0x2f ||
          e === 0x62 ||
          e === 0x66 ||
          e === 0x6e ||
          e === 0x72 ||
          e === 0x74
        ) {
          i += 2;
          continue;
        }
        throw SYNTAX_BAIL;
      }
      i++;
    }
    throw SYNTAX_BAIL;
  }

  /** Iterative skip of an object or array. */
  private skipContainer(): void {
    const t = this.text;
    const stack: number[] = [];
    // states: expecting value / key handled inline
    let c = t.charCodeAt(this.pos);
    for (;;) {
      // at a value start
      if (c === 0x7b || c === 0x5b) {
        stack.push(c);
        this.enter();
        this.pos++;
        this.ws();
        const d = t.charCodeAt(this.pos);
        if (c === 0x7b) {
          if (d === 0x7d) {
            this.pos++;
            stack.pop();
            this.depth--;
          } else {
            if (d !== 0x22) throw SYNTAX_BAIL;
            this.skipString();
            this.ws();
            if (t.charCodeAt(this.pos) !== 0x3a) throw SYNTAX_BAIL;
            this.pos++;
            this.ws();
            c = t.charCodeAt(this.pos);
            continue;
          }
        } else if (d === 0x5d) {
          this.pos++;
          stack.pop();
          this.depth--;
        } else {
          c = d;
          continue;
        }
      } else if (c === 0x22) this.skipString();
      else if (c === 0x74 || c === 0x66 || c === 0x6e) this.readLiteral();
      else this.readNumber();
      // after a value: close containers or move to the next element
      for (;;) {
        if (stack.length === 0) return;
        this.ws();
        const top = stack[stack.length - 1];
        const d = t.charCodeAt(this.pos);
        if (d === 0x2c) {
          this.pos++;
          this.ws();
          if (top === 0x7b) {
            if (t.charCodeAt(this.pos) !== 0x22) throw SYNTAX_BAIL;
            this.skipString();
            this.ws();
            if (t.charCodeAt(this.pos) !== 0x3a) throw SYNTAX_BAIL;
            this.pos++;
            this.ws();
          }
          c = t.charCodeAt(this.pos);
          break;
        }
        if ((top === 0x7b && d === 0x7d) || (top === 0x5b && d === 0x5d)) {
          this.pos++;
          stack.pop();
          this.depth--;
          continue;
        }
        throw SYNTAX_BAIL;
      }
    }
  }
}

/** Code units a run of \u escapes gathers before it is turned into a string (readStringSlow). */
const SCRATCH_UNITS = 4096;
const scratch = new Uint16Array(SCRATCH_UNITS);

function hex4(t: string, i: number): number {
  let r = 0;
  for (let k = 0; k < 4; k++) {
    const c = t.charCodeAt(i + k);
    let v: number;
    if (c >= 0x30 && c <= 0x39) v = c - 0x30;
    else if (c >= 0x61 && c <= 0x66) v = c - 0x57;
    else if (c >= 0x41 && c <= 0x46) v = c - 0x37;
    else return -1;
    r = r * 16 + v;
  }
  return r;
}

/** Helper for GoError texts of the `,string` option (`item`: the JSON literal, quoted with %q as Go does). */
export function stringTagError(d: DecodeState, item: string, ts: string): GoError {
  return new GoError(
    "string-tag",
    `json: invalid use of ,string struct tag, trying to unmarshal ${quoteFor(d.goVersion, item)} into ${ts}`,
  );
}
