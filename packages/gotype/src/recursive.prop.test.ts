import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { goDeclsArbitrary } from "./arbitrary.js";
import { declare, define, mapOf, pointerTo, sliceOf, structOf, T } from "./constructors.js";
import { isRecursiveType } from "./recursive.js";
import type { GoType } from "./types.js";

function children(t: GoType): GoType[] {
  switch (t.kind) {
    case "pointer":
    case "slice":
    case "array":
      return [t.elem];
    case "map":
      return [t.key, t.elem];
    case "struct":
      return t.fields.map((f) => f.type);
    default:
      return [];
  }
}

// The definition: t is reachable from its own children.
function reference(t: GoType): boolean {
  const seen = new Set<GoType>();
  const work = children(t);
  while (work.length > 0) {
    const u = work.pop() as GoType;
    if (u === t) return true;
    if (seen.has(u)) continue;
    seen.add(u);
    work.push(...children(u));
  }
  return false;
}

function reachable(root: GoType): GoType[] {
  const seen = new Set<GoType>([root]);
  const work = [root];
  while (work.length > 0)
    for (const c of children(work.pop() as GoType)) {
      if (seen.has(c)) continue;
      seen.add(c);
      work.push(c);
    }
  return [...seen];
}

describe("isRecursiveType", () => {
  test.prop([goDeclsArbitrary({ maxNamed: 4 }), fc.nat()])(
    "Property/SameAsReachability (every type of the graph, asked in any order)",
    (decls, start) => {
      const all = reachable(decls.Root as GoType);
      // Ask from a rotating start so cached components are met in different orders.
      for (let i = 0; i < all.length; i++) {
        const t = all[(i + start) % all.length] as GoType;
        expect(isRecursiveType(t)).toBe(reference(t));
      }
    },
  );

  it("Chain/10000 types in one cycle: each is recursive, without stack overflow", () => {
    const n = 10_000;
    const ds = Array.from({ length: n }, (_, i) => declare(`C${i}`));
    ds.forEach((d, i) => {
      define(d, structOf([{ name: "Next", type: pointerTo(ds[(i + 1) % n] as GoType) }]));
    });
    expect(ds.every((d) => isRecursiveType(d))).toBe(true);
    expect(isRecursiveType(structOf([{ name: "Head", type: ds[0] as GoType }]))).toBe(false);
  });

  it.each([
    ["Scalar", () => T.int, false],
    ["SliceOfInt", () => sliceOf(T.string), false],
    [
      "MapToSelf",
      () => {
        const m = declare("M");
        define(m, mapOf(T.string, sliceOf(m)));
        return m;
      },
      true,
    ],
    [
      "SelfPointer",
      () => {
        const p = declare("N");
        define(p, structOf([{ name: "Next", type: pointerTo(p) }]));
        return p;
      },
      true,
    ],
  ] as const)("Cases/%s", (_, make, want) => {
    expect(isRecursiveType(make())).toBe(want);
  });

  it("UndefinedDeclaration/answer not kept until defined", () => {
    const a = declare("A");
    const s = structOf([{ name: "X", type: pointerTo(a) }]);
    expect(isRecursiveType(s)).toBe(false);
    define(a, structOf([{ name: "Back", type: sliceOf(s) }]));
    expect(isRecursiveType(s)).toBe(true);
  });
});
