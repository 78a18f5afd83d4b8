/**
 * Decoder: a pull parser over a whole JSON input (Go's jsontext.Decoder semantics),
 * scanning a JS string decoded once from the bytes. Byte offsets and JSON pointers
 * are computed only on the error path.
 */

import {
  decodeValidUtf8,
  hasEscapedUTF16Prefix,
  hasLiteral,
  hex4,
  latin1Text,
  STRING_STOP,
  utf8Size,
} from "./decoder-bytes.js";
import {
  ERR_DUPLICATE_NAME,
  type ErrorFlavour,
  invalidEscapeText,
  quoteRuneV2,
  SyntacticError,
} from "./errors.js";
import { MAX_NESTING_DEPTH } from "./limits.js";
import { escapePointerToken } from "./pointer.js";
import {
  BeginArray,
  BeginObject,
  EndArray,
  EndObject,
  False,
  type Kind,
  Null,
  Token,
  True,
} from "./token.js";
import { decodeStringBytes, isIncompleteUTF8 } from "./utf8.js";

export { escapePointerToken };

/** DecoderOptions configure a Decoder (Go's jsontext options, camelCase). */
export interface DecoderOptions {
  /** Accept duplicate object member names (Go's AllowDuplicateNames). Default false (v2), true for flavour v1. */
  allowDuplicateNames?: boolean;
  /** Accept invalid UTF-8 in strings, replacing it with U+FFFD (Go's AllowInvalidUTF8). Default false (v2), true for flavour v1. */
  allowInvalidUTF8?: boolean;
  /** Which Go version's error texts to produce. Default "v2". */
  flavour?: ErrorFlavour;
  /**
   * Maximum nesting depth of objects and arrays (a positive integer). Default
   * MAX_NESTING_DEPTH (10000, Go's limit). Opening one more object or array fails with
   * Go's `exceeded max depth` SyntacticError (reason `max-depth`) at its offset.
   */
  maxDepth?: number;
}

const TOP = 0;
const ARR = 1;
const OBJ = 2;

const C_QUOTE = 0x22;
const C_BSLASH = 0x5c;
const C_COMMA = 0x2c;
const C_COLON = 0x3a;
const C_LBRACE = 0x7b;
const C_RBRACE = 0x7d;
const C_LBRACK = 0x5b;
const C_RBRACK = 0x5d;

/** Kind codes returned by the internal scanner (char codes of the kind). */
const K_NULL = 0x6e;
const K_FALSE = 0x66;
const K_TRUE = 0x74;
const K_STRING = 0x22;
const K_NUMBER = 0x30;

const WHERE_BEFORE = 0; // Go's where == 0
const WHERE_NEXT = 1; // Go's where == +1

function kindOf(c: number): number {
  if ((c >= 0x30 && c <= 0x39) || c === 0x2d) return K_NUMBER;
  switch (c) {
    case 0x6e:
    case 0x66:
    case 0x74:
    case 0x22:
    case 0x7b:
    case 0x7d:
    case 0x5b:
    case 0x5d:
      return c;
  }
  return -1;
}

const KIND_STR: Record<number, Kind> = {
  [K_NULL]: "n",
  [K_FALSE]: "f",
  [K_TRUE]: "t",
  [K_STRING]: '"',
  [K_NUMBER]: "0",
  [C_LBRACE]: "{",
  [C_RBRACE]: "}",
  [C_LBRACK]: "[",
  [C_RBRACK]: "]",
};

const textEncoder = new TextEncoder();

/** Objects with more members than this keep their names in a Set (fewer: a linear scan over byte ranges). */
const NAME_SET_THRESHOLD = 128;

/** WS marks JSON whitespace bytes (RFC 8259: space, tab, line feed, carriage return). */
const WS = (() => {
  const t = new Uint8Array(256);
  for (const c of [0x20, 0x09, 0x0a, 0x0d]) t[c] = 1;
  return t;
})();

/** indexOfBackslash returns the index of the first backslash in [from, end), or -1 (never looks past end). */
function indexOfBackslash(s: Uint8Array, from: number, end: number): number {
  for (let i = from; i < end; i++) if (s[i] === C_BSLASH) return i;
  return -1;
}

/** String token flags. */
const F_ESC = 1;
const F_NONASCII = 2;
const F_INVALID = 4;

class ErrAt {
  constructor(
    readonly pos: number,
    readonly detail: string | ((d: Decoder) => string),
    readonly where: number,
  ) {}
}

/**
 * Decoder reads JSON tokens and values from a complete input (Go's jsontext.Decoder
 * over a fully buffered reader). Several top-level values may follow each other.
 */
export class Decoder {
  /** The input bytes that are scanned. */
  private readonly buf: Uint8Array;
  /** The input as a one-byte (latin1) string, made on first use: ASCII substrings are sliced from it. */
  private latin1: string | null = null;
  private readonly allowDup: boolean;
  private readonly allowInvalid: boolean;
  private readonly flavour: ErrorFlavour;
  private readonly maxDepth: number;

  /** Char index just after the last token read. */
  private pos = 0;
  /** Char index of the next token when peeked, or -1. */
  private peekPos = -1;
  private peekCode = 0;

  private depth = 0;
  private kinds = new Uint8Array(16);
  private lens = new Int32Array(16);
  private nameStart = new Int32Array(16);
  private nameEnd = new Int32Array(16);
  /** Names seen per open object, as (start, end, flags) triples of their tokens; compared as bytes when unescaped. */
  private names: (number[] | null)[] = [];
  /** How many numbers of names[d] are in use. */
  private nameCount = new Int32Array(16);
  /** Unescaped names per open object once it has more than NAME_SET_THRESHOLD members. */
  private nameSets: (Set<string> | null)[] = [];

  /** Char range of the last scanned token and whether a string had escapes. */
  private tokStart = 0;
  private tokEnd = 0;
  private tokFlags = 0;
  /** Union of the flags of every string scanned (F_NONASCII: some byte >= 0x80 was read). */
  private seenFlags = 0;

  /** Local stack of consumeValue (Go's ReadValue path): kind, key (array index or name start), name end, in-member flag. */
  private consuming = false;
  private lsp = 0;
  private lkind = new Uint8Array(16);
  private lkey = new Int32Array(16);
  private lkeyEnd = new Int32Array(16);
  private lstate = new Uint8Array(16);

  constructor(input: Uint8Array | string, options?: DecoderOptions) {
    this.buf = typeof input === "string" ? textEncoder.encode(input) : input;
    this.flavour = options?.flavour ?? "v2";
    const legacy = this.flavour === "v1";
    this.allowDup = options?.allowDuplicateNames ?? legacy;
    this.allowInvalid = options?.allowInvalidUTF8 ?? legacy;
    const maxDepth = options?.maxDepth ?? MAX_NESTING_DEPTH;
    if (!Number.isInteger(maxDepth) || maxDepth < 1)
      throw new RangeError(`jsontext: maxDepth must be a positive integer, got ${maxDepth}`);
    this.maxDepth = maxDepth;
    this.kinds[0] = TOP;
  }

  // ---- public API ----

  /** peekKind returns the kind of the next token without consuming it, or "" at the end of input. */
  peekKind(): Kind {
    const p = this.locate();
    if (p < 0) return "";
    return KIND_STR[this.peekCode]!;
  }

  /** readToken reads the next token. At the end of input it throws Go's unexpected-EOF error. */
  readToken(): Token {
    const k = this.step();
    switch (k) {
      case K_NULL:
        return Null;
      case K_TRUE:
        return True;
      case K_FALSE:
        return False;
      case K_STRING:
        return new Token('"', this.stringValue());
      case K_NUMBER:
        return new Token("0", this.asciiSlice(this.tokStart, this.tokEnd));
      case C_LBRACE:
        return BeginObject;
      case C_RBRACE:
        return EndObject;
      case C_LBRACK:
        return BeginArray;
      default:
        return EndArray;
    }
  }

  /** readString reads the next token, which must be a string (or object name), and returns it unescaped. */
  readString(): string {
    this.expect(K_STRING);
    return this.stringValue();
  }

  /** readNumberLiteral reads the next token, which must be a number, and returns its exact literal text. */
  readNumberLiteral(): string {
    this.expect(K_NUMBER);
    return this.asciiSlice(this.tokStart, this.tokEnd);
  }

  /** readBool reads the next token, which must be true or false. */
  readBool(): boolean {
    if (this.locate() < 0) throw this.unexpectedEOF();
    const k = this.peekCode;
    if (k !== K_TRUE && k !== K_FALSE) throw new TypeError("jsontext: readBool on a non-boolean token");
    return this.step() === K_TRUE;
  }

  /** readNull reads the next token, which must be null. */
  readNull(): void {
    this.expect(K_NULL);
  }

  /** readBeginObject reads `{`. */
  readBeginObject(): void {
    this.expect(C_LBRACE);
  }
  /** readEndObject reads `}`. */
  readEndObject(): void {
    this.expect(C_RBRACE);
  }
  /** readBeginArray reads `[`. */
  readBeginArray(): void {
    this.expect(C_LBRACK);
  }
  /** readEndArray reads `]`. */
  readEndArray(): void {
    this.expect(C_RBRACK);
  }

  /**
   * readValue reads the next complete value and returns a copy of its exact bytes
   * (Go's ReadValue, with its error texts: e.g. a non-string name inside the value is
   * `invalid character '1' at start of string (expecting '"')`).
   */
  readValue(): Uint8Array {
    const a = this.readValueRange();
    return this.buf.slice(a, this.pos);
  }

  /** readValueText is readValue returning the value's text as a JS string (invalid bytes as U+FFFD). */
  readValueText(): string {
    const a = this.readValueRange();
    return decodeStringBytes(this.buf, a, this.pos);
  }

  /**
   * skipValue reads and validates the next complete value, discarding it (Go's SkipValue:
   * objects and arrays are skipped token by token, so errors have ReadToken's texts).
   */
  skipValue(): void {
    const p = this.locate();
    if (p < 0) throw this.unexpectedEOF();
    const k = this.peekCode;
    if (k === C_LBRACE || k === C_LBRACK) {
      const d0 = this.depth;
      this.step();
      while (this.depth > d0) this.step();
      return;
    }
    this.readValueRange();
  }

  /** skipValueRemainder skips the rest of the object or array whose start token was just read (Go's SkipValueRemainder). */
  skipValueRemainder(): void {
    const d0 = this.depth;
    if (d0 === 0) return;
    while (this.depth >= d0) this.step();
  }

  /** checkEOF verifies that only whitespace remains (Go: "invalid character 'x' after top-level value"). */
  checkEOF(): void {
    const s = this.buf;
    let p = this.pos;
    const n = s.length;
    let c = 0;
    while (p < n && WS[(c = s[p]!)] === 1) p++;
    if (p < n)
      throw this.makeError(new ErrAt(p, (d) => d.invalidChar(p, "after top-level value"), WHERE_BEFORE));
  }

  /** inputOffset is the byte offset just after the last token read (Go's InputOffset). */
  get inputOffset(): number {
    return this.pos;
  }

  /**
   * previousOffset is the byte offset where the last token or value read starts
   * (Go's `InputOffset() - len(PreviousTokenOrValue())`): the start of a semantic error's
   * value. 0 before anything was read. After skipValue over an object or array it is the
   * offset of its closing delimiter, as in Go (SkipValue reads token by token).
   */
  get previousOffset(): number {
    return this.tokStart;
  }

  /** previousTokenOrValue returns a view (not a copy) of the bytes of the last token or value read (Go's PreviousTokenOrValue). */
  previousTokenOrValue(): Uint8Array {
    return this.buf.subarray(this.tokStart, this.tokEnd);
  }

  /**
   * nextValuePointer returns the JSON Pointer (RFC 6901) of the value the next read
   * would produce (Go's AppendStackPointer with where = +1): in an array the next index,
   * in an object after a name that name, before a name the object itself. For errors
   * reported before the next value is read. Built on demand.
   */
  nextValuePointer(): string {
    return this.pointer(WHERE_NEXT);
  }

  /** asciiOnly reports whether every byte read so far is ASCII (non-ASCII bytes can only occur in strings). */
  get asciiOnly(): boolean {
    return (this.seenFlags & F_NONASCII) === 0;
  }

  /** stackDepth is the nesting depth (0 at top level). */
  get stackDepth(): number {
    return this.depth;
  }

  /** stackPointer returns the JSON Pointer (RFC 6901) of the most recently read value (Go's StackPointer). */
  stackPointer(): string {
    return this.pointer(-1);
  }

  /** unexpectedEOF makes Go's "unexpected EOF" SyntacticError at the end of the input. */
  unexpectedEOF(): SyntacticError {
    return this.makeError(new ErrAt(this.buf.length, "unexpected EOF", WHERE_BEFORE));
  }

  // ---- scanning ----

  private expect(code: number): void {
    const p = this.locate();
    if (p < 0) throw this.unexpectedEOF();
    if (this.peekCode !== code) {
      throw new TypeError(
        `jsontext: expected token of kind ${KIND_STR[code]} but next is ${KIND_STR[this.peekCode] ?? "invalid"}`,
      );
    }
    this.step();
  }

  /** needDelim returns the delimiter Go requires before a token whose first char is c. */
  private needDelim(c: number): number {
    const d = this.depth;
    if (d === 0) return 0;
    const len = this.lens[d]!;
    if (this.kinds[d] === OBJ && (len & 1) === 1) return C_COLON;
    if (len > 0 && c !== C_RBRACE && c !== C_RBRACK) return C_COMMA;
    return 0;
  }

  /** locate finds the start of the next token (after whitespace and a valid delimiter); -1 at end of input. */
  private locate(): number {
    if (this.peekPos >= 0) return this.peekPos;
    const s = this.buf;
    const n = s.length;
    let p = this.pos;
    let c = 0;
    while (p < n && WS[(c = s[p]!)] === 1) p++;
    if (p >= n) {
      if (this.depth === 0) return -1;
      throw this.makeError(new ErrAt(n, "unexpected EOF", WHERE_BEFORE));
    }
    let delim = 0;
    const delimPos = p;
    if (c === C_COMMA || c === C_COLON) {
      delim = c;
      p++;
      while (p < n && WS[(c = s[p]!)] === 1) p++;
      if (p >= n) {
        if (this.needDelim(C_QUOTE) !== delim) throw this.delimError(delimPos, C_QUOTE);
        throw this.makeError(new ErrAt(n, "unexpected EOF", WHERE_BEFORE));
      }
    }
    if (this.needDelim(c) !== delim) throw this.delimError(delimPos, c);
    const k = kindOf(c);
    if (k < 0) {
      throw this.makeError(new ErrAt(p, (d) => d.invalidChar(p, "at start of value"), WHERE_NEXT));
    }
    this.peekPos = p;
    this.peekCode = k;
    return p;
  }

  private delimError(pos: number, next: number): SyntacticError {
    const need = this.needDelim(next);
    let where = "at start of value";
    if (need === C_COLON) where = "after object name (expecting ':')";
    else if (need === C_COMMA) {
      where =
        this.kinds[this.depth] === OBJ
          ? "after object value (expecting ',' or '}')"
          : "after array element (expecting ',' or ']')";
    }
    return this.makeError(new ErrAt(pos, (d) => d.invalidChar(pos, where), WHERE_BEFORE));
  }

  /** step reads one token and updates the state machine; returns its kind code. */
  private step(): number {
    let p = this.locate();
    if (p < 0) throw this.unexpectedEOF();
    const k = this.peekCode;
    this.peekPos = -1;
    const s = this.buf;
    const d = this.depth;
    switch (k) {
      case K_STRING: {
        const end = this.scanString(p);
        if (this.kinds[d] === OBJ && (this.lens[d]! & 1) === 0) {
          // object member name
          if (!this.allowDup) this.insertName(d, p, end, this.tokFlags);
          this.nameStart[d] = p;
          this.nameEnd[d] = end;
        }
        this.lens[d]!++;
        this.tokStart = p;
        this.tokEnd = end;
        this.pos = end;
        return k;
      }
      case K_NUMBER: {
        const end = this.scanNumber(p);
        this.checkNotName(p);
        this.lens[d]!++;
        this.tokStart = p;
        this.tokEnd = end;
        this.pos = end;
        return k;
      }
      case C_LBRACE:
      case C_LBRACK: {
        this.checkNotName(p);
        if (d === this.maxDepth) throw this.makeError(new ErrAt(p, "exceeded max depth", WHERE_NEXT));
        this.lens[d]!++;
        const nd = d + 1;
        if (nd >= this.kinds.length) this.grow();
        this.kinds[nd] = k === C_LBRACE ? OBJ : ARR;
        this.lens[nd] = 0;
        if (k === C_LBRACE && !this.allowDup) this.resetNames(nd);
        this.depth = nd;
        this.pos = p + 1;
        this.tokStart = p;
        this.tokEnd = p + 1;
        return k;
      }
      case C_RBRACE: {
        if (this.kinds[d] !== OBJ) throw this.mismatch(p);
        if ((this.lens[d]! & 1) === 1)
          throw this.makeError(new ErrAt(p, "missing value after object name", WHERE_NEXT));
        this.depth = d - 1;
        this.pos = p + 1;
        this.tokStart = p;
        this.tokEnd = p + 1;
        return k;
      }
      case C_RBRACK: {
        if (this.kinds[d] !== ARR) throw this.mismatch(p);
        this.depth = d - 1;
        this.pos = p + 1;
        this.tokStart = p;
        this.tokEnd = p + 1;
        return k;
      }
      default: {
        const lit = k === K_NULL ? "null" : k === K_TRUE ? "true" : "false";
        if (!hasLiteral(s, p, lit)) this.literalError(p, lit);
        this.checkNotName(p);
        p += lit.length;
        this.lens[d]!++;
        this.tokStart = p - lit.length;
        this.tokEnd = p;
        this.pos = p;
        return k;
      }
    }
  }

  private grow(): void {
    const n = this.kinds.length * 2;
    const k = new Uint8Array(n);
    k.set(this.kinds);
    this.kinds = k;
    const l = new Int32Array(n);
    l.set(this.lens);
    this.lens = l;
    const a = new Int32Array(n);
    a.set(this.nameStart);
    this.nameStart = a;
    const b = new Int32Array(n);
    b.set(this.nameEnd);
    this.nameEnd = b;
  }

  private checkNotName(p: number): void {
    const d = this.depth;
    if (this.kinds[d] === OBJ && (this.lens[d]! & 1) === 0) {
      throw this.makeError(new ErrAt(p, "object member name must be a string", WHERE_NEXT));
    }
  }

  /** resetNames forgets the names of the object at depth d (a new object starts there). */
  private resetNames(d: number): void {
    if (d >= this.nameCount.length) {
      const c = new Int32Array(Math.max(d + 1, this.nameCount.length * 2));
      c.set(this.nameCount);
      this.nameCount = c;
    }
    this.nameCount[d] = 0;
    const set = this.nameSets[d];
    if (set && set.size > 0) set.clear();
  }

  /**
   * insertName records the name token [a, b) of the object at depth d, throwing Go's
   * duplicate-name error if an equal name (after unescaping) was seen. Names without
   * escapes or invalid bytes are compared by a hash of their bytes, then the bytes, so no
   * string is made on this path.
   */
  private insertName(d: number, a: number, b: number, flags: number): void {
    let set = this.nameSets[d];
    if (set && set.size > 0) {
      const name = this.stringAt(a, b, flags);
      if (set.has(name)) throw this.duplicateName(a, name);
      set.add(name);
      return;
    }
    let arr = this.names[d];
    if (!arr) {
      arr = [];
      this.names[d] = arr;
    }
    const count = this.nameCount[d]!;
    const s = this.buf;
    const len = b - a;
    // hash of a plain name's bytes (>= 0); -1 for names that must be compared unescaped
    let h = -1;
    if ((flags & (F_ESC | F_INVALID)) === 0) {
      h = len;
      for (let k = a + 1; k < b - 1; k++) h = (Math.imul(h, 31) + s[k]!) | 0;
      h &= 0x7fffffff;
    }
    for (let i = 0; i < count; i += 3) {
      const h2 = arr[i + 2]!;
      if (h >= 0 && h2 >= 0) {
        if (h !== h2) continue;
        const a2 = arr[i]!;
        if (arr[i + 1]! - a2 !== len) continue;
        let j = 1;
        while (j < len && s[a + j] === s[a2 + j]) j++;
        if (j === len) throw this.duplicateName(a, this.stringAt(a, b, flags));
      } else {
        const a2 = arr[i]!;
        const b2 = arr[i + 1]!;
        const name = this.stringAt(a, b, flags);
        if (name === this.unescape(a2, b2)) throw this.duplicateName(a, name);
      }
    }
    arr[count] = a;
    arr[count + 1] = b;
    arr[count + 2] = h;
    this.nameCount[d] = count + 3;
    if (count + 3 > NAME_SET_THRESHOLD * 3) {
      if (!set) {
        set = new Set();
        this.nameSets[d] = set;
      }
      for (let i = 0; i < count + 3; i += 3) set.add(this.unescape(arr[i]!, arr[i + 1]!));
      this.nameCount[d] = 0;
    }
  }

  private duplicateName(p: number, name: string): SyntacticError {
    const ptr = `${this.fullPointer(WHERE_NEXT)}/${escapePointerToken(name)}`;
    return new SyntacticError({
      detail: ERR_DUPLICATE_NAME,
      offset: p,
      pointer: ptr,
      flavour: this.flavour,
      code: "GOJSON_ERR_DUPLICATE_NAME",
    });
  }

  private mismatch(p: number): SyntacticError {
    const d = this.depth;
    let where = "at start of value";
    let parent = false;
    if (d > 0 && this.lens[d]! > 0) {
      parent = true;
      where =
        this.kinds[d] === ARR
          ? "after array element (expecting ',' or ']')"
          : "after object value (expecting ',' or '}')";
    }
    let ptr = this.pointer(WHERE_NEXT);
    if (parent) ptr = ptr.slice(0, Math.max(ptr.lastIndexOf("/"), 0));
    return new SyntacticError({
      detail: this.invalidChar(p, where),
      offset: p,
      pointer: ptr,
      flavour: this.flavour,
    });
  }

  private literalError(p: number, lit: string): never {
    const s = this.buf;
    for (let i = 0; i < lit.length; i++) {
      if (p + i >= s.length) throw this.makeError(new ErrAt(s.length, "unexpected EOF", WHERE_NEXT));
      if (s[p + i]! !== lit.charCodeAt(i)) {
        const q = p + i;
        throw this.makeError(
          new ErrAt(q, (d) => d.invalidChar(q, `in literal ${lit} (expecting '${lit[i]}')`), WHERE_NEXT),
        );
      }
    }
    throw new Error("unreachable");
  }

  /** scanString validates the string starting at the quote at p and returns the index after its closing quote. */
  private scanString(p: number): number {
    const s = this.buf;
    const n = s.length;
    let i = p + 1;
    let flags = 0;
    for (;;) {
      let c = 0;
      while (i < n && STRING_STOP[(c = s[i]!)] === 0) i++;
      if (i >= n) throw this.makeError(new ErrAt(n, "unexpected EOF", WHERE_NEXT));
      if (c === C_QUOTE) {
        i++;
        break;
      }
      if (c === C_BSLASH) {
        flags |= F_ESC;
        i = this.scanEscape(i);
        continue;
      }
      if (c >= 0x80) {
        const size = utf8Size(s, i);
        if (size > 0) {
          flags |= F_NONASCII;
          i += size;
          continue;
        }
        if (isIncompleteUTF8(s, i)) throw this.makeError(new ErrAt(i, "unexpected EOF", WHERE_NEXT));
        if (!this.allowInvalid) throw this.makeError(new ErrAt(i, "invalid UTF-8", WHERE_NEXT));
        flags |= F_INVALID | F_NONASCII;
        i++;
        continue;
      }
      // control character
      const q = i;
      throw this.makeError(
        new ErrAt(q, (d) => d.invalidChar(q, "in string (expecting non-control character)"), WHERE_NEXT),
      );
    }
    this.tokFlags = flags;
    this.seenFlags |= flags;
    return i;
  }

  /** scanEscape validates the escape at i (a backslash) and returns the index after it. */
  private scanEscape(i: number): number {
    const s = this.buf;
    const n = s.length;
    if (i + 2 > n) throw this.makeError(new ErrAt(i, "unexpected EOF", WHERE_NEXT));
    const e = s[i + 1]!;
    switch (e) {
      case 0x22:
      case 0x5c:
      case 0x2f:
      case 0x62:
      case 0x66:
      case 0x6e:
      case 0x72:
      case 0x74:
        return i + 2;
      case 0x75: {
        if (i + 6 > n) {
          if (hasEscapedUTF16Prefix(s, i, false))
            throw this.makeError(new ErrAt(i, "unexpected EOF", WHERE_NEXT));
          throw this.escError(i, -1);
        }
        const v1 = hex4(s, i + 2);
        if (v1 < 0) throw this.escError(i, 6);
        i += 6;
        if (!this.allowInvalid && v1 >= 0xd800 && v1 <= 0xdfff) {
          if (i + 6 > n) {
            if (hasEscapedUTF16Prefix(s, i, true))
              throw this.makeError(new ErrAt(i - 6, "unexpected EOF", WHERE_NEXT));
            throw this.escError(i - 6, -1);
          }
          const v2 = s[i]! === C_BSLASH && s[i + 1]! === 0x75 ? hex4(s, i + 2) : -1;
          if (v2 < 0 || v1 >= 0xdc00 || v2 < 0xdc00 || v2 > 0xdfff) throw this.escError(i - 6, 12);
          i += 6;
        }
        return i;
      }
      default:
        throw this.escError(i, 2);
    }
  }

  /** escError reports an invalid escape at char i spanning `len` bytes (-1: to the end of input). */
  private escError(i: number, len: number): SyntacticError {
    return this.makeError(
      new ErrAt(
        i,
        (d) => {
          const bytes = d.buf;
          return invalidEscapeText(bytes.subarray(i, len < 0 ? bytes.length : i + len));
        },
        WHERE_NEXT,
      ),
    );
  }

  /** scanNumber validates the number at p and returns the index after it. */
  private scanNumber(p: number): number {
    const s = this.buf;
    const n = s.length;
    let i = p;
    let c = s[i]!;
    if (c === 0x2d) {
      i++;
      c = i < n ? s[i]! : -1;
    }
    if (c === 0x30) {
      i++;
    } else if (c >= 0x31 && c <= 0x39) {
      i++;
      while (i < n && (c = s[i]!) >= 0x30 && c <= 0x39) i++;
    } else {
      this.numberError(i, p);
    }
    if (i < n && s[i]! === 0x2e) {
      i++;
      c = i < n ? s[i]! : -1;
      if (!(c >= 0x30 && c <= 0x39)) this.numberError(i, p);
      i++;
      while (i < n && (c = s[i]!) >= 0x30 && c <= 0x39) i++;
    }
    if (i < n && ((c = s[i]!) === 0x65 || c === 0x45)) {
      i++;
      c = i < n ? s[i]! : -1;
      if (c === 0x2b || c === 0x2d) {
        i++;
        c = i < n ? s[i]! : -1;
      }
      if (!(c >= 0x30 && c <= 0x39)) this.numberError(i, p);
      i++;
      while (i < n && (c = s[i]!) >= 0x30 && c <= 0x39) i++;
    }
    return i;
  }

  private numberError(i: number, start: number): never {
    // Go reports a truncated number at the number's start.
    if (i >= this.buf.length) throw this.makeError(new ErrAt(start, "unexpected EOF", WHERE_NEXT));
    throw this.makeError(new ErrAt(i, (d) => d.invalidChar(i, "in number (expecting digit)"), WHERE_NEXT));
  }

  /** asciiSlice returns bytes [a, b), known to be ASCII, as a string (a slice of a one-byte view of the input). */
  private asciiSlice(a: number, b: number): string {
    let t = this.latin1;
    if (t === null) {
      t = latin1Text(this.buf);
      this.latin1 = t;
    }
    return t.slice(a, b);
  }

  /** stringValue returns the unescaped value of the last string token. */
  private stringValue(): string {
    return this.stringAt(this.tokStart, this.tokEnd, this.tokFlags);
  }

  /** stringAt decodes the validated string token [a, b) (with quotes) whose scan flags are given. */
  private stringAt(a: number, b: number, flags: number): string {
    if (flags === 0) return this.asciiSlice(a + 1, b - 1);
    if ((flags & F_ESC) === 0) {
      if ((flags & F_INVALID) === 0) return decodeValidUtf8(this.buf, a + 1, b - 1);
      return decodeStringBytes(this.buf, a + 1, b - 1);
    }
    return this.unescape(a, b);
  }

  /** unescape decodes a validated string token [a, b) (with quotes). Lone surrogates become U+FFFD. */
  private unescape(a: number, b: number): string {
    const s = this.buf;
    let out = "";
    let start = a + 1;
    const end = b - 1;
    let i = indexOfBackslash(s, start, end);
    while (i >= 0) {
      if (i > start) out += decodeStringBytes(s, start, i);
      const e = s[i + 1]!;
      switch (e) {
        case 0x62:
          out += "\b";
          i += 2;
          break;
        case 0x66:
          out += "\f";
          i += 2;
          break;
        case 0x6e:
          out += "\n";
          i += 2;
          break;
        case 0x72:
          out += "\r";
          i += 2;
          break;
        case 0x74:
          out += "\t";
          i += 2;
          break;
        case 0x75: {
          const v1 = hex4(s, i + 2);
          i += 6;
          if (v1 >= 0xd800 && v1 <= 0xdfff) {
            if (v1 < 0xdc00 && i + 6 <= end && s[i] === C_BSLASH && s[i + 1] === 0x75) {
              const v2 = hex4(s, i + 2);
              if (v2 >= 0xdc00 && v2 <= 0xdfff) {
                out += String.fromCharCode(v1, v2);
                i += 6;
                break;
              }
            }
            out += "\ufffd";
          } else {
            out += String.fromCharCode(v1);
          }
          break;
        }
        default:
          out += String.fromCharCode(e);
          i += 2;
      }
      start = i;
      i = indexOfBackslash(s, start, end);
    }
    if (start < end) out += decodeStringBytes(s, start, end);
    return out;
  }

  /** readValueRange reads the next value on Go's ReadValue path; returns its start (end is this.pos). */
  private readValueRange(): number {
    const p = this.locate();
    if (p < 0) throw this.unexpectedEOF();
    const k = this.peekCode;
    const d = this.depth;
    if (k === K_STRING && this.kinds[d] === OBJ && (this.lens[d]! & 1) === 0) {
      this.step(); // an object name read as a value
      return p;
    }
    this.peekPos = -1;
    const end = this.consume(p);
    this.checkNotName(p);
    this.lens[d]!++;
    this.tokStart = p;
    this.tokEnd = end;
    this.pos = end;
    return p;
  }

  private skipWs(p: number): number {
    const s = this.buf;
    const n = s.length;
    let c = 0;
    while (p < n && WS[(c = s[p]!)] === 1) p++;
    return p;
  }

  private eofAt(): SyntacticError {
    return this.makeError(new ErrAt(this.buf.length, "unexpected EOF", WHERE_NEXT));
  }

  private lpush(kind: number): void {
    const i = this.lsp;
    if (i >= this.lkind.length) {
      const n = this.lkind.length * 2;
      const a = new Uint8Array(n);
      a.set(this.lkind);
      this.lkind = a;
      const b = new Int32Array(n);
      b.set(this.lkey);
      this.lkey = b;
      const c = new Int32Array(n);
      c.set(this.lkeyEnd);
      this.lkeyEnd = c;
      const e = new Uint8Array(n);
      e.set(this.lstate);
      this.lstate = e;
    }
    this.lkind[i] = kind;
    this.lkey[i] = 0;
    this.lstate[i] = 0;
    this.lsp = i + 1;
  }

  /** consume validates one whole value starting at p (Go's consumeValue/consumeObject/consumeArray). */
  private consume(p: number): number {
    const s = this.buf;
    const n = s.length;
    const d0 = this.depth;
    this.consuming = true;
    this.lsp = 0;
    const VALUE = 0;
    const AFTER = 1;
    const NAME = 2;
    let mode = VALUE;
    try {
      for (;;) {
        if (mode === VALUE) {
          const sp = this.lsp;
          if (sp > 0) this.lstate[sp - 1] = 1;
          const c = s[p]!;
          if (c === C_LBRACE || c === C_LBRACK) {
            if (d0 + sp === this.maxDepth)
              throw this.makeError(new ErrAt(p, "exceeded max depth", WHERE_NEXT));
            const isObj = c === C_LBRACE;
            this.lpush(isObj ? OBJ : ARR);
            if (isObj && !this.allowDup) this.resetNames(d0 + sp + 1);
            p = this.skipWs(p + 1);
            if (p >= n) throw this.eofAt();
            const e = s[p]!;
            if (isObj) {
              if (e === C_RBRACE) {
                p++;
                this.lsp--;
                mode = AFTER;
              } else mode = NAME;
            } else if (e === C_RBRACK) {
              p++;
              this.lsp--;
              mode = AFTER;
            }
            continue;
          }
          switch (kindOf(c)) {
            case K_STRING:
              p = this.scanString(p);
              break;
            case K_NUMBER:
              p = this.scanNumber(p);
              break;
            case K_NULL:
            case K_TRUE:
            case K_FALSE: {
              const lit = c === K_NULL ? "null" : c === K_TRUE ? "true" : "false";
              if (!hasLiteral(s, p, lit)) this.literalError(p, lit);
              p += lit.length;
              break;
            }
            default: {
              const outer = this.kinds[d0];
              if ((outer === OBJ && c === C_RBRACK) || (outer !== OBJ && c === C_RBRACE)) {
                throw this.consumeMismatch(p);
              }
              const q = p;
              throw this.makeError(new ErrAt(q, (d) => d.invalidChar(q, "at start of value"), WHERE_NEXT));
            }
          }
          mode = AFTER;
          continue;
        }
        if (mode === AFTER) {
          const sp = this.lsp;
          if (sp === 0) return p;
          const f = sp - 1;
          this.lstate[f] = 0;
          p = this.skipWs(p);
          if (p >= n) throw this.eofAt();
          const c = s[p]!;
          if (this.lkind[f] === OBJ) {
            if (c === C_COMMA) {
              p++;
              mode = NAME;
              continue;
            }
            if (c === C_RBRACE) {
              p++;
              this.lsp--;
              continue;
            }
            const q = p;
            throw this.makeError(
              new ErrAt(q, (d) => d.invalidChar(q, "after object value (expecting ',' or '}')"), WHERE_NEXT),
            );
          }
          if (c === C_COMMA) {
            this.lkey[f]!++;
            p = this.skipWs(p + 1);
            if (p >= n) throw this.eofAt();
            mode = VALUE;
            continue;
          }
          if (c === C_RBRACK) {
            p++;
            this.lsp--;
            continue;
          }
          const q = p;
          throw this.makeError(
            new ErrAt(q, (d) => d.invalidChar(q, "after array element (expecting ',' or ']')"), WHERE_NEXT),
          );
        }
        // NAME
        const f = this.lsp - 1;
        p = this.skipWs(p);
        if (p >= n) throw this.eofAt();
        if (s[p]! !== C_QUOTE) {
          const q = p;
          throw this.makeError(
            new ErrAt(q, (d) => d.invalidChar(q, `at start of string (expecting '"')`), WHERE_NEXT),
          );
        }
        const end = this.scanString(p);
        if (!this.allowDup) this.insertName(d0 + f + 1, p, end, this.tokFlags);
        this.lkey[f] = p;
        this.lkeyEnd[f] = end;
        this.lstate[f] = 1;
        p = this.skipWs(end);
        if (p >= n) throw this.eofAt();
        if (s[p]! !== C_COLON) {
          const q = p;
          throw this.makeError(
            new ErrAt(q, (d) => d.invalidChar(q, "after object name (expecting ':')"), WHERE_NEXT),
          );
        }
        p = this.skipWs(p + 1);
        if (p >= n) throw this.eofAt();
        mode = VALUE;
      }
    } finally {
      this.consuming = false;
    }
  }

  /** localSuffix is the pointer suffix of the consume stack (Go's pointerSuffixError). */
  private localSuffix(): string {
    let b = "";
    for (let i = 0; i < this.lsp; i++) {
      if (this.lstate[i] === 0) break;
      if (this.lkind[i] === OBJ)
        b += `/${escapePointerToken(this.unescape(this.lkey[i]!, this.lkeyEnd[i]!))}`;
      else b += `/${this.lkey[i]}`;
    }
    return b;
  }

  private consumeMismatch(p: number): SyntacticError {
    const d = this.depth;
    let where = "at start of value";
    let ptr = this.fullPointer(WHERE_NEXT);
    if (d > 0 && this.lens[d]! > 0) {
      where =
        this.kinds[d] === ARR
          ? "after array element (expecting ',' or ']')"
          : "after object value (expecting ',' or '}')";
      ptr = ptr.slice(0, Math.max(ptr.lastIndexOf("/"), 0));
    }
    return new SyntacticError({
      detail: this.invalidChar(p, where),
      offset: p,
      pointer: ptr,
      flavour: this.flavour,
    });
  }

  /** fullPointer is the pointer for an error: the state machine's, plus the consume stack while consuming. */
  private fullPointer(where: number): string {
    if (this.consuming) return this.pointer(WHERE_NEXT) + this.localSuffix();
    return this.pointer(where);
  }

  // ---- error path ----

  /** invalidChar renders "invalid character 'x' <where>" for the char at index i (Go's quoting for the flavour). */
  private invalidChar(i: number, where: string): string {
    return `invalid character ${quoteRuneV2(this.buf, i)} ${where}`;
  }

  private makeError(e: ErrAt): SyntacticError {
    const detail = typeof e.detail === "string" ? e.detail : e.detail(this);
    const pos = e.pos;
    const text = detail;
    return new SyntacticError({
      detail: text,
      offset: pos,
      pointer: this.fullPointer(e.where),
      flavour: this.flavour,
    });
  }

  /** pointer builds the JSON Pointer of the current position (Go's appendStackPointer with `where`). */
  private pointer(where: number): string {
    let b = "";
    for (let i = 1; i <= this.depth; i++) {
      const len = this.lens[i]!;
      const isObj = this.kinds[i] === OBJ;
      let arrayDelta = -1;
      if (i === this.depth) {
        if (
          (where < 0 && len === 0) ||
          (where === 0 && !(isObj && (len & 1) === 1)) ||
          (where > 0 && isObj && (len & 1) === 0)
        ) {
          return b;
        }
        if (where > 0 && !isObj) arrayDelta = 0;
      }
      if (isObj) {
        const name = this.unescape(this.nameStart[i]!, this.nameEnd[i]!);
        b += `/${escapePointerToken(name)}`;
      } else {
        b += `/${len + arrayDelta}`;
      }
    }
    return b;
  }
}
