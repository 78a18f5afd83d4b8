import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { parseFile } from "./go-parser.js";

// Code the parser skips (function bodies, var initialisers, receiver type parameters) is read
// by Lexer.skipBracketed without tokens: the AST, the error and its position must be those of
// the token path.
// The AST as data: a type node's position read from its offset (`pos` is a getter there), its
// offset and position source left out (and the lexer's own state).
function plain(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(plain);
  if (x === null || typeof x !== "object") return x;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x)) if (k !== "at" && k !== "where") out[k] = plain(v);
  if (!Object.hasOwn(x, "pos") && "pos" in x) out.pos = plain((x as { pos: unknown }).pos);
  return out;
}

function parsed(src: string, tokensOnly: boolean): unknown {
  try {
    return plain(parseFile(src, "f.go", 0, tokensOnly));
  } catch (e) {
    return String(e);
  }
}

function bothWays(src: string): void {
  expect(parsed(src, false)).toEqual(parsed(src, true));
}

// Declarations after the skipped code: their positions, docs and the generic's source text.
const AFTER = "\n\n// T is t.\ntype T[P any] struct {\n\tA int `a`\n}\n\nvar v = 1\n";

describe("skipped code", () => {
  const cases: { name: string; body: string }[] = [
    { name: "Empty", body: "" },
    { name: "Statements", body: '\n\tx := map[string]int{"a": 1}\n\tif x["a"] > 0 { return }\n' },
    { name: "Nested", body: "\n\tfor { switch { case true: { f(g[h(1)]) } } }\n" },
    { name: "Comments", body: "\n\t// a } comment\n\t/* a ) block\n\t ] */ x++\n\t/* } */\n" },
    { name: "Strings", body: "\n\ts := \"}\" + `raw }\n{` + \"esc\\\"}\\n\" + '}' + '\\''\n" },
    { name: "BadEscape", body: '\n\ts := "\\q"\n' },
    { name: "NewlineInString", body: '\n\ts := "a\nb"\n' },
    { name: "UnterminatedRune", body: "\n\tr := 'a\n" },
    { name: "RuneEscapedNewline", body: "\n\tr := '\\\n'\n" },
    { name: "UnterminatedRaw", body: "\n\ts := `abc" },
    { name: "UnterminatedComment", body: "\n\t/* abc" },
    { name: "InvalidChar", body: "\n\tx := 1 @ 2\n" },
    { name: "NonASCII", body: "\n\tñ := \"é\" + 'ü'\n\t// ☃\n\tx€ := 1\n" },
    { name: "ByteOrderMark", body: "\n\tx := 1\ufeff\n" },
    { name: "CRLF", body: "\r\n\tx := 1\r\n\ty := `a\r\nb`\r\n" },
    { name: "Unbalanced", body: "\n\tf(\n" },
    { name: "Numbers", body: "\n\tx := 0x1p-2 + 1_000 + .5e3 + 07 + 1i\n" },
  ];
  for (const c of cases)
    it(c.name, () => {
      bothWays(`package p\n\nfunc f() {${c.body}}${AFTER}`);
      bothWays(`package p\n\nvar x = []int{${c.body}}${AFTER}`);
      bothWays(`package p\n\nfunc (r *R[K, V]) m() {${c.body}}${AFTER}`);
      bothWays(`package p\n\nfunc f() {${c.body}`);
    });

  const piece = fc.constantFrom(
    "x",
    " ",
    "\t",
    "\n",
    "\r\n",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ";",
    "1.5",
    "+",
    "/",
    "//c}\n",
    "/*c\n)*/",
    "/*",
    '"s"',
    '"a\\nb"',
    '"\\z"',
    '"',
    "'r'",
    "'\\''",
    "'\\\n'",
    "'",
    "`r\n}`",
    "`",
    "é",
    "☃",
    "@",
    "#",
    "\u0000",
  );
  test.prop([fc.array(piece, { maxLength: 30 }), fc.constantFrom("func f() {", "var x = [", "const c = f(")])(
    "Random",
    (pieces, head) => {
      bothWays(`package p\n\n${head}${pieces.join("")}${AFTER}`);
    },
  );
});
