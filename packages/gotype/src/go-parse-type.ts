/**
 * Go type expressions: names (qualified, generic instantiations), pointers,
 * slices, arrays, maps, channels, funcs and signatures, structs with tags and
 * doc comments, interfaces and constraints, type parameter lists.
 */
import type { FieldAst, IMethodAst, SigAst, TExpr, TypeParamAst } from "./go-ast.js";
import type { Tok } from "./go-lexer.js";
import { KEYWORDS } from "./go-parse-base.js";
import { ConstParser } from "./go-parse-const.js";
import { MapExpr, NameExpr, PtrExpr, SliceExpr, StructExpr } from "./go-source-pos.js";

/** The type-expression layer of the parser. */
export abstract class TypeParser extends ConstParser {
  typeExprOnly(): TExpr {
    const e = this.type();
    while (this.t.kind === ";") this.advance();
    if (this.t.kind !== "eof")
      this.fail(`syntax error: unexpected ${this.describe(this.t)} after type expression`);
    return e;
  }

  protected typeParams(): TypeParamAst[] {
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
  protected constraintExpr(): TExpr {
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

  protected typeInner(): TExpr {
    const t = this.t;
    // (positions of the node kinds made here are made from this offset when read; the rare kinds
    // made with a position object, chan and func and arrays, make it in their branch)
    const at = t.offset;
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
          return new MapExpr(key, this.type(), at, this.lx.positions);
        }
        case "chan": {
          const pos = this.pos(t);
          this.advance();
          let dir: "both" | "send" = "both";
          if (this.isOp("<-")) {
            this.advance();
            dir = "send";
          }
          return { k: "chan", dir, elem: this.type(), pos };
        }
        case "func": {
          const pos = this.pos(t);
          this.advance();
          return { k: "func", sig: this.signature(), pos };
        }
        default:
          break;
      }
      if (KEYWORDS.has(t.text)) this.fail(`syntax error: unexpected ${this.describe(t)}, expected type`);
      return this.typeName();
    }
    if (this.isOp("*")) {
      this.advance();
      return new PtrExpr(this.type(), at, this.lx.positions);
    }
    if (this.isOp("(")) {
      this.advance();
      const inner = this.type();
      this.expectOp(")");
      return inner;
    }
    if (this.isOp("<-")) {
      const pos = this.pos(t);
      this.advance();
      if (!this.isKw("chan")) this.fail(`syntax error: unexpected ${this.describe(this.t)}, expected chan`);
      this.advance();
      return { k: "chan", dir: "recv", elem: this.type(), pos };
    }
    if (this.isOp("[")) {
      this.advance();
      if (this.isOp("]")) {
        this.advance();
        return new SliceExpr(this.type(), at, this.lx.positions);
      }
      if (this.isOp("...")) this.fail("invalid use of [...] array (outside a composite literal)", t);
      const pos = this.pos(t);
      const len = this.constExpr();
      this.expectOp("]");
      return { k: "array", len, elem: this.type(), pos };
    }
    return this.fail(`syntax error: unexpected ${this.describe(t)}, expected type`);
  }

  // Name, pkg.Name, Name[Args], pkg.Name[Args].
  protected typeName(): TExpr & { k: "name" } {
    const a = this.ident("type name");
    let name = a.text;
    let pkg: string | undefined;
    if (this.isOp(".")) {
      this.advance();
      pkg = a.text;
      name = this.ident("name").text;
    }
    const args = this.isOp("[") ? this.typeArgs() : undefined;
    return new NameExpr(name, pkg, args, a.offset, this.lx.positions);
  }

  protected typeArgs(): TExpr[] {
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
  protected signature(): SigAst {
    const p = this.paramList();
    let results: TExpr[] = [];
    if (this.isOp("(")) results = this.paramList().types;
    else if (this.startsType()) results = [this.type()];
    return { params: p.types, results, variadic: p.variadic };
  }

  protected startsType(): boolean {
    const t = this.t;
    if (t.kind === "ident") {
      if (!KEYWORDS.has(t.text)) return true;
      return ["struct", "interface", "map", "chan", "func"].includes(t.text);
    }
    return this.isOp("*") || this.isOp("[") || this.isOp("(") || this.isOp("<-");
  }

  protected paramList(): { types: TExpr[]; variadic: boolean } {
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
        first = new NameExpr(nt.text, undefined, undefined, nt.offset, this.lx.positions);
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
  protected nameBeforeBracketType(): boolean {
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

  protected ifaceType(): TExpr {
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

  protected structType(): TExpr {
    const at = this.t.offset;
    this.advance();
    this.expectOp("{");
    // Filled in place: the tag and doc after the names and type are read.
    const fields: { -readonly [K in keyof FieldAst]: FieldAst[K] }[] = [];
    // A `{` that ends its line, then one-line fields (no comment: none has a doc): the run is read
    // as the lines after a first field are, no token made for the first name.
    for (let f = this.lx.simpleFieldLine(); f !== undefined; f = this.lx.simpleFieldLine()) fields.push(f);
    if (fields.length > 0) this.lastEnd = this.lx.fieldEnd;
    for (;;) {
      while (this.t.kind === ";") this.advance();
      if (this.isOp("}")) break;
      if (this.t.kind === "eof") this.fail("syntax error: unexpected EOF, expected }");
      const first = this.t;
      const doc = first.doc;
      const simple = first.kind === "ident" && !KEYWORDS.has(first.text) ? this.lx.simpleField() : undefined;
      if (simple !== undefined) {
        // A run of one-line fields `Name Type` / ``Name Type `tag` ``, with no comment among them
        // (the first one's doc was read with its name).
        if (doc !== undefined) simple.doc = doc;
        fields.push(simple);
        // (a call a line: a wide struct runs this loop once, while the function is soon compiled)
        for (let f = this.lx.simpleFieldLine(); f !== undefined; f = this.lx.simpleFieldLine())
          fields.push(f);
        this.lastEnd = this.lx.fieldEnd;
        continue; // at the newline that ends the run's last line
      }
      const fpos = this.pos(first);
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
    return new StructExpr(fields, at, this.lx.positions);
  }

  // At an identifier in a struct body: is this an embedded field (T, pkg.T, T[A]) rather than `name Type`?
  protected isEmbeddedField(): boolean {
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
}
