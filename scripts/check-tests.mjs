#!/usr/bin/env node
// Guards the honesty of the test suite (issue #29). Fails on:
//   1. a skipped test without a reason: `it.skip(`, `test.skip(`, `describe.skip(`, `.skipIf(`, `.runIf(`
//      with no `// skip: <why>` comment on the same line or within the three lines above, and
//      `ctx.skip()` without a string argument (`ctx.skip("why")` is the preferred form);
//   2. a test that asserts inside a `catch` block without `expect.assertions(n)` or
//      `expect.hasAssertions()` (if nothing throws, those assertions silently never run; prefer
//      `expect(() => f()).toThrow(...)` and a helper that returns the thrown error);
//   3. `expect.unreachable()` / `expect.fail()` / `assert.fail()` inside a `try` block that has a
//      `catch` (the catch receives the assertion error and the test passes).
// Usage: node scripts/check-tests.mjs [dir ...]   (default: packages apps tools)
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const root = new URL("..", import.meta.url).pathname;
const dirs = process.argv.slice(2).length ? process.argv.slice(2) : ["packages", "apps", "tools"];
const SKIP_DIRS = new Set(["node_modules", "dist", ".turbo", ".test-results", "coverage", "testdata"]);
const TEST_FILE = /\.(test|spec|stress\.test|prop\.test)\.(m|c)?[tj]sx?$/;
const REASON = /\/\/\s*skip(ped)?\s*:\s*\S.{3,}|\/\*\s*skip(ped)?\s*:\s*\S.{3,}/i;
const TEST_FNS = new Set(["it", "test"]);

/** Test files under a directory. */
function* walk(dir) {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name)) continue;
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) yield* walk(p);
    else if (TEST_FILE.test(name)) yield p;
  }
}

/** The identifier chain of a callee: `it.skip.each` → ["it", "skip", "each"]. */
function calleeChain(expr) {
  const out = [];
  let e = expr;
  for (;;) {
    if (ts.isPropertyAccessExpression(e)) {
      out.unshift(e.name.text);
      e = e.expression;
    } else if (ts.isCallExpression(e)) {
      e = e.expression; // it.skipIf(cond)(...), test.each(table)(...)
    } else if (ts.isIdentifier(e)) {
      out.unshift(e.text);
      return out;
    } else return out;
  }
}

function isExpectCall(node) {
  if (!ts.isCallExpression(node)) return false;
  const chain = calleeChain(node.expression);
  return chain[0] === "expect" || chain[0] === "assert";
}

function insideCatch(node, stopAt) {
  for (let p = node.parent; p && p !== stopAt; p = p.parent) if (ts.isCatchClause(p)) return true;
  return false;
}

/** The function passed as a test's body, if any. */
function testBody(call) {
  for (const a of call.arguments) if (ts.isArrowFunction(a) || ts.isFunctionExpression(a)) return a;
  return undefined;
}

export function checkSource(file, text) {
  const findings = [];
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lines = text.split("\n");
  const at = (node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
  const hasReasonNear = (line) => {
    for (let l = Math.max(0, line - 3); l <= line; l++) if (REASON.test(lines[l] ?? "")) return true;
    return false;
  };
  const report = (node, msg) => findings.push({ file, line: at(node) + 1, msg });

  const visit = (node) => {
    // `cond ? test.skip : test` and friends: a skip taken as a value
    if (
      ts.isPropertyAccessExpression(node) &&
      node.name.text === "skip" &&
      ts.isIdentifier(node.expression) &&
      ["it", "test", "describe", "suite"].includes(node.expression.text) &&
      !(ts.isCallExpression(node.parent) && node.parent.expression === node) &&
      !(ts.isPropertyAccessExpression(node.parent) && node.parent.expression === node) &&
      !hasReasonNear(at(node))
    ) {
      report(node, `${node.expression.text}.skip taken as a value without a reason (add "// skip: <why>")`);
    }
    if (ts.isCallExpression(node)) {
      const chain = calleeChain(node.expression);
      const head = chain[0];
      // 1. skips
      if (
        (head === "it" || head === "test" || head === "describe" || head === "suite") &&
        chain.some((c) => c === "skip" || c === "skipIf" || c === "runIf") &&
        ts.isPropertyAccessExpression(node.expression) &&
        !hasReasonNear(at(node))
      ) {
        report(
          node,
          `${chain.join(".")}(...) without a reason (add "// skip: <why>" above it, or ctx.skip("<why>"))`,
        );
      }
      if (
        chain.length === 2 &&
        chain[1] === "skip" &&
        !["it", "test", "describe", "suite"].includes(head ?? "") &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.arguments.length === 0 &&
        !hasReasonNear(at(node))
      ) {
        report(node, `${chain.join(".")}() without a reason string (${head}.skip("<why>"))`);
      }
      // 2. assertions only inside catch
      if (TEST_FNS.has(head ?? "") && !chain.includes("skip") && !chain.includes("todo")) {
        const body = testBody(node);
        if (body) {
          let total = 0;
          let inCatch = 0;
          let counted = false;
          const scan = (n) => {
            if (isExpectCall(n)) {
              const c = calleeChain(n.expression);
              if (c[0] === "expect" && (c[1] === "assertions" || c[1] === "hasAssertions")) counted = true;
              else {
                total++;
                if (insideCatch(n, body)) inCatch++;
              }
            }
            ts.forEachChild(n, scan);
          };
          scan(body);
          if (inCatch > 0 && !counted) {
            report(
              node,
              `${inCatch} of ${total} assertion(s) of this test sit in a catch block and it has no expect.assertions(n)`,
            );
          }
        }
      }
      // 3. unreachable/fail inside try
      if (
        (head === "expect" && (chain[1] === "unreachable" || chain[1] === "fail")) ||
        (head === "assert" && chain[1] === "fail")
      ) {
        for (let p = node.parent; p; p = p.parent) {
          if (ts.isFunctionLike(p)) break;
          if (ts.isTryStatement(p.parent ?? {}) && p.parent.tryBlock === p && p.parent.catchClause) {
            report(
              node,
              `${chain.join(".")}() inside a try block: the catch receives its error and the test passes`,
            );
            break;
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return findings;
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const all = [];
  let files = 0;
  for (const d of dirs) {
    const abs = join(root, d);
    if (!existsSync(abs)) continue;
    for (const f of walk(abs)) {
      files++;
      all.push(...checkSource(relative(root, f), readFileSync(f, "utf8")));
    }
  }
  for (const f of all) console.error(`${f.file}:${f.line}: ${f.msg}`);
  console.log(`check-tests: ${files} test files, ${all.length} finding(s)`);
  process.exit(all.length ? 1 : 0);
}
