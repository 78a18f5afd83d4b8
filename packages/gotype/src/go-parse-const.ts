/**
 * Go constant expressions as array lengths and const declarations need them:
 * integer literals, names, qualified names, iota, unary and binary operators
 * with Go's precedence, parentheses and conversions; anything else is kept
 * as `bad` with the reason.
 */
import type { CExpr, GoPos, TExpr } from "./go-ast.js";
import type { Tok } from "./go-lexer.js";
import { KEYWORDS, ParserBase } from "./go-parse-base.js";

const BINARY_PREC: ReadonlyMap<string, number> = new Map(
  Object.entries({
    "||": 1,
    "&&": 2,
    "==": 3,
    "!=": 3,
    "<": 3,
    "<=": 3,
    ">": 3,
    ">=": 3,
    "+": 4,
    "-": 4,
    "|": 4,
    "^": 4,
    "*": 5,
    "/": 5,
    "%": 5,
    "<<": 5,
    ">>": 5,
    "&": 5,
    "&^": 5,
  }),
);

/** The constant-expression layer of the parser; the type layer above it supplies `type`. */
export abstract class ConstParser extends ParserBase {
  protected abstract type(): TExpr;
  protected abstract startsType(): boolean;

  // Constant expressions: integers are evaluated later; anything else is parsed and kept as `bad`.
  constExpr(prec = 1): CExpr {
    this.enter();
    try {
      let x = this.unaryConst();
      for (;;) {
        const t = this.t;
        const p = t.kind === "op" ? BINARY_PREC.get(t.text) : undefined;
        if (p === undefined || p < prec) return x;
        this.advance();
        const y = this.constExpr(p + 1);
        x = { k: "bin", op: t.text, x, y, pos: this.pos(t) };
      }
    } finally {
      this.leave();
    }
  }

  protected unaryConst(): CExpr {
    const t = this.t;
    const pos = this.pos();
    if (this.isOp("+") || this.isOp("-") || this.isOp("^") || this.isOp("!")) {
      this.advance();
      this.enter();
      try {
        const x = this.unaryConst();
        return t.text === "!"
          ? { k: "bad", why: "not an integer constant", pos }
          : { k: "un", op: t.text, x, pos };
      } finally {
        this.leave();
      }
    }
    if (this.isOp("(")) {
      this.advance();
      const e = this.constExpr();
      this.expectOp(")");
      return this.postfix(e, pos, t);
    }
    if (t.kind === "int") {
      this.advance();
      const v = parseIntLit(t.text);
      if (v === undefined) this.fail(`invalid integer literal ${t.text}`, t);
      return this.postfix({ k: "lit", value: v, pos }, pos, t);
    }
    if (t.kind === "ident" && !KEYWORDS.has(t.text)) {
      this.advance();
      if (
        this.isOp(".") &&
        this.peek(1).kind === "ident" &&
        !this.isOp("(", this.peek(2)) &&
        !this.isOp(".", this.peek(2)) &&
        !this.isOp("[", this.peek(2))
      ) {
        // pkg.Name: a qualified constant (sha256.Size).
        this.advance();
        const name = this.advance();
        return { k: "qref", pkg: t.text, name: name.text, pos };
      }
      const base: CExpr = t.text === "iota" ? { k: "iota", pos } : { k: "ref", name: t.text, pos };
      return this.postfix(base, pos, t);
    }
    if (t.kind === "float" || t.kind === "string" || t.kind === "rune" || t.kind === "imag") {
      this.advance();
      const what =
        t.kind === "float"
          ? "untyped float constant"
          : t.kind === "string"
            ? "untyped string constant"
            : t.kind === "rune"
              ? "untyped rune constant"
              : "untyped complex constant";
      return this.postfix({ k: "bad", why: `${t.text} (${what}) must be integer`, pos }, pos, t);
    }
    if (this.startsType() && !this.isOp("(")) {
      // A conversion to a composite type such as []byte("x") or func literal: skip it.
      this.type();
      return this.postfix({ k: "bad", why: "not an integer constant", pos }, pos, t);
    }
    return this.fail(`syntax error: unexpected ${this.describe(t)}, expected expression`);
  }

  // Selectors, calls and index expressions after an operand: parsed, not evaluated.
  protected postfix(x: CExpr, pos: GoPos, first: Tok): CExpr {
    let e = x;
    while (this.isOp(".") || this.isOp("(") || this.isOp("[")) {
      if (this.isOp(".")) {
        this.advance();
        if (this.isOp("(")) {
          // type assertion x.(T)
          this.advance();
          this.type();
          this.expectOp(")");
        } else this.ident("selector");
      } else this.skipBalanced();
      e = { k: "bad", why: `${first.text}... is not a constant gotype can evaluate`, pos };
    }
    return e;
  }
}

function parseIntLit(text: string): bigint | undefined {
  const s = text.replaceAll("_", "");
  if (/^0[xX][0-9a-fA-F]+$/.test(s) || /^0[bB][01]+$/.test(s)) return BigInt(s);
  if (/^0[oO][0-7]+$/.test(s)) return BigInt(`0o${s.slice(2)}`);
  if (/^0[0-7]+$/.test(s)) return BigInt(`0o${s.slice(1)}`);
  if (/^(0|[1-9][0-9]*)$/.test(s)) return BigInt(s);
  return undefined;
}
