/**
 * callsUserMethods decides whether the input is validated whole before the first user method
 * runs (Go's Unmarshal always validates first). Its answer must not depend on which type of a
 * cycle was asked first, and a long chain of declared types must not exhaust the JS stack.
 */
import { type GoType, parseGo, withMethods } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { callsUserMethods } from "./decode-user-methods.js";

/** The declared type `name` of a parse (a missing one fails the test). */
const decl = (types: Record<string, GoType | undefined>, name: string): GoType => {
  const t = types[name];
  if (t === undefined) throw new Error(`no type ${name}`);
  return t;
};

describe("callsUserMethods", () => {
  it("answers every type of a cycle alike, whichever is asked first", () => {
    // A holds *B and an X with UnmarshalJSON; B reaches X only through A.
    // (two package names: parseGo returns the same types for the same source text)
    const src = (pkg: string) => `package ${pkg}
type X struct { V int }
type A struct { B *B; X X }
type B struct { A *A }
type Plain struct { N int; Next *Plain }`;
    const first = parseGo(src("p1"));
    withMethods(decl(first, "X"), { UnmarshalJSON: () => undefined });
    expect(callsUserMethods(decl(first, "A"))).toBe(true);
    expect(callsUserMethods(decl(first, "B"))).toBe(true);
    const second = parseGo(src("p2"));
    withMethods(decl(second, "X"), { UnmarshalJSON: () => undefined });
    expect(callsUserMethods(decl(second, "B"))).toBe(true);
    expect(callsUserMethods(decl(second, "A"))).toBe(true);
    expect(callsUserMethods(decl(second, "Plain"))).toBe(false);
  });

  it("walks a chain of 10,000 declared types", () => {
    const n = 10_000;
    const lines = ["package p3"];
    for (let i = 0; i < n; i++) lines.push(`type C${i} struct { ID int; Next *C${i + 1} }`);
    lines.push(`type C${n} struct { U []U }`, "type U string");
    const types = parseGo(lines.join("\n"));
    expect(callsUserMethods(decl(types, "C0"))).toBe(false);
    expect(callsUserMethods(decl(types, "C5000"))).toBe(false);
    lines[0] = "package p4";
    const again = parseGo(lines.join("\n"));
    withMethods(decl(again, "U"), { UnmarshalText: () => "" });
    expect(callsUserMethods(decl(again, "C0"))).toBe(true);
    expect(callsUserMethods(decl(again, "C9999"))).toBe(true);
  });
});
