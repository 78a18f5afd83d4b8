/**
 * Decoder: a pull parser over a whole JSON input (Go's jsontext.Decoder semantics).
 * It keeps Go's token state machine (which delimiter comes next, the open objects and
 * arrays); the grammar of each token lives in scan-string.ts and scan-number.ts, whole
 * values are validated by validate-value.ts, and errors are rebuilt on the slow path
 * (read-value.ts) so that offsets and JSON pointers cost nothing on valid input.
 */

import { hasLiteral, LARGE_INPUT, latin1Text, skipWsRun, WS } from "./decoder-bytes.js";
import type { DecoderOptions } from "./decoder-options.js";
import { DuplicateNames } from "./duplicate-names.js";
import { ERR_DUPLICATE_NAME, type ErrorFlavour, quoteRuneV2, SyntacticError } from "./errors.js";
import { MAX_NESTING_DEPTH } from "./limits.js";
import { escapePointerToken } from "./pointer.js";
import { readValueExact, ValueFailure } from "./read-value.js";
import { numberError, scanNumber } from "./scan-number.js";
import { F_NONASCII, type ScanError, scannedStringFlags, scanString, stringError } from "./scan-string.js";
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
import { ARR, OBJ, TokenState } from "./token-state.js";
import { stringTokenText, unescapeString } from "./unescape-string.js";
import { decodeStringBytes } from "./utf8.js";
import { Utf8Watermark } from "./utf8-validate.js";
import { type ValueScanContext, validatedFlags, validateValue } from "./validate-value.js";

export type { DecoderOptions };
export { escapePointerToken };

const C_QUOTE = 0x22;
const C_COMMA = 0x2c;
const C_COLON = 0x3a;
const C_LBRACE = 0x7b;
const C_RBRACE = 0x7d;
const C_LBRACK = 0x5b;
const C_RBRACK = 0x5d;

/** Kind codes of the scanner (char codes of the kind). */
const K_NULL = 0x6e;
const K_FALSE = 0x66;
const K_TRUE = 0x74;
const K_STRING = 0x22;
const K_NUMBER = 0x30;

/** Which pointer an error reports (Go's `where` of appendStackPointer). */
const WHERE_BEFORE = 0;
const WHERE_NEXT = 1;

/** KIND_CODE maps the first byte of a token to its kind code (0: no token starts with it). */
const KIND_CODE = (() => {
  const t = new Uint8Array(256);
  for (let c = 0x30; c <= 0x39; c++) t[c] = K_NUMBER;
  t[0x2d] = K_NUMBER;
  for (const c of [K_NULL, K_FALSE, K_TRUE, K_STRING, C_LBRACE, C_RBRACE, C_LBRACK, C_RBRACK]) t[c] = c;
  return t;
})();

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
  /** What the token scanners and the value validator share: input, policies, names, UTF-8 watermark. */
  private readonly cx: ValueScanContext;
  private readonly names: DuplicateNames;

  /** Byte index just after the last token read. */
  private pos = 0;
  /** Byte index of the next token when peeked, or -1. */
  private peekPos = -1;
  private peekCode = 0;

  /** The state machine: open objects and arrays, their token counts and current names. */
  private readonly st = new TokenState();

  /** Byte range of the last token or value read, and the flags of the last string. */
  private tokStart = 0;
  private tokEnd = 0;
  private tokFlags = 0;
  /** Union of the flags of every string scanned (F_NONASCII: some byte >= 0x80 was read). */
  private seenFlags = 0;

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
    this.names = new DuplicateNames(this.buf);
    this.cx = {
      buf: this.buf,
      view: new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.byteLength),
      allowInvalid: this.allowInvalid,
      allowDup: this.allowDup,
      maxDepth,
      names: this.names,
      utf8: new Utf8Watermark(),
    };
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
      const d = this.st.depth;
      if (!this.st.atName()) {
        // one pass over valid input; the same state as reading it token by token
        const end = validateValue(this.cx, p, d);
        if (end >= 0) {
          this.peekPos = -1;
          this.seenFlags |= validatedFlags;
          this.st.lens[d]!++;
          this.pos = end;
          this.tokStart = end - 1;
          this.tokEnd = end;
          return;
        }
      }
      // not valid: token by token, for Go's error
      this.step();
      while (this.st.depth > d) this.step();
      return;
    }
    this.readValueRange();
  }

  /** skipValueRemainder skips the rest of the object or array whose start token was just read (Go's SkipValueRemainder). */
  skipValueRemainder(): void {
    const d0 = this.st.depth;
    if (d0 === 0) return;
    while (this.st.depth >= d0) this.step();
  }

  /** checkEOF verifies that only whitespace remains (Go: "invalid character 'x' after top-level value"). */
  checkEOF(): void {
    const s = this.buf;
    let p = this.pos;
    const n = s.length;
    while (p < n && WS[s[p]!] === 1) p++;
    if (p < n) throw this.errorAt(p, this.invalidChar(p, "after top-level value"), WHERE_BEFORE);
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
    return this.st.pointer(this.buf, WHERE_NEXT);
  }

  /** asciiOnly reports whether every byte read so far is ASCII (non-ASCII bytes can only occur in strings). */
  get asciiOnly(): boolean {
    return (this.seenFlags & F_NONASCII) === 0;
  }

  /** stackDepth is the nesting depth (0 at top level). */
  get stackDepth(): number {
    return this.st.depth;
  }

  /** stackPointer returns the JSON Pointer (RFC 6901) of the most recently read value (Go's StackPointer). */
  stackPointer(): string {
    return this.st.pointer(this.buf, -1);
  }

  /** unexpectedEOF makes Go's "unexpected EOF" SyntacticError at the end of the input. */
  unexpectedEOF(): SyntacticError {
    return this.errorAt(this.buf.length, "unexpected EOF", WHERE_BEFORE);
  }

  // ---- the state machine ----

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

  /** locate finds the start of the next token (after whitespace and a valid delimiter); -1 at end of input. */
  private locate(): number {
    if (this.peekPos >= 0) return this.peekPos;
    const s = this.buf;
    const n = s.length;
    let p = this.pos;
    if (p < n && WS[s[p]!] === 1) p = skipWsRun(s, this.cx.view, p + 1);
    if (p >= n) {
      if (this.st.depth === 0) return -1;
      throw this.errorAt(n, "unexpected EOF", WHERE_BEFORE);
    }
    let c = s[p]!;
    let delim = 0;
    const delimPos = p;
    if (c === C_COMMA || c === C_COLON) {
      delim = c;
      p++;
      if (p < n && WS[s[p]!] === 1) p = skipWsRun(s, this.cx.view, p + 1);
      if (p < n) c = s[p]!;
      if (p >= n) {
        if (this.st.needDelim(C_QUOTE) !== delim) throw this.delimError(delimPos, C_QUOTE);
        throw this.errorAt(n, "unexpected EOF", WHERE_BEFORE);
      }
    }
    if (this.st.needDelim(c) !== delim) throw this.delimError(delimPos, c);
    const k = KIND_CODE[c]!;
    if (k === 0) throw this.errorAt(p, this.invalidChar(p, "at start of value"), WHERE_NEXT);
    this.peekPos = p;
    this.peekCode = k;
    return p;
  }

  private delimError(pos: number, next: number): SyntacticError {
    const need = this.st.needDelim(next);
    let where = "at start of value";
    if (need === C_COLON) where = "after object name (expecting ':')";
    else if (need === C_COMMA) {
      where =
        this.st.kinds[this.st.depth] === OBJ
          ? "after object value (expecting ',' or '}')"
          : "after array element (expecting ',' or ']')";
    }
    return this.errorAt(pos, this.invalidChar(pos, where), WHERE_BEFORE);
  }

  /** step reads one token and updates the state machine; returns its kind code. */
  private step(): number {
    const p = this.locate();
    if (p < 0) throw this.unexpectedEOF();
    const k = this.peekCode;
    this.peekPos = -1;
    const d = this.st.depth;
    let end: number;
    switch (k) {
      case K_STRING: {
        end = scanString(this.buf, this.cx.view, p, this.allowInvalid, this.cx.utf8);
        if (end < 0) throw this.scanError(stringError(this.buf, p, this.allowInvalid));
        const flags = scannedStringFlags;
        this.tokFlags = flags;
        this.seenFlags |= flags;
        if (this.st.kinds[d] === OBJ && (this.st.lens[d]! & 1) === 0) {
          // an object member name
          if (!this.allowDup && !this.names.add(d, p, end, flags)) throw this.duplicateName(p, end);
          this.st.nameStart[d] = p;
          this.st.nameEnd[d] = end;
        }
        break;
      }
      case K_NUMBER: {
        end = scanNumber(this.buf, this.cx.view, p);
        if (end < 0) throw this.scanError(numberError(this.buf, p, -1 - end));
        this.checkNotName(p);
        break;
      }
      case C_LBRACE:
      case C_LBRACK: {
        this.checkNotName(p);
        if (d === this.maxDepth) throw this.errorAt(p, "exceeded max depth", WHERE_NEXT);
        this.st.lens[d]!++;
        const nd = d + 1;
        if (nd >= this.st.kinds.length) this.st.grow();
        this.st.kinds[nd] = k === C_LBRACE ? OBJ : ARR;
        this.st.lens[nd] = 0;
        if (k === C_LBRACE && !this.allowDup) this.names.reset(nd);
        this.st.depth = nd;
        this.pos = p + 1;
        this.tokStart = p;
        this.tokEnd = p + 1;
        return k;
      }
      case C_RBRACE: {
        if (this.st.kinds[d] !== OBJ) throw this.mismatch(p);
        if ((this.st.lens[d]! & 1) === 1)
          throw this.errorAt(p, "missing value after object name", WHERE_NEXT);
        this.st.depth = d - 1;
        this.pos = p + 1;
        this.tokStart = p;
        this.tokEnd = p + 1;
        return k;
      }
      case C_RBRACK: {
        if (this.st.kinds[d] !== ARR) throw this.mismatch(p);
        this.st.depth = d - 1;
        this.pos = p + 1;
        this.tokStart = p;
        this.tokEnd = p + 1;
        return k;
      }
      default: {
        const lit = k === K_NULL ? "null" : k === K_TRUE ? "true" : "false";
        if (!hasLiteral(this.buf, p, lit)) throw this.literalError(p, lit);
        this.checkNotName(p);
        end = p + lit.length;
      }
    }
    this.st.lens[d]!++;
    this.tokStart = p;
    this.tokEnd = end;
    this.pos = end;
    return k;
  }

  private checkNotName(p: number): void {
    if (this.st.atName()) throw this.errorAt(p, "object member name must be a string", WHERE_NEXT);
  }

  // ---- token text ----

  /** asciiSlice returns bytes [a, b), known to be ASCII, as a string (a slice of a one-byte view of the input). */
  private asciiSlice(a: number, b: number): string {
    let t = this.latin1;
    if (t === null) {
      // A very large input is never made one string: each token is sliced on its own.
      if (this.buf.length > LARGE_INPUT.bytes) return latin1Text(this.buf.subarray(a, b));
      t = latin1Text(this.buf);
      this.latin1 = t;
    }
    return t.slice(a, b);
  }

  /** stringValue returns the unescaped value of the last string token. */
  private stringValue(): string {
    const flags = this.tokFlags;
    if (flags === 0) return this.asciiSlice(this.tokStart + 1, this.tokEnd - 1);
    return stringTokenText(this.buf, this.tokStart, this.tokEnd, flags);
  }

  // ---- whole values (Go's ReadValue) ----

  /** readValueRange reads the next value on Go's ReadValue path; returns its start (end is this.pos). */
  private readValueRange(): number {
    const p = this.locate();
    if (p < 0) throw this.unexpectedEOF();
    const d = this.st.depth;
    if (this.peekCode === K_STRING && this.st.atName()) {
      this.step(); // an object name read as a value
      return p;
    }
    this.peekPos = -1;
    let end = validateValue(this.cx, p, d);
    if (end >= 0) this.seenFlags |= validatedFlags;
    else {
      end = this.readValueExact(p);
      this.seenFlags |= F_NONASCII; // not expected (the validator agrees with the exact path); stay conservative
    }
    this.checkNotName(p);
    this.st.lens[d]!++;
    this.tokStart = p;
    this.tokEnd = end;
    this.pos = end;
    return p;
  }

  /** readValueExact re-reads a value the validator rejected, to throw Go's error for it. */
  private readValueExact(p: number): number {
    try {
      return readValueExact(this.cx, p, this.st.depth, this.st.kinds[this.st.depth]!);
    } catch (e) {
      if (!(e instanceof ValueFailure)) throw e;
      const base = this.st.pointer(this.buf, WHERE_NEXT);
      if (e.kind === "mismatch") throw this.mismatch(e.pos, e.suffix);
      if (e.kind === "duplicate") {
        throw new SyntacticError({
          detail: ERR_DUPLICATE_NAME,
          offset: e.pos,
          pointer: base + e.suffix,
          flavour: this.flavour,
          code: "GOJSON_ERR_DUPLICATE_NAME",
        });
      }
      throw new SyntacticError({
        detail: e.detail,
        offset: e.pos,
        pointer: base + e.suffix,
        flavour: this.flavour,
      });
    }
  }

  // ---- errors (built only when thrown) ----

  /** invalidChar renders "invalid character 'x' <where>" for the byte at index i. */
  private invalidChar(i: number, where: string): string {
    return `invalid character ${quoteRuneV2(this.buf, i)} ${where}`;
  }

  private errorAt(pos: number, detail: string, where: number): SyntacticError {
    return new SyntacticError({
      detail,
      offset: pos,
      pointer: this.st.pointer(this.buf, where),
      flavour: this.flavour,
    });
  }

  private scanError(e: ScanError): SyntacticError {
    return this.errorAt(e.pos, e.detail, WHERE_NEXT);
  }

  private duplicateName(a: number, b: number): SyntacticError {
    const name = unescapeString(this.buf, a, b);
    return new SyntacticError({
      detail: ERR_DUPLICATE_NAME,
      offset: a,
      pointer: `${this.st.pointer(this.buf, WHERE_NEXT)}/${escapePointerToken(name)}`,
      flavour: this.flavour,
      code: "GOJSON_ERR_DUPLICATE_NAME",
    });
  }

  /** mismatch is the error for a closing delimiter that does not close the open container. */
  private mismatch(p: number, suffix = ""): SyntacticError {
    const d = this.st.depth;
    let where = "at start of value";
    let ptr = this.st.pointer(this.buf, WHERE_NEXT) + suffix;
    if (d > 0 && this.st.lens[d]! > 0) {
      where =
        this.st.kinds[d] === ARR
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

  private literalError(p: number, lit: string): SyntacticError {
    const s = this.buf;
    for (let i = 0; i < lit.length; i++) {
      if (p + i >= s.length) return this.errorAt(s.length, "unexpected EOF", WHERE_NEXT);
      if (s[p + i]! !== lit.charCodeAt(i)) {
        return this.errorAt(
          p + i,
          this.invalidChar(p + i, `in literal ${lit} (expecting '${lit[i]}')`),
          WHERE_NEXT,
        );
      }
    }
    throw new Error("unreachable");
  }
}
