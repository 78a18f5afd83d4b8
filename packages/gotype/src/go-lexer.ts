/**
 * A lexer for the subset of Go source parseGo reads: identifiers, keywords,
 * operators, number/string/rune literals and comments, with Go's automatic
 * semicolon insertion at line ends.
 */

import { goUnquote } from "./go-quote.js";
import { GoSyntaxError } from "./go-syntax-error.js";

/** Token kinds. */
export type TokKind = "ident" | "int" | "float" | "string" | "rune" | "op" | ";" | "eof";

/** One token with its 1-based position. */
export interface Tok {
  readonly kind: TokKind;
  /** Source text (for strings: the literal with quotes). */
  readonly text: string;
  readonly line: number;
  readonly col: number;
  /** For `string` tokens: the decoded value. For `;`: whether inserted at a newline / EOF. */
  readonly value?: string;
}

const OPS = [
  "<<=",
  ">>=",
  "&^=",
  "...",
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
  "+",
  "-",
  "*",
  "/",
  "%",
  "&",
  "|",
  "^",
  "<",
  ">",
  "=",
  "!",
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  ",",
  ";",
  ".",
  ":",
  "~",
];

function isIdentStart(c: string): boolean {
  return c === "_" || /^\p{L}$/u.test(c);
}
function isIdentPart(c: string): boolean {
  return c === "_" || /^[\p{L}\p{Nd}]$/u.test(c);
}

/** Splits Go source into tokens; throws GoSyntaxError on malformed literals or characters. */
export function lex(src: string): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const n = src.length;
  const needsSemi = (): boolean => {
    const last = toks[toks.length - 1];
    if (last === undefined) return false;
    if (last.kind === "ident")
      return !["break", "continue", "fallthrough", "return"].includes(last.text)
        ? !KEYWORDS_NO_SEMI.has(last.text)
        : true;
    if (last.kind === "int" || last.kind === "float" || last.kind === "string" || last.kind === "rune")
      return true;
    return last.kind === "op" && [")", "]", "}", "++", "--"].includes(last.text);
  };
  const push = (kind: TokKind, text: string, start: number, value?: string) => {
    toks.push({ kind, text, line, col: start - lineStart + 1, ...(value !== undefined ? { value } : {}) });
  };
  const fail = (at: number, msg: string): never => {
    throw new GoSyntaxError(line, at - lineStart + 1, msg);
  };
  while (i < n) {
    const c = src[i] as string;
    if (c === "\n") {
      if (needsSemi()) push(";", "\n", i, "newline");
      i++;
      line++;
      lineStart = i;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r" || c === "\ufeff") {
      i++;
      continue;
    }
    if (c === "/" && src[i + 1] === "/") {
      while (i < n && src[i] !== "\n") i++;
      continue;
    }
    if (c === "/" && src[i + 1] === "*") {
      const end = src.indexOf("*/", i + 2);
      if (end < 0) fail(i, "comment not terminated");
      const body = src.slice(i, end + 2);
      const nl = body.split("\n").length - 1;
      if (nl > 0) {
        if (needsSemi()) push(";", "\n", i, "newline");
        line += nl;
        lineStart = i + body.lastIndexOf("\n") + 1;
      }
      i = end + 2;
      continue;
    }
    const start = i;
    const cp = String.fromCodePoint(src.codePointAt(i) as number);
    if (isIdentStart(cp)) {
      i += cp.length;
      while (i < n) {
        const d = String.fromCodePoint(src.codePointAt(i) as number);
        if (!isIdentPart(d)) break;
        i += d.length;
      }
      push("ident", src.slice(start, i), start);
      continue;
    }
    if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(src[i + 1] ?? ""))) {
      // Go number literal (decimal, 0x, 0o, 0b, legacy octal, floats, imaginary).
      const m =
        /^(?:0[xX][0-9a-fA-F_]*(?:\.[0-9a-fA-F_]*)?(?:[pP][+-]?[0-9_]+)?|0[bB][01_]*|0[oO][0-7_]*|[0-9][0-9_]*(?:\.[0-9_]*)?(?:[eE][+-]?[0-9_]+)?|\.[0-9_]+(?:[eE][+-]?[0-9_]+)?)i?/.exec(
          src.slice(i),
        );
      const text = m?.[0] ?? c;
      i += text.length;
      const isFloat = /[.pPi]|^[0-9_]*[eE]/.test(text) && !/^0[xX][0-9a-fA-F_]*$/.test(text);
      push(isFloat ? "float" : "int", text, start);
      continue;
    }
    if (c === "`") {
      const end = src.indexOf("`", i + 1);
      if (end < 0) fail(i, "raw string literal not terminated");
      const text = src.slice(i, end + 1);
      const value = text.slice(1, -1).replaceAll("\r", "");
      push("string", text, start, value);
      const nl = text.split("\n").length - 1;
      i = end + 1;
      if (nl > 0) {
        line += nl;
        lineStart = start + text.lastIndexOf("\n") + 1;
      }
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      while (j < n && src[j] !== '"' && src[j] !== "\n") j += src[j] === "\\" ? 2 : 1;
      if (j >= n || src[j] !== '"') fail(i, "string literal not terminated");
      const text = src.slice(i, j + 1);
      const value = goUnquote(text);
      if (value === undefined) fail(i, `invalid string literal ${text}`);
      push("string", text, start, value);
      i = j + 1;
      continue;
    }
    if (c === "'") {
      let j = i + 1;
      while (j < n && src[j] !== "'" && src[j] !== "\n") j += src[j] === "\\" ? 2 : 1;
      if (j >= n || src[j] !== "'") fail(i, "rune literal not terminated");
      push("rune", src.slice(i, j + 1), start);
      i = j + 1;
      continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i));
    if (op === undefined) fail(i, `invalid character ${JSON.stringify(cp)}`);
    push(op === ";" ? ";" : "op", op as string, start);
    i += (op as string).length;
  }
  if (needsSemi()) push(";", "", i, "eof");
  push("eof", "", i);
  return toks;
}

const KEYWORDS_NO_SEMI = new Set([
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
