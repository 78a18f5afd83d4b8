/**
 * A streaming lexer for Go source: identifiers, keywords, operators,
 * number/string/rune literals and comments, with Go's automatic semicolon
 * insertion at line ends. Tokens are made on demand (the parser looks at most
 * a few tokens ahead), so memory stays bounded whatever the file size, and
 * every step is linear in the input.
 *
 * Comments are not tokens, but the lexer remembers the last comment group
 * that ends on the line before a token (Go's doc comment rule), so the parser
 * can attach `doc` to declarations and struct fields.
 */

import type { FieldAst, GoPos, TExpr } from "./go-ast.js";
import { goUnquote } from "./go-quote.js";
import { MapExpr, NameExpr, PtrExpr, SliceExpr, SourcePositions } from "./go-source-pos.js";
import { GoSyntaxError } from "./go-syntax-error.js";

/** Token kinds. */
export type TokKind = "ident" | "int" | "float" | "imag" | "string" | "rune" | "op" | ";" | "eof";

/** One token with its 1-based position. */
export interface Tok {
  readonly kind: TokKind;
  /** Source text (for strings: the literal with quotes; for an inserted `;`: "\n" or ""). */
  readonly text: string;
  readonly line: number;
  readonly col: number;
  /** For `string` tokens: the decoded value. For `;`: "newline" / "eof" when inserted. */
  readonly value: string | undefined;
  /** The doc comment group that ends on the line just before this token (text without markers). */
  readonly doc: string | undefined;
  /** Offset of the token's first character in the source. */
  readonly offset: number;
}

const THREE = new Set(["<<=", ">>=", "&^=", "...", "&&=", "||="]);
const TWO = new Set([
  "&&",
  "||",
  "<-",
  "++",
  "--",
  "==",
  "!=",
  "<=",
  ">=",
  ":=",
  "+=",
  "-=",
  "*=",
  "/=",
  "%=",
  "&=",
  "|=",
  "^=",
  "<<",
  ">>",
  "&^",
]);
const ONE = new Set("+-*/%&|^<>=!()[]{},;.:~");
// The operators by their first character, longest first (no substring a token).
const OPS_BY_FIRST: string[][] = [];
for (const op of [...THREE, ...TWO, ...ONE]) {
  const c = op.charCodeAt(0);
  let list = OPS_BY_FIRST[c];
  if (list === undefined) {
    list = [];
    OPS_BY_FIRST[c] = list;
  }
  list.push(op);
}

// The operator at `start` (first character `c`), the longest that matches, or undefined.
function operatorAt(src: string, start: number, c: number): string | undefined {
  const list = c < 0x80 ? OPS_BY_FIRST[c] : undefined;
  if (list === undefined) return undefined;
  for (let k = 0; k < list.length; k++) {
    const op = list[k] as string;
    if (op.length === 1) return op;
    if (src.charCodeAt(start + 1) !== op.charCodeAt(1)) continue;
    if (op.length === 2 || src.charCodeAt(start + 2) === op.charCodeAt(2)) return op;
  }
  return undefined;
}

// Keywords after which a newline does not end the statement.
const NO_SEMI_KEYWORDS = new Set([
  "chan",
  "const",
  "default",
  "defer",
  "else",
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
  "select",
  "struct",
  "switch",
  "type",
  "var",
  "case",
]);

const NUMBER =
  /(?:0[xX][0-9a-fA-F_]*(?:\.[0-9a-fA-F_]*)?(?:[pP][+-]?[0-9_]+)?|0[bB][01_]*|0[oO][0-7_]*|[0-9][0-9_]*(?:\.[0-9_]*)?(?:[eE][+-]?[0-9_]+)?|\.[0-9_]+(?:[eE][+-]?[0-9_]+)?)i?/y;
const LETTER = /\p{L}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{Nd}]/u;

function isIdentStartCode(c: number, src: string, i: number): boolean {
  if (c < 0x80) return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f;
  LETTER.lastIndex = 0;
  return LETTER.test(String.fromCodePoint(src.codePointAt(i) as number));
}
function isIdentPartCode(c: number, src: string, i: number): boolean {
  if (c < 0x80)
    return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || (c >= 0x30 && c <= 0x39);
  return LETTER_OR_DIGIT.test(String.fromCodePoint(src.codePointAt(i) as number));
}

// A number literal's kind: `i` ends an imaginary one; a float has `.` or an exponent (`e`, or `p` in hex).
function numberKind(t: string): TokKind {
  if (t.charCodeAt(t.length - 1) === 0x69) return "imag";
  // (length tested first: reading past the end would send compiled code back to the interpreter)
  const exp = t.length > 1 && t.charCodeAt(0) === 0x30 && (t.charCodeAt(1) | 0x20) === 0x78 ? 0x70 : 0x65;
  for (let k = 0; k < t.length; k++) {
    const d = t.charCodeAt(k) | 0x20;
    if (d === 0x2e || d === exp) return "float";
  }
  return "int";
}

// Comment text as go/ast's CommentGroup.Text gives it: markers and one leading
// space removed; directives (`//go:build`, `//line`, `//nolint`) dropped.
function cleanComment(raw: string, block: boolean): string | undefined {
  if (block) return raw.replaceAll("\r", "").trim();
  const s = raw.charCodeAt(raw.length - 1) === 0x0d ? raw.slice(0, -1) : raw;
  if (isDirective(s)) return undefined;
  return s.charCodeAt(0) === 0x20 ? s.slice(1) : s;
}

// `go:`, `line `, `extern `, `export `, `nolint` (tested by first letter: most comments are none).
function isDirective(s: string): boolean {
  switch (s.charCodeAt(0)) {
    case 0x67:
      return s.startsWith("go:");
    case 0x6c:
      return s.startsWith("line ");
    case 0x65:
      return s.startsWith("extern ") || s.startsWith("export ");
    case 0x6e:
      return s.startsWith("nolint");
    default:
      return false;
  }
}

// Go's keywords (a field line whose name or type is one is no field: the token path reads it).
const KEYWORD_NAMES = [...NO_SEMI_KEYWORDS, "break", "continue", "fallthrough", "return"];
// An identifier that is no keyword (tested by the regex engine, once per name, in the same match).
const IDENT = `(?!(?:${KEYWORD_NAMES.join("|")})(?![A-Za-z0-9_]))[A-Za-z_][A-Za-z0-9_]*`;

// After a field's name: blanks, `*`/`[]` prefix, optionally `map[K]` (K: a prefix and Name or
// pkg.Name) and the element's prefix, Name or pkg.Name, optional raw tag (captured without its
// quotes), blanks up to the newline.
const PREFIX = "((?:\\*|\\[\\]){0,8})";
const TYPE_NAME = `(${IDENT})(?:\\.(${IDENT}))?`;
const FIELD_REST = `([ \\t]+)${PREFIX}(?:map\\[${PREFIX}${TYPE_NAME}\\]${PREFIX})?${TYPE_NAME}(?:([ \\t]+)\`([^\`\\r\\n]*)\`)?[ \\t]*(?=\\n)`;
const SIMPLE_FIELD = new RegExp(FIELD_REST, "y");
// A whole field line, from the newline that ends the line before: indent, name, the rest.
const SIMPLE_LINE = new RegExp(`\\n([ \\t]*)(${IDENT})${FIELD_REST}`, "y");

// What Lexer.skipBracketed passes over in one step: names, digits, blanks, newlines and the
// operators that are no bracket, comment or quote.
const SKIP_PLAIN_RUN = /[\w \t\r\n+\-*%&|^<>=!,;.:~]*/y;

/** A struct field as simpleField / simpleFieldLine read it: its `doc` is the caller's to set. */
export type SimpleFieldAst = { -readonly [K in keyof FieldAst]: FieldAst[K] };

/** A pull lexer over one Go source file. */
export class Lexer {
  private i = 0;
  private line = 1;
  private lineStart = 0;
  private last: Tok | undefined;
  private readonly buf: Tok[] = [];
  private done = false;
  // The pending comment group: its text and the line it ends on.
  private commentText: string[] = [];
  private commentEndLine = -1;
  private readonly trailing = new Map<number, string>();

  /** Positions of offsets in this source (type expressions keep offsets). */
  readonly positions: SourcePositions;

  constructor(
    private readonly src: string,
    readonly file?: string,
    /** Read skipped code token by token too (tests compare skipBracketed with it). */
    private readonly tokensOnly = false,
  ) {
    this.positions = new SourcePositions(src, file);
  }

  /** The token `k` positions ahead (0 = current). */
  peek(k = 0): Tok {
    while (this.buf.length <= k) this.buf.push(this.scan());
    return this.buf[k] as Tok;
  }

  /** The current token (peek(0), the parser's most frequent call, without the loop). */
  current(): Tok {
    const buf = this.buf;
    if (buf.length === 0) buf.push(this.scan());
    return buf[0] as Tok;
  }

  /** Consumes and returns the current token. */
  next(): Tok {
    const buf = this.buf;
    if (buf.length === 0) {
      // (nothing read ahead, the usual case: the token is not stored to be taken out again)
      const t = this.scan();
      if (t.kind === "eof") buf.push(t);
      return t;
    }
    const t = buf[0] as Tok;
    if (t.kind !== "eof") buf.shift();
    return t;
  }

  /**
   * The rest of a struct field `Name Type` or ``Name Type `tag` `` on one line (Type: an
   * identifier or `pkg.Name` behind up to eight `*` and `[]`; no comment on the line), read in
   * one step when the field's name is the only token read ahead: a wide struct's fields cost a
   * match each, not six tokens. The name is consumed with it and the lexer stops at the line's
   * end, where the newline's `;` comes next as usual. Returns the field's AST node as the token
   * path builds it; undefined, and nothing consumed, for any other shape: the token path reads it.
   */
  simpleField(): SimpleFieldAst | undefined {
    const name = this.buf[0];
    if (this.buf.length !== 1 || name === undefined || name.kind !== "ident") return undefined;
    const at = name.offset + name.text.length;
    if (at !== this.i) return undefined;
    SIMPLE_FIELD.lastIndex = at;
    const m = SIMPLE_FIELD.exec(this.src);
    if (m === null) return undefined;
    const f = this.fieldOf(m, name.text, name.offset, at, 1, this.line, this.lineStart);
    this.buf.length = 0;
    return f;
  }

  /**
   * The next line's field, when the lexer stands at the end of a line simpleField or this read
   * (nothing read ahead) and the next line is such a field too: `Name Type` or ``Name Type `tag` ``.
   */
  simpleFieldLine(): SimpleFieldAst | undefined {
    if (this.buf.length !== 0) return undefined;
    const i = this.i;
    SIMPLE_LINE.lastIndex = i;
    const m = SIMPLE_LINE.exec(this.src);
    if (m === null) return undefined;
    const name = m[2] as string;
    const nameAt = i + 1 + (m[1] as string).length;
    return this.fieldOf(m, name, nameAt, nameAt + name.length, 3, this.line + 1, i + 1);
  }

  /** Offset just past the last field simpleField / simpleFieldLine read. */
  fieldEnd = 0;
  // The start of that field's last token (its type name or raw tag), while `last` is not yet that
  // token: made when needed, so a run of field lines makes one token, not one a line. A field
  // read stops at a newline, whose scan asks needsSemi (so lastTok) before any token is made.
  private fieldLast = -1;
  private fieldTag: string | undefined;

  // The field a SIMPLE_FIELD / SIMPLE_LINE match read (on `line`, starting at `lineStart`), from
  // capture group g (the blanks after the name, at restAt) on; consumes it up to the newline.
  private fieldOf(
    m: RegExpExecArray,
    name: string,
    nameAt: number,
    restAt: number,
    g: number,
    line: number,
    lineStart: number,
  ): SimpleFieldAst {
    const prefix = m[g + 1] as string;
    const keyFirst = m[g + 3];
    const first = m[g + 6] as string;
    const second = m[g + 7];
    const tag = m[g + 9];
    const typeAt = restAt + (m[g] as string).length;
    const col = 1 - lineStart;
    let nameAt2 = typeAt + prefix.length;
    let mapAt = -1;
    let key: TExpr | undefined;
    if (keyFirst !== undefined) {
      // map[K]E: K's prefix and name after `map[`, E's prefix after `]`.
      mapAt = nameAt2;
      const keyPrefix = m[g + 2] as string;
      const keyAt = mapAt + 4;
      const keyEnd = this.prefixed(keyPrefix, keyFirst, m[g + 4], keyAt);
      key = this.fieldType as TExpr;
      nameAt2 = keyEnd + 1 + (m[g + 5] as string).length;
    }
    const typeEnd = nameAt2 + first.length + (second === undefined ? 0 : second.length + 1);
    this.fieldLast =
      tag === undefined ? typeEnd - (second ?? first).length : typeEnd + (m[g + 8] as string).length;
    this.fieldTag = tag;
    this.fieldEnd = tag === undefined ? typeEnd : this.fieldLast + tag.length + 2;
    this.i = m.index + m[0].length;
    this.line = line;
    this.lineStart = lineStart;
    let type: TExpr;
    if (key === undefined) {
      this.prefixed(prefix, first, second, typeAt);
      type = this.fieldType as TExpr;
    } else {
      const elemPrefix = m[g + 5] as string;
      this.prefixed(elemPrefix, first, second, nameAt2 - elemPrefix.length);
      type = this.wrap(prefix, new MapExpr(key, this.fieldType as TExpr, mapAt, this.positions), typeAt);
    }
    return { name, embedded: false, type, tag: tag ?? "", pos: this.posAt(line, nameAt + col) };
  }

  // The type a fast field path read last (prefixed sets it).
  private fieldType: TExpr | undefined;

  // Sets fieldType to `prefix` (`*` and `[]`) over Name or pkg.Name (`first`, `second`), the
  // prefix at offset `at`; returns the offset after the name.
  private prefixed(prefix: string, first: string, second: string | undefined, at: number): number {
    const nameAt = at + prefix.length;
    const type =
      second === undefined
        ? new NameExpr(first, undefined, undefined, nameAt, this.positions)
        : new NameExpr(second, first, undefined, nameAt, this.positions);
    this.fieldType = prefix.length === 0 ? type : this.wrap(prefix, type, at);
    return nameAt + first.length + (second === undefined ? 0 : second.length + 1);
  }

  // `prefix` (`*` and `[]`, at offset `at`) over `type`, innermost last.
  private wrap(prefix: string, type: TExpr, at: number): TExpr {
    let t = type;
    for (let i = prefix.length; i > 0; ) {
      if (prefix.charCodeAt(i - 1) === 0x2a) {
        i--;
        t = new PtrExpr(t, at + i, this.positions);
      } else {
        i -= 2;
        t = new SliceExpr(t, at + i, this.positions);
      }
    }
    return t;
  }

  private posAt(line: number, col: number): GoPos {
    return this.file !== undefined ? { file: this.file, line, col } : { line, col };
  }

  // The last token read: after a run of field lines, the last line's last token (a name or raw tag), made now.
  private lastTok(): Tok | undefined {
    const at = this.fieldLast;
    if (at < 0) return this.last;
    this.fieldLast = -1;
    const tag = this.fieldTag;
    this.last = {
      kind: tag === undefined ? "ident" : "string",
      text: this.src.slice(at, this.fieldEnd),
      line: this.line,
      col: at - this.lineStart + 1,
      offset: at,
      value: tag,
      doc: undefined,
    };
    return this.last;
  }

  /**
   * Skips code inside brackets `depth` deep (a function body, an initialiser) without making
   * tokens, when nothing is read ahead: blanks, comments, names, numbers, operators, and string
   * and rune literals that cannot be in error. Returns the depth left: 0 when the closing bracket
   * was read (it is the last token, as the token path leaves it); more where it stopped early,
   * at the start of anything the token path must read (a non-ASCII character, a string with an
   * escape, an unterminated literal or comment, a character that is no Go token, the end): the
   * caller reads one token there and calls again. Errors, positions and what follows are the
   * token path's.
   */
  skipBracketed(depth: number): number {
    if (this.buf.length !== 0 || this.fieldLast >= 0 || this.tokensOnly) return depth;
    const src = this.src;
    const n = src.length;
    const from = this.i;
    let d = depth;
    let i = from;
    scan: while (i < n) {
      // (a run of names, numbers, operators and blanks in one native step)
      SKIP_PLAIN_RUN.lastIndex = i;
      SKIP_PLAIN_RUN.test(src);
      i = SKIP_PLAIN_RUN.lastIndex;
      switch (src.charCodeAt(i)) {
        case 0x28: // ( [ {
        case 0x5b:
        case 0x7b:
          d++;
          i++;
          continue;
        case 0x29: // ) ] }
        case 0x5d:
        case 0x7d:
          if (--d === 0) break scan;
          i++;
          continue;
        case 0x2f: {
          const c2 = src.charCodeAt(i + 1);
          if (c2 === 0x2f) {
            const j = src.indexOf("\n", i + 2);
            i = j < 0 ? n : j;
          } else if (c2 === 0x2a) {
            const end = src.indexOf("*/", i + 2);
            if (end < 0) break scan;
            i = end + 2;
          } else i++;
          continue;
        }
        case 0x22: {
          // Printable ASCII only (what goUnquote reads back as written): anything else, the token path.
          let j = i + 1;
          let e = src.charCodeAt(j);
          while (e !== 0x22 && e >= 0x20 && e < 0x7f && e !== 0x5c) e = src.charCodeAt(++j);
          if (e !== 0x22) break scan;
          i = j + 1;
          continue;
        }
        case 0x27: {
          // As the token path reads a rune literal (it checks nothing inside, and counts no
          // line in it: one with a newline is left to it).
          let j = i + 1;
          while (j < n) {
            const e = src.charCodeAt(j);
            if (e === 0x27 || e === 0x0a) break;
            if (e === 0x5c && src.charCodeAt(j + 1) === 0x0a) break scan;
            j += e === 0x5c ? 2 : 1;
          }
          if (j >= n || src.charCodeAt(j) !== 0x27) break scan;
          i = j + 1;
          continue;
        }
        case 0x60: {
          const end = src.indexOf("`", i + 1);
          if (end < 0) break scan;
          i = end + 1;
          continue;
        }
        default:
          break scan;
      }
    }
    // The lines skipped (outside rune literals every newline ends one, as in the token path).
    for (let k = src.indexOf("\n", from); k >= 0 && k < i; k = src.indexOf("\n", k + 1)) {
      this.line++;
      this.lineStart = k + 1;
    }
    this.i = i;
    if (d !== 0) return d;
    // The closing bracket, made as the token path makes it (the comments skipped are no one's doc).
    this.commentText = [];
    this.commentEndLine = -1;
    this.i = i + 1;
    this.make("op", src[i] as string, i);
    return 0;
  }

  /** Offset just past what the lexer has read (skipBracketed's closing bracket). */
  get offset(): number {
    return this.i;
  }

  /** The source text between two offsets (for printing declarations back). */
  slice(from: number, to: number): string {
    return this.src.slice(from, to);
  }

  /** Throws a GoSyntaxError at a token. */
  fail(msg: string, t: Tok): never {
    throw new GoSyntaxError(t.line, t.col, msg, this.file);
  }

  private failAt(at: number, msg: string): never {
    throw new GoSyntaxError(this.line, at - this.lineStart + 1, msg, this.file);
  }

  private needsSemi(): boolean {
    const last = this.fieldLast < 0 ? this.last : this.lastTok();
    if (last === undefined) return false;
    switch (last.kind) {
      case "ident":
        return !NO_SEMI_KEYWORDS.has(last.text);
      case "int":
      case "float":
      case "imag":
      case "string":
      case "rune":
        return true;
      case "op":
        return (
          last.text === ")" ||
          last.text === "]" ||
          last.text === "}" ||
          last.text === "++" ||
          last.text === "--"
        );
      default:
        return false;
    }
  }

  private make(kind: TokKind, text: string, start: number, value?: string): Tok {
    let doc: string | undefined;
    if (kind !== ";" && this.commentText.length > 0) {
      if (this.commentEndLine === this.line - 1 || this.commentEndLine === this.line) {
        doc = this.commentText.join("\n");
      }
      this.commentText = [];
      this.commentEndLine = -1;
    }
    const t: Tok = {
      kind,
      text,
      line: this.line,
      col: start - this.lineStart + 1,
      offset: start,
      value,
      doc,
    };
    if (kind !== "eof") this.last = t;
    return t;
  }

  /** The comment written after the last token of `line` on that line (a field's line comment), once. */
  trailingComment(line: number): string | undefined {
    const c = this.trailing.get(line);
    if (c !== undefined) this.trailing.delete(line);
    return c;
  }

  private addComment(raw: string, block: boolean, startLine: number, endLine: number): void {
    const text = cleanComment(raw, block);
    const last = this.fieldLast < 0 ? this.last : this.lastTok();
    if (last !== undefined && last.line === startLine && last.kind !== ";") {
      // A comment after code on the same line: a line comment, never a doc comment.
      if (this.trailing.size > 64) this.trailing.clear();
      if (text !== undefined) this.trailing.set(startLine, text);
      return;
    }
    // A blank line between two comments starts a new group.
    if (this.commentText.length > 0 && startLine > this.commentEndLine + 1) this.commentText = [];
    if (text !== undefined) this.commentText.push(text);
    this.commentEndLine = endLine;
  }

  private scan(): Tok {
    const src = this.src;
    const n = src.length;
    if (this.done) return this.make("eof", "", n);
    // (the offset in a local while blanks are skipped; this.i is set before each return)
    let i = this.i;
    while (i < n) {
      const c = src.charCodeAt(i);
      if (c === 0x20 || c === 0x09 || c === 0x0d || c === 0xfeff) {
        i++;
        continue;
      }
      if (c === 0x0a) {
        if (this.needsSemi()) {
          const t = this.make(";", "\n", i, "newline");
          this.advanceLine(i);
          return t;
        }
        this.advanceLine(i);
        i++;
        continue;
      }
      if (c === 0x2f && src.charCodeAt(i + 1) === 0x2f) {
        let j = src.indexOf("\n", i);
        if (j < 0) j = n;
        this.addComment(src.slice(i + 2, j), false, this.line, this.line);
        i = j;
        continue;
      }
      if (c === 0x2f && src.charCodeAt(i + 1) === 0x2a) {
        const end = src.indexOf("*/", i + 2);
        if (end < 0) this.failAt(i, "comment not terminated");
        const body = src.slice(i + 2, end);
        const startLine = this.line;
        let nl = 0;
        let lastNl = -1;
        for (let k = body.indexOf("\n"); k >= 0; k = body.indexOf("\n", k + 1)) {
          nl++;
          lastNl = k;
        }
        if (nl > 0) {
          // A general comment spanning lines acts like a newline.
          const semi = this.needsSemi();
          const t = semi ? this.make(";", "\n", i, "newline") : undefined;
          this.line += nl;
          this.lineStart = i + 2 + lastNl + 1;
          this.addComment(body, true, startLine, this.line);
          this.i = end + 2;
          if (t !== undefined) return t;
          i = end + 2;
          continue;
        }
        this.addComment(body, true, startLine, startLine);
        i = end + 2;
        continue;
      }
      this.i = i;
      return this.token(i, c);
    }
    this.i = i;
    this.done = true;
    if (this.needsSemi()) return this.make(";", "", n, "eof");
    return this.make("eof", "", n);
  }

  private advanceLine(i: number): void {
    this.i = i + 1;
    this.line++;
    this.lineStart = this.i;
  }

  private token(start: number, c: number): Tok {
    const src = this.src;
    const n = src.length;
    if (
      c < 0x80
        ? (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f
        : isIdentStartCode(c, src, start)
    ) {
      let i = start + (c >= 0xd800 && c <= 0xdbff ? 2 : 1);
      while (i < n) {
        const d = src.charCodeAt(i);
        // (ASCII tested inline: a call a character would cost more than the test)
        if (d < 0x80) {
          if (
            (d >= 0x61 && d <= 0x7a) ||
            (d >= 0x41 && d <= 0x5a) ||
            d === 0x5f ||
            (d >= 0x30 && d <= 0x39)
          ) {
            i++;
            continue;
          }
          break;
        }
        if (!isIdentPartCode(d, src, i)) break;
        i += d >= 0xd800 && d <= 0xdbff ? 2 : 1;
      }
      this.i = i;
      return this.make("ident", src.slice(start, i), start);
    }
    const next = src.charCodeAt(start + 1);
    if ((c >= 0x30 && c <= 0x39) || (c === 0x2e && next >= 0x30 && next <= 0x39)) {
      NUMBER.lastIndex = start;
      const m = NUMBER.exec(src);
      const text = m?.[0] ?? src[start];
      this.i = start + (text as string).length;
      const t = text as string;
      return this.make(numberKind(t), t, start);
    }
    if (c === 0x60) {
      const end = src.indexOf("`", start + 1);
      if (end < 0) this.failAt(start, "string not terminated");
      const text = src.slice(start, end + 1);
      const value = text.slice(1, -1).replaceAll("\r", "");
      const t = this.make("string", text, start, value);
      let nl = 0;
      let lastNl = -1;
      for (let k = text.indexOf("\n"); k >= 0; k = text.indexOf("\n", k + 1)) {
        nl++;
        lastNl = k;
      }
      this.i = end + 1;
      if (nl > 0) {
        this.line += nl;
        this.lineStart = start + lastNl + 1;
      }
      return t;
    }
    if (c === 0x22 || c === 0x27) {
      let j = start + 1;
      while (j < n) {
        const d = src.charCodeAt(j);
        if (d === c || d === 0x0a) break;
        j += d === 0x5c ? 2 : 1;
      }
      if (j >= n || src.charCodeAt(j) !== c)
        this.failAt(start, c === 0x22 ? "string not terminated" : "rune literal not terminated");
      const text = src.slice(start, j + 1);
      this.i = j + 1;
      if (c === 0x27) return this.make("rune", text, start);
      const value = goUnquote(text);
      if (value === undefined) this.failAt(start, `invalid string literal ${text}`);
      return this.make("string", text, start, value);
    }
    const op = operatorAt(src, start, c);
    if (op === undefined) {
      const cp = String.fromCodePoint(src.codePointAt(start) as number);
      this.failAt(start, `invalid character ${JSON.stringify(cp)}`);
    }
    this.i = start + op.length;
    return this.make(op === ";" ? ";" : "op", op, start);
  }
}
