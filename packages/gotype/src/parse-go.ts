/**
 * parseGo / goType: reads Go type declarations (and type expressions) into
 * GoType objects. A `package` clause, imports, comments, func/method, var
 * and const declarations may be present; consts with integer values can size
 * arrays. Anything the model cannot express (generics, chan, func, non-empty
 * interfaces, unknown qualified types, complex numbers) is a GoSyntaxError
 * naming the line and column and what to do instead.
 */
import {
  arrayOf,
  declare,
  define,
  isExportedName,
  isUndefinedDecl,
  mapOf,
  pointerTo,
  sliceOf,
  T,
} from "./constructors.js";
import { lex, type Tok } from "./go-lexer.js";
import { GoSyntaxError } from "./go-syntax-error.js";
import { KNOWN_TYPES } from "./known.js";
import type { GoType, StructField, StructType } from "./types.js";

type Pos = { line: number; col: number };
type TExpr =
  | { k: "name"; name: string; pkg?: string; pos: Pos }
  | { k: "slice"; elem: TExpr; pos: Pos }
  | { k: "array"; len: CExpr; elem: TExpr; pos: Pos }
  | { k: "map"; key: TExpr; elem: TExpr; pos: Pos }
  | { k: "ptr"; elem: TExpr; pos: Pos }
  | { k: "struct"; fields: FieldAst[]; pos: Pos }
  | { k: "iface"; pos: Pos };
type FieldAst = { name: string; embedded: boolean; type: TExpr; tag: string; pos: Pos };
type CExpr =
  | { k: "lit"; value: bigint; pos: Pos }
  | { k: "ref"; name: string; pos: Pos }
  | { k: "iota"; pos: Pos }
  | { k: "bin"; op: string; x: CExpr; y: CExpr; pos: Pos }
  | { k: "un"; op: string; x: CExpr; pos: Pos }
  | { k: "bad"; why: string; pos: Pos };
type TypeDecl = { name: string; alias: boolean; expr: TExpr; pos: Pos };
type ConstDecl = { name: string; expr: CExpr; iota: bigint; pos: Pos };

const PREDECLARED: Record<string, GoType> = {
  bool: T.bool,
  int: T.int,
  int8: T.int8,
  int16: T.int16,
  int32: T.int32,
  int64: T.int64,
  uint: T.uint,
  uint8: T.uint8,
  uint16: T.uint16,
  uint32: T.uint32,
  uint64: T.uint64,
  uintptr: T.uintptr,
  float32: T.float32,
  float64: T.float64,
  string: T.string,
  byte: T.byte,
  rune: T.rune,
  any: T.any,
};

const UNSUPPORTED_NAMES: Record<string, string> = {
  complex64: "complex numbers have no JSON form; use two float64 fields",
  complex128: "complex numbers have no JSON form; use two float64 fields",
  error: "non-empty interfaces are not supported; use any (interface{}) or a concrete type",
  comparable: "type constraints are not supported",
};

class Parser {
  private p = 0;
  readonly types: TypeDecl[] = [];
  readonly consts: ConstDecl[] = [];
  constructor(private readonly toks: Tok[]) {}

  private get t(): Tok {
    return this.toks[this.p] as Tok;
  }
  private peek(k = 1): Tok {
    return this.toks[Math.min(this.p + k, this.toks.length - 1)] as Tok;
  }
  private pos(t: Tok = this.t): Pos {
    return { line: t.line, col: t.col };
  }
  fail(msg: string, t: Tok = this.t): never {
    throw new GoSyntaxError(t.line, t.col, msg);
  }
  private describe(t: Tok): string {
    if (t.kind === "eof") return "end of input";
    if (t.kind === ";") return t.value === "newline" ? "newline" : t.value === "eof" ? "end of input" : "';'";
    return `'${t.text}'`;
  }
  private isOp(s: string, t: Tok = this.t): boolean {
    return t.kind === "op" && t.text === s;
  }
  private isKw(s: string, t: Tok = this.t): boolean {
    return t.kind === "ident" && t.text === s;
  }
  private expectOp(s: string): Tok {
    if (!this.isOp(s)) this.fail(`expected '${s}', found ${this.describe(this.t)}`);
    return this.toks[this.p++] as Tok;
  }
  private ident(what = "identifier"): Tok {
    if (this.t.kind !== "ident" || KEYWORDS.has(this.t.text))
      this.fail(`expected ${what}, found ${this.describe(this.t)}`);
    return this.toks[this.p++] as Tok;
  }
  private semi(): void {
    if (this.t.kind === ";") {
      this.p++;
      return;
    }
    if (this.isOp(")") || this.isOp("}") || this.t.kind === "eof") return;
    this.fail(`expected ';' or newline, found ${this.describe(this.t)}`);
  }

  file(): void {
    while (this.t.kind === ";") this.p++;
    if (this.isKw("package")) {
      this.p++;
      this.ident("package name");
      this.semi();
    }
    while (this.t.kind !== "eof") {
      const t = this.t;
      if (t.kind === ";") {
        this.p++;
        continue;
      }
      if (this.isKw("import")) this.importDecl();
      else if (this.isKw("type")) this.group(() => this.typeSpec());
      else if (this.isKw("const")) this.constDecl();
      else if (this.isKw("var")) this.skipDecl();
      else if (this.isKw("func")) this.skipFunc();
      else this.fail(`expected declaration (type, const, var, func or import), found ${this.describe(t)}`);
    }
  }

  private importDecl(): void {
    this.p++;
    const spec = () => {
      if (this.t.kind === "ident" || this.isOp(".")) this.p++;
      if (this.t.kind !== "string") this.fail(`expected import path, found ${this.describe(this.t)}`);
      this.p++;
      this.semi();
    };
    if (this.isOp("(")) {
      this.p++;
      while (!this.isOp(")")) {
        if (this.t.kind === ";") {
          this.p++;
          continue;
        }
        if (this.t.kind === "eof") this.fail("expected ')', found end of input");
        spec();
      }
      this.p++;
      this.semi();
    } else spec();
  }

  private group(spec: () => void): void {
    this.p++;
    if (this.isOp("(")) {
      this.p++;
      while (!this.isOp(")")) {
        if (this.t.kind === ";") {
          this.p++;
          continue;
        }
        if (this.t.kind === "eof") this.fail("expected ')', found end of input");
        spec();
      }
      this.p++;
      this.semi();
    } else spec();
  }

  private typeSpec(): void {
    const nameTok = this.ident("type name");
    if (this.isOp("[") && this.looksGeneric()) {
      this.fail(
        `generic type ${nameTok.text} is not supported; declare a concrete (instantiated) type instead`,
      );
    }
    let alias = false;
    if (this.isOp("=")) {
      alias = true;
      this.p++;
    }
    const expr = this.type();
    this.types.push({ name: nameTok.text, alias, expr, pos: this.pos(nameTok) });
    this.semi();
  }

  // `[` Ident followed by something other than `]` starts a type parameter list.
  private looksGeneric(): boolean {
    const a = this.peek(1);
    const b = this.peek(2);
    if (a.kind !== "ident") return false;
    if (
      b.kind === "ident" ||
      this.isOp(",", b) ||
      this.isOp("~", b) ||
      this.isOp("[", b) ||
      (this.isOp("*", b) && this.peek(3).kind === "ident" && this.isOp("]", this.peek(4)) === false)
    )
      return true;
    if (this.isOp("interface", b)) return true;
    return false;
  }

  type(): TExpr {
    const t = this.t;
    const pos = this.pos();
    if (t.kind === "ident") {
      switch (t.text) {
        case "struct":
          return this.structType();
        case "interface":
          return this.ifaceType();
        case "map": {
          this.p++;
          this.expectOp("[");
          const key = this.type();
          this.expectOp("]");
          return { k: "map", key, elem: this.type(), pos };
        }
        case "chan":
          this.fail(
            'channel types are not supported by encoding/json; remove the field or tag it `json:"-"`',
          );
          break;
        case "func":
          this.fail(
            'function types are not supported by encoding/json; remove the field or tag it `json:"-"`',
          );
          break;
        default:
          break;
      }
      if (KEYWORDS.has(t.text)) this.fail(`expected type, found '${t.text}'`);
      this.p++;
      if (this.isOp(".")) {
        this.p++;
        const sel = this.ident("qualified type name");
        if (this.isOp("[")) this.instantiationCheck();
        return { k: "name", name: sel.text, pkg: t.text, pos };
      }
      if (this.isOp("[")) this.instantiationCheck();
      return { k: "name", name: t.text, pos };
    }
    if (this.isOp("*")) {
      this.p++;
      return { k: "ptr", elem: this.type(), pos };
    }
    if (this.isOp("(")) {
      this.p++;
      const inner = this.type();
      this.expectOp(")");
      return inner;
    }
    if (this.isOp("<-"))
      this.fail('channel types are not supported by encoding/json; remove the field or tag it `json:"-"`');
    if (this.isOp("[")) {
      this.p++;
      if (this.isOp("]")) {
        this.p++;
        return { k: "slice", elem: this.type(), pos };
      }
      if (this.isOp("..."))
        this.fail("[...]T array length is only allowed in composite literals; write the length, e.g. [4]T");
      const len = this.constExpr();
      this.expectOp("]");
      return { k: "array", len, elem: this.type(), pos };
    }
    return this.fail(`expected type, found ${this.describe(t)}`);
  }

  // A type name followed by `[` inside a type context: generic instantiation.
  private instantiationCheck(): never {
    return this.fail("generic type instantiation is not supported; declare a concrete named type instead");
  }

  private ifaceType(): TExpr {
    const pos = this.pos();
    this.p++;
    this.expectOp("{");
    while (this.t.kind === ";") this.p++;
    if (!this.isOp("}")) {
      this.fail("non-empty interfaces are not supported; use any (interface{}) or a concrete type");
    }
    this.p++;
    return { k: "iface", pos };
  }

  private structType(): TExpr {
    const pos = this.pos();
    this.p++;
    this.expectOp("{");
    const fields: FieldAst[] = [];
    for (;;) {
      while (this.t.kind === ";") this.p++;
      if (this.isOp("}")) break;
      if (this.t.kind === "eof") this.fail("expected '}', found end of input");
      const fpos = this.pos();
      // Embedded: [*] TypeName [tag] ; Named: IdentList Type [tag]
      if (this.isOp("*")) {
        this.p++;
        const tn = this.typeNameForEmbed();
        fields.push({
          name: tn.name,
          embedded: true,
          type: { k: "ptr", elem: tn, pos: fpos },
          tag: this.tag(),
          pos: fpos,
        });
      } else if (
        this.t.kind === "ident" &&
        (this.isOp(".", this.peek()) ||
          this.peek().kind === ";" ||
          this.peek().kind === "string" ||
          this.isOp("}", this.peek()))
      ) {
        const tn = this.typeNameForEmbed();
        fields.push({ name: tn.name, embedded: true, type: tn, tag: this.tag(), pos: fpos });
      } else {
        const names: Tok[] = [this.ident("field name")];
        while (this.isOp(",")) {
          this.p++;
          names.push(this.ident("field name"));
        }
        const ft = this.type();
        const tag = this.tag();
        for (const nt of names)
          fields.push({ name: nt.text, embedded: false, type: ft, tag, pos: this.pos(nt) });
      }
      if (this.isOp("}")) break;
      if ((this.t.kind as string) !== ";")
        this.fail(`expected ';', newline or '}' after field, found ${this.describe(this.t)}`);
    }
    this.p++;
    return { k: "struct", fields, pos };
  }

  private typeNameForEmbed(): TExpr & { k: "name" } {
    const pos = this.pos();
    const a = this.ident("embedded type name");
    if (this.isOp(".")) {
      this.p++;
      const b = this.ident("qualified type name");
      if (this.isOp("[")) this.instantiationCheck();
      return { k: "name", name: b.text, pkg: a.text, pos };
    }
    if (this.isOp("[")) this.instantiationCheck();
    return { k: "name", name: a.text, pos };
  }

  private tag(): string {
    if (this.t.kind === "string") {
      const v = this.t.value ?? "";
      this.p++;
      return v;
    }
    return "";
  }

  private constDecl(): void {
    let iota = 0n;
    let prev: CExpr | undefined;
    const spec = () => {
      const names: Tok[] = [this.ident("constant name")];
      while (this.isOp(",")) {
        this.p++;
        names.push(this.ident("constant name"));
      }
      let exprs: CExpr[] = [];
      if (!this.isOp("=") && (this.t.kind as string) !== ";" && !this.isOp(")")) this.type(); // typed constant
      if (this.isOp("=")) {
        this.p++;
        exprs.push(this.constExpr());
        while (this.isOp(",")) {
          this.p++;
          exprs.push(this.constExpr());
        }
        prev = exprs.length === 1 ? exprs[0] : undefined;
      } else if (prev !== undefined) exprs = [prev];
      names.forEach((nt, k) => {
        const e = exprs[k] ?? exprs[0] ?? { k: "bad" as const, why: "missing value", pos: this.pos(nt) };
        this.consts.push({ name: nt.text, expr: e, iota, pos: this.pos(nt) });
      });
      iota++;
      this.semi();
    };
    this.p++;
    if (this.isOp("(")) {
      this.p++;
      while (!this.isOp(")")) {
        if (this.t.kind === ";") {
          this.p++;
          continue;
        }
        if (this.t.kind === "eof") this.fail("expected ')', found end of input");
        spec();
      }
      this.p++;
      this.semi();
    } else spec();
  }

  // Integer constant expressions: literals, names, iota, unary and binary operators, parentheses.
  constExpr(prec = 1): CExpr {
    let x = this.unaryConst();
    for (;;) {
      const t = this.t;
      const p = t.kind === "op" ? BINARY_PREC[t.text] : undefined;
      if (p === undefined || p < prec) return x;
      this.p++;
      const y = this.constExpr(p + 1);
      x = { k: "bin", op: t.text, x, y, pos: this.pos(t) };
    }
  }
  private unaryConst(): CExpr {
    const t = this.t;
    const pos = this.pos();
    if (this.isOp("+") || this.isOp("-") || this.isOp("^")) {
      this.p++;
      return { k: "un", op: t.text, x: this.unaryConst(), pos };
    }
    if (this.isOp("(")) {
      this.p++;
      const e = this.constExpr();
      this.expectOp(")");
      return e;
    }
    if (t.kind === "int") {
      this.p++;
      return {
        k: "lit",
        value: parseIntLit(t.text, () => this.fail(`invalid integer literal ${t.text}`, t)),
        pos,
      };
    }
    if (t.kind === "ident" && !KEYWORDS.has(t.text)) {
      this.p++;
      if (t.text === "iota") return { k: "iota", pos };
      if (this.isOp(".") || this.isOp("(")) return this.skipOperand(pos, t);
      return { k: "ref", name: t.text, pos };
    }
    if (t.kind === "float" || t.kind === "string" || t.kind === "rune") {
      this.p++;
      return { k: "bad", why: `${t.text} is not an integer constant`, pos };
    }
    return this.fail(`expected constant expression, found ${this.describe(t)}`);
  }
  // Calls and selectors in constants (len(x), unsafe.Sizeof(...)): skipped, unusable as array lengths.
  private skipOperand(pos: Pos, t: Tok): CExpr {
    let depth = 0;
    while (this.t.kind !== "eof") {
      if (this.isOp("(") || this.isOp("[")) depth++;
      else if (this.isOp(")") || this.isOp("]")) {
        if (depth === 0) break;
        depth--;
        if (depth === 0) {
          this.p++;
          break;
        }
      } else if (depth === 0 && (this.t.kind === ";" || this.isOp(",") || this.isOp("="))) break;
      this.p++;
    }
    return { k: "bad", why: `${t.text}... is not a constant parseGo can evaluate`, pos };
  }

  private skipDecl(): void {
    // var ...: skip to the end of the declaration, honouring brackets.
    this.p++;
    this.skipBalancedUntilSemi();
  }
  private skipBalancedUntilSemi(): void {
    let depth = 0;
    while (this.t.kind !== "eof") {
      if (this.isOp("(") || this.isOp("[") || this.isOp("{")) depth++;
      else if (this.isOp(")") || this.isOp("]") || this.isOp("}")) {
        depth--;
        if (depth < 0) this.fail(`unexpected ${this.describe(this.t)}`);
      } else if (depth === 0 && this.t.kind === ";") {
        this.p++;
        return;
      }
      this.p++;
    }
    if (depth !== 0) this.fail("unexpected end of input (unbalanced brackets)");
  }
  private skipFunc(): void {
    // func [receiver] Name[params] (params) results [body]: skip the signature, then a balanced body.
    this.p++;
    let depth = 0;
    while (this.t.kind !== "eof") {
      if (depth === 0 && this.isOp("{") && this.bodyStart()) break;
      if (depth === 0 && this.t.kind === ";") {
        this.p++;
        return;
      }
      if (this.isOp("(") || this.isOp("[") || this.isOp("{")) depth++;
      else if (this.isOp(")") || this.isOp("]") || this.isOp("}")) depth--;
      this.p++;
    }
    if (this.t.kind === "eof") this.fail("unexpected end of input in func declaration");
    this.skipBalancedUntilSemi();
  }
  // In a func signature at depth 0, `{` starts the body unless it follows struct/interface.
  private bodyStart(): boolean {
    const prev = this.toks[this.p - 1];
    return !(
      prev !== undefined &&
      prev.kind === "ident" &&
      (prev.text === "struct" || prev.text === "interface")
    );
  }

  atEnd(): boolean {
    while (this.t.kind === ";") this.p++;
    return this.t.kind === "eof";
  }
}

const KEYWORDS = new Set([
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

const BINARY_PREC: Record<string, number> = {
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
};

function parseIntLit(text: string, fail: () => never): bigint {
  const s = text.replaceAll("_", "");
  if (text.endsWith("i")) fail();
  try {
    if (/^0[xX][0-9a-fA-F]+$/.test(s) || /^0[bB][01]+$/.test(s)) return BigInt(s);
    if (/^0[oO][0-7]+$/.test(s)) return BigInt(`0o${s.slice(2)}`);
    if (/^0[0-7]+$/.test(s)) return BigInt(`0o${s.slice(1)}`);
    if (/^(0|[1-9][0-9]*)$/.test(s)) return BigInt(s);
  } catch {
    // fall through
  }
  return fail();
}

/** Largest array length parseGo accepts (arrays are materialised as JS arrays). */
export const MAX_ARRAY_LEN = 1 << 24;

class Resolver {
  private readonly typeDecls = new Map<string, TypeDecl>();
  private readonly constDecls = new Map<string, ConstDecl>();
  private readonly objects = new Map<string, GoType>();
  private readonly defining = new Set<string>();
  private readonly constValues = new Map<string, bigint>();
  private readonly constEvaluating = new Set<string>();

  constructor(
    types: TypeDecl[],
    consts: ConstDecl[],
    private readonly outer: Record<string, GoType> = {},
  ) {
    for (const d of types) {
      if (this.typeDecls.has(d.name) || (consts.some((c) => c.name === d.name) && d.name !== "_")) {
        throw new GoSyntaxError(d.pos.line, d.pos.col, `${d.name} redeclared in this file`);
      }
      this.typeDecls.set(d.name, d);
    }
    for (const c of consts) {
      if (c.name === "_") continue;
      if (this.constDecls.has(c.name))
        throw new GoSyntaxError(c.pos.line, c.pos.col, `${c.name} redeclared in this file`);
      this.constDecls.set(c.name, c);
    }
    for (const d of types) if (!d.alias && d.name !== "_") this.objects.set(d.name, declare(d.name));
  }

  resolveAll(): Record<string, GoType> {
    const out: Record<string, GoType> = {};
    for (const d of this.typeDecls.values()) {
      if (d.name === "_") {
        this.resolve(d.expr);
        continue;
      }
      if (!d.alias) this.ensureDefined(d.name);
      out[d.name] = this.lookupName(d.name, d.pos);
    }
    for (const d of this.typeDecls.values()) if (!d.alias && d.name !== "_") this.checkCycle(d);
    return out;
  }

  private lookupName(name: string, pos: Pos): GoType {
    const d = this.typeDecls.get(name);
    if (d === undefined) {
      const o = this.outer[name];
      if (o !== undefined) return o;
      const p = PREDECLARED[name];
      if (p !== undefined) return p;
      const why = UNSUPPORTED_NAMES[name];
      if (why !== undefined) throw new GoSyntaxError(pos.line, pos.col, `${name}: ${why}`);
      throw new GoSyntaxError(
        pos.line,
        pos.col,
        `undefined type ${name}; declare it in the same source or use a supported type`,
      );
    }
    if (d.alias) {
      if (this.defining.has(name))
        throw new GoSyntaxError(d.pos.line, d.pos.col, `invalid recursive type alias ${name}`);
      const cached = this.objects.get(name);
      if (cached !== undefined) return cached;
      this.defining.add(name);
      const t = this.resolve(d.expr);
      this.defining.delete(name);
      this.objects.set(name, t);
      return t;
    }
    const obj = this.objects.get(name) as GoType;
    return obj;
  }

  // Defines a named type's underlying type (on demand, so `type A B` sees B defined first).
  private ensureDefined(name: string): void {
    const d = this.typeDecls.get(name);
    if (d === undefined || d.alias) return;
    const obj = this.objects.get(name) as GoType;
    if (!this.pending(obj)) return;
    if (this.defining.has(name))
      throw new GoSyntaxError(d.pos.line, d.pos.col, `invalid recursive type ${name}`);
    this.defining.add(name);
    const u = this.resolveUnderlying(d.expr);
    this.defining.delete(name);
    define(obj, u);
  }
  private pending(obj: GoType): boolean {
    return isUndefinedDecl(obj);
  }

  private resolveUnderlying(e: TExpr): GoType {
    if (e.k === "name" && e.pkg === undefined) {
      const d = this.typeDecls.get(e.name);
      if (d !== undefined && !d.alias) {
        this.ensureDefined(e.name);
      } else if (d?.alias) {
        return this.resolveUnderlying(d.expr);
      }
    }
    return this.resolve(e);
  }

  resolve(e: TExpr): GoType {
    switch (e.k) {
      case "name": {
        if (e.pkg !== undefined) {
          const k = KNOWN_TYPES[`${e.pkg}.${e.name}`];
          if (k === undefined) {
            throw new GoSyntaxError(
              e.pos.line,
              e.pos.col,
              `unsupported qualified type ${e.pkg}.${e.name}; supported: ${Object.keys(KNOWN_TYPES).join(", ")} (declare the type in the same source instead)`,
            );
          }
          return k;
        }
        const t = this.lookupName(e.name, e.pos);
        const d = this.typeDecls.get(e.name);
        if (d !== undefined && !d.alias && !this.defining.has(e.name)) this.ensureDefined(e.name);
        return t;
      }
      case "slice":
        return sliceOf(this.resolve(e.elem));
      case "ptr":
        return pointerTo(this.resolve(e.elem));
      case "array": {
        const n = this.evalConst(e.len);
        if (n < 0n)
          throw new GoSyntaxError(e.pos.line, e.pos.col, `invalid array length ${n} (must be non-negative)`);
        if (n > BigInt(MAX_ARRAY_LEN))
          throw new GoSyntaxError(e.pos.line, e.pos.col, `array length ${n} is larger than ${MAX_ARRAY_LEN}`);
        return arrayOf(Number(n), this.resolve(e.elem));
      }
      case "map": {
        const key = this.resolve(e.key);
        const elem = this.resolve(e.elem);
        if (key.kind === "slice" || key.kind === "map") {
          throw new GoSyntaxError(
            e.key.pos.line,
            e.key.pos.col,
            `invalid map key type ${key.kind === "slice" ? "slice" : "map"}`,
          );
        }
        if (key.kind === "struct" && key.name === undefined) this.checkComparable(key, e.key.pos);
        return mapOf(key, elem);
      }
      case "iface":
        return T.any;
      case "struct":
        return this.structType(e);
    }
  }

  private checkComparable(t: GoType, pos: Pos): void {
    if (t.kind === "slice" || t.kind === "map")
      throw new GoSyntaxError(pos.line, pos.col, "invalid map key type (not comparable)");
    if (t.kind === "struct") for (const f of t.fields) this.checkComparable(f.type, pos);
    if (t.kind === "array") this.checkComparable(t.elem, pos);
  }

  private structType(e: TExpr & { k: "struct" }): StructType {
    const fields: StructField[] = [];
    const seen = new Set<string>();
    for (const f of e.fields) {
      const type = this.resolve(f.type);
      let name = f.name;
      if (f.embedded) {
        const base = f.type.k === "ptr" ? f.type.elem : f.type;
        if (base.k === "name" && base.pkg === undefined && this.typeDecls.get(base.name)?.alias !== true) {
          name = base.name;
        } else if (base.k === "name") name = base.name;
        if (f.type.k === "ptr") {
          const target = type.kind === "pointer" ? type.elem : type;
          if (target.kind === "pointer" || (target.kind === "interface" && target.name !== undefined)) {
            throw new GoSyntaxError(
              f.pos.line,
              f.pos.col,
              "embedded field type cannot be a pointer to an interface or a pointer type",
            );
          }
        }
        if (type.kind === "pointer" && type.name !== undefined) {
          throw new GoSyntaxError(f.pos.line, f.pos.col, "embedded field type cannot be a pointer type");
        }
      }
      if (name !== "_" && seen.has(name))
        throw new GoSyntaxError(f.pos.line, f.pos.col, `${name} redeclared (duplicate field)`);
      seen.add(name);
      fields.push(
        Object.freeze({ name, type, tag: f.tag, embedded: f.embedded, exported: isExportedName(name) }),
      );
    }
    return Object.freeze({ kind: "struct", fields: Object.freeze(fields) }) as StructType;
  }

  private evalConst(e: CExpr, iota?: bigint): bigint {
    switch (e.k) {
      case "lit":
        return e.value;
      case "iota":
        if (iota === undefined)
          throw new GoSyntaxError(e.pos.line, e.pos.col, "cannot use iota outside constant declaration");
        return iota;
      case "bad":
        throw new GoSyntaxError(
          e.pos.line,
          e.pos.col,
          `array length: ${e.why}; write an integer literal or an integer const`,
        );
      case "ref": {
        const d = this.constDecls.get(e.name);
        if (d === undefined) {
          throw new GoSyntaxError(
            e.pos.line,
            e.pos.col,
            `undefined constant ${e.name}; declare it with const in the same source`,
          );
        }
        const v = this.constValues.get(e.name);
        if (v !== undefined) return v;
        if (this.constEvaluating.has(e.name))
          throw new GoSyntaxError(d.pos.line, d.pos.col, `initialization cycle for constant ${e.name}`);
        this.constEvaluating.add(e.name);
        const r = this.evalConst(d.expr, d.iota);
        this.constEvaluating.delete(e.name);
        this.constValues.set(e.name, r);
        return r;
      }
      case "un": {
        const x = this.evalConst(e.x, iota);
        return e.op === "-" ? -x : e.op === "^" ? ~x : x;
      }
      case "bin": {
        const x = this.evalConst(e.x, iota);
        const y = this.evalConst(e.y, iota);
        switch (e.op) {
          case "+":
            return x + y;
          case "-":
            return x - y;
          case "*":
            return x * y;
          case "/":
          case "%":
            if (y === 0n)
              throw new GoSyntaxError(e.pos.line, e.pos.col, "invalid operation: division by zero");
            return e.op === "/" ? x / y : x % y;
          case "<<":
            if (y < 0n || y > 1024n) throw new GoSyntaxError(e.pos.line, e.pos.col, "invalid shift count");
            return x << y;
          case ">>":
            if (y < 0n) throw new GoSyntaxError(e.pos.line, e.pos.col, "invalid shift count");
            return x >> y;
          case "&":
            return x & y;
          case "|":
            return x | y;
          case "^":
            return x ^ y;
          case "&^":
            return x & ~y;
          default:
            throw new GoSyntaxError(
              e.pos.line,
              e.pos.col,
              `operator ${e.op} does not give an integer constant`,
            );
        }
      }
    }
  }

  // Go rejects a struct or array that contains itself by value ("invalid recursive type").
  private checkCycle(d: TypeDecl): void {
    const root = this.objects.get(d.name) as GoType;
    const onPath = new Set<GoType>();
    const walk = (t: GoType): void => {
      if (t === root && onPath.size > 0)
        throw new GoSyntaxError(d.pos.line, d.pos.col, `invalid recursive type ${d.name}`);
      if (onPath.has(t)) return;
      if (t.kind === "struct") {
        onPath.add(t);
        for (const f of t.fields) walk(f.type);
        onPath.delete(t);
      } else if (t.kind === "array") {
        onPath.add(t);
        walk(t.elem);
        onPath.delete(t);
      }
    };
    onPath.add(root);
    if (root.kind === "struct") for (const f of root.fields) walk(f.type);
    else if (root.kind === "array") walk(root.elem);
  }
}

/**
 * Reads Go type declarations and returns every declared type by name
 * (../shared/CONTRACT.md). Aliases (`type A = B`) map to the same object as
 * their target. Throws GoSyntaxError (`line:column: message`).
 */
export function parseGo(source: string): Record<string, GoType> {
  const parser = new Parser(lex(source));
  parser.file();
  return new Resolver(parser.types, parser.consts).resolveAll();
}

/**
 * Reads one Go type expression (`map[string][]*Order`, `[4]byte`, `any`),
 * resolving names in `decls` (from parseGo) and the predeclared and known types.
 */
export function goType(expr: string, decls: Record<string, GoType> = {}): GoType {
  const parser = new Parser(lex(expr));
  const e = parser.type();
  if (!parser.atEnd()) parser.fail("unexpected text after type expression");
  return new Resolver([], [], decls).resolve(e);
}
