/**
 * A parser for Go source files as the type model needs them: package clause,
 * imports, type declarations (generic ones too), const declarations with
 * iota, method signatures, and the declarations it can skip (var, func
 * bodies). Everything a valid Go file contains is accepted; what is not Go is
 * a GoSyntaxError with the file, line and column.
 *
 * Recursion is bounded by MAX_GO_NESTING (nested types, parentheses,
 * constant expressions); statements and initialisers are skipped with an
 * iterative bracket counter.
 */
import type {
  CExpr,
  ConstDeclAst,
  FieldAst,
  FileAst,
  GoPos,
  IMethodAst,
  ImportAst,
  MethodDeclAst,
  SigAst,
  TExpr,
  TypeDeclAst,
  TypeParamAst,
} from "./go-ast.js";
import { Lexer, type Tok } from "./go-lexer.js";

/**
 * Deepest nesting of types and expressions gotype reads in one declaration
 * (`[][][]...int`, `struct { A struct { ... } }`, `((((1))))`). Go's own
 * parser stops at 100,000; real code stays far below this limit, and a
 * bound keeps every recursive walk of the model (codecs included) well inside
 * the JavaScript stack.
 */
export const MAX_GO_NESTING = 500;

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

/** Parses one Go source file. `fileIndex` tags declarations for file-scoped imports. */
export function parseFile(source: string, file?: string, fileIndex = 0): FileAst {
  return new Parser(new Lexer(source, file), fileIndex, source).file();
}

/** Parses one type expression (goType); throws on trailing text. */
export function parseTypeExpr(source: string): TExpr {
  const p = new Parser(new Lexer(source), 0, source);
  return p.typeExprOnly();
}

class Parser {
  private depth = 0;
  private readonly fileName: string | undefined;
  private readonly out: {
    imports: ImportAst[];
    types: TypeDeclAst[];
    consts: ConstDeclAst[];
    methods: MethodDeclAst[];
    values: { name: string; pos: GoPos }[];
  } = { imports: [], types: [], consts: [], methods: [], values: [] };

  constructor(
    private readonly lx: Lexer,
    private readonly fileIndex: number,
    private readonly source: string,
  ) {
    this.fileName = lx.file;
  }

  private get t(): Tok {
    return this.lx.peek(0);
  }
  private peek(k: number): Tok {
    return this.lx.peek(k);
  }
  private lastEnd = 0;
  private advance(): Tok {
    const t = this.lx.next();
    if (t.kind !== ";" && t.kind !== "eof") this.lastEnd = t.offset + t.text.length;
    return t;
  }
  private pos(t: Tok = this.t): GoPos {
    return this.fileName !== undefined
      ? { file: this.fileName, line: t.line, col: t.col }
      : { line: t.line, col: t.col };
  }
  fail(msg: string, t: Tok = this.t): never {
    return this.lx.fail(msg, t);
  }
  private describe(t: Tok): string {
    if (t.kind === "eof") return "EOF";
    if (t.kind === ";") return t.value === "newline" ? "newline" : t.value === "eof" ? "EOF" : "';'";
    if (t.kind === "ident" && KEYWORDS.has(t.text)) return `keyword ${t.text}`;
    if (t.kind === "ident") return `name ${t.text}`;
    if (t.kind === "op") return t.text;
    return `literal ${t.text}`;
  }
  private isOp(s: string, t: Tok = this.t): boolean {
    return t.kind === "op" && t.text === s;
  }
  private isKw(s: string, t: Tok = this.t): boolean {
    return t.kind === "ident" && t.text === s;
  }
  private expectOp(s: string): Tok {
    if (!this.isOp(s)) this.fail(`syntax error: unexpected ${this.describe(this.t)}, expected ${s}`);
    return this.advance();
  }
  private ident(what = "name"): Tok {
    if (this.t.kind !== "ident" || KEYWORDS.has(this.t.text))
      this.fail(`syntax error: unexpected ${this.describe(this.t)}, expected ${what}`);
    return this.advance();
  }
  private semi(context: string): void {
    if (this.t.kind === ";") {
      this.advance();
      return;
    }
    if (this.isOp(")") || this.isOp("}") || this.t.kind === "eof") return;
    this.fail(`syntax error: unexpected ${this.describe(this.t)} ${context}`);
  }
  private enter(): void {
    if (++this.depth > MAX_GO_NESTING)
      this.fail(`nesting deeper than ${MAX_GO_NESTING} levels (gotype's MAX_GO_NESTING)`);
  }
  private leave(): void {
    this.depth--;
  }

  typeExprOnly(): TExpr {
    const e = this.type();
    while (this.t.kind === ";") this.advance();
    if (this.t.kind !== "eof")
      this.fail(`syntax error: unexpected ${this.describe(this.t)} after type expression`);
    return e;
  }

  file(): FileAst {
    while (this.t.kind === ";") this.advance();
    let packageName: string | undefined;
    let packagePos: GoPos | undefined;
    let buildConstraint: string | undefined;
    let packageDoc: string | undefined;
    if (this.isKw("package")) {
      const kw = this.advance();
      packageDoc = kw.doc;
      const header = this.source.slice(0, kw.offset);
      const m = /^\/\/go:build[ \t]+([^\r\n]*)/m.exec(header);
      if (m !== null) buildConstraint = (m[1] as string).trim();
      else buildConstraint = plusBuild(header);
      const name = this.ident("package name");
      packageName = name.text;
      packagePos = this.pos(name);
      if (packageName === "_") this.fail("invalid package name _", name);
      this.semi("after package clause");
    }
    while (this.isKw("import")) this.importDecl();
    while (this.t.kind !== "eof") {
      const t = this.t;
      if (t.kind === ";") {
        this.advance();
        continue;
      }
      if (this.isKw("type")) this.group((doc) => this.typeSpec(doc), t);
      else if (this.isKw("const")) this.constDecl();
      else if (this.isKw("var")) this.varDecl();
      else if (this.isKw("func")) this.funcDecl();
      else if (this.isKw("import")) this.fail("syntax error: imports must appear before other declarations");
      else if (this.isOp("}") || this.isOp(")"))
        this.fail(`syntax error: unexpected ${t.text} after top level declaration`);
      else this.fail(`syntax error: non-declaration statement outside function body`);
    }
    return {
      ...(this.fileName !== undefined ? { file: this.fileName } : {}),
      ...(packageName !== undefined ? { packageName } : {}),
      ...(packagePos !== undefined ? { packagePos } : {}),
      ...(buildConstraint !== undefined ? { buildConstraint } : {}),
      ...(packageDoc !== undefined ? { packageDoc } : {}),
      ...this.out,
    };
  }

  private importDecl(): void {
    this.advance();
    const spec = () => {
      let name: string | undefined;
      if (this.t.kind === "ident") name = this.advance().text;
      else if (this.isOp(".")) {
        this.advance();
        name = ".";
      }
      if (this.t.kind !== "string") this.fail(`syntax error: missing import path; require quoted string`);
      const pt = this.advance();
      const path = pt.value ?? "";
      if (path === "" || /[\s\\!"#$%&'()*,:;<=>?[\]^`{|}\u0000-\u001f\ufffd]/u.test(path))
        this.fail(`invalid import path: ${pt.text}`, pt);
      this.out.imports.push({ ...(name !== undefined ? { name } : {}), path, pos: this.pos(pt) });
      this.semi("after import spec");
    };
    if (this.isOp("(")) {
      this.advance();
      for (;;) {
        while (this.t.kind === ";") this.advance();
        if (this.isOp(")")) break;
        if (this.t.kind === "eof") this.fail("syntax error: unexpected EOF, expected )");
        spec();
      }
      this.advance();
      this.semi("after import declaration");
    } else spec();
  }

  private group(spec: (doc: string | undefined) => void, kw: Tok): void {
    this.advance();
    if (this.isOp("(")) {
      this.advance();
      for (;;) {
        while (this.t.kind === ";") this.advance();
        if (this.isOp(")")) break;
        if (this.t.kind === "eof") this.fail("syntax error: unexpected EOF, expected )");
        spec(this.t.doc);
      }
      this.advance();
      this.semi("after top level declaration");
    } else spec(kw.doc);
  }

  private typeSpec(doc: string | undefined): void {
    const nameTok = this.ident("type name");
    let params: TypeParamAst[] | undefined;
    if (this.isOp("[") && this.looksGeneric()) params = this.typeParams();
    let alias = false;
    if (this.isOp("=")) {
      alias = true;
      this.advance();
    }
    const expr = this.type();
    const d: TypeDeclAst = {
      name: nameTok.text,
      alias,
      expr,
      pos: this.pos(nameTok),
      fileIndex: this.fileIndex,
      ...(params !== undefined
        ? { params, source: `type ${this.lx.slice(nameTok.offset, this.lastEnd)}` }
        : {}),
      ...((nameTok.doc ?? doc) !== undefined ? { doc: (nameTok.doc ?? doc) as string } : {}),
    };
    this.out.types.push(d);
    this.semi("after top level declaration");
  }

  // After `type Name`, `[` starts a type parameter list when an identifier is
  // followed by something that cannot continue an array length expression.
  private looksGeneric(): boolean {
    const a = this.peek(1);
    const b = this.peek(2);
    if (a.kind !== "ident") return false;
    // [T any], [T interface{...}], [K, V any], [T ~int], [S []E]; `[P *C]` and `[N(3)]` read as array
    // lengths, as Go does, unless a comma at the top level shows a parameter list (`[T *C | D, U any]`).
    if (b.kind === "ident" || this.isOp(",", b) || this.isOp("~", b) || this.isOp("[", b)) return true;
    if (!this.isOp("*", b)) return false;
    let depth = 0;
    for (let k = 1; k < 100_000; k++) {
      const x = this.peek(k);
      if (x.kind === "eof") return false;
      if (this.isOp("[", x) || this.isOp("(", x) || this.isOp("{", x)) depth++;
      else if (this.isOp("]", x) || this.isOp(")", x) || this.isOp("}", x)) {
        if (depth === 0) return false;
        depth--;
      } else if (depth === 0 && this.isOp(",", x)) return true;
    }
    return false;
  }

  private typeParams(): TypeParamAst[] {
    this.expectOp("[");
    const out: TypeParamAst[] = [];
    for (;;) {
      const names = [this.ident("type parameter").text];
      while (this.isOp(",")) {
        this.advance();
        names.push(this.ident("type parameter").text);
      }
      const constraint = this.constraintExpr();
      for (const name of names) out.push({ name, constraint });
      if (this.isOp(",")) {
        this.advance();
        if (this.isOp("]")) break;
        continue;
      }
      break;
    }
    this.expectOp("]");
    if (out.length === 0) this.fail("empty type parameter list");
    return out;
  }

  // A constraint: a type, or a union of `~T` / `T` terms.
  private constraintExpr(): TExpr {
    const pos = this.pos();
    const terms: { tilde: boolean; type: TExpr }[] = [];
    for (;;) {
      let tilde = false;
      if (this.isOp("~")) {
        this.advance();
        tilde = true;
      }
      terms.push({ tilde, type: this.type() });
      if (!this.isOp("|")) break;
      this.advance();
    }
    const only = terms[0];
    if (terms.length === 1 && only !== undefined && !only.tilde) return only.type;
    return { k: "terms", terms, pos };
  }

  type(): TExpr {
    this.enter();
    try {
      return this.typeInner();
    } finally {
      this.leave();
    }
  }

  private typeInner(): TExpr {
    const t = this.t;
    const pos = this.pos();
    if (t.kind === "ident") {
      switch (t.text) {
        case "struct":
          return this.structType();
        case "interface":
          return this.ifaceType();
        case "map": {
          this.advance();
          this.expectOp("[");
          const key = this.type();
          this.expectOp("]");
          return { k: "map", key, elem: this.type(), pos };
        }
        case "chan": {
          this.advance();
          let dir: "both" | "send" = "both";
          if (this.isOp("<-")) {
            this.advance();
            dir = "send";
          }
          return { k: "chan", dir, elem: this.type(), pos };
        }
        case "func":
          this.advance();
          return { k: "func", sig: this.signature(), pos };
        default:
          break;
      }
      if (KEYWORDS.has(t.text)) this.fail(`syntax error: unexpected ${this.describe(t)}, expected type`);
      return this.typeName();
    }
    if (this.isOp("*")) {
      this.advance();
      return { k: "ptr", elem: this.type(), pos };
    }
    if (this.isOp("(")) {
      this.advance();
      const inner = this.type();
      this.expectOp(")");
      return inner;
    }
    if (this.isOp("<-")) {
      this.advance();
      if (!this.isKw("chan")) this.fail(`syntax error: unexpected ${this.describe(this.t)}, expected chan`);
      this.advance();
      return { k: "chan", dir: "recv", elem: this.type(), pos };
    }
    if (this.isOp("[")) {
      this.advance();
      if (this.isOp("]")) {
        this.advance();
        return { k: "slice", elem: this.type(), pos };
      }
      if (this.isOp("...")) this.fail("invalid use of [...] array (outside a composite literal)", t);
      const len = this.constExpr();
      this.expectOp("]");
      return { k: "array", len, elem: this.type(), pos };
    }
    return this.fail(`syntax error: unexpected ${this.describe(t)}, expected type`);
  }

  // Name, pkg.Name, Name[Args], pkg.Name[Args].
  private typeName(): TExpr & { k: "name" } {
    const pos = this.pos();
    const a = this.ident("type name");
    let name = a.text;
    let pkg: string | undefined;
    if (this.isOp(".")) {
      this.advance();
      pkg = a.text;
      name = this.ident("name").text;
    }
    let args: TExpr[] | undefined;
    if (this.isOp("[")) args = this.typeArgs();
    return {
      k: "name",
      name,
      pos,
      ...(pkg !== undefined ? { pkg } : {}),
      ...(args !== undefined ? { args } : {}),
    };
  }

  private typeArgs(): TExpr[] {
    this.expectOp("[");
    const args: TExpr[] = [];
    for (;;) {
      args.push(this.type());
      if (this.isOp(",")) {
        this.advance();
        if (this.isOp("]")) break;
        continue;
      }
      break;
    }
    this.expectOp("]");
    return args;
  }

  // (params) results — parameter names dropped, types kept.
  private signature(): SigAst {
    const p = this.paramList();
    let results: TExpr[] = [];
    if (this.isOp("(")) results = this.paramList().types;
    else if (this.startsType()) results = [this.type()];
    return { params: p.types, results, variadic: p.variadic };
  }

  private startsType(): boolean {
    const t = this.t;
    if (t.kind === "ident") {
      if (!KEYWORDS.has(t.text)) return true;
      return ["struct", "interface", "map", "chan", "func"].includes(t.text);
    }
    return this.isOp("*") || this.isOp("[") || this.isOp("(") || this.isOp("<-");
  }

  private paramList(): { types: TExpr[]; variadic: boolean } {
    this.expectOp("(");
    type Item = { first: TExpr; type?: TExpr; variadic: boolean };
    const items: Item[] = [];
    let variadic = false;
    while (!this.isOp(")")) {
      if (this.t.kind === "eof") this.fail("syntax error: unexpected EOF, expected )");
      let v = false;
      if (this.isOp("...")) {
        this.advance();
        v = true;
      }
      let first: TExpr;
      if (!v && this.nameBeforeBracketType()) {
        // `b []byte`, `a [4]int`: a parameter name, then its type.
        const nt = this.advance();
        first = { k: "name", name: nt.text, pos: this.pos(nt) };
      } else first = this.type();
      const item: Item = { first, variadic: v };
      if (!this.isOp(",") && !this.isOp(")")) {
        // `name Type` (or `name ...Type`)
        if (this.isOp("...")) {
          this.advance();
          item.variadic = true;
        }
        item.type = this.type();
      }
      if (item.variadic) variadic = true;
      items.push(item);
      if (!this.isOp(",")) break;
      this.advance();
    }
    this.expectOp(")");
    const named = items.some((i) => i.type !== undefined);
    const types: TExpr[] = [];
    if (named) {
      let pending = 0;
      for (const it of items) {
        pending++;
        if (it.type !== undefined) {
          for (let k = 0; k < pending; k++) types.push(it.type);
          pending = 0;
        }
      }
      if (pending > 0) this.fail("syntax error: mixed named and unnamed parameters");
    } else for (const it of items) types.push(it.first);
    return { types, variadic };
  }

  // In a parameter list, at `ident [`: is the bracket a type after a name (`b []byte`, `a [4]T`)
  // rather than type arguments (`Page[T]`)?
  private nameBeforeBracketType(): boolean {
    if (this.t.kind !== "ident" || KEYWORDS.has(this.t.text) || !this.isOp("[", this.peek(1))) return false;
    if (this.isOp("]", this.peek(2))) return true;
    let depth = 0;
    for (let k = 1; k < 1_000_000; k++) {
      const x = this.peek(k);
      if (x.kind === "eof") return false;
      if (this.isOp("[", x) || this.isOp("(", x) || this.isOp("{", x)) depth++;
      else if (this.isOp("]", x) || this.isOp(")", x) || this.isOp("}", x)) {
        depth--;
        if (depth === 0) {
          const after = this.peek(k + 1);
          return !(
            this.isOp(",", after) ||
            this.isOp(")", after) ||
            this.isOp("]", after) ||
            after.kind === ";" ||
            this.isOp("{", after)
          );
        }
      }
    }
    return false;
  }

  private ifaceType(): TExpr {
    const pos = this.pos();
    this.advance();
    this.expectOp("{");
    const methods: IMethodAst[] = [];
    const embeds: TExpr[] = [];
    let constraint = false;
    for (;;) {
      while (this.t.kind === ";") this.advance();
      if (this.isOp("}")) break;
      if (this.t.kind === "eof") this.fail("syntax error: unexpected EOF, expected }");
      if (this.t.kind === "ident" && !KEYWORDS.has(this.t.text) && this.isOp("(", this.peek(1))) {
        const nt = this.advance();
        methods.push({ name: nt.text, sig: this.signature(), pos: this.pos(nt) });
      } else {
        const e = this.constraintExpr();
        if (e.k === "terms") constraint = true;
        embeds.push(e);
      }
      if (this.isOp("}")) break;
      this.semi("in interface type");
    }
    this.advance();
    return { k: "iface", methods, embeds, constraint, pos };
  }

  private structType(): TExpr {
    const pos = this.pos();
    this.advance();
    this.expectOp("{");
    // Filled in place: the tag and doc after the names and type are read.
    const fields: { -readonly [K in keyof FieldAst]: FieldAst[K] }[] = [];
    for (;;) {
      while (this.t.kind === ";") this.advance();
      if (this.isOp("}")) break;
      if (this.t.kind === "eof") this.fail("syntax error: unexpected EOF, expected }");
      const first = this.t;
      const doc = first.doc;
      const fpos = this.pos();
      const added = fields.length;
      if (this.isOp("*")) {
        this.advance();
        const tn = this.typeName();
        fields.push({
          name: tn.name,
          embedded: true,
          type: { k: "ptr", elem: tn, pos: fpos },
          tag: "",
          pos: fpos,
        });
      } else if (this.isOp("(")) {
        this.fail("syntax error: cannot parenthesize embedded type");
      } else if (this.t.kind === "ident" && this.isEmbeddedField()) {
        const tn = this.typeName();
        fields.push({ name: tn.name, embedded: true, type: tn, tag: "", pos: fpos });
      } else {
        const names: Tok[] = [this.ident("field name or embedded type")];
        while (this.isOp(",")) {
          this.advance();
          names.push(this.ident("field name"));
        }
        const ft = this.type();
        for (const nt of names)
          fields.push({ name: nt.text, embedded: false, type: ft, tag: "", pos: this.pos(nt) });
      }
      let tag = "";
      if (this.t.kind === "string") tag = this.advance().value ?? "";
      const lineDoc = this.lx.trailingComment((this.t.kind as string) === ";" ? this.t.line : first.line);
      const d = doc ?? lineDoc;
      for (let i = added; i < fields.length; i++) {
        const f = fields[i] as (typeof fields)[number];
        f.tag = tag;
        if (d !== undefined) f.doc = d;
      }
      if (this.isOp("}")) break;
      if ((this.t.kind as string) !== ";")
        this.fail(`syntax error: unexpected ${this.describe(this.t)}, expected semicolon, newline, or }`);
    }
    this.advance();
    return { k: "struct", fields, pos };
  }

  // At an identifier in a struct body: is this an embedded field (T, pkg.T, T[A]) rather than `name Type`?
  private isEmbeddedField(): boolean {
    const b = this.peek(1);
    if (this.isOp(".", b)) return true;
    if (b.kind === ";" || b.kind === "string" || this.isOp("}", b)) return true;
    if (this.isOp("[", b)) {
      // `a [N]T` is a field of array type; `T[A]` (then `;`, a tag or `}`) an embedded instantiated type.
      let depth = 0;
      for (let k = 1; k < 1_000_000; k++) {
        const x = this.peek(k);
        if (x.kind === "eof") return false;
        if (this.isOp("[", x) || this.isOp("(", x) || this.isOp("{", x)) depth++;
        else if (this.isOp("]", x) || this.isOp(")", x) || this.isOp("}", x)) {
          depth--;
          if (depth === 0) {
            const after = this.peek(k + 1);
            return after.kind === ";" || after.kind === "string" || this.isOp("}", after);
          }
        }
      }
    }
    return false;
  }

  private constDecl(): void {
    const kw = this.advance();
    let iota = 0n;
    let prev: CExpr[] | undefined;
    const spec = () => {
      const names: Tok[] = [this.ident("constant name")];
      while (this.isOp(",")) {
        this.advance();
        names.push(this.ident("constant name"));
      }
      let exprs: CExpr[] = [];
      if (!this.isOp("=") && (this.t.kind as string) !== ";" && !this.isOp(")")) this.type(); // typed constant
      if (this.isOp("=")) {
        this.advance();
        exprs.push(this.constExpr());
        while (this.isOp(",")) {
          this.advance();
          exprs.push(this.constExpr());
        }
        prev = exprs;
      } else if (prev !== undefined) exprs = prev;
      else this.fail("syntax error: missing init expr for const declaration", names[0] as Tok);
      names.forEach((nt, k) => {
        const e = exprs[k] ?? {
          k: "bad" as const,
          why: "missing init expr for const declaration",
          pos: this.pos(nt),
        };
        this.out.consts.push({ name: nt.text, expr: e, iota, pos: this.pos(nt), fileIndex: this.fileIndex });
      });
      iota++;
      this.semi("after top level declaration");
    };
    if (this.isOp("(")) {
      this.advance();
      for (;;) {
        while (this.t.kind === ";") this.advance();
        if (this.isOp(")")) break;
        if (this.t.kind === "eof") this.fail("syntax error: unexpected EOF, expected )");
        spec();
      }
      this.advance();
      this.semi("after top level declaration");
    } else spec();
    void kw;
  }

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

  private unaryConst(): CExpr {
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
  private postfix(x: CExpr, pos: GoPos, first: Tok): CExpr {
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

  // Skips one bracketed group `(...)`, `[...]` or `{...}` iteratively.
  private skipBalanced(): void {
    let depth = 0;
    do {
      const t = this.t;
      if (t.kind === "eof") this.fail("syntax error: unexpected EOF (unbalanced brackets)");
      if (this.isOp("(") || this.isOp("[") || this.isOp("{")) depth++;
      else if (this.isOp(")") || this.isOp("]") || this.isOp("}")) depth--;
      this.advance();
    } while (depth > 0);
  }

  // Skips to the end of the current declaration (`;` at bracket depth 0).
  private skipToSemi(): void {
    let depth = 0;
    while (this.t.kind !== "eof") {
      if (this.isOp("(") || this.isOp("[") || this.isOp("{")) depth++;
      else if (this.isOp(")") || this.isOp("]") || this.isOp("}")) {
        if (depth === 0) return;
        depth--;
      } else if (depth === 0 && this.t.kind === ";") {
        this.advance();
        return;
      }
      this.advance();
    }
    if (depth !== 0) this.fail("syntax error: unexpected EOF (unbalanced brackets)");
  }

  private varDecl(): void {
    this.advance();
    const spec = () => {
      const name = this.ident("variable name");
      this.out.values.push({ name: name.text, pos: this.pos(name) });
      this.skipToSemi();
    };
    if (this.isOp("(")) {
      this.advance();
      for (;;) {
        while (this.t.kind === ";") this.advance();
        if (this.isOp(")")) break;
        if (this.t.kind === "eof") this.fail("syntax error: unexpected EOF, expected )");
        spec();
      }
      this.advance();
      this.semi("after top level declaration");
    } else spec();
  }

  private funcDecl(): void {
    const kw = this.advance();
    let recv: { type: string; pointer: boolean } | undefined;
    if (this.isOp("(")) {
      // Receiver: (name *T[P]) or (T) or (*T).
      this.advance();
      if (
        this.t.kind === "ident" &&
        !this.isOp(")", this.peek(1)) &&
        !this.isOp("[", this.peek(1)) &&
        !this.isOp(".", this.peek(1))
      )
        this.advance(); // receiver name
      let pointer = false;
      if (this.isOp("*")) {
        this.advance();
        pointer = true;
      }
      if (this.isOp("(")) {
        // (r (*T)) — parenthesised receiver type
        this.advance();
        if (this.isOp("*")) {
          this.advance();
          pointer = true;
        }
        const tn = this.ident("receiver type");
        if (this.isOp("[")) this.skipBalanced();
        this.expectOp(")");
        recv = { type: tn.text, pointer };
      } else {
        const tn = this.ident("receiver type");
        if (this.isOp("[")) this.skipBalanced();
        recv = { type: tn.text, pointer };
      }
      this.expectOp(")");
    }
    const name = this.ident("function name");
    if (this.isOp("[")) this.typeParams();
    const sig = this.signature();
    if (recv !== undefined)
      this.out.methods.push({
        recvType: recv.type,
        recvPointer: recv.pointer,
        name: name.text,
        sig,
        pos: this.pos(name),
        fileIndex: this.fileIndex,
      });
    else if (name.text !== "init" && name.text !== "_")
      this.out.values.push({ name: name.text, pos: this.pos(name) });
    if (this.isOp("{")) this.skipBalanced();
    this.semi("after top level declaration");
    void kw;
  }
}

// Pre-Go 1.17 `// +build a,b c` lines (used when a file has no //go:build line), as one //go:build
// expression: options in a line are ORed, comma-separated terms ANDed, and lines ANDed.
function plusBuild(header: string): string | undefined {
  const lines = [...header.matchAll(/^\/\/[ \t]*\+build[ \t]+([^\r\n]*)/gm)].map((m) =>
    (m[1] as string).trim(),
  );
  if (lines.length === 0) return undefined;
  return lines
    .map(
      (l) =>
        `(${l
          .split(/\s+/)
          .map((o) => `(${o.split(",").join(" && ")})`)
          .join(" || ")})`,
    )
    .join(" && ");
}

function parseIntLit(text: string): bigint | undefined {
  const s = text.replaceAll("_", "");
  if (/^0[xX][0-9a-fA-F]+$/.test(s) || /^0[bB][01]+$/.test(s)) return BigInt(s);
  if (/^0[oO][0-7]+$/.test(s)) return BigInt(`0o${s.slice(2)}`);
  if (/^0[0-7]+$/.test(s)) return BigInt(`0o${s.slice(1)}`);
  if (/^(0|[1-9][0-9]*)$/.test(s)) return BigInt(s);
  return undefined;
}
