import { describe, expect, test } from "vitest";
import { pointerTo } from "./constructors.js";
import { GoMethodMissingError } from "./go-method-missing-error.js";
import { lookupMethod, missingTwins, withMethods, withPackageMethods } from "./methods.js";
import { parseGo } from "./parse-go.js";
import type { GoType, MethodName } from "./types.js";

// Methods declared in Go source are recorded on their type with the right
// receiver; a codec that calls one without a TypeScript twin gets a
// GoMethodMissingError naming the type, the method and what to do.
const src = `package shop

import "encoding/json/jsontext"

type Timestamp int64

func (t Timestamp) MarshalJSON() ([]byte, error)    { return nil, nil }
func (t *Timestamp) UnmarshalJSON(b []byte) error  { return nil }

type Code string

func (c Code) MarshalText() (text []byte, err error) { return nil, nil }
func (c *Code) UnmarshalText(text []byte) error      { return nil }
func (c Code) IsZero() bool                          { return c == "" }

type Streamed struct{ N int }

func (s Streamed) MarshalJSONTo(enc *jsontext.Encoder) error     { return nil }
func (s *Streamed) UnmarshalJSONFrom(dec *jsontext.Decoder) error { return nil }

// Wrong signatures are not the JSON interfaces: Go ignores them, so do we.
type Odd int

func (Odd) MarshalJSON() string             { return "" }
func (*Odd) UnmarshalJSON(s string) error   { return nil }
func (Odd) MarshalText() ([]byte, bool)     { return nil, false }
func (Odd) IsZero(x int) bool               { return false }

type Holder struct {
	Timestamp
	P *Code
}

type Plan struct{ Name string }

func (p *Plan) UnmarshalJSON(b []byte) error {
	type rawPlan Plan
	return nil
}
`;

describe("methods seen in source", () => {
  const types = parseGo(src, { fileName: "shop.go" });

  const table: { type: string; method: MethodName; receiver: "value" | "pointer"; line: number }[] = [
    { type: "Timestamp", method: "MarshalJSON", receiver: "value", line: 7 },
    { type: "Timestamp", method: "UnmarshalJSON", receiver: "pointer", line: 8 },
    { type: "Code", method: "MarshalText", receiver: "value", line: 12 },
    { type: "Code", method: "UnmarshalText", receiver: "pointer", line: 13 },
    { type: "Code", method: "IsZero", receiver: "value", line: 14 },
    { type: "Streamed", method: "MarshalJSONTo", receiver: "value", line: 18 },
    { type: "Streamed", method: "UnmarshalJSONFrom", receiver: "pointer", line: 19 },
    { type: "Plan", method: "UnmarshalJSON", receiver: "pointer", line: 36 },
  ];
  for (const c of table) {
    test(`Declared/${c.type}.${c.method}`, () => {
      const m = (types[c.type] as GoType).methods?.[c.method];
      expect(m).toMatchObject({ name: c.method, receiver: c.receiver, declaredOnly: true });
      expect(m?.pos).toMatchObject({ file: "shop.go", line: c.line });
    });
  }

  test("Declared/WrongSignaturesIgnored", () => {
    expect((types.Odd as GoType).methods).toBeUndefined();
  });

  test("Declared/CallingWithoutTwinThrows", () => {
    const m = lookupMethod(types.Timestamp as GoType, "MarshalJSON")?.method;
    expect(() => m?.fn(0n)).toThrow(GoMethodMissingError);
    expect(() => m?.fn(0n)).toThrow(
      "gotype: shop.Timestamp declares MarshalJSON (receiver Timestamp) in Go source at shop.go:7:20, but no TypeScript twin is attached",
    );
    expect(() =>
      lookupMethod(types.Plan as GoType, "UnmarshalJSON", { addressable: true })?.method.fn(
        new Uint8Array(),
        {},
      ),
    ).toThrow("withMethods(types.Plan, { UnmarshalJSON: ... })");
    try {
      m?.fn(0n);
    } catch (e) {
      expect(GoMethodMissingError.isInstance(e) && [e.typeName, e.method, e.receiver]).toEqual([
        "shop.Timestamp",
        "MarshalJSON",
        "value",
      ]);
    }
    expect.assertions(4);
  });

  test("Declared/MethodSetsFollowReceivers", () => {
    const ts = types.Timestamp as GoType;
    expect(lookupMethod(ts, "UnmarshalJSON")).toBeUndefined(); // not in T's method set
    expect(lookupMethod(ts, "UnmarshalJSON", { addressable: true })).toBeDefined();
    expect(lookupMethod(pointerTo(ts), "UnmarshalJSON")).toBeDefined();
    // Promotion through an embedded field, as Go promotes Timestamp's methods to Holder.
    expect(lookupMethod(types.Holder as GoType, "MarshalJSON")?.path.map((s) => s.name)).toEqual([
      "Timestamp",
    ]);
  });

  test("MissingTwins/ListsWhatAPortNeeds", () => {
    expect(missingTwins(types).map((m) => `${m.type}.${m.method}`)).toEqual([
      "Timestamp.MarshalJSON",
      "Timestamp.UnmarshalJSON",
      "Code.MarshalText",
      "Code.UnmarshalText",
      "Code.IsZero",
      "Streamed.MarshalJSONTo",
      "Streamed.UnmarshalJSONFrom",
      "Plan.UnmarshalJSON",
    ]);
  });
});

describe("twins for a whole package", () => {
  test("Twins/ReplaceDeclaredMethodsKeepingTheirReceivers", () => {
    const types = parseGo(`${src}\n// twins 1`);
    withPackageMethods(types, {
      Timestamp: {
        marshalJSON: (v: bigint) => `${v}`,
        unmarshalJSON: (b: Uint8Array) => BigInt(new TextDecoder().decode(b)),
      },
      Plan: { UnmarshalJSON: (_b: Uint8Array, cur: unknown) => cur },
    });
    const ts = types.Timestamp as GoType;
    expect(ts.methods?.MarshalJSON?.declaredOnly).toBeUndefined();
    expect(ts.methods?.MarshalJSON?.fn(5n)).toBe("5");
    expect(ts.methods?.UnmarshalJSON?.receiver).toBe("pointer");
    expect(ts.methods?.UnmarshalJSON?.pos).toMatchObject({ line: 8 });
    expect(missingTwins(types).map((m) => `${m.type}.${m.method}`)).not.toContain("Timestamp.MarshalJSON");
    expect(missingTwins(types).map((m) => `${m.type}.${m.method}`)).not.toContain("Plan.UnmarshalJSON");
  });

  const bad: { name: string; twins: unknown; wantErr: string }[] = [
    {
      name: "UnknownType",
      twins: { Nope: { MarshalJSON: () => "" } },
      wantErr: "withPackageMethods: the package declares no type Nope",
    },
    {
      name: "UnknownMethod",
      twins: { Plan: { MarshalJson: () => "" } },
      wantErr: "withMethods: unknown method MarshalJson on Plan",
    },
    {
      name: "NotAFunction",
      twins: { Plan: { UnmarshalJSON: "x" } },
      wantErr: "withMethods: Plan.UnmarshalJSON must be a function, got string",
    },
    {
      name: "NullTwin",
      twins: { Plan: null },
      wantErr: "withMethods: methods of Plan must be an object of functions",
    },
    {
      name: "ArrayTwin",
      twins: { Plan: [() => ""] },
      wantErr: "withMethods: methods of Plan must be an object of functions",
    },
    {
      name: "NotAnObject",
      twins: 3,
      wantErr: "withPackageMethods: the second argument must map Go type names to method twins",
    },
    {
      name: "PrototypeName",
      twins: JSON.parse('{"__proto__": {"MarshalJSON": 1}}'),
      wantErr: "the package declares no type __proto__",
    },
  ];
  for (const c of bad) {
    test(`Twins/Bad/${c.name}`, () => {
      const types = parseGo(`${src}\n// bad ${c.name}`);
      expect(() => withPackageMethods(types, c.twins as never)).toThrow(TypeError);
      expect(() => withPackageMethods(types, c.twins as never)).toThrow(c.wantErr);
    });
  }

  test("Twins/ReceiverMustMatchTheSource", () => {
    const types = parseGo(`${src}\n// receiver`);
    expect(() =>
      withMethods(types.Timestamp as GoType, { UnmarshalJSON: (b: Uint8Array) => b }, { receiver: "value" }),
    ).toThrow(
      "withMethods: Timestamp.UnmarshalJSON is declared with receiver *Timestamp in Go source; the twin must use the same receiver",
    );
  });
});

// Go 1.24's encoding.TextAppender: `AppendText(b []byte) ([]byte, error)` is a JSON method (the v2
// engine calls it before MarshalText); any other shape is an ordinary method Go ignores.
describe("AppendText declared in source", () => {
  const appendSrc = `package shop

type A string

func (a A) AppendText(b []byte) ([]byte, error) { return append(b, a...), nil }

type Named int

func (n *Named) AppendText(buf []uint8) (text []byte, err error) { return buf, nil }

type NoParam int

func (NoParam) AppendText() ([]byte, error) { return nil, nil }

type Variadic int

func (Variadic) AppendText(b ...byte) ([]byte, error) { return b, nil }

type OneResult int

func (OneResult) AppendText(b []byte) []byte { return b }

type StringResult int

func (StringResult) AppendText(b []byte) (string, error) { return "", nil }
`;
  const cases: { name: string; type: string; want?: { receiver: "value" | "pointer"; line: number } }[] = [
    { name: "Value", type: "A", want: { receiver: "value", line: 5 } },
    { name: "PointerNamedResults", type: "Named", want: { receiver: "pointer", line: 9 } },
    { name: "NoParam", type: "NoParam" },
    { name: "Variadic", type: "Variadic" },
    { name: "OneResult", type: "OneResult" },
    { name: "StringResult", type: "StringResult" },
  ];
  const types = parseGo(appendSrc, { fileName: "shop.go" });
  for (const c of cases) {
    test(`AppendText/Signature/${c.name}`, () => {
      const m = (types[c.type] as GoType).methods?.AppendText;
      if (c.want === undefined) expect(m).toBeUndefined();
      else {
        expect(m).toMatchObject({ name: "AppendText", receiver: c.want.receiver, declaredOnly: true });
        expect(m?.pos).toMatchObject({ file: "shop.go", line: c.want.line });
      }
    });
  }

  test("AppendText/MissingTwin", () => {
    expect(missingTwins(types).map((m) => `${m.type}.${m.method}`)).toEqual([
      "A.AppendText",
      "Named.AppendText",
    ]);
    expect(() => lookupMethod(types.A as GoType, "AppendText")?.method.fn("x")).toThrow(
      "withMethods(types.A, { AppendText: ... })",
    );
  });

  test("AppendText/TwinByGoOrCamelName", () => {
    const t = parseGo(`${appendSrc}\n// twins`);
    withMethods(t.A as GoType, { appendText: (v: string) => `a:${v}` });
    withPackageMethods(t, { Named: { AppendText: (v: bigint) => `n:${v}` } });
    expect(lookupMethod(t.A as GoType, "AppendText")?.method.fn("x")).toBe("a:x");
    // The pointer receiver the source declares is kept.
    expect(lookupMethod(t.Named as GoType, "AppendText")).toBeUndefined();
    expect(lookupMethod(t.Named as GoType, "AppendText", { addressable: true })?.method.fn(1n)).toBe("n:1");
    expect(missingTwins(t)).toEqual([]);
  });
});
