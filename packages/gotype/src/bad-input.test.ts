import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { formatGo } from "./format-go.js";
import { MAX_GO_NESTING } from "./go-parser.js";
import { GoSyntaxError } from "./go-syntax-error.js";
import { goType, MAX_ARRAY_LEN, parseGo } from "./parse-go.js";
import { structFields } from "./struct-fields.js";
import { typeString } from "./type-string.js";
import type { GoType } from "./types.js";
import { zero } from "./values.js";

// Invalid, hostile or enormous Go source: always a GoSyntaxError with a line
// and column, never a RangeError, TypeError or runaway memory.
const hostile: { name: string; in: string; wantErr: string | RegExp }[] = [
  {
    name: "Nesting/Slices",
    in: `package p\ntype A ${"[]".repeat(MAX_GO_NESTING + 1)}int`,
    wantErr: `nesting deeper than ${MAX_GO_NESTING} levels`,
  },
  {
    name: "Nesting/Pointers",
    in: `package p\ntype A ${"*".repeat(100_000)}int`,
    wantErr: `nesting deeper than ${MAX_GO_NESTING} levels`,
  },
  {
    name: "Nesting/Structs",
    in: `package p\ntype A ${"struct { X ".repeat(MAX_GO_NESTING + 1)}int${" }".repeat(MAX_GO_NESTING + 1)}`,
    wantErr: `nesting deeper than ${MAX_GO_NESTING} levels`,
  },
  {
    name: "Nesting/Parens",
    in: `package p\nconst N = ${"(".repeat(50_000)}1${")".repeat(50_000)}`,
    wantErr: `nesting deeper than ${MAX_GO_NESTING} levels`,
  },
  {
    name: "Nesting/UnaryMinus",
    in: `package p\nconst N = ${"- ".repeat(50_000)}1`,
    wantErr: `nesting deeper than ${MAX_GO_NESTING} levels`,
  },
  {
    name: "Nesting/Maps",
    in: `package p\ntype A ${"map[string]".repeat(MAX_GO_NESTING + 1)}int`,
    wantErr: `nesting deeper than ${MAX_GO_NESTING} levels`,
  },
  {
    // Go: `type [1125899906842624]byte larger than address space` (recorded from go build, Go 1.26.8).
    name: "Array/AddressSpace",
    in: "package p\ntype A struct{ B [1 << 50]byte }",
    wantErr: "2:6: type [1125899906842624]byte larger than address space",
  },
  {
    name: "Array/HugeShift",
    in: "package p\ntype A [1 << 100000]byte",
    wantErr: "shift count 100000 too large",
  },
  { name: "Lexer/BadChar", in: "package p\ntype A \u0001int", wantErr: "2:8: invalid character" },
  { name: "Lexer/NUL", in: "package p\x00", wantErr: "1:10: invalid character" },
  { name: "Lexer/UnterminatedComment", in: "package p\n/* open", wantErr: "2:1: comment not terminated" },
  {
    name: "Lexer/UnterminatedString",
    in: 'package p\nconst s = "abc',
    wantErr: "2:11: string not terminated",
  },
  { name: "Lexer/BadEscape", in: 'package p\nconst s = "\\q"', wantErr: "2:11: invalid string literal" },
  { name: "Syntax/OnlyOpen", in: "package p\ntype A struct {", wantErr: "syntax error: unexpected EOF" },
  { name: "Syntax/Unbalanced", in: "package p\nvar x = f(((", wantErr: "unexpected EOF" },
  {
    name: "Syntax/StrayBrace",
    in: "package p\n}",
    wantErr: "2:1: syntax error: unexpected } after top level declaration",
  },
  {
    name: "Syntax/Statement",
    in: "package p\nx := 1",
    wantErr: "2:1: syntax error: non-declaration statement outside function body",
  },
  { name: "Syntax/PackageUnderscore", in: "package _", wantErr: "1:9: invalid package name _" },
  {
    name: "Syntax/ImportAfterDecl",
    in: 'package p\ntype A int\nimport "time"',
    wantErr: "imports must appear before other declarations",
  },
  { name: "Syntax/BadImportPath", in: 'package p\nimport "a b"', wantErr: 'invalid import path: "a b"' },
  { name: "Const/DivZero", in: "package p\nconst N = 1 / 0\ntype A [N]int", wantErr: "division by zero" },
  {
    name: "Const/Cycle",
    in: "package p\nconst A = B\nconst B = A\ntype T [A]int",
    wantErr: "invalid recursive constant",
  },
];

describe("bad input", () => {
  for (const c of hostile) {
    test(c.name, () => {
      expect(() => parseGo(c.in)).toThrow(GoSyntaxError);
      expect(() => parseGo(c.in)).toThrow(c.wantErr);
    });
  }

  test("Nesting/AtTheLimitParses", () => {
    let t = parseGo(`package p\ntype A ${"[]".repeat(MAX_GO_NESTING - 1)}int`).A as GoType;
    let depth = 0;
    while (t.kind === "slice") {
      t = t.elem;
      depth++;
    }
    expect([depth, t.kind]).toEqual([MAX_GO_NESTING - 1, "int"]);
  });

  // Arrays Go accepts but gotype cannot materialise stay in the model as opaque types:
  // an error only where JSON reads or writes them.
  const tooBig: { name: string; field: string; want: string }[] = [
    {
      name: "AboveLimit",
      field: `[${MAX_ARRAY_LEN + 1}]byte`,
      want: `it holds ${MAX_ARRAY_LEN + 1} elements`,
    },
    { name: "NestedCells", field: "[4096][4097]byte", want: "it holds 16781312 elements" },
    { name: "StructCells", field: "[2049]E", want: "it holds 16785408 elements" },
    {
      name: "UnknownConstant",
      field: "[sha999.Size]byte",
      want: "gotype does not know the constant sha999.Size",
    },
    { name: "Call", field: "[len(x)]byte", want: "gotype cannot model this array type" },
  ];
  for (const c of tooBig) {
    test(`Array/Lazy/${c.name}`, () => {
      const src = `package p\nimport "x/sha999"\ntype E struct{ A [4096]int8; B [4096]int8 }\ntype A struct {\n\tV ${c.field} \`json:"v"\`\n\thidden ${c.field}\n\tN int\n}`;
      const t = parseGo(src).A as GoType;
      expect(zero(t)).toEqual({ V: null, hidden: null, N: 0n });
      expect(() => structFields(t, "v1")).toThrow(GoSyntaxError);
      expect(() => structFields(t, "v2")).toThrow(c.want);
      const ok = parseGo(src.replace('`json:"v"`', '`json:"-"`')).A as GoType;
      expect(structFields(ok, "v1").fields.map((f) => f.name)).toEqual(["N"]);
    });
  }

  test("Array/AtTheLimitIsLazy", () => {
    // Parsing a big array type materialises nothing; only its zero value would.
    const t = parseGo(`package p\ntype A [${MAX_ARRAY_LEN}]byte`).A as GoType;
    expect(t.kind === "array" && t.len).toBe(MAX_ARRAY_LEN);
  });

  test("Names/ObjectPrototype", () => {
    const names = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "__defineGetter__"];
    const src = `package p\n${names.map((n) => `type ${n} struct{ ${n} int; X int \`json:"${n}"\` }`).join("\n")}\ntype Uses struct {\n${names.map((n, i) => `\tF${i} ${n}`).join("\n")}\n}`;
    const types = parseGo(src);
    expect(Object.keys(types)).toEqual([...names, "Uses"]);
    for (const n of names) {
      expect(Object.hasOwn(types, n)).toBe(true);
      const t = types[n] as GoType;
      expect(t.name).toBe(n);
      expect(typeString(t)).toBe(`p.${n}`);
      expect(structFields(t, "v1").fields.map((f) => f.name)).toEqual([n]);
      expect(Object.keys(zero(t) as object)).toEqual([n, "X"]);
      expect(Object.hasOwn(zero(t) as object, n)).toBe(true);
    }
    expect(Object.getPrototypeOf(types)).toBe(null);
    // A name the file does not declare is not found on Object.prototype either.
    expect(() => goType("toString")).toThrow(GoSyntaxError);
    expect(() => goType("hasOwnProperty", {})).toThrow("undefined: hasOwnProperty");
  });

  test("Names/UndeclaredPrototypeNamesStayUnresolved", () => {
    const t = parseGo("package p\ntype A struct{ X constructor; y __proto__ }").A as GoType & {
      kind: "struct";
    };
    expect(t.fields.map((f) => f.type.kind === "interface" && f.type.opaque?.kind)).toEqual([
      "unresolved",
      "unresolved",
    ]);
    expect(() => structFields(t, "v1")).toThrow("field p.A.X has type p.constructor");
  });

  // A million declarations run in the stress suite (stress/million.stress.test.ts).
  test("Declarations/TwentyThousand", () => {
    const n = 20_000;
    const lines = ["package p"];
    for (let i = 0; i < n; i++) lines.push(`type T${i} struct{ A int; B *T${(i + 1) % n} }`);
    const types = parseGo(lines.join("\n"));
    expect(Object.keys(types).length).toBe(n);
    const last = types[`T${n - 1}`] as GoType & { kind: "struct" };
    expect(last.fields[1]?.type.kind === "pointer" && last.fields[1].type.elem).toBe(types.T0);
  });

  test("Declarations/LongChain", () => {
    // type C0 C1; type C1 C2; ... resolved iteratively (no recursion per link).
    const n = 20_000;
    const lines = ["package p"];
    for (let i = 0; i < n; i++) lines.push(`type C${i} C${i + 1}`);
    lines.push(`type C${n} struct{ X int }`);
    const types = parseGo(lines.join("\n"));
    expect(formatGo(types.C0 as GoType, { localPackage: "p" })).toBe("C0");
    expect((types.C0 as GoType).kind).toBe("struct");
  });

  test.prop([fc.string({ maxLength: 300 })], { numRuns: 300 })("Fuzz/AnyText", (s) => {
    let err: unknown;
    try {
      parseGo(s);
    } catch (e) {
      err = e;
    }
    // Any text either parses or is a GoSyntaxError: never another exception.
    expect(err === undefined || GoSyntaxError.isInstance(err)).toBe(true);
  });

  test.prop(
    [
      fc.array(
        fc.constantFrom(
          "type",
          "struct",
          "{",
          "}",
          "[",
          "]",
          "(",
          ")",
          "*",
          "map",
          "chan",
          "func",
          "interface",
          "A",
          "B",
          "int",
          "string",
          "\n",
          ";",
          ",",
          ".",
          "=",
          "~",
          "|",
          "0",
          "1<<62",
          '`json:"a"`',
          "package",
          "p",
          "import",
          '"time"',
          "time",
          "Time",
          "const",
          "iota",
          "var",
          "any",
          "[]",
          "...",
          "<-",
        ),
        { maxLength: 60 },
      ),
    ],
    { numRuns: 2000 },
  )("Fuzz/GoTokens", (toks) => {
    const src = `package p\n${toks.join(" ")}`;
    let err: unknown;
    try {
      parseGo(src);
    } catch (e) {
      err = e;
    }
    if (err === undefined) return;
    expect(GoSyntaxError.isInstance(err)).toBe(true);
    expect((err as GoSyntaxError).line).toBeGreaterThan(0);
    expect((err as GoSyntaxError).column).toBeGreaterThan(0);
  });
});
