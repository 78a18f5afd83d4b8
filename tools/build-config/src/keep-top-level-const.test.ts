import { describe, expect, it } from "vitest";
import { keepTopLevelConst, keepTopLevelConstPlugin } from "./index.mjs";

const out = (code: string) => keepTopLevelConst(code)?.code ?? code;

describe("keepTopLevelConst", () => {
  it.each([
    ["a table", "var T = new Uint8Array(4);\nfunction f(i) { return T[i]; }", "const T=new Uint8Array(4);"],
    ["several names", "var a = 1, b = 2;\nexport { a, b };", "const a=1, b = 2;"],
    ["an esbuild helper", "var __defProp = Object.defineProperty;", "const __defProp=Object.defineProperty;"],
    ["a mutated object", "var o = {};\no.x = 1;\nT[0] = 2;\nvar T = [];", "const o={};"],
    ["a declaration printed without spaces", "var m=1;\nexport { m };", "const m=1;"],
  ])("turns %s into const", (_, code, want) => {
    expect(out(code)).toContain(want);
  });

  it.each([
    ["reassigned", "var n = 0;\nfunction inc() { n = n + 1; }"],
    ["compound-assigned", "var n = 0;\nn += 2;"],
    ["incremented", "var n = 0;\nfunction inc() { n++; }"],
    ["decremented (prefix)", "var n = 0;\n--n;"],
    ["destructured into", "var n = 0;\n[n] = [1];"],
    ["an object pattern target", "var n = 0;\n({ n } = { n: 1 });"],
    ["a nested pattern target with a default", "var n = 0;\n({ a: [n = 2] } = { a: [] });"],
    ["a for-in target", "var k = '';\nfor (k in {}) ;"],
    ["without initializer", "var init;\ninit = 1;"],
    ["declared twice", "var x = 1;\nvar x = 2;"],
    ["one declarator of two reassigned", "var a = 1, b = 2;\nb = 3;"],
    [
      "shadowed and assigned in a function (conservative)",
      "var n = 0;\nfunction f() { let n = 1; n = 2; return n; }",
    ],
  ])("keeps var when %s", (_, code) => {
    expect(keepTopLevelConst(code)).toBeNull();
  });

  it("leaves function-scoped var and let/const alone", () => {
    const code = "function f() { var inner = 1; return inner; }\nlet l = 1;\nconst c = 2;";
    expect(keepTopLevelConst(code)).toBeNull();
  });

  it("keeps the module's behaviour and every line's length (the bundle's source map stays exact)", async () => {
    const code = [
      "var P = new Float64Array(3);",
      "for (let i = 0; i < 3; i++) P[i] = 10 ** i;",
      "var state = { calls: 0 };",
      "var counter = 0;",
      "export function scale(x) { state.calls++; counter++; return x * P[2]; }",
      "export function calls() { return [state.calls, counter]; }",
    ].join("\n");
    const r = keepTopLevelConst(code, "m.js");
    expect(r?.changed).toBe(2);
    expect(r?.code).toContain("const P=new Float64Array(3);");
    expect(r?.code).toContain("const state={ calls: 0 };");
    expect(r?.code).toContain("var counter = 0;");
    const mod = await import(`data:text/javascript,${encodeURIComponent(r?.code ?? "")}`);
    expect(mod.scale(3)).toBe(300);
    mod.scale(1);
    expect(mod.calls()).toEqual([2, 2]);
    const lengths = (c: string) => c.split("\n").map((l) => l.length);
    expect(lengths(r?.code ?? "")).toEqual(lengths(code));
    expect(r?.code.indexOf("new Float64Array")).toBe(code.indexOf("new Float64Array"));
  });
});

describe("keepTopLevelConstPlugin options", () => {
  it("KeepNames/OptIn", () => {
    const off: { keepNames?: boolean } = {};
    keepTopLevelConstPlugin().esbuildOptions(off);
    expect(off.keepNames).toBeUndefined();
    const on: { keepNames?: boolean } = {};
    keepTopLevelConstPlugin({ keepNames: true }).esbuildOptions(on);
    expect(on.keepNames).toBe(true);
  });
});
