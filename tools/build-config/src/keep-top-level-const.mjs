/**
 * esbuild writes every top-level `const` of a bundle as `var` (by design, with no
 * option). For V8 that is not the same program: a module-level `const` is a
 * constant its optimising compiler folds into the code (a lookup table's map,
 * length and backing store known), while a `var` is reloaded and re-checked on
 * every access. Measured on jsontext's float writer over canada's numbers: 248 ns
 * per float from the bundle, 134 ns with its tables back to `const`.
 *
 * This transform gives back `const` to each top-level `var` declaration that
 * initialises every name it declares and whose names are never assigned anywhere
 * in the chunk (any assignment to a same-named binding, even a shadowing one,
 * keeps the `var`: the test errs on the safe side). The bundle keeps the sources'
 * module order, so a `const` here is initialised where the source's was.
 *
 * The edit keeps every line's length: `var T = x` becomes `const T=x` (esbuild always
 * prints ` = `), so esbuild's own source map stays exact for the code after the `=` and the
 * transform hands back no map of its own. (A chained map of the edit made the bundle's
 * maps several times larger and named the built file, by its absolute path, as a source.)
 */
import MagicString from "magic-string";
import ts from "typescript";

/** Names that are the target of an assignment, update or for-in/of binding anywhere in `file`. */
function assignedNames(file) {
  const names = new Set();
  // The bindings an assignment target rebinds: a name, or the names in a destructuring
  // pattern (not the object of `o.x = 1`, which is mutated, not rebound).
  const targets = (node) => {
    if (ts.isIdentifier(node)) names.add(node.text);
    else if (ts.isParenthesizedExpression(node)) targets(node.expression);
    else if (ts.isArrayLiteralExpression(node)) for (const e of node.elements) targets(e);
    else if (ts.isSpreadElement(node) || ts.isSpreadAssignment(node)) targets(node.expression);
    else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken)
      targets(node.left);
    else if (ts.isObjectLiteralExpression(node)) {
      for (const p of node.properties) {
        if (ts.isPropertyAssignment(p)) targets(p.initializer);
        else if (ts.isShorthandPropertyAssignment(p)) names.add(p.name.text);
        else if (ts.isSpreadAssignment(p)) targets(p.expression);
      }
    }
  };
  const visit = (node) => {
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      node.operatorToken.kind <= ts.SyntaxKind.LastAssignment
    ) {
      targets(node.left);
    } else if (
      (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) &&
      (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)
    ) {
      targets(node.operand);
    } else if (
      (ts.isForInStatement(node) || ts.isForOfStatement(node)) &&
      !ts.isVariableDeclarationList(node.initializer)
    ) {
      targets(node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return names;
}

/** How often each name is declared at the top level (var, let, const, function, class). */
function topLevelDeclarations(file) {
  const count = new Map();
  const add = (name) => count.set(name, (count.get(name) ?? 0) + 1);
  for (const s of file.statements) {
    if (ts.isVariableStatement(s)) {
      for (const d of s.declarationList.declarations) if (ts.isIdentifier(d.name)) add(d.name.text);
    } else if ((ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s)) && s.name) add(s.name.text);
  }
  return count;
}

/**
 * Rewrites the eligible top-level `var` declarations of `code` to `const`.
 * Returns null when nothing changes.
 */
export function keepTopLevelConst(code, fileName = "chunk.js") {
  const file = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const assigned = assignedNames(file);
  const declared = topLevelDeclarations(file);
  const s = new MagicString(code);
  let changed = 0;
  for (const stmt of file.statements) {
    if (!ts.isVariableStatement(stmt)) continue;
    const list = stmt.declarationList;
    if ((list.flags & ts.NodeFlags.BlockScoped) !== 0) continue; // already let/const
    const ok = list.declarations.every(
      (d) =>
        ts.isIdentifier(d.name) &&
        d.initializer !== undefined &&
        !assigned.has(d.name.text) &&
        declared.get(d.name.text) === 1,
    );
    if (!ok) continue;
    const start = list.getStart(file);
    if (code.slice(start, start + 3) !== "var") continue;
    s.overwrite(start, start + 3, "const");
    // Give the two characters back where the first declarator's ` = ` is.
    const first = list.declarations[0];
    const eqFrom = first.name.end;
    const eqTo = first.initializer.getStart(file);
    if (code.slice(eqFrom, eqTo) === " = ") s.overwrite(eqFrom, eqTo, "=");
    changed++;
  }
  if (changed === 0) return null;
  return { code: s.toString(), changed };
}

/** The tsup plugin: {@link keepTopLevelConst} on every JavaScript chunk. */
export function keepTopLevelConstPlugin(options = {}) {
  return {
    name: "keep-top-level-const",
    esbuildOptions(o) {
      // Class and function names survive bundling (`GoTime`, not `_GoTime`, in logs and util.inspect).
      // Opt-in: esbuild then wraps every named function in a __name() call where it is defined.
      if (options.keepNames) o.keepNames = true;
    },
    renderChunk(code, info) {
      if (!/\.[cm]?js$/.test(info.path)) return;
      const r = keepTopLevelConst(code, info.path);
      if (r === null) return;
      // Same line lengths: esbuild's map still describes the chunk.
      return { code: r.code };
    },
  };
}
