/**
 * Kind is Go's jsontext.Kind: `n` null, `f` false, `t` true, `"` string, `0` number,
 * `{` `}` `[` `]` structural tokens, and `""` for the end of input.
 */
export type Kind = "n" | "f" | "t" | '"' | "0" | "{" | "}" | "[" | "]" | "";

/** Token is one JSON token (Go's jsontext.Token): a literal, string, number, or structural delimiter. */
export class Token {
  /** The token's kind. */
  readonly kind: Exclude<Kind, "">;
  /** Strings: the unescaped value; numbers: the exact literal text; others: the token text. */
  readonly raw: string;
  constructor(kind: Exclude<Kind, "">, raw: string) {
    this.kind = kind;
    this.raw = raw;
  }
  /** string returns the unescaped string value (strings) or the token text (others), as Go's Token.String. */
  string(): string {
    return this.raw;
  }
  /** bool returns the value of a true/false token. */
  bool(): boolean {
    if (this.kind === "t") return true;
    if (this.kind === "f") return false;
    throw new TypeError(`invalid Token.bool call on kind ${this.kind}`);
  }
  /** float returns the number value of a number token (float64). */
  float(): number {
    if (this.kind !== "0") throw new TypeError(`invalid Token.float call on kind ${this.kind}`);
    return Number(this.raw);
  }
  /** toString returns the token text. */
  toString(): string {
    return this.raw;
  }
}

/** Null, True, False, BeginObject, EndObject, BeginArray, EndArray are the shared constant tokens. */
export const Null: Token = new Token("n", "null");
export const True: Token = new Token("t", "true");
export const False: Token = new Token("f", "false");
export const BeginObject: Token = new Token("{", "{");
export const EndObject: Token = new Token("}", "}");
export const BeginArray: Token = new Token("[", "[");
export const EndArray: Token = new Token("]", "]");

/** stringToken makes a string Token. */
export function stringToken(s: string): Token {
  return new Token('"', s);
}
/** numberToken makes a number Token from a literal or a number. */
export function numberToken(n: number | bigint | string): Token {
  return new Token("0", typeof n === "string" ? n : String(n));
}
