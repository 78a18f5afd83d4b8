/**
 * The token cursor under gotype's Go parser: the current token and lookahead,
 * positions, Go's syntax-error texts, the nesting bound, and iterative
 * skipping of bracketed code the type model does not need.
 */
import type { GoPos } from "./go-ast.js";
import type { Lexer, Tok } from "./go-lexer.js";

/**
 * Deepest nesting of types and expressions gotype reads in one declaration
 * (`[][][]...int`, `struct { A struct { ... } }`, `((((1))))`). Go's own
 * parser stops at 100,000; real code stays far below this limit, and a
 * bound keeps every recursive walk of the model (codecs included) well inside
 * the JavaScript stack.
 */
export const MAX_GO_NESTING = 500;

/** Go's keywords (never names). */
export const KEYWORDS = new Set([
  "break",
  "case",
  "chan",
  "const",
  "continue",
  "default",
  "defer",
  "else",
  "fallthrough",
  "for",
  "func",
  "go",
  "goto",
  "if",
  "import",
  "interface",
  "map",
  "package",
  "range",
  "return",
  "select",
  "struct",
  "switch",
  "type",
  "var",
]);

/** Token handling shared by the parser layers (const expressions, types, declarations). */
export abstract class ParserBase {
  protected depth = 0;

  protected readonly fileName: string | undefined;

  constructor(
    protected readonly lx: Lexer,
    protected readonly fileIndex: number,
    protected readonly source: string,
  ) {
    this.fileName = lx.file;
  }

  protected get t(): Tok {
    return this.lx.current();
  }

  protected peek(k: number): Tok {
    return this.lx.peek(k);
  }

  protected lastEnd = 0;

  protected advance(): Tok {
    const t = this.lx.next();
    if (t.kind !== ";" && t.kind !== "eof") this.lastEnd = t.offset + t.text.length;
    return t;
  }

  /** A position on a line of this file. */
  protected posAt(line: number, col: number): GoPos {
    return this.fileName !== undefined ? { file: this.fileName, line, col } : { line, col };
  }

  protected pos(t: Tok = this.t): GoPos {
    return this.fileName !== undefined
      ? { file: this.fileName, line: t.line, col: t.col }
      : { line: t.line, col: t.col };
  }

  fail(msg: string, t: Tok = this.t): never {
    return this.lx.fail(msg, t);
  }

  protected describe(t: Tok): string {
    if (t.kind === "eof") return "EOF";
    if (t.kind === ";") return t.value === "newline" ? "newline" : t.value === "eof" ? "EOF" : "';'";
    if (t.kind === "ident" && KEYWORDS.has(t.text)) return `keyword ${t.text}`;
    if (t.kind === "ident") return `name ${t.text}`;
    if (t.kind === "op") return t.text;
    return `literal ${t.text}`;
  }

  protected isOp(s: string, t: Tok = this.t): boolean {
    return t.kind === "op" && t.text === s;
  }

  protected isKw(s: string, t: Tok = this.t): boolean {
    return t.kind === "ident" && t.text === s;
  }

  protected expectOp(s: string): Tok {
    if (!this.isOp(s)) this.fail(`syntax error: unexpected ${this.describe(this.t)}, expected ${s}`);
    return this.advance();
  }

  protected ident(what = "name"): Tok {
    if (this.t.kind !== "ident" || KEYWORDS.has(this.t.text))
      this.fail(`syntax error: unexpected ${this.describe(this.t)}, expected ${what}`);
    return this.advance();
  }

  protected semi(context: string): void {
    if (this.t.kind === ";") {
      this.advance();
      return;
    }
    if (this.isOp(")") || this.isOp("}") || this.t.kind === "eof") return;
    this.fail(`syntax error: unexpected ${this.describe(this.t)} ${context}`);
  }

  protected enter(): void {
    if (++this.depth > MAX_GO_NESTING)
      this.fail(`nesting deeper than ${MAX_GO_NESTING} levels (gotype's MAX_GO_NESTING)`);
  }

  protected leave(): void {
    this.depth--;
  }

  // Skips one bracketed group `(...)`, `[...]` or `{...}` iteratively: inside it, the lexer skips
  // without making tokens (skipBracketed), the token path reading only what it stops at.
  protected skipBalanced(): void {
    let depth = 0;
    do {
      if (depth > 0) {
        depth = this.lx.skipBracketed(depth);
        if (depth === 0) {
          this.lastEnd = this.lx.offset;
          return;
        }
      }
      const t = this.lx.current();
      if (t.kind === "eof") this.fail("syntax error: unexpected EOF (unbalanced brackets)");
      depth += bracketDelta(t);
      this.advance();
    } while (depth > 0);
  }

  // Skips to the end of the current declaration (`;` at bracket depth 0); inside brackets as
  // skipBalanced does.
  protected skipToSemi(): void {
    let depth = 0;
    for (;;) {
      if (depth > 0) {
        depth = this.lx.skipBracketed(depth);
        if (depth === 0) {
          this.lastEnd = this.lx.offset;
          continue;
        }
      }
      const t = this.lx.current();
      if (t.kind === "eof") break;
      const d = bracketDelta(t);
      if (d > 0) depth++;
      else if (d < 0) {
        if (depth === 0) return;
        depth--;
      } else if (depth === 0 && t.kind === ";") {
        this.advance();
        return;
      }
      this.advance();
    }
    if (depth !== 0) this.fail("syntax error: unexpected EOF (unbalanced brackets)");
  }
}

// +1 for an opening bracket token, -1 for a closing one, else 0 (skipped code costs a test a token).
function bracketDelta(t: Tok): number {
  if (t.kind !== "op" || t.text.length !== 1) return 0;
  switch (t.text) {
    case "(":
    case "[":
    case "{":
      return 1;
    case ")":
    case "]":
    case "}":
      return -1;
    default:
      return 0;
  }
}
