/**
 * ScannerV1: Go v1's byte-at-a-time JSON scanner (encoding/json scanner.go), giving
 * v1's SyntaxError texts and offsets. Iterative (explicit stack), resumable across
 * chunks, so codec-v1's streaming Decoder can drive it byte by byte.
 */
import { quoteCharV1, SyntacticError } from "./errors.js";
import { MAX_NESTING_DEPTH } from "./limits.js";
import { validateDocument } from "./validate-value.js";

/** Scanner op codes returned by ScannerV1.step (Go's scanContinue, scanBeginLiteral, ...). */
export const ScanOp = Object.freeze({
  Continue: 0,
  BeginLiteral: 1,
  BeginObject: 2,
  ObjectKey: 3,
  ObjectValue: 4,
  EndObject: 5,
  BeginArray: 6,
  ArrayValue: 7,
  EndArray: 8,
  SkipSpace: 9,
  End: 10,
  Error: 11,
});

const PARSE_OBJECT_KEY = 0;
const PARSE_OBJECT_VALUE = 1;
const PARSE_ARRAY_VALUE = 2;

// states
const S_BEGIN_VALUE = 0;
const S_BEGIN_VALUE_OR_EMPTY = 1;
const S_BEGIN_STRING_OR_EMPTY = 2;
const S_BEGIN_STRING = 3;
const S_END_VALUE = 4;
const S_END_TOP = 5;
const S_IN_STRING = 6;
const S_IN_STRING_ESC = 7;
const S_ESC_U = 8;
const S_ESC_U1 = 9;
const S_ESC_U12 = 10;
const S_ESC_U123 = 11;
const S_NEG = 12;
const S_1 = 13;
const S_0 = 14;
const S_DOT = 15;
const S_DOT0 = 16;
const S_E = 17;
const S_ESIGN = 18;
const S_E0 = 19;
const S_LIT = 20; // inside true/false/null; litWord/litIdx say where
const S_ERROR = 21;

function isSpace(c: number): boolean {
  return c <= 0x20 && (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d);
}
function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
}

/** ScannerV1 is Go v1's JSON scanner state machine. */
export class ScannerV1 {
  /** Bytes consumed so far (Go's scanner.bytes); the caller increments it before each step, as Go does. */
  bytes = 0;
  /** The error once step returned ScanOp.Error. */
  err: SyntacticError | null = null;
  /** True once the top-level value is complete (Go's endTop). */
  endTop = false;
  private state = S_BEGIN_VALUE;
  private stack = new Uint8Array(32);
  private depth = 0;
  private litWord = "";
  private litIdx = 0;

  /** reset prepares the scanner for a new input. */
  reset(): void {
    this.bytes = 0;
    this.err = null;
    this.endTop = false;
    this.state = S_BEGIN_VALUE;
    this.depth = 0;
  }

  private fail(c: number, context: string): number {
    this.state = S_ERROR;
    this.err = new SyntacticError({
      detail: `invalid character ${quoteCharV1(c)} ${context}`,
      offset: this.bytes,
      flavour: "v1",
    });
    return ScanOp.Error;
  }

  private push(c: number, ps: number, next: number, op: number): number {
    if (this.depth >= this.stack.length) {
      const s = new Uint8Array(this.stack.length * 2);
      s.set(this.stack);
      this.stack = s;
    }
    this.stack[this.depth++] = ps;
    if (this.depth <= MAX_NESTING_DEPTH) {
      this.state = next;
      return op;
    }
    return this.fail(c, "exceeded max depth");
  }

  private pop(): void {
    this.depth--;
    if (this.depth === 0) {
      this.state = S_END_TOP;
      this.endTop = true;
    } else {
      this.state = S_END_VALUE;
    }
  }

  /** step feeds one byte and returns the scanner op (Go's scanner.step). */
  step(c: number): number {
    switch (this.state) {
      case S_BEGIN_VALUE_OR_EMPTY:
        if (isSpace(c)) return ScanOp.SkipSpace;
        if (c === 0x5d) return this.endValue(c);
        return this.beginValue(c);
      case S_BEGIN_VALUE:
        return this.beginValue(c);
      case S_BEGIN_STRING_OR_EMPTY:
        if (isSpace(c)) return ScanOp.SkipSpace;
        if (c === 0x7d) {
          this.stack[this.depth - 1] = PARSE_OBJECT_VALUE;
          return this.endValue(c);
        }
        return this.beginString(c);
      case S_BEGIN_STRING:
        return this.beginString(c);
      case S_END_VALUE:
        return this.endValue(c);
      case S_END_TOP:
        if (!isSpace(c)) this.fail(c, "after top-level value");
        return ScanOp.End;
      case S_IN_STRING:
        if (c === 0x22) {
          this.state = S_END_VALUE;
          return ScanOp.Continue;
        }
        if (c === 0x5c) {
          this.state = S_IN_STRING_ESC;
          return ScanOp.Continue;
        }
        if (c < 0x20) return this.fail(c, "in string literal");
        return ScanOp.Continue;
      case S_IN_STRING_ESC:
        switch (c) {
          case 0x62:
          case 0x66:
          case 0x6e:
          case 0x72:
          case 0x74:
          case 0x5c:
          case 0x2f:
          case 0x22:
            this.state = S_IN_STRING;
            return ScanOp.Continue;
          case 0x75:
            this.state = S_ESC_U;
            return ScanOp.Continue;
        }
        return this.fail(c, "in string escape code");
      case S_ESC_U:
      case S_ESC_U1:
      case S_ESC_U12:
      case S_ESC_U123:
        if (isHex(c)) {
          this.state = this.state === S_ESC_U123 ? S_IN_STRING : this.state + 1;
          return ScanOp.Continue;
        }
        return this.fail(c, "in \\u hexadecimal character escape");
      case S_NEG:
        if (c === 0x30) {
          this.state = S_0;
          return ScanOp.Continue;
        }
        if (c >= 0x31 && c <= 0x39) {
          this.state = S_1;
          return ScanOp.Continue;
        }
        return this.fail(c, "in numeric literal");
      case S_1:
        if (c >= 0x30 && c <= 0x39) return ScanOp.Continue;
        return this.state0(c);
      case S_0:
        return this.state0(c);
      case S_DOT:
        if (c >= 0x30 && c <= 0x39) {
          this.state = S_DOT0;
          return ScanOp.Continue;
        }
        return this.fail(c, "after decimal point in numeric literal");
      case S_DOT0:
        if (c >= 0x30 && c <= 0x39) return ScanOp.Continue;
        if (c === 0x65 || c === 0x45) {
          this.state = S_E;
          return ScanOp.Continue;
        }
        return this.endValue(c);
      case S_E:
        if (c === 0x2b || c === 0x2d) {
          this.state = S_ESIGN;
          return ScanOp.Continue;
        }
        return this.eSign(c);
      case S_ESIGN:
        return this.eSign(c);
      case S_E0:
        if (c >= 0x30 && c <= 0x39) return ScanOp.Continue;
        return this.endValue(c);
      case S_LIT: {
        const want = this.litWord.charCodeAt(this.litIdx);
        if (c === want) {
          this.litIdx++;
          if (this.litIdx === this.litWord.length) this.state = S_END_VALUE;
          return ScanOp.Continue;
        }
        return this.fail(c, `in literal ${this.litWord} (expecting '${this.litWord[this.litIdx]}')`);
      }
      default:
        return ScanOp.Error;
    }
  }

  private state0(c: number): number {
    if (c === 0x2e) {
      this.state = S_DOT;
      return ScanOp.Continue;
    }
    if (c === 0x65 || c === 0x45) {
      this.state = S_E;
      return ScanOp.Continue;
    }
    return this.endValue(c);
  }

  private eSign(c: number): number {
    if (c >= 0x30 && c <= 0x39) {
      this.state = S_E0;
      return ScanOp.Continue;
    }
    return this.fail(c, "in exponent of numeric literal");
  }

  private beginString(c: number): number {
    if (isSpace(c)) return ScanOp.SkipSpace;
    if (c === 0x22) {
      this.state = S_IN_STRING;
      return ScanOp.BeginLiteral;
    }
    return this.fail(c, "looking for beginning of object key string");
  }

  private beginValue(c: number): number {
    if (isSpace(c)) return ScanOp.SkipSpace;
    switch (c) {
      case 0x7b:
        return this.push(c, PARSE_OBJECT_KEY, S_BEGIN_STRING_OR_EMPTY, ScanOp.BeginObject);
      case 0x5b:
        return this.push(c, PARSE_ARRAY_VALUE, S_BEGIN_VALUE_OR_EMPTY, ScanOp.BeginArray);
      case 0x22:
        this.state = S_IN_STRING;
        return ScanOp.BeginLiteral;
      case 0x2d:
        this.state = S_NEG;
        return ScanOp.BeginLiteral;
      case 0x30:
        this.state = S_0;
        return ScanOp.BeginLiteral;
      case 0x74:
        this.state = S_LIT;
        this.litWord = "true";
        this.litIdx = 1;
        return ScanOp.BeginLiteral;
      case 0x66:
        this.state = S_LIT;
        this.litWord = "false";
        this.litIdx = 1;
        return ScanOp.BeginLiteral;
      case 0x6e:
        this.state = S_LIT;
        this.litWord = "null";
        this.litIdx = 1;
        return ScanOp.BeginLiteral;
    }
    if (c >= 0x31 && c <= 0x39) {
      this.state = S_1;
      return ScanOp.BeginLiteral;
    }
    return this.fail(c, "looking for beginning of value");
  }

  private endValue(c: number): number {
    const n = this.depth;
    if (n === 0) {
      this.state = S_END_TOP;
      this.endTop = true;
      if (!isSpace(c)) this.fail(c, "after top-level value");
      return ScanOp.End;
    }
    if (isSpace(c)) {
      this.state = S_END_VALUE;
      return ScanOp.SkipSpace;
    }
    const ps = this.stack[n - 1];
    if (ps === PARSE_OBJECT_KEY) {
      if (c === 0x3a) {
        this.stack[n - 1] = PARSE_OBJECT_VALUE;
        this.state = S_BEGIN_VALUE;
        return ScanOp.ObjectKey;
      }
      return this.fail(c, "after object key");
    }
    if (ps === PARSE_OBJECT_VALUE) {
      if (c === 0x2c) {
        this.stack[n - 1] = PARSE_OBJECT_KEY;
        this.state = S_BEGIN_STRING;
        return ScanOp.ObjectValue;
      }
      if (c === 0x7d) {
        this.pop();
        return ScanOp.EndObject;
      }
      return this.fail(c, "after object key:value pair");
    }
    if (c === 0x2c) {
      this.state = S_BEGIN_VALUE;
      return ScanOp.ArrayValue;
    }
    if (c === 0x5d) {
      this.pop();
      return ScanOp.EndArray;
    }
    return this.fail(c, "after array element");
  }

  /** eof finishes the input (Go's scanner.eof): ScanOp.End, or ScanOp.Error with err set. */
  eof(): number {
    if (this.err !== null) return ScanOp.Error;
    if (this.endTop) return ScanOp.End;
    this.step(0x20);
    if (this.endTop) return ScanOp.End;
    if (this.err === null) {
      this.err = new SyntacticError({
        detail: "unexpected end of JSON input",
        offset: this.bytes,
        flavour: "v1",
        code: "GOJSON_ERR_UNEXPECTED_EOF",
      });
    }
    return ScanOp.Error;
  }

  /** inString reports whether the scanner is inside a string (fast skipping helper). */
  get inPlainString(): boolean {
    return this.state === S_IN_STRING;
  }
}

/**
 * checkValidV1 validates data as Go v1's json.Valid/Unmarshal do and returns v1's
 * SyntaxError (message and Offset exactly as Go), or null when data is valid JSON.
 */
export function checkValidV1(data: Uint8Array | string): SyntacticError | null {
  const b = typeof data === "string" ? new TextEncoder().encode(data) : data;
  // Valid input is confirmed by the byte validator under v1's rules (invalid UTF-8 and duplicate
  // names allowed, the same nesting limit): it accepts exactly what the scanner accepts, several
  // times faster. The scanner runs only to find the error and its offset.
  if (validBytesV1(b)) return null;
  return scanValidV1(b);
}

/** Whether b is one valid JSON value under v1's rules, by the byte validator (see checkValidV1). */
export function validBytesV1(b: Uint8Array): boolean {
  return validateDocument(b, true, true, MAX_NESTING_DEPTH) >= 0;
}

/** scanValidV1 is checkValidV1 by the scanner alone, byte by byte (its error path). */
export function scanValidV1(b: Uint8Array): SyntacticError | null {
  const s = new ScannerV1();
  const n = b.length;
  for (let i = 0; i < n; i++) {
    // fast path: plain string bytes
    if (s.inPlainString) {
      let j = i;
      let c = 0;
      while (j < n && (c = b[j]!) >= 0x20 && c !== 0x22 && c !== 0x5c) j++;
      s.bytes += j - i;
      i = j;
      if (i >= n) break;
    }
    s.bytes++;
    if (s.step(b[i]!) === ScanOp.Error) return s.err;
  }
  if (s.eof() === ScanOp.Error) return s.err;
  return null;
}

/** validV1 reports whether data is valid JSON per Go v1 (json.Valid). */
export function validV1(data: Uint8Array | string): boolean {
  return checkValidV1(data) === null;
}
