/**
 * Integer constant expressions as Go evaluates them for array lengths:
 * literals, iota, the package's constants (with cycle detection), imported
 * packages' exported constants, and integer arithmetic. What it cannot
 * evaluate (a call, an unknown package's constant) is a LazyLength: the
 * array becomes opaque.
 */
import type { CExpr, ConstDeclAst } from "./go-ast.js";
import { err } from "./go-decl-text.js";

/** A constant expression gotype cannot evaluate (a call, an unknown package's constant): its array becomes opaque. */
export class LazyLength extends Error {}

/** What constant evaluation needs of its package. */
export interface ConstEnv {
  readonly constDecls: ReadonlyMap<string, ConstDeclAst>;
  /** Whether `name` is a type (declared or predeclared), which is not an expression. */
  isTypeName(name: string): boolean;
  /** The value of `qualifier.name` in `file`'s imports, or undefined when unknown. */
  importedConst(file: number, qualifier: string, name: string): bigint | undefined;
}

/** The constants of one package, each evaluated once. */
export class ConstEvaluator {
  private readonly values = new Map<string, bigint>();
  private readonly evaluating = new Set<string>();

  constructor(private readonly env: ConstEnv) {}

  /** The value of `e` in a file of the package (`iota` inside a const declaration). */
  eval(e: CExpr, iota: bigint | undefined, file: number): bigint {
    switch (e.k) {
      case "qref": {
        const v = this.env.importedConst(file, e.pkg, e.name);
        if (v === undefined) throw new LazyLength(`gotype does not know the constant ${e.pkg}.${e.name}`);
        return v;
      }
      case "lit":
        return e.value;
      case "iota":
        if (iota === undefined) throw err(e.pos, "cannot use iota outside constant declaration");
        return iota;
      case "bad":
        if (e.why.endsWith("must be integer")) throw err(e.pos, `array length ${e.why}`);
        throw new LazyLength(e.why);
      case "ref": {
        const d = this.env.constDecls.get(e.name);
        if (d === undefined) {
          if (this.env.isTypeName(e.name)) throw err(e.pos, `${e.name} (type) is not an expression`);
          throw new LazyLength(`undefined: ${e.name} (not declared in the files given)`);
        }
        const v = this.values.get(e.name);
        if (v !== undefined) return v;
        if (this.evaluating.has(e.name))
          throw err(d.pos, `initialization cycle or invalid recursive constant ${e.name}`);
        this.evaluating.add(e.name);
        try {
          const r = this.eval(d.expr, d.iota, d.fileIndex);
          this.values.set(e.name, r);
          return r;
        } finally {
          this.evaluating.delete(e.name);
        }
      }
      case "un": {
        const x = this.eval(e.x, iota, file);
        return e.op === "-" ? -x : e.op === "^" ? ~x : x;
      }
      case "bin": {
        const x = this.eval(e.x, iota, file);
        const y = this.eval(e.y, iota, file);
        switch (e.op) {
          case "+":
            return x + y;
          case "-":
            return x - y;
          case "*":
            return x * y;
          case "/":
          case "%":
            if (y === 0n) throw err(e.pos, "invalid operation: division by zero");
            return e.op === "/" ? x / y : x % y;
          case "<<":
            if (y < 0n) throw err(e.pos, `invalid shift count ${y}`);
            if (y > 10_000n) throw err(e.pos, `shift count ${y} too large`);
            return x << y;
          case ">>":
            if (y < 0n) throw err(e.pos, `invalid shift count ${y}`);
            return x >> (y > 10_000n ? 10_000n : y);
          case "&":
            return x & y;
          case "|":
            return x | y;
          case "^":
            return x ^ y;
          case "&^":
            return x & ~y;
          default:
            throw err(e.pos, `operator ${e.op} does not give an integer constant`);
        }
      }
    }
  }
}
