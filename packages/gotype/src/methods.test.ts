import { describe, expect, it } from "vitest";
import { pointerTo } from "./constructors.js";
import { timeTime } from "./known.js";
import { lookupMethod, withMethods } from "./methods.js";
import { parseGo } from "./parse-go.js";
import type { GoType } from "./types.js";

describe("withMethods / lookupMethod (Go method sets)", () => {
  const d = parseGo(`
type V int
type P int
type ByVal struct{ V }
type ByPtr struct{ *P }
type Amb struct{ A; B }
type A struct{ V }
type B struct{ V }
type Shadow struct{ V; MarshalJSON int }
type Deep struct{ A; W V }
`);
  const V = withMethods(d.V as GoType, { MarshalJSON: () => "1" });
  withMethods(V, { UnmarshalJSON: (_b: Uint8Array, c: unknown) => c });
  const P = withMethods(d.P as GoType, { MarshalJSON: () => "2" }, { receiver: "pointer" });

  it("value receivers are in T's and *T's method sets", () => {
    expect(lookupMethod(V, "MarshalJSON")?.method.receiver).toBe("value");
    expect(lookupMethod(pointerTo(V), "MarshalJSON")).toBeDefined();
  });
  it("pointer receivers need *T or an addressable T", () => {
    expect(lookupMethod(V, "UnmarshalJSON")).toBeUndefined();
    expect(lookupMethod(V, "UnmarshalJSON", { addressable: true })?.method.receiver).toBe("pointer");
    expect(lookupMethod(pointerTo(V), "UnmarshalJSON")).toBeDefined();
    expect(lookupMethod(P, "MarshalJSON")).toBeUndefined();
  });
  it("promotion through value and pointer embedding", () => {
    expect(lookupMethod(d.ByVal as GoType, "MarshalJSON")?.path).toEqual([
      { index: 0, name: "V", pointer: false },
    ]);
    expect(lookupMethod(d.ByVal as GoType, "UnmarshalJSON")).toBeUndefined();
    expect(lookupMethod(pointerTo(d.ByVal as GoType), "UnmarshalJSON")).toBeDefined();
    // *P embedded: pointer methods of P are promoted to ByPtr itself.
    expect(lookupMethod(d.ByPtr as GoType, "MarshalJSON")?.path).toEqual([
      { index: 0, name: "P", pointer: true },
    ]);
  });
  it("ambiguity at one depth cancels; fields shadow; shallower wins", () => {
    expect(lookupMethod(d.Amb as GoType, "MarshalJSON")).toBeUndefined();
    expect(lookupMethod(d.Shadow as GoType, "MarshalJSON")).toBeUndefined();
    expect(lookupMethod(d.Deep as GoType, "MarshalJSON")?.path.map((s) => s.name)).toEqual(["A", "V"]);
  });
  it("time.Time's real method set", () => {
    expect(lookupMethod(timeTime, "MarshalJSON")?.method.receiver).toBe("value");
    expect(lookupMethod(timeTime, "IsZero")).toBeDefined();
    expect(lookupMethod(timeTime, "UnmarshalJSON")).toBeUndefined();
    expect(lookupMethod(timeTime, "UnmarshalText", { addressable: true })?.method.receiver).toBe("pointer");
  });
  it("rejects unnamed and standard-library types", () => {
    expect(() => withMethods(pointerTo(V), { MarshalJSON: () => "" })).toThrow(TypeError);
    expect(() => withMethods(timeTime, { MarshalJSON: () => "" })).toThrow(TypeError);
  });
});
