/**
 * The pull scanner codec-v2 reads JSON text through: RFC 8259 grammar,
 * v2's UTF-8 and escape rules, and Go's jsontext error texts.
 * Local stand-in until @gojson/jsontext's Decoder lands; positions (byte
 * offsets) are computed only on the error path.
 */
import { SyntacticError } from "./errors.js";
import { MAX_NESTING_DEPTH } from "./options.js";

const utf8Fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const utf8Lossy = new TextDecoder("utf-8", { ignoreBOM: true });
const encoder = new TextEncoder();

/** Byte length of the UTF-8 encoding of s (lone surrogates count as 3 bytes, as U+FFFD). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

function describeChar(s: string, i: number): string {
  const cp = s.codePointAt(i) ?? 0;
  const ch = String.fromCodePoint(cp);
  if (ch === "'") return "'\\''";
  if (ch === "\\") return "'\\\\'";
  if (cp < 0x20) {
    const short: Record<number, string> = { 9: "\\t", 10: "\\n", 13: "\\r" };
    return `'${short[cp] ?? `\\x${cp.toString(16).padStart(2, "0")}`}'`;
  }
  return `'${ch}'`;
}

const WS = new Uint8Array(128);
WS[0x20] = WS[0x09] = WS[0x0a] = WS[0x0d] = 1;

/** Scanner reads JSON tokens from a string with Go v2's grammar checks. */
export class Scanner {
  s: string;
  i = 0;
  depth = 0;
  readonly allowDuplicateNames: boolean;
  readonly allowInvalidUTF8: boolean;
  readonly depthLimit: number;
  /** Byte offsets of invalid UTF-8 in the original bytes (sorted), when any. */
  readonly invalidUTF8: readonly number[] | undefined;
  /** Offset of s[0] in the original input, in bytes. */
  base = 0;

  constructor(
    input: Uint8Array | string,
    allowDuplicateNames: boolean,
    allowInvalidUTF8: boolean,
    depthLimit = MAX_NESTING_DEPTH,
  ) {
    this.allowDuplicateNames = allowDuplicateNames;
    this.allowInvalidUTF8 = allowInvalidUTF8;
    this.depthLimit = depthLimit;
    if (typeof input === "string") {
      this.s = input;
    } else {
      try {
        this.s = utf8Fatal.decode(input);
      } catch {
        this.s = utf8Lossy.decode(input);
        this.invalidUTF8 = findInvalidUTF8(input);
      }
    }
  }

  /** Byte offset of character index i. */
  offsetAt(i: number): number {
    return this.base + utf8Length(this.s.slice(0, i));
  }

  /** A SyntacticError at character index i. */
  err(cause: string, i: number): SyntacticError {
    return new SyntacticError(cause, this.offsetAt(i));
  }

  eof(i: number = this.i): SyntacticError {
    return this.err("unexpected EOF", i);
  }

  invalidChar(i: number, where: string): SyntacticError {
    return this.err(`invalid character ${describeChar(this.s, i)} ${where}`, i);
  }

  /** Skip whitespace and return the next character code, or -1 at the end. */
  ws(): number {
    const s = this.s;
    let i = this.i;
    const n = s.length;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c < 128 && WS[c] === 1) i++;
      else {
        this.i = i;
        return c;
      }
    }
    this.i = i;
    return -1;
  }

  /** Throw the error for an unexpected character (or EOF) at the start of a value. */
  badValueStart(): never {
    const c = this.ws();
    if (c === -1) throw this.eof();
    throw this.invalidChar(this.i, "at start of value");
  }

  enter(): void {
    if (++this.depth > this.depthLimit) throw this.err("exceeded max depth", this.i);
  }

  /** After a member value: consume ',' (true, another member follows) or '}' (false). */
  objectNext(): boolean {
    const c = this.ws();
    if (c === 0x2c) {
      const at = this.i;
      this.i++;
      const d = this.ws();
      if (d !== 0x22) {
        if (d === -1) throw this.eof();
        if (d === 0x7d) throw this.invalidChar(at, "at start of value");
        throw this.err("object member name must be a string", this.i);
      }
      return true;
    }
    if (c === 0x7d) {
      this.i++;
      this.depth--;
      return false;
    }
    if (c === -1) throw this.eof();
    throw this.invalidChar(this.i, "after object value (expecting ',' or '}')");
  }

  /** After '{': true when a member follows (positioned at its name), false after '}'. */
  objectFirst(): boolean {
    const c = this.ws();
    if (c === 0x22) return true;
    if (c === 0x7d) {
      this.i++;
      this.depth--;
      return false;
    }
    if (c === -1) throw this.eof();
    throw this.err("object member name must be a string", this.i);
  }

  /** Consume ':' after a name. */
  colon(): void {
    const c = this.ws();
    if (c === 0x3a) {
      this.i++;
      return;
    }
    if (c === -1) throw this.eof();
    throw this.invalidChar(this.i, "after object name (expecting ':')");
  }

  /** After '[': true when an element follows. */
  arrayFirst(): boolean {
    const c = this.ws();
    if (c === 0x5d) {
      this.i++;
      this.depth--;
      return false;
    }
    if (c === -1) throw this.eof();
    return true;
  }

  /** After an element: true after ',', false after ']'. */
  arrayNext(): boolean {
    const c = this.ws();
    if (c === 0x2c) {
      const at = this.i;
      this.i++;
      const d = this.ws();
      if (d === 0x5d) throw this.invalidChar(at, "at start of value");
      return true;
    }
    if (c === 0x5d) {
      this.i++;
      this.depth--;
      return false;
    }
    if (c === -1) throw this.eof();
    throw this.invalidChar(this.i, "after array element (expecting ',' or ']')");
  }

  /** Read a string at the current position (which must be '"'); returns its unescaped value. */
  readString(): string {
    const s = this.s;
    const start = this.i + 1;
    let i = start;
    const n = s.length;
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c === 0x22) {
        this.i = i + 1;
        const v = s.slice(start, i);
        if (this.invalidUTF8 !== undefined) this.checkInvalid(start - 1, i + 1);
        return v;
      }
      if (c === 0x5c || c < 0x20 || (c >= 0xd800 && c <= 0xdfff)) break;
    }
    return this.readStringSlow(start, i);
  }

  private checkInvalid(from: number, to: number): void {
    if (this.allowInvalidUTF8 || !this.invalidUTF8) return;
    const a = this.offsetAt(from);
    const b = this.offsetAt(to);
    for (const off of this.invalidUTF8) {
      if (off >= a && off < b) throw new SyntacticError("invalid UTF-8", off);
    }
  }

  private readStringSlow(start: number, i0: number): string {
    const s = this.s;
    const n = s.length;
    let out = s.slice(start, i0);
    let i = i0;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c === 0x22) {
        if (this.invalidUTF8 !== undefined) this.checkInvalid(start - 1, i + 1);
        this.i = i + 1;
        return out;
      }
      if (c < 0x20) throw this.invalidChar(i, "in string (expecting non-control character)");
      if (c >= 0xd800 && c <= 0xdfff) {
        const d = s.charCodeAt(i + 1);
        if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
          out += s.slice(i, i + 2);
          i += 2;
          continue;
        }
        if (!this.allowInvalidUTF8) throw this.err("invalid UTF-8", i);
        out += "\ufffd";
        i++;
        continue;
      }
      if (c !== 0x5c) {
        out += s[i];
        i++;
        continue;
      }
      const e = s[i + 1];
      if (e === undefined) throw this.eof(n);
      switch (e) {
        case '"':
        case "\\":
        case "/":
          out += e;
          i += 2;
          continue;
        case "b":
          out += "\b";
          i += 2;
          continue;
        case "f":
          out += "\f";
          i += 2;
          continue;
        case "n":
          out += "\n";
          i += 2;
          continue;
        case "r":
          out += "\r";
          i += 2;
          continue;
        case "t":
          out += "\t";
          i += 2;
          continue;
        case "u": {
          const r = this.hex4(i);
          if (r >= 0xd800 && r <= 0xdbff) {
            if (s[i + 6] === "\\" && s[i + 7] === "u") {
              const r2 = this.hex4(i + 6);
              if (r2 >= 0xdc00 && r2 <= 0xdfff) {
                out += String.fromCharCode(r, r2);
                i += 12;
                continue;
              }
            } else if (i + 6 >= n) throw this.eof(n);
            if (!this.allowInvalidUTF8)
              throw this.err(`invalid surrogate pair \`${s.slice(i, i + 12)}\` in string`, i);
            out += "\ufffd";
            i += 6;
            continue;
          }
          if (r >= 0xdc00 && r <= 0xdfff) {
            if (!this.allowInvalidUTF8)
              throw this.err(`invalid surrogate pair \`${s.slice(i, i + 6)}\` in string`, i);
            out += "\ufffd";
            i += 6;
            continue;
          }
          out += String.fromCharCode(r);
          i += 6;
          continue;
        }
        default:
          throw this.err(`invalid escape sequence \`${s.slice(i, i + 2)}\` in string`, i);
      }
    }
    throw this.eof(n);
  }

  private hex4(i: number): number {
    const s = this.s;
    let r = 0;
    for (let k = 2; k < 6; k++) {
      const c = s.charCodeAt(i + k);
      let v: number;
      if (c >= 0x30 && c <= 0x39) v = c - 0x30;
      else if (c >= 0x61 && c <= 0x66) v = c - 0x57;
      else if (c >= 0x41 && c <= 0x46) v = c - 0x37;
      else {
        if (i + k >= s.length) throw this.eof(s.length);
        throw this.err(`invalid escape sequence \`${s.slice(i, i + k + 1)}\` in string`, i);
      }
      r = r * 16 + v;
    }
    return r;
  }

  /** Read a number literal at the current position and return its exact text. */
  readNumber(): string {
    const s = this.s;
    const start = this.i;
    const n = s.length;
    let i = start;
    let c = s.charCodeAt(i);
    if (c === 0x2d) {
      i++;
      c = s.charCodeAt(i);
      if (i >= n) throw this.eof(start);
      if (!(c >= 0x30 && c <= 0x39)) throw this.invalidChar(i, "in number (expecting digit)");
    }
    if (c === 0x30) {
      i++;
    } else {
      while (i < n && (c = s.charCodeAt(i)) >= 0x30 && c <= 0x39) i++;
    }
    c = s.charCodeAt(i);
    if (c === 0x2e) {
      i++;
      if (i >= n) throw this.eof(start);
      c = s.charCodeAt(i);
      if (!(c >= 0x30 && c <= 0x39)) throw this.invalidChar(i, "in number (expecting digit)");
      while (i < n && (c = s.charCodeAt(i)) >= 0x30 && c <= 0x39) i++;
      c = s.charCodeAt(i);
    }
    if (c === 0x65 || c === 0x45) {
      i++;
      c = s.charCodeAt(i);
      if (c === 0x2b || c === 0x2d) {
        i++;
        c = s.charCodeAt(i);
      }
      if (i >= n) throw this.eof(start);
      if (!(c >= 0x30 && c <= 0x39)) throw this.invalidChar(i, "in number (expecting digit)");
      while (i < n && (c = s.charCodeAt(i)) >= 0x30 && c <= 0x39) i++;
    }
    this.i = i;
    return s.slice(start, i);
  }

  /** Read the literal `lit` (true, false, null) at the current position. */
  literal(lit: string): void {
    const s = this.s;
    const i = this.i;
    for (let k = 1; k < lit.length; k++) {
      if (i + k >= s.length) throw this.eof(s.length);
      if (s[i + k] !== lit[k])
        throw this.invalidChar(i + k, `in literal ${lit} (expecting ${describeChar(lit, k)})`);
    }
    this.i = i + lit.length;
  }

  /** Skip one complete value, validating it (and checking duplicate names unless allowed). */
  skipValue(): void {
    const c = this.ws();
    switch (c) {
      case 0x22:
        this.readString();
        return;
      case 0x7b: {
        this.i++;
        this.enter();
        if (!this.objectFirst()) return;
        const seen = this.allowDuplicateNames ? undefined : new Set<string>();
        do {
          const name = this.readString();
          if (seen) {
            if (seen.has(name)) throw this.duplicate(name);
            seen.add(name);
          }
          try {
            this.colon();
            this.skipValue();
          } catch (e) {
            prefix(e, name);
            throw e;
          }
        } while (this.objectNext());
        return;
      }
      case 0x5b: {
        this.i++;
        this.enter();
        if (!this.arrayFirst()) return;
        let k = 0;
        do {
          try {
            this.skipValue();
          } catch (e) {
            prefix(e, String(k));
            throw e;
          }
          k++;
        } while (this.arrayNext());
        return;
      }
      case 0x74:
        this.literal("true");
        return;
      case 0x66:
        this.literal("false");
        return;
      case 0x6e:
        this.literal("null");
        return;
      default:
        if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
          this.readNumber();
          return;
        }
        this.badValueStart();
    }
  }

  /** The raw text of the next value (validated). */
  rawValue(): string {
    this.ws();
    const start = this.i;
    this.skipValue();
    return this.s.slice(start, this.i);
  }

  /** A duplicate-name SyntacticError for `name` (pointer is set by the caller chain). */
  duplicate(name: string): SyntacticError {
    const e = new SyntacticError(
      "duplicate object member name",
      0,
      `/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`,
    );
    return e;
  }

  /** Check that only whitespace remains. */
  end(): void {
    const c = this.ws();
    if (c !== -1) throw this.invalidChar(this.i, "after top-level value");
  }
}

function prefix(e: unknown, seg: string): void {
  if (SyntacticError.isInstance(e)) {
    e.jsonPointer = `/${seg.replace(/~/g, "~0").replace(/\//g, "~1")}${e.jsonPointer}`;
    e.render();
  }
}

/** Byte offsets of every invalid UTF-8 sequence start in b. */
export function findInvalidUTF8(b: Uint8Array): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < b.length) {
    const c = b[i] as number;
    if (c < 0x80) {
      i++;
      continue;
    }
    let need = 0;
    let min = 0;
    if (c >= 0xc2 && c <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else {
      out.push(i);
      i++;
      continue;
    }
    let cp = c & (0x3f >> need);
    let ok = true;
    for (let k = 1; k <= need; k++) {
      const d = b[i + k];
      if (d === undefined || (d & 0xc0) !== 0x80) {
        ok = false;
        break;
      }
      cp = (cp << 6) | (d & 0x3f);
    }
    if (!ok || cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
      out.push(i);
      i++;
      continue;
    }
    i += need + 1;
  }
  return out;
}

/** Encode a string to UTF-8 bytes. */
export function toBytes(s: string): Uint8Array {
  return encoder.encode(s);
}
