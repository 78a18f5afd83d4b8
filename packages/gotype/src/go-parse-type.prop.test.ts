import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { parseFile } from "./go-parser.js";

// A struct field line read in one step (Lexer.simpleField / simpleFieldLine) must give the AST the
// token path gives. A `;` at a line's end sends that line down the token path without moving a
// column, so each source is parsed as written and with `;` after every comment-free field line.
function tokenPath(src: string): string {
  return src
    .split("\n")
    .map((l) =>
      /^\s*[A-Za-z_\u00e0-\u00ff]/.test(l) && !l.includes("//") && !l.includes("/*") && !/[{}]/.test(l)
        ? `${l};`
        : l,
    )
    .join("\n");
}

// The AST as data: a type node's position read from its offset (`pos` is a getter there), its
// offset and position source left out (the two parses' sources differ by the `;` added).
function plain(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(plain);
  if (x === null || typeof x !== "object") return x;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x)) if (k !== "at" && k !== "where") out[k] = plain(v);
  if (!Object.hasOwn(x, "pos") && "pos" in x) out.pos = plain((x as { pos: unknown }).pos);
  return out;
}

function bothWays(src: string, file?: string): void {
  const fast = parseFile(src, file);
  const slow = parseFile(tokenPath(src), file);
  expect(plain(fast)).toEqual(plain(slow));
}

describe("struct field lines", () => {
  const cases: { name: string; in: string }[] = [
    { name: "Plain", in: 'package p\n\ntype S struct {\n\tA int\n\tB string `json:"b"`\n}\n' },
    {
      name: "Prefixes",
      in: "package p\n\ntype S struct {\n\tA *int\n\tB []*T\n\tC *[]pkg.T `x`\n\tD [][]byte\n}\ntype T int\n",
    },
    {
      name: "Doc",
      in: "package p\n\ntype S struct {\n\t// A is a.\n\tA int\n\tB int\n\t// C is c.\n\tC int `c`\n\tD int\n}\n",
    },
    {
      name: "TrailingComment",
      in: "package p\n\ntype S struct {\n\tA int // a\n\tB int `b` // b\n\tC int\n\tD int /* d */\n\tE int\n}\n",
    },
    {
      name: "Blanks",
      in: "package p\n\ntype S struct {\n  A   int   `a`  \n\n\tB\tint\t`b`\t\n      C int\n}\n",
    },
    {
      name: "Embedded",
      in: "package p\n\ntype S struct {\n\tA int\n\tT\n\t*U\n\tpkg.V `v`\n\tB int\n\tT2 `t`\n}\ntype T int\ntype U int\ntype T2 int\n",
    },
    { name: "MultiName", in: "package p\n\ntype S struct {\n\tA int\n\tB, C int `bc`\n\tD int\n}\n" },
    {
      name: "Other",
      in: "package p\n\ntype S struct {\n\tA map[string]int\n\tB [3]int\n\tC struct{ X int }\n\tD G[int]\n\tE func()\n\tF int\n}\ntype G[T any] int\n",
    },
    {
      name: "Maps",
      in: "package p\n\ntype S struct {\n\tA map[string]int `a`\n\tB *map[pkg.K][]*pkg.V\n\tC []map[*K]**V `c`\n\tD map[string]map[string]int\n\tE map [string]int\n\tF map[string]struct{}\n\tG map[[]K]V\n}\ntype K int\ntype V int\n",
    },
    { name: "InterpretedTag", in: 'package p\n\ntype S struct {\n\tA int "a\\tb"\n\tB int\n}\n' },
    {
      name: "Unicode",
      in: "package p\n\ntype S struct {\n\tÀ int\n\tBé int\n\tC ñ\n\tD int\n}\ntype ñ int\n",
    },
    { name: "CRLF", in: "package p\r\n\r\ntype S struct {\r\n\tA int\r\n\tB int `b`\r\n}\r\n" },
    {
      name: "Nested",
      in: "package p\n\ntype S struct {\n\tA struct {\n\t\tX int\n\t\tY int\n\t}\n\tB int\n}\n",
    },
    { name: "LastOnBraceLine", in: "package p\n\ntype S struct {\n\tA int\n\tB int }\n" },
    {
      name: "Underscore",
      in: "package p\n\ntype S struct {\n\t_ int\n\tA _x\n\t_ [8]byte\n}\ntype _x int\n",
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      bothWays(c.in);
      bothWays(c.in, "wide.go");
    });
  }

  it("Keywords/Rejected", () => {
    for (const kw of ["map", "func", "chan", "struct", "interface", "type", "return", "break"]) {
      const src = `package p\n\ntype S struct {\n\tA int\n\t${kw} int\n}\n`;
      expect(() => parseFile(src)).toThrow();
      expect(() => parseFile(`package p\n\ntype S struct {\n\tA int\n\tB ${kw}\n}\n`)).toThrow();
      expect(() => parseFile(`package p\n\ntype S struct {\n\tA int\n\tB p.${kw}\n}\n`)).toThrow();
    }
  });

  const name = fc.constantFrom("A", "B1", "_", "x", "Name", "À", "map", "T", "pkg");
  const type = fc.constantFrom(
    "int",
    "*int",
    "[]T",
    "[]*pkg.T",
    "pkg.T",
    "****T",
    "*********T",
    "map[string]int",
    "map[pkg.K]*[]pkg.V",
    "*[]map[*K][]V",
    "map[string]map[string]int",
    "map[map]int",
    "map[K]func",
    "map[string]",
    "[2]int",
    "T[int]",
    "struct{}",
    "ñ",
    "chan int",
  );
  const tag = fc.constantFrom("", ' `json:"a"`', "\t`x`", ' "q"', " ``");
  const tail = fc.constantFrom("", " ", "\t", " // c", " /* c */");
  const line = fc.oneof(
    fc
      .tuple(fc.constantFrom("\t", "  ", ""), name, fc.constantFrom(" ", "\t", "  "), type, tag, tail)
      .map((p) => p.join("")),
    fc.constantFrom("", "\t// doc", "\tT", "\t*T", "\tpkg.T `e`", "\tA, B int"),
  );
  test.prop([fc.array(line, { maxLength: 12 }), fc.boolean()])("Random", (lines, named) => {
    const src = `package p\n\ntype S struct {\n${lines.join("\n")}\n}\n`;
    let fast: unknown;
    let slow: unknown;
    try {
      fast = parseFile(src, named ? "f.go" : undefined);
    } catch (e) {
      fast = String(e);
    }
    try {
      slow = parseFile(tokenPath(src), named ? "f.go" : undefined);
    } catch (e) {
      slow = String(e);
    }
    if (typeof slow === "string") expect(typeof fast).toBe("string");
    else expect(plain(fast)).toEqual(plain(slow));
  });
});
