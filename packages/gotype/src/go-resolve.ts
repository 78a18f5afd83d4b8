/**
 * The resolver: turns the declarations of one Go package (one or more parsed
 * files) into GoType objects, as Go's type checker sees them.
 *
 * - Names resolve in Go's scopes: type parameters, the package (across
 *   files), the file's imports (named, dot and blank imports), the universe.
 *   Scopes are Maps: `constructor` or `__proto__` are ordinary names.
 * - Named types are object identities created first, so recursive types in
 *   any order work; `type A B` chains are followed iteratively.
 * - Generic types are instantiated on use (`Page[Order]`), once per argument
 *   list, with reflect's name (`Page[main.Order]`).
 * - Checks Go makes on declarations run after each resolution session over
 *   the types it created: invalid recursive types, arrays larger than the
 *   address space, map keys, embedded fields.
 * - What JSON never reads may have any type: types gotype cannot resolve
 *   become opaque stand-ins that fail only when a codec reaches them.
 */
import {
  arrayOf,
  declare,
  define,
  defineStruct,
  isExportedName,
  isUndefinedDecl,
  mapOf,
  pointerTo,
  sliceOf,
} from "./constructors.js";
import type {
  CExpr,
  ConstDeclAst,
  Ctx,
  FileAst,
  GoPos,
  MethodDeclAst,
  SigAst,
  TExpr,
  TypeDeclAst,
} from "./go-ast.js";
import { type CompositeScope, ifaceType, structFields, structType, typeId } from "./go-composite-types.js";
import { ConstEvaluator, LazyLength } from "./go-const-eval.js";
import {
  checkArrays,
  checkEmbeds,
  checkValueCycles,
  cycleError,
  type DeferredArray,
} from "./go-decl-checks.js";
import { err, exprString, paramsText, posString, sigString, type TextScope } from "./go-decl-text.js";
import { FileImports } from "./go-file-imports.js";
import { defaultImportName, THIRD_PARTY_READY } from "./go-import-names.js";
import { bigLengths, isComparable, MAX_ARRAY_LEN, MAX_WIDTH, measure, measures } from "./go-measure.js";
import { attachMethodDecls } from "./go-method-decls.js";
import type { GoSyntaxError } from "./go-syntax-error.js";
import { NUMERIC_KINDS } from "./kinds.js";
import { installMethodSlot } from "./methods.js";
import { opaqueType, unresolvedType } from "./opaque.js";
import { typeString, typeStringPath } from "./type-string.js";
import type { GoType, StructType } from "./types.js";
import { UNIVERSE } from "./universe.js";

/** How deep generic instantiations may nest (`Page[Page[Page[...]]]`) before gotype reports an instantiation cycle. */
export const MAX_INSTANTIATION_DEPTH = 64;

/** Finds the package for an import path (undefined: gotype does not know it). */
export type Importer = (path: string) => ResolvedPackage | undefined;

/** What the resolver needs of another package. */
export interface ResolvedPackage {
  readonly name: string;
  readonly path: string;
}

// The resolver hangs off the package object under a registered symbol, so a package made by
// another copy of gotype (the CommonJS build of a subpath, a second install) still resolves.
const SCOPE = Symbol.for("gojson.gotype.scope");

/** The resolver behind a package object made by parseGoPackage (any copy of gotype). */
export function scopeOf(pkg: object): PackageScope | undefined {
  return (pkg as Record<symbol, PackageScope | undefined>)[SCOPE];
}

/** Associates a package object with its resolver. */
export function bindScope(pkg: object, scope: PackageScope): void {
  Object.defineProperty(pkg, SCOPE, { value: scope, enumerable: false });
}

/** Options of a package resolver. */
export interface ScopeOptions {
  readonly name: string;
  readonly path: string;
  /** Whether named types record `pkgPath` (false for the anonymous `main` of parseGo without a path). */
  readonly recordPath: boolean;
  readonly importer: Importer;
  /** Types visible in the package scope without a declaration (std packages built on the known types). */
  readonly predeclared?: ReadonlyMap<string, GoType>;
  /** Types visible after the package scope (goType's `decls`). */
  readonly outer?: ReadonlyMap<string, GoType>;
}

/** Where a type expression is resolved: its file and the type parameters in scope. */

type Mutable = Record<string, unknown>;

// Stands for the right-hand side of a declaration that is already resolved.
const RESOLVED_EXPR: TExpr = Object.freeze({
  k: "iface",
  methods: [],
  embeds: [],
  constraint: false,
  pos: { line: 0, col: 0 },
});

// Kinds whose every type is comparable (Go's map key rule needs no walk of their parts).
const COMPARABLE_KINDS: ReadonlySet<string> = new Set<string>([
  ...NUMERIC_KINDS,
  "bool",
  "string",
  "pointer",
]);

/** The resolver of one package. */
export class PackageScope {
  readonly name: string;
  readonly path: string;
  private files: readonly Pick<FileAst, "imports">[];
  private readonly typeDecls = new Map<string, TypeDeclAst>();
  private readonly genericDecls = new Map<string, TypeDeclAst>();
  private readonly constDecls = new Map<string, ConstDeclAst>();
  private readonly methodDecls = new Map<string, MethodDeclAst[]>();
  private readonly objects = new Map<string, GoType>();
  private readonly instances = new Map<string, GoType>();
  private readonly structs = new Map<number, StructType[]>();
  private readonly aliasing = new Set<string>();
  private readonly consts = new ConstEvaluator({
    constDecls: this.constDecls,
    isTypeName: (name) => this.typeDecls.has(name) || UNIVERSE.has(name),
    importedConst: (file, q, name) => {
      const path = this.imports.importPath(file, q);
      const pkg = path !== undefined ? this.opts.importer(path) : undefined;
      return pkg !== undefined ? scopeOf(pkg)?.exportedConst(name) : undefined;
    },
  });
  private readonly texts: TextScope;
  private readonly imports: FileImports;
  private readonly composite: CompositeScope;
  private instDepth = 0;
  // Per file without dot imports: the names found in the universe (`int`, `string`), which no
  // declaration of the package, predeclared or outer type shadows (those never change), read
  // first by later lookups: a wide struct resolves each field's type name once.
  private readonly universeNames: (Map<string, GoType> | undefined)[] = [];
  private readonly fileCtxs: (Ctx | undefined)[] = [];
  // Session state: what the current top-level resolution created.
  private sessionDepth = 0;
  private newNamed: GoType[] = [];
  private newInstanceKeys: string[] = [];
  private arrays: DeferredArray[] = [];
  private mapKeys: { key: GoType; pos: GoPos }[] = [];
  private embeds: { type: GoType; pointer: boolean; pos: GoPos }[] = [];
  private declPos: GoPos = { line: 0, col: 0 };

  constructor(
    files: readonly FileAst[],
    private readonly opts: ScopeOptions,
  ) {
    this.name = opts.name;
    this.path = opts.path;
    this.files = files;
    this.imports = new FileImports(() => this.files, opts.importer);
    this.composite = {
      resolve: (e, ctx) => this.resolve(e, ctx),
      embedded: (type, pointer, pos) => this.embeds.push({ type, pointer, pos }),
      structs: this.structs,
      exprString: (e, ctx) => this.exprString(e, ctx, true),
      sigString: (sig, ctx) => this.sigString(sig, ctx),
    };
    this.texts = {
      name: opts.name,
      declares: (name) => this.typeDecls.has(name) || this.genericDecls.has(name),
      evalConst: (e, ctx) => this.evalConst(e, undefined, ctx),
    };
    this.declareAll(files);
  }

  // Files the package's declarations by name (a name declared twice is Go's error) and makes
  // the named types. (A method: a map local to the constructor would live as long as the
  // closures made there.)
  private declareAll(files: readonly FileAst[]): void {
    const seen = new Map<string, GoPos>();
    const claim = (name: string, pos: GoPos) => {
      if (name === "_") return;
      const prev = seen.get(name);
      if (prev !== undefined)
        throw err(
          pos,
          `${name} redeclared in this block\n\t${posString(prev)}: other declaration of ${name}`,
        );
      seen.set(name, pos);
    };
    for (const f of files) {
      for (const d of f.types) {
        claim(d.name, d.pos);
        if (d.name === "_") continue;
        if (d.params !== undefined) this.genericDecls.set(d.name, d);
        else this.typeDecls.set(d.name, d);
      }
      for (const c of f.consts) {
        claim(c.name, c.pos);
        if (c.name !== "_") this.constDecls.set(c.name, c);
      }
      for (const v of f.values) claim(v.name, v.pos);
      for (const m of f.methods) {
        const list = this.methodDecls.get(m.recvType);
        if (list === undefined) this.methodDecls.set(m.recvType, [m]);
        else list.push(m);
      }
    }
    for (const d of this.typeDecls.values()) {
      if (d.alias) continue;
      const t = declare(d.name, { pkg: this.name }) as unknown as Mutable;
      this.decorate(t, d);
      this.objects.set(d.name, t as unknown as GoType);
    }
  }

  /** Names of the generic types the package declares. */
  genericNames(): string[] {
    return [...this.genericDecls.keys()];
  }

  /** Type parameter names of generic `name`, or undefined. */
  genericParams(name: string): string[] | undefined {
    return this.genericDecls.get(name)?.params?.map((p) => p.name);
  }

  /** Resolves every non-generic type declaration: the package's types by name (a null-prototype record; the caller freezes it). */
  resolveAll(): Record<string, GoType> {
    const r = this.session(() => {
      const out = Object.create(null) as Record<string, GoType>;
      for (const d of this.typeDecls.values()) {
        this.declPos = d.pos;
        if (d.alias) out[d.name] = this.resolveAlias(d.name);
        else {
          this.defineNamed(d.name);
          out[d.name] = this.objects.get(d.name) as GoType;
        }
      }
      return out;
    });
    this.compact();
    return r;
  }

  // After resolveAll the syntax trees of resolved declarations are no longer
  // needed (lookups use the objects); keep what generics and aliases need.
  private compact(): void {
    for (const [name, d] of this.typeDecls) {
      if (!d.alias) (d as { expr: TExpr }).expr = RESOLVED_EXPR;
      if (!this.genericDecls.has(name)) this.methodDecls.delete(name);
    }
    this.files = this.files.map((f) => ({ imports: f.imports }));
  }

  /** A type exported by this package, for other packages (`pkg.Name`, `pkg.Name[Args]`); undefined when absent. */
  lookupExported(name: string, args: readonly GoType[] | undefined, pos: GoPos): GoType | undefined {
    return this.session(() => {
      const g = this.genericDecls.get(name);
      if (g !== undefined) {
        if (args === undefined)
          throw err(
            pos,
            `cannot use generic type ${this.name}.${name}${paramsText(g)} without instantiation`,
          );
        return this.instantiate(g, args, pos);
      }
      const d = this.typeDecls.get(name);
      if (d !== undefined) {
        if (args !== undefined) throw err(pos, `${this.name}.${name} is not a generic type`);
        if (d.alias) return this.resolveAlias(name);
        this.defineNamed(name);
        return this.objects.get(name);
      }
      const p = this.opts.predeclared?.get(name);
      if (p !== undefined && args === undefined) return p;
      return undefined;
    });
  }

  /** Resolves a parsed type expression in the package scope (the scope of file `file`). */
  typeExpr(e: TExpr, file = 0): GoType {
    return this.session(() => {
      this.declPos = e.pos;
      return this.resolve(e, { file });
    });
  }

  /** Instantiates generic `name` with `args`. */
  instantiateByName(name: string, args: readonly GoType[]): GoType {
    const g = this.genericDecls.get(name);
    if (g === undefined)
      throw new TypeError(`instantiate: package ${this.name} declares no generic type ${name}`);
    return this.session(() => this.instantiate(g, args, g.pos));
  }

  // ------------------------------------------------------------------ sessions

  private session<R>(fn: () => R): R {
    if (this.sessionDepth > 0) return fn();
    this.sessionDepth++;
    try {
      const r = fn();
      this.postChecks();
      for (const t of this.newNamed) Object.freeze(t);
      return r;
    } catch (e) {
      for (const k of this.newInstanceKeys) this.instances.delete(k);
      throw e;
    } finally {
      this.sessionDepth--;
      this.newNamed = [];
      this.newInstanceKeys = [];
      this.arrays = [];
      this.mapKeys = [];
      this.embeds = [];
      this.instDepth = 0;
    }
  }

  private decorate(t: Mutable, d: { pos: GoPos; doc?: string }): void {
    if (this.opts.recordPath) t.pkgPath = this.path;
    t.pos = d.pos;
    if (d.doc !== undefined) t.doc = d.doc;
    installMethodSlot(t);
    this.newNamed.push(t as unknown as GoType);
  }

  // ------------------------------------------------------------------ named types

  // An alias's type. A chain `type A = B; type B = C; ...` is followed in a loop (a chain of
  // thousands of aliases does not deepen the call stack); `aliasing` holds the aliases being
  // resolved, so a cycle (direct or through a type expression) is reported.
  private resolveAlias(name: string): GoType {
    const cached = this.objects.get(name);
    if (cached !== undefined) return cached;
    const chain: string[] = [];
    try {
      let cur = name;
      let t: GoType | undefined;
      while (t === undefined) {
        if (this.aliasing.has(cur)) {
          const stack = [...this.aliasing];
          throw this.cycleError([...stack.slice(stack.indexOf(cur)), cur]);
        }
        this.aliasing.add(cur);
        chain.push(cur);
        const d = this.typeDecls.get(cur) as TypeDeclAst;
        const e = d.expr;
        const next =
          e.k === "name" && e.pkg === undefined && e.args === undefined
            ? this.typeDecls.get(e.name)
            : undefined;
        if (next?.alias === true) {
          t = this.objects.get(next.name);
          cur = next.name;
        } else t = this.resolve(e, { file: d.fileIndex });
      }
      for (const n of chain) this.objects.set(n, t);
      return t;
    } finally {
      for (const n of chain) this.aliasing.delete(n);
    }
  }

  // The local named type a declaration's right-hand side names directly (through aliases), if any.
  private chainTarget(e: TExpr, tparams: Ctx["tparams"]): string | undefined {
    let cur = e;
    // (made at the first alias: most declarations are type literals or name a type directly)
    let seen: Set<string> | undefined;
    for (;;) {
      if (cur.k !== "name" || cur.pkg !== undefined || cur.args !== undefined) return undefined;
      if (tparams?.has(cur.name))
        throw err(cur.pos, "cannot use a type parameter as RHS in type declaration");
      const d = this.typeDecls.get(cur.name);
      if (d === undefined) return undefined;
      if (!d.alias) return d.name;
      seen ??= new Set<string>();
      if (seen.has(d.name)) return undefined; // alias cycle: resolveAlias reports it
      seen.add(d.name);
      cur = d.expr;
    }
  }

  // Defines named type `name` (and the chain `type A B; type B C; ...` it starts), iteratively.
  private defineNamed(name: string): void {
    // (made at the first link: most declarations start no chain)
    let chain: string[] | undefined;
    let inChain: Set<string> | undefined;
    let cur = name;
    for (;;) {
      const obj = this.objects.get(cur) as GoType;
      if (!isUndefinedDecl(obj)) break;
      if (inChain?.has(cur)) {
        const c = chain as string[];
        throw this.cycleError(c.slice(c.indexOf(cur)).concat(cur));
      }
      const d = this.typeDecls.get(cur) as TypeDeclAst;
      const target = this.chainTarget(d.expr, undefined);
      if (target !== undefined) {
        chain ??= [];
        inChain ??= new Set<string>();
        chain.push(cur);
        inChain.add(cur);
        cur = target;
        continue;
      }
      const saved = this.declPos;
      this.declPos = d.pos;
      const e = d.expr;
      if (e.k === "struct") {
        // (the common declaration: its literal is the named type's own, not interned)
        defineStruct(obj, structFields(e.fields, this.fileCtx(d.fileIndex), this.composite));
        this.declPos = saved;
        this.attachMethods(obj, cur, this.methodDecls.get(cur));
        break;
      }
      const u = this.resolve(e, this.fileCtx(d.fileIndex));
      this.declPos = saved;
      if (isUndefinedDecl(u)) throw this.cycleError([cur, u.name as string, cur]);
      define(obj, u);
      this.attachMethods(obj, cur, this.methodDecls.get(cur));
      break;
    }
    if (chain === undefined) return;
    for (let i = chain.length - 1; i >= 0; i--) {
      const n = chain[i] as string;
      const d = this.typeDecls.get(n) as TypeDeclAst;
      const target = this.objects.get(this.chainTarget(d.expr, undefined) as string) as GoType;
      const obj = this.objects.get(n) as GoType;
      define(obj, target);
      this.attachMethods(obj, n, this.methodDecls.get(n));
    }
  }

  private cycleError(path: string[]): GoSyntaxError {
    return cycleError(
      path,
      (n) => (this.typeDecls.get(n) ?? this.genericDecls.get(n))?.pos ?? { line: 0, col: 0 },
    );
  }

  // ------------------------------------------------------------------ generics

  private instantiate(g: TypeDeclAst, args: readonly GoType[], pos: GoPos): GoType {
    const params = g.params ?? [];
    if (args.length < params.length)
      throw err(
        pos,
        `not enough type arguments for type ${g.name}: have ${args.length}, want ${params.length}`,
      );
    if (args.length > params.length)
      throw err(
        pos,
        `too many type arguments for type ${g.name}: have ${args.length}, want ${params.length}`,
      );
    for (const a of args) {
      if (a.kind === "interface" && a.opaque?.kind === "constraint")
        throw err(
          pos,
          `cannot use type ${typeString(a)} outside a type constraint: interface contains type constraints`,
        );
    }
    const key = `${g.name}\u0000${args.map(typeId).join(",")}`;
    const hit = this.instances.get(key);
    if (hit !== undefined) return hit;
    const tparams = new Map(params.map((p, i) => [p.name, args[i] as GoType]));
    const ctx: Ctx = { file: g.fileIndex, tparams };
    if (g.alias) {
      const t = this.resolve(g.expr, ctx);
      this.instances.set(key, t);
      this.newInstanceKeys.push(key);
      return t;
    }
    if (++this.instDepth > MAX_INSTANTIATION_DEPTH)
      throw err(
        pos,
        `instantiation cycle: ${g.name} instantiated more than ${MAX_INSTANTIATION_DEPTH} levels deep`,
      );
    try {
      const name = `${g.name}[${args.map(typeStringPath).join(",")}]`;
      const obj = declare(name, { pkg: this.name }) as unknown as Mutable;
      this.decorate(obj, g);
      obj.generic = Object.freeze({
        name: g.name,
        source: g.source ?? `type ${g.name}`,
        typeArgs: Object.freeze([...args]),
      });
      const o = obj as unknown as GoType;
      this.instances.set(key, o);
      this.newInstanceKeys.push(key);
      const target = this.chainTarget(g.expr, tparams);
      let u: GoType;
      if (target !== undefined) {
        this.defineNamed(target);
        u = this.objects.get(target) as GoType;
      } else {
        const saved = this.declPos;
        this.declPos = g.pos;
        u = this.resolve(g.expr, ctx);
        this.declPos = saved;
      }
      if (u === o || isUndefinedDecl(u)) throw err(g.pos, `invalid recursive type ${g.name}`);
      define(o, u);
      this.attachMethods(o, name, this.methodDecls.get(g.name));
      return o;
    } finally {
      this.instDepth--;
    }
  }

  // The context of a declaration without type parameters in file `file` (one object a file:
  // the context is never changed, and a package of many types would make one a declaration).
  private fileCtx(file: number): Ctx {
    let c = this.fileCtxs[file];
    if (c === undefined) {
      c = Object.freeze({ file });
      this.fileCtxs[file] = c;
    }
    return c;
  }

  // ------------------------------------------------------------------ expressions

  private resolve(e: TExpr, ctx: Ctx): GoType {
    switch (e.k) {
      case "name":
        return e.pkg !== undefined
          ? this.qualified(e as TExpr & { k: "name"; pkg: string }, ctx)
          : this.unqualified(e, ctx);
      case "slice":
        return sliceOf(this.resolve(e.elem, ctx));
      case "ptr":
        return pointerTo(this.resolve(e.elem, ctx));
      case "array": {
        const elem = this.resolve(e.elem, ctx);
        let n: bigint;
        try {
          n = this.evalConst(e.len, undefined, ctx);
        } catch (x) {
          if (x instanceof LazyLength) return this.lazyArray(e, ctx, x.message);
          throw x;
        }
        if (n < 0n) throw err(e.len.pos, `invalid array length ${n} (untyped int constant)`);
        const m = measure(elem);
        const goRefuses = m !== undefined && m.size > 0n && n > (MAX_WIDTH - 1n) / m.size;
        if (!goRefuses && m !== undefined && n * m.cells > BigInt(MAX_ARRAY_LEN)) {
          const lazy = this.lazyArray(
            e,
            ctx,
            `it holds ${n * m.cells} elements, more than gotype's MAX_ARRAY_LEN (${MAX_ARRAY_LEN}): its values are JavaScript arrays`,
          );
          // Keep its real size, so an array of it still meets Go's address-space limit.
          measures.set(lazy, { size: n * m.size, align: m.align, cells: 1n });
          return lazy;
        }
        let type: GoType;
        if (n > BigInt(MAX_ARRAY_LEN)) {
          // Never escapes: checkArrays rejects it at the end of the session.
          type = Object.freeze({ kind: "array", elem, len: 0 });
          bigLengths.set(type, n);
        } else type = arrayOf(Number(n), elem);
        this.arrays.push({
          n,
          elem,
          elemText: this.exprString(e.elem, ctx, true),
          type,
          pos: e.pos,
          declPos: this.declPos,
        });
        return type;
      }
      case "map": {
        const key = this.resolve(e.key, ctx);
        const elem = this.resolve(e.elem, ctx);
        if (
          key.kind === "slice" ||
          key.kind === "map" ||
          (key.kind === "interface" && key.opaque?.kind === "func")
        )
          throw err(e.key.pos, `invalid map key type ${this.localString(key)}`);
        // (a key of a basic or pointer kind is comparable whatever it names: nothing to check later)
        if (!COMPARABLE_KINDS.has(key.kind)) this.mapKeys.push({ key, pos: e.key.pos });
        return mapOf(key, elem);
      }
      case "struct":
        return structType(e.fields, ctx, this.composite);
      case "iface":
        return ifaceType(e, ctx, this.composite);
      case "func":
        return opaqueType(
          "func",
          `func${this.sigString(e.sig, ctx)}`,
          'encoding/json cannot encode functions; tag the field `json:"-"` or leave it unexported',
          e.pos,
        );
      case "chan": {
        const prefix = e.dir === "send" ? "chan<- " : e.dir === "recv" ? "<-chan " : "chan ";
        return opaqueType(
          "chan",
          `${prefix}${this.exprString(e.elem, ctx)}`,
          'encoding/json cannot encode channels; tag the field `json:"-"` or leave it unexported',
          e.pos,
        );
      }
      case "terms":
        return opaqueType(
          "constraint",
          e.terms.map((t) => `${t.tilde ? "~" : ""}${this.exprString(t.type, ctx)}`).join(" | "),
          "a union of type terms is a type constraint; it cannot be the type of a value",
          e.pos,
        );
    }
  }

  // An array gotype keeps but cannot model (a length it cannot evaluate, or too many elements):
  // opaque, so it fails only where JSON needs it.
  private lazyArray(e: TExpr & { k: "array" }, ctx: Ctx, why: string): GoType {
    return opaqueType(
      "unresolved",
      this.exprString(e, ctx, true),
      `gotype cannot model this array type: ${why}; tag the field \`json:"-"\`, leave it unexported, or declare the length as an integer const`,
      e.pos,
    );
  }

  private unqualified(e: TExpr & { k: "name" }, ctx: Ctx): GoType {
    const name = e.name;
    const tp = ctx.tparams?.get(name);
    if (tp !== undefined) {
      if (e.args !== undefined) throw err(e.pos, `${name} is not a generic type`);
      return tp;
    }
    if (e.args === undefined) {
      const u = this.universeNames[ctx.file]?.get(name);
      if (u !== undefined) return u;
    }
    const d = this.typeDecls.get(name);
    if (d !== undefined) {
      if (e.args !== undefined) throw err(e.pos, `${name} is not a generic type`);
      return d.alias ? this.resolveAlias(name) : (this.objects.get(name) as GoType);
    }
    const g = this.genericDecls.get(name);
    if (g !== undefined) {
      if (e.args === undefined)
        throw err(e.pos, `cannot use generic type ${name}${paramsText(g)} without instantiation`);
      return this.instantiate(
        g,
        e.args.map((a) => this.resolve(a, ctx)),
        e.pos,
      );
    }
    const pre = this.opts.predeclared?.get(name) ?? this.opts.outer?.get(name);
    if (pre !== undefined && e.args === undefined) return pre;
    const dots = this.imports.dotImports(ctx.file);
    for (let i = 0; i < dots.length; i++) {
      const path = dots[i] as string;
      const pkg = this.opts.importer(path);
      const scope = pkg !== undefined ? scopeOf(pkg) : undefined;
      const t = scope?.lookupExported(
        name,
        e.args?.map((a) => this.resolve(a, ctx)),
        e.pos,
      );
      if (t !== undefined) return t;
    }
    const u = UNIVERSE.get(name);
    if (u !== undefined && e.args === undefined) {
      if (dots.length === 0) {
        let names = this.universeNames[ctx.file];
        if (names === undefined) {
          names = new Map();
          this.universeNames[ctx.file] = names;
        }
        names.set(name, u);
      }
      return u;
    }
    return unresolvedType(
      this.name,
      name,
      undefined,
      `undefined: ${name}; it is not declared in the files given: pass every file of the package (parseGoPackage) or declare it`,
      e.pos,
    );
  }

  private qualified(e: TExpr & { k: "name"; pkg: string }, ctx: Ctx): GoType {
    const q = e.pkg;
    const path = this.imports.importPath(ctx.file, q);
    if (path === undefined) {
      return unresolvedType(
        q,
        e.name,
        undefined,
        `undefined: ${q}; add the import of package ${q} to the file`,
        e.pos,
      );
    }
    if (path === "C")
      return unresolvedType(
        q,
        e.name,
        path,
        "cgo types (C.xxx) have no JSON form; gotype reads files with cgo disabled",
        e.pos,
      );
    if (!isExportedName(e.name)) throw err(e.pos, `name ${e.name} not exported by package ${q}`);
    if (path === "unsafe" && e.name === "Pointer")
      return opaqueType(
        "unsafe.Pointer",
        "unsafe.Pointer",
        'encoding/json cannot encode unsafe.Pointer; tag the field `json:"-"` or leave it unexported',
        e.pos,
      );
    const args = e.args?.map((a) => this.resolve(a, ctx));
    const pkg = this.opts.importer(path);
    const scope = pkg !== undefined ? scopeOf(pkg) : undefined;
    const t = scope?.lookupExported(e.name, args, e.pos);
    if (t !== undefined) return t;
    const name = defaultImportName(path);
    const hint =
      scope !== undefined
        ? `package ${JSON.stringify(path)} as gotype knows it declares no type ${e.name}; declare it (see "Declaring imported types" in the README)`
        : THIRD_PARTY_READY.has(path)
          ? `gotype has it ready: import { thirdPartyPackages } from "@gojson/gotype/thirdparty" and pass { imports: thirdPartyPackages }`
          : `declare package ${name} for gotype, e.g. parseGoPackage([{ name: "${name}.go", source: "package ${name}\\ntype ${e.name} ..." }], { path: ${JSON.stringify(path)} }), and pass it in the imports option (see "Declaring imported types" in the README)`;
    return unresolvedType(q, e.name, path, hint, e.pos);
  }

  private sigString(sig: SigAst, ctx: Ctx): string {
    return sigString(this.texts, sig, ctx);
  }

  private exprString(e: TExpr, ctx: Ctx, local = false): string {
    return exprString(this.texts, e, ctx, local);
  }

  // A type as Go's compiler prints it in declaration errors: this package's names unqualified.
  private localString(t: GoType): string {
    const s = typeString(t);
    return s.split(`${this.name}.`).join("");
  }

  private attachMethods(t: GoType, typeName: string, decls: readonly MethodDeclAst[] | undefined): void {
    // (most types declare no method: no import-path closure made for them)
    if (decls === undefined) return;
    attachMethodDecls(t, typeName, decls, (file, q) => this.imports.importPath(file, q));
  }

  // ------------------------------------------------------------------ constants

  /** The value of an exported integer constant of this package (for `pkg.Name` array lengths), or undefined. */
  exportedConst(name: string): bigint | undefined {
    if (!this.constDecls.has(name)) return undefined;
    try {
      return this.evalConst({ k: "ref", name, pos: { line: 0, col: 0 } }, undefined);
    } catch {
      return undefined;
    }
  }

  private evalConst(e: CExpr, iota: bigint | undefined, ctx?: Ctx): bigint {
    return this.consts.eval(e, iota, ctx?.file ?? 0);
  }

  // ------------------------------------------------------------------ checks after a session

  private postChecks(): void {
    checkEmbeds(this.embeds);
    checkValueCycles(this.newNamed, (names) => this.cycleError(names));
    checkArrays(this.arrays);
    for (const k of this.mapKeys) {
      if (!isComparable(k.key)) throw err(k.pos, `invalid map key type ${this.localString(k.key)}`);
    }
  }
}
