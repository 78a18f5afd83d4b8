/**
 * A parser for Go source files as the type model needs them: package clause,
 * imports, type declarations (generic ones too), const declarations with
 * iota, method signatures, and the declarations it can skip (var, func
 * bodies). Everything a valid Go file contains is accepted; what is not Go is
 * a GoSyntaxError with the file, line and column.
 *
 * Layers, each a class over the one below: go-parse-base.ts (tokens),
 * go-parse-const.ts (constant expressions), go-parse-type.ts (types), and
 * this file (declarations).
 *
 * Recursion is bounded by MAX_GO_NESTING (nested types, parentheses,
 * constant expressions); statements and initialisers are skipped with an
 * iterative bracket counter.
 */
import type {
  CExpr,
  ConstDeclAst,
  FileAst,
  GoPos,
  ImportAst,
  MethodDeclAst,
  TExpr,
  TypeDeclAst,
  TypeParamAst,
} from "./go-ast.js";
import { Lexer, type Tok } from "./go-lexer.js";
import { TypeParser } from "./go-parse-type.js";

export { MAX_GO_NESTING } from "./go-parse-base.js";

/**
 * Parses one Go source file. `fileIndex` tags declarations for file-scoped imports;
 * `tokensOnly` reads skipped code (function bodies, initialisers) token by token (for tests).
 */
export function parseFile(source: string, file?: string, fileIndex = 0, tokensOnly = false): FileAst {
  return new Parser(new Lexer(source, file, tokensOnly), fileIndex, source).file();
}

/** Parses one type expression (goType); throws on trailing text. */
export function parseTypeExpr(source: string): TExpr {
  const p = new Parser(new Lexer(source), 0, source);
  return p.typeExprOnly();
}

// The declarations layer: package clause, imports, type, const, var and func declarations.
class Parser extends TypeParser {
  protected readonly out: {
    imports: ImportAst[];
    types: TypeDeclAst[];
    consts: ConstDeclAst[];
    methods: MethodDeclAst[];
    values: { name: string; pos: GoPos }[];
  } = { imports: [], types: [], consts: [], methods: [], values: [] };

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
      // (most files have neither constraint: a substring test first, no regex over the license text)
      const m = header.includes("go:build") ? /^\/\/go:build[ \t]+([^\r\n]*)/m.exec(header) : null;
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

  protected importDecl(): void {
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

  protected group(spec: (doc: string | undefined) => void, kw: Tok): void {
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

  protected typeSpec(doc: string | undefined): void {
    const nameTok = this.ident("type name");
    let params: TypeParamAst[] | undefined;
    if (this.isOp("[") && this.looksGeneric()) params = this.typeParams();
    let alias = false;
    if (this.isOp("=")) {
      alias = true;
      this.advance();
    }
    const expr = this.type();
    // (set one by one: spreading optional parts costs a clone a declaration)
    const d: { -readonly [K in keyof TypeDeclAst]: TypeDeclAst[K] } = {
      name: nameTok.text,
      alias,
      expr,
      pos: this.pos(nameTok),
      fileIndex: this.fileIndex,
    };
    if (params !== undefined) {
      d.params = params;
      d.source = `type ${this.lx.slice(nameTok.offset, this.lastEnd)}`;
    }
    const docText = nameTok.doc ?? doc;
    if (docText !== undefined) d.doc = docText;
    this.out.types.push(d);
    this.semi("after top level declaration");
  }

  // After `type Name`, `[` starts a type parameter list when an identifier is
  // followed by something that cannot continue an array length expression.
  protected looksGeneric(): boolean {
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

  protected constDecl(): void {
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

  protected varDecl(): void {
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

  protected funcDecl(): void {
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
  if (!header.includes("+build")) return undefined;
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
