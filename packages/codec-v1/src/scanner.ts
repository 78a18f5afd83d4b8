/**
 * Go v1's JSON scanner (encoding/json scanner.go) as a byte-at-a-time state
 * machine: the reference for v1's syntax errors (text and offset), used by
 * validation, compact/indent and the stream Decoder.
 */
import { JsonSyntaxError } from "./errors.js";
import { quoteChar } from "./go-quote.js";

/** Go's maxNestingDepth: arrays and objects nest at most this deep. */
export const MAX_NESTING_DEPTH = 10000;

/** Scan results (Go's scanContinue ... scanError). */
export enum Op {
  Continue = 0,
  BeginLiteral = 1,
  BeginObject = 2,
  ObjectKey = 3,
  ObjectValue = 4,
  EndObject = 5,
  BeginArray = 6,
  ArrayValue = 7,
  EndArray = 8,
  SkipSpace = 9,
  End = 10,
  Error = 11,
}

enum S {
  BeginValue,
  BeginValueOrEmpty,
  BeginStringOrEmpty,
  BeginString,
  EndValue,
  EndTop,
  InString,
  InStringEsc,
  InStringEscU,
  InStringEscU1,
  InStringEscU12,
  InStringEscU123,
  Neg,
  One,
  Zero,
  Dot,
  Dot0,
  E,
  ESign,
  E0,
  T,
  Tr,
  Tru,
  F,
  Fa,
  Fal,
  Fals,
  N,
  Nu,
  Nul,
  Error,
}

const PARSE_OBJECT_KEY = 0;
const PARSE_OBJECT_VALUE = 1;
const PARSE_ARRAY_VALUE = 2;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
}
function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
}

const LITERALS: Record<number, [number, string]> = {
  [S.T]: [0x72, "in literal true (expecting 'r')"],
  [S.Tr]: [0x75, "in literal true (expecting 'u')"],
  [S.Tru]: [0x65, "in literal true (expecting 'e')"],
  [S.F]: [0x61, "in literal false (expecting 'a')"],
  [S.Fa]: [0x6c, "in literal false (expecting 'l')"],
  [S.Fal]: [0x73, "in literal false (expecting 's')"],
  [S.Fals]: [0x65, "in literal false (expecting 'e')"],
  [S.N]: [0x75, "in literal null (expecting 'u')"],
  [S.Nu]: [0x6c, "in literal null (expecting 'l')"],
  [S.Nul]: [0x6c, "in literal null (expecting 'l')"],
};

/** Go's scanner: feed bytes with step(); `bytes` counts bytes fed (Go's scanner.bytes). */
export class Scanner {
  private state: S = S.BeginValue;
  private parseState: number[] = [];
  /** Whether the top-level value is complete. */
  endTop = false;
  /** The first syntax error met. */
  err: JsonSyntaxError | null = null;
  /** Bytes consumed so far (the error offset source). */
  bytes = 0;

  /** Prepares the scanner for a new value. */
  reset(): void {
    this.state = S.BeginValue;
    this.parseState.length = 0;
    this.err = null;
    this.endTop = false;
  }

  /** Current nesting depth. */
  get depth(): number {
    return this.parseState.length;
  }

  /** Go's scanner.eof(). */
  eof(): Op {
    if (this.err !== null) return Op.Error;
    if (this.endTop) return Op.End;
    this.step(0x20);
    if (this.endTop) return Op.End;
    if (this.err === null) this.err = new JsonSyntaxError("unexpected end of JSON input", this.bytes);
    return Op.Error;
  }

  private error(c: number, context: string): Op {
    this.state = S.Error;
    this.err = new JsonSyntaxError(`invalid character ${quoteChar(c)} ${context}`, this.bytes);
    return Op.Error;
  }

  private push(c: number, ps: number, success: Op): Op {
    this.parseState.push(ps);
    if (this.parseState.length <= MAX_NESTING_DEPTH) return success;
    return this.error(c, "exceeded max depth");
  }

  private pop(): void {
    this.parseState.pop();
    if (this.parseState.length === 0) {
      this.state = S.EndTop;
      this.endTop = true;
    } else this.state = S.EndValue;
  }

  /** Feeds one byte. */
  step(c: number): Op {
    switch (this.state) {
      case S.BeginValueOrEmpty:
        if (isSpace(c)) return Op.SkipSpace;
        if (c === 0x5d) return this.endValue(c);
        return this.beginValue(c);
      case S.BeginValue:
        return this.beginValue(c);
      case S.BeginStringOrEmpty:
        if (isSpace(c)) return Op.SkipSpace;
        if (c === 0x7d) {
          this.parseState[this.parseState.length - 1] = PARSE_OBJECT_VALUE;
          return this.endValue(c);
        }
        return this.beginString(c);
      case S.BeginString:
        return this.beginString(c);
      case S.EndValue:
        return this.endValue(c);
      case S.EndTop:
        if (!isSpace(c)) this.error(c, "after top-level value");
        return Op.End;
      case S.InString:
        if (c === 0x22) {
          this.state = S.EndValue;
          return Op.Continue;
        }
        if (c === 0x5c) {
          this.state = S.InStringEsc;
          return Op.Continue;
        }
        if (c < 0x20) return this.error(c, "in string literal");
        return Op.Continue;
      case S.InStringEsc:
        switch (c) {
          case 0x62:
          case 0x66:
          case 0x6e:
          case 0x72:
          case 0x74:
          case 0x5c:
          case 0x2f:
          case 0x22:
            this.state = S.InString;
            return Op.Continue;
          case 0x75:
            this.state = S.InStringEscU;
            return Op.Continue;
        }
        return this.error(c, "in string escape code");
      case S.InStringEscU:
      case S.InStringEscU1:
      case S.InStringEscU12:
      case S.InStringEscU123:
        if (isHex(c)) {
          this.state = this.state === S.InStringEscU123 ? S.InString : this.state + 1;
          return Op.Continue;
        }
        return this.error(c, "in \\u hexadecimal character escape");
      case S.Neg:
        if (c === 0x30) {
          this.state = S.Zero;
          return Op.Continue;
        }
        if (c >= 0x31 && c <= 0x39) {
          this.state = S.One;
          return Op.Continue;
        }
        return this.error(c, "in numeric literal");
      case S.One:
        if (c >= 0x30 && c <= 0x39) return Op.Continue;
        return this.zero(c);
      case S.Zero:
        return this.zero(c);
      case S.Dot:
        if (c >= 0x30 && c <= 0x39) {
          this.state = S.Dot0;
          return Op.Continue;
        }
        return this.error(c, "after decimal point in numeric literal");
      case S.Dot0:
        if (c >= 0x30 && c <= 0x39) return Op.Continue;
        if (c === 0x65 || c === 0x45) {
          this.state = S.E;
          return Op.Continue;
        }
        return this.endValue(c);
      case S.E:
        if (c === 0x2b || c === 0x2d) {
          this.state = S.ESign;
          return Op.Continue;
        }
        return this.eSign(c);
      case S.ESign:
        return this.eSign(c);
      case S.E0:
        if (c >= 0x30 && c <= 0x39) return Op.Continue;
        return this.endValue(c);
      case S.Error:
        return Op.Error;
      default: {
        const lit = LITERALS[this.state] as [number, string];
        if (c === lit[0]) {
          this.state =
            this.state === S.Tru || this.state === S.Fals || this.state === S.Nul
              ? S.EndValue
              : this.state + 1;
          return Op.Continue;
        }
        return this.error(c, lit[1]);
      }
    }
  }

  private zero(c: number): Op {
    if (c === 0x2e) {
      this.state = S.Dot;
      return Op.Continue;
    }
    if (c === 0x65 || c === 0x45) {
      this.state = S.E;
      return Op.Continue;
    }
    return this.endValue(c);
  }

  private eSign(c: number): Op {
    if (c >= 0x30 && c <= 0x39) {
      this.state = S.E0;
      return Op.Continue;
    }
    return this.error(c, "in exponent of numeric literal");
  }

  private beginValue(c: number): Op {
    if (isSpace(c)) return Op.SkipSpace;
    switch (c) {
      case 0x7b:
        this.state = S.BeginStringOrEmpty;
        return this.push(c, PARSE_OBJECT_KEY, Op.BeginObject);
      case 0x5b:
        this.state = S.BeginValueOrEmpty;
        return this.push(c, PARSE_ARRAY_VALUE, Op.BeginArray);
      case 0x22:
        this.state = S.InString;
        return Op.BeginLiteral;
      case 0x2d:
        this.state = S.Neg;
        return Op.BeginLiteral;
      case 0x30:
        this.state = S.Zero;
        return Op.BeginLiteral;
      case 0x74:
        this.state = S.T;
        return Op.BeginLiteral;
      case 0x66:
        this.state = S.F;
        return Op.BeginLiteral;
      case 0x6e:
        this.state = S.N;
        return Op.BeginLiteral;
    }
    if (c >= 0x31 && c <= 0x39) {
      this.state = S.One;
      return Op.BeginLiteral;
    }
    return this.error(c, "looking for beginning of value");
  }

  private beginString(c: number): Op {
    if (isSpace(c)) return Op.SkipSpace;
    if (c === 0x22) {
      this.state = S.InString;
      return Op.BeginLiteral;
    }
    return this.error(c, "looking for beginning of object key string");
  }

  /** Go's stateEndValue (also used by the stream decoder). */
  endValue(c: number): Op {
    const n = this.parseState.length;
    if (n === 0) {
      this.state = S.EndTop;
      this.endTop = true;
      if (!isSpace(c)) this.error(c, "after top-level value");
      return Op.End;
    }
    if (isSpace(c)) {
      this.state = S.EndValue;
      return Op.SkipSpace;
    }
    const ps = this.parseState[n - 1];
    if (ps === PARSE_OBJECT_KEY) {
      if (c === 0x3a) {
        this.parseState[n - 1] = PARSE_OBJECT_VALUE;
        this.state = S.BeginValue;
        return Op.ObjectKey;
      }
      return this.error(c, "after object key");
    }
    if (ps === PARSE_OBJECT_VALUE) {
      if (c === 0x2c) {
        this.parseState[n - 1] = PARSE_OBJECT_KEY;
        this.state = S.BeginString;
        return Op.ObjectValue;
      }
      if (c === 0x7d) {
        this.pop();
        return Op.EndObject;
      }
      return this.error(c, "after object key:value pair");
    }
    if (c === 0x2c) {
      this.state = S.BeginValue;
      return Op.ArrayValue;
    }
    if (c === 0x5d) {
      this.pop();
      return Op.EndArray;
    }
    return this.error(c, "after array element");
  }
}

/** Go's checkValid: null when `data` is one valid JSON value, else the JsonSyntaxError Go reports. */
export function checkValid(data: Uint8Array): JsonSyntaxError | null {
  const s = new Scanner();
  for (let i = 0; i < data.length; i++) {
    s.bytes++;
    if (s.step(data[i] as number) === Op.Error) return s.err;
  }
  if (s.eof() === Op.Error) return s.err;
  return null;
}
