import { type GoType, parseGo, pointerTo, T } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { marshal, unmarshal } from "./api.js";
import { pointerChainEnd } from "./pointer-chain.js";

// `type P *P` and a two-type cycle: Go accepts both; their pointer chains never end.
const types = parseGo(`package p
type P *P
type A *B
type B *A
type S struct { F P \`json:",string"\` }
type SA struct { F A \`json:",string"\` }
`);
const ty = (name: string) => types[name] as GoType;
const td = new TextDecoder();
const te = new TextEncoder();

describe("pointerChainEnd", () => {
  it.each<{ name: string; t: GoType; want: (t: GoType) => GoType }>([
    { name: "NotAPointer", t: T.int, want: () => T.int },
    { name: "OnePointer", t: pointerTo(T.string), want: () => T.string },
    { name: "ThreePointers", t: pointerTo(pointerTo(pointerTo(T.bool))), want: () => T.bool },
    { name: "SelfCycle", t: ty("P"), want: () => ty("P") },
  ])("Chain/$name", ({ t, want }) => {
    expect(pointerChainEnd(t)).toBe(want(t));
  });

  it("Chain/TwoTypeCycle: ends at a pointer of the cycle", () => {
    const end = pointerChainEnd(ty("A"));
    expect(end.kind).toBe("pointer");
    expect([ty("A"), ty("B")]).toContain(end);
  });
});

// Recorded from Go 1.26 (GOEXPERIMENT=jsonv2) and Go 1.27: encoding/json/v2 Unmarshal and Marshal.
describe("cyclic pointer types with `,string`", () => {
  it.each(["S", "SA"])("%s: null unmarshals to a nil pointer and marshals as null (no hang)", (name) => {
    expect(unmarshal(ty(name), te.encode('{"F":null}'))).toEqual({ F: null });
    expect(td.decode(marshal(ty(name), { F: null }))).toBe('{"F":null}');
  });
});
