import { describe, expect, it } from "vitest";
import {
  checkValue,
  formatGoDecls,
  type GoType,
  goType,
  isZero,
  lookupMethod,
  parseGo,
  structFields,
  typeString,
  withMethods,
  zero,
} from "../src/index.js";

// Chains of 10,000 declared types, each referring to the next: every walk over the type graph
// (and over a value as deep as it) runs without overflowing the call stack.
const N = 10_000;
const shapes: { name: string; link: (i: number) => string; end: string; fields: boolean }[] = [
  {
    name: "struct field",
    link: (i) => `type T${i} struct { N T${i + 1} }`,
    end: "struct { X int32 }",
    fields: true,
  },
  {
    name: "pointer field",
    link: (i) => `type T${i} struct { N *T${i + 1} }`,
    end: "struct { X int32 }",
    fields: true,
  },
  { name: "array", link: (i) => `type T${i} [1]T${i + 1}`, end: "int", fields: false },
  { name: "slice", link: (i) => `type T${i} []T${i + 1}`, end: "int", fields: false },
  { name: "alias", link: (i) => `type T${i} = T${i + 1}`, end: "struct { X int32 }", fields: true },
  { name: "defined", link: (i) => `type T${i} T${i + 1}`, end: "struct { X int32 }", fields: true },
];

describe(`chains of ${N} types`, () => {
  for (const s of shapes) {
    it(s.name, () => {
      let src = "package p\n";
      for (let i = 0; i < N - 1; i++) src += `${s.link(i)}\n`;
      src += `type T${N - 1} ${s.end}\n`;
      const types = parseGo(src);
      const t = types.T0 as GoType;
      expect(typeString(t)).toMatch(/^p\.T|^struct/);
      expect(formatGoDecls(types).length).toBeGreaterThan(N);
      const z = zero(t);
      expect(checkValue(t, z)).toBeUndefined();
      expect(isZero(t, z)).toBe(true);
      expect(lookupMethod(t, "MarshalJSON")).toBeUndefined();
      withMethods(types[`T${N - 1}`] as GoType, { MarshalText: () => "" });
      expect(goType("[]T0", types).kind).toBe("slice");
      if (s.fields) {
        expect(structFields(t, "v1").fields.length).toBe(1);
        expect(structFields(t, "v2", "1.27").fields.length).toBe(1);
      }
    });
  }
  it("embedded structs (depth × fields: 3,000 deep)", () => {
    const n = 3_000;
    let src = "package p\n";
    for (let i = 0; i < n - 1; i++) src += `type T${i} struct { T${i + 1}; F${i} int }\n`;
    src += `type T${n - 1} struct { X int32 }\n`;
    src += `func (T${n - 1}) MarshalText() ([]byte, error) { return nil, nil }\n`;
    const types = parseGo(src);
    const t = types.T0 as GoType;
    expect(lookupMethod(t, "MarshalText")?.path.length).toBe(n - 1);
    expect(checkValue(t, zero(t))).toBeUndefined();
    expect(structFields(t, "v2").fields.length).toBe(n);
  });
});
