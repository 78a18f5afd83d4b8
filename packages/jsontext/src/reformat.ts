/**
 * reformatValue: Go's jsontext encoderState.reformatValue — validate one JSON value
 * and write it again under the encoder's formatting options (whitespace, escaping,
 * number canonicalization), with the encoder's error texts and pointer suffixes.
 */
import type { ByteWriter } from "./byte-writer.js";
import { Decoder } from "./decoder.js";
import { ERR_DUPLICATE_NAME, quoteRuneV2, SyntacticError } from "./errors.js";
import { MAX_NESTING_DEPTH } from "./limits.js";
import { appendQuotedString, type QuotePolicy } from "./quote.js";

/** ResolvedFormat is the frozen set of output options the reformatter and Encoder read. */
export interface ResolvedFormat {
  readonly multiline: boolean;
  readonly indent: string;
  readonly indentPrefix: string;
  readonly spaceAfterColon: boolean;
  readonly spaceAfterComma: boolean;
  readonly escapeForHTML: boolean;
  readonly escapeForJS: boolean;
  readonly allowInvalidUTF8: boolean;
  readonly allowDuplicateNames: boolean;
  readonly preserveRawStrings: boolean;
  readonly canonicalizeRawInts: boolean;
  readonly canonicalizeRawFloats: boolean;
  readonly reorderRawObjects: boolean;
  readonly omitTopLevelNewline: boolean;
  /** The v2 quoting policy implied by the escaping options. */
  readonly quote: QuotePolicy;
}

/** ReformatFailure is an error inside a value: Go's error, its input position, and the pointer suffix built while unwinding. */
export class ReformatFailure {
  /** Reference tokens, innermost first (Go's reversePointer). */
  readonly reversePath: string[] = [];
  constructor(
    readonly detail: string,
    readonly pos: number,
    readonly code: string = "GOJSON_ERR_SYNTAX",
  ) {}
  /** suffix returns the pointer suffix in forward order. */
  suffix(): string {
    let s = "";
    for (let i = this.reversePath.length - 1; i >= 0; i--) s += `/${this.reversePath[i]}`;
    return s;
  }
}

const SIMPLE = (() => {
  // 1 for ASCII bytes a simple string may hold (Go's escapeASCII == 0)
  const t = new Uint8Array(256);
  for (let c = 0x20; c < 0x80; c++) t[c] = 1;
  for (const c of [0x22, 0x26, 0x3c, 0x3e, 0x5c]) t[c] = 0;
  return t;
})();

function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** skipWs returns the index after the JSON whitespace at i. */
export function skipWs(s: Uint8Array, i: number): number {
  const n = s.length;
  while (i < n && isWs(s[i]!)) i++;
  return i;
}

function invalidChar(s: Uint8Array, i: number, where: string): string {
  return `invalid character ${quoteRuneV2(s, i)} ${where}`;
}

/** escapePointerName escapes a name as an RFC 6901 reference token. */
function escapeName(name: string): string {
  if (name.indexOf("~") < 0 && name.indexOf("/") < 0) return name;
  return name.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** canonicalNumber formats a float64 as ES6 Number::toString (RFC 8785, section 3.2.2.3), -0 as 0, overflow clamped. */
export function canonicalNumber(literal: string): string {
  let f = Number(literal);
  if (f === Number.POSITIVE_INFINITY) f = Number.MAX_VALUE;
  else if (f === Number.NEGATIVE_INFINITY) f = -Number.MAX_VALUE;
  if (f === 0) return "0";
  return String(f);
}

/** Reformatter writes values from src to out (one instance per operation). */
export class Reformatter {
  constructor(
    readonly f: ResolvedFormat,
    readonly out: ByteWriter,
  ) {}

  /** appendIndent writes a newline, the prefix and n-1 indents (Go's AppendIndent). */
  appendIndent(n: number): void {
    if (n === 0) return;
    const w = this.out;
    w.writeByte(0x0a);
    if (this.f.indentPrefix !== "") w.writeAscii(this.f.indentPrefix);
    for (; n > 1; n--) w.writeAscii(this.f.indent);
  }

  /** value reformats the value at s[i] (no leading whitespace) at the given depth; returns the index after it. */
  value(s: Uint8Array, i: number, depth: number): number {
    if (i >= s.length) throw new ReformatFailure("unexpected EOF", i, "GOJSON_ERR_UNEXPECTED_EOF");
    const c = s[i]!;
    switch (c) {
      case 0x6e:
        return this.literal(s, i, "null");
      case 0x66:
        return this.literal(s, i, "false");
      case 0x74:
        return this.literal(s, i, "true");
      case 0x22:
        return this.string(s, i).end;
      case 0x7b:
      case 0x5b:
        return this.container(s, i, depth);
      default:
        if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.number(s, i);
        throw new ReformatFailure(invalidChar(s, i, "at start of value"), i);
    }
  }

  private literal(s: Uint8Array, i: number, lit: string): number {
    const n = s.length;
    for (let k = 0; k < lit.length; k++) {
      if (i + k >= n) throw new ReformatFailure("unexpected EOF", n, "GOJSON_ERR_UNEXPECTED_EOF");
      if (s[i + k] !== lit.charCodeAt(k))
        throw new ReformatFailure(invalidChar(s, i + k, `in literal ${lit} (expecting '${lit[k]}')`), i + k);
    }
    this.out.writeAscii(lit);
    return i + lit.length;
  }

  /** string reformats the string at s[i]; returns its end and its unescaped value when it was computed. */
  string(s: Uint8Array, i: number): { end: number; name: string | null } {
    const n = s.length;
    let j = i + 1;
    while (j < n && SIMPLE[s[j]!] === 1) j++;
    if (j < n && s[j] === 0x22) {
      j++;
      this.out.writeBytes(s.subarray(i, j));
      return { end: j, name: null };
    }
    // slow path: validate and unescape with the Decoder's string scanner (Go's ConsumeString texts)
    const f = this.f;
    let value: string;
    let end: number;
    try {
      const d = new Decoder(s.subarray(i), {
        allowInvalidUTF8: f.allowInvalidUTF8,
        allowDuplicateNames: true,
      });
      value = d.readString();
      end = i + d.inputOffset;
    } catch (e) {
      if (SyntacticError.isInstance(e)) throw new ReformatFailure(e.detail, i + e.offset, e.code);
      throw e;
    }
    const raw = s.subarray(i, end);
    const anyEscape = f.escapeForHTML || f.escapeForJS;
    if (!anyEscape && f.preserveRawStrings) {
      this.out.writeBytes(raw);
      return { end, name: value };
    }
    if (f.preserveRawStrings) {
      this.preserveEscaping(raw);
      return { end, name: value };
    }
    const mark = this.out.length;
    appendQuotedString(this.out, value, f.quote);
    // canonical input is copied verbatim (Go copies it; the bytes are equal anyway unless invalid UTF-8 was replaced)
    void mark;
    return { end, name: value };
  }

  /** preserveEscaping copies a raw string, escaping only `<>&` (escapeForHTML) and U+2028/U+2029 (escapeForJS). */
  private preserveEscaping(raw: Uint8Array): void {
    const w = this.out;
    const f = this.f;
    let last = 0;
    const n = raw.length;
    for (let i = 0; i < n; i++) {
      const c = raw[i]!;
      if (f.escapeForHTML && (c === 0x3c || c === 0x3e || c === 0x26)) {
        w.writeBytes(raw.subarray(last, i));
        w.writeAscii(c === 0x3c ? "\\u003c" : c === 0x3e ? "\\u003e" : "\\u0026");
        last = i + 1;
      } else if (
        f.escapeForJS &&
        c === 0xe2 &&
        raw[i + 1] === 0x80 &&
        (raw[i + 2] === 0xa8 || raw[i + 2] === 0xa9)
      ) {
        w.writeBytes(raw.subarray(last, i));
        w.writeAscii(raw[i + 2] === 0xa8 ? "\\u2028" : "\\u2029");
        last = i + 3;
        i += 2;
      }
    }
    w.writeBytes(raw.subarray(last));
  }

  private number(s: Uint8Array, i: number): number {
    const end = consumeNumber(s, i);
    const f = this.f;
    if (!(f.canonicalizeRawInts || f.canonicalizeRawFloats)) {
      this.out.writeBytes(s.subarray(i, end));
      return end;
    }
    let isFloat = false;
    for (let k = i; k < end; k++) {
      const c = s[k]!;
      if (c === 0x2e || c === 0x65 || c === 0x45) {
        isFloat = true;
        break;
      }
    }
    const isNegZero = end - i === 2 && s[i] === 0x2d && s[i + 1] === 0x30;
    const verbatim =
      !isNegZero &&
      (isFloat ? !f.canonicalizeRawFloats : !f.canonicalizeRawInts || end - i < MAX_EXACT_INTEGER_DIGITS);
    if (verbatim) {
      this.out.writeBytes(s.subarray(i, end));
      return end;
    }
    let lit = "";
    for (let k = i; k < end; k++) lit += String.fromCharCode(s[k]!);
    this.out.writeAscii(canonicalNumber(lit));
    return end;
  }

  /**
   * container reformats the object or array at s[i] iteratively (explicit stack, so
   * 10000 levels need no recursion); errors carry Go's pointer suffix: a frame adds its
   * name or index while its member value is being read (and, for objects, from the name on).
   */
  private container(s: Uint8Array, i: number, depth: number): number {
    const w = this.out;
    const f = this.f;
    const stack: Frame[] = [];
    const fail = (e: ReformatFailure): ReformatFailure => {
      for (let k = stack.length - 1; k >= 0; k--) {
        const fr = stack[k]!;
        if (fr.wrap) e.reversePath.push(fr.isObj ? fr.token : String(fr.idx));
      }
      return e;
    };
    const eof = (at: number) => fail(new ReformatFailure("unexpected EOF", at, "GOJSON_ERR_UNEXPECTED_EOF"));
    const n0 = s.length;
    // The start of a member: indentation, then for objects its name (checked for
    // duplicates) and ':'; returns the offset of the member's value.
    const memberHead = (fr: Frame, at: number): number => {
      let n = at;
      if (f.multiline) this.appendIndent(depth);
      n = skipWs(s, n);
      if (n >= n0) throw eof(n);
      if (fr.isObj) {
        if (s[n] !== 0x22)
          throw fail(new ReformatFailure(invalidChar(s, n, `at start of string (expecting '"')`), n));
        let str: { end: number; name: string | null };
        try {
          str = this.string(s, n);
        } catch (e) {
          if (e instanceof ReformatFailure) throw fail(e);
          throw e;
        }
        const nameStart = n;
        n = str.end;
        const name = str.name ?? latin1(s, nameStart + 1, n - 1);
        fr.token = escapeName(name);
        fr.wrap = true;
        if (fr.names !== null) {
          if (fr.names.has(name))
            throw fail(new ReformatFailure(ERR_DUPLICATE_NAME, nameStart, "GOJSON_ERR_DUPLICATE_NAME"));
          fr.names.add(name);
        }
        n = skipWs(s, n);
        if (n >= n0) throw eof(n);
        if (s[n] !== 0x3a)
          throw fail(new ReformatFailure(invalidChar(s, n, "after object name (expecting ':')"), n));
        w.writeByte(0x3a);
        if (f.spaceAfterColon) w.writeByte(0x20);
        n = skipWs(s, n + 1);
        if (n >= n0) throw eof(n);
      }
      fr.wrap = true;
      return n;
    };
    let n = i;
    // open: s[n] is '{' or '['
    open: for (;;) {
      const isObj = s[n] === 0x7b;
      if (depth === MAX_NESTING_DEPTH + 1) throw fail(new ReformatFailure("exceeded max depth", n));
      w.writeByte(isObj ? 0x7b : 0x5b);
      n = skipWs(s, n + 1);
      if (n >= n0) throw eof(n);
      if (s[n] === (isObj ? 0x7d : 0x5d)) {
        w.writeByte(s[n]!);
        n++;
      } else {
        depth++;
        stack.push({
          isObj,
          idx: 0,
          token: "",
          wrap: false,
          names: isObj && !f.allowDuplicateNames ? new Set<string>() : null,
        });
        // member loop
        for (;;) {
          const fr = stack[stack.length - 1]!;
          n = memberHead(fr, n);
          const c = s[n]!;
          if (c === 0x7b || c === 0x5b) continue open;
          try {
            n = this.value(s, n, depth);
          } catch (e) {
            if (e instanceof ReformatFailure) throw fail(e);
            throw e;
          }
          break;
        }
      }
      // after a value inside the innermost frame: separators and closing
      for (;;) {
        const fr = stack[stack.length - 1];
        if (fr === undefined) return n;
        fr.wrap = false;
        n = skipWs(s, n);
        if (n >= n0) throw eof(n);
        const c = s[n]!;
        if (c === 0x2c) {
          w.writeByte(0x2c);
          if (f.spaceAfterComma) w.writeByte(0x20);
          n++;
          fr.idx++;
          // next member
          n = memberHead(fr, n);
          const v = s[n]!;
          if (v === 0x7b || v === 0x5b) continue open;
          try {
            n = this.value(s, n, depth);
          } catch (e) {
            if (e instanceof ReformatFailure) throw fail(e);
            throw e;
          }
          continue;
        }
        if (c === (fr.isObj ? 0x7d : 0x5d)) {
          depth--;
          if (f.multiline) this.appendIndent(depth);
          w.writeByte(c);
          n++;
          stack.pop();
          continue;
        }
        throw fail(
          new ReformatFailure(
            invalidChar(
              s,
              n,
              fr.isObj
                ? "after object value (expecting ',' or '}')"
                : "after array value (expecting ',' or ']')",
            ),
            n,
          ),
        );
      }
    }
  }
}

interface Frame {
  isObj: boolean;
  idx: number;
  token: string;
  wrap: boolean;
  names: Set<string> | null;
}

/** Integers with fewer digits than this are below 2^53 and already canonical (Go's maxExactIntegerDigits). */
const MAX_EXACT_INTEGER_DIGITS = 16;

function latin1(s: Uint8Array, a: number, b: number): string {
  let r = "";
  for (let i = a; i < b; i++) r += String.fromCharCode(s[i]!);
  return r;
}

function isDigit(c: number | undefined): boolean {
  return c !== undefined && c >= 0x30 && c <= 0x39;
}

/** consumeNumber validates the number at s[i] with Go's jsonwire.ConsumeNumber errors; returns the index after it. */
export function consumeNumber(s: Uint8Array, i: number): number {
  const n = s.length;
  const eof = (at: number) => new ReformatFailure("unexpected EOF", at, "GOJSON_ERR_UNEXPECTED_EOF");
  const bad = (at: number) => new ReformatFailure(invalidChar(s, at, "in number (expecting digit)"), at);
  let resume = i;
  let k = i;
  if (s[k] === 0x2d) k++;
  if (k >= n) throw eof(resume);
  if (s[k] === 0x30) k++;
  else if (s[k]! >= 0x31 && s[k]! <= 0x39) {
    k++;
    while (isDigit(s[k])) k++;
  } else throw bad(k);
  if (s[k] === 0x2e) {
    resume = k;
    k++;
    if (k >= n) throw eof(resume);
    if (!isDigit(s[k])) throw bad(k);
    while (isDigit(s[k])) k++;
  }
  if (s[k] === 0x65 || s[k] === 0x45) {
    resume = k;
    k++;
    if (s[k] === 0x2d || s[k] === 0x2b) k++;
    if (k >= n) throw eof(resume);
    if (!isDigit(s[k])) throw bad(k);
    while (isDigit(s[k])) k++;
  }
  return k;
}
