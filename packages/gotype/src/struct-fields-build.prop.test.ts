import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { T } from "./constructors.js";
import { compareIndex, dominantFields, type Pending } from "./struct-fields-build.js";

// Go's own selection, as json/v2's makeStructFields writes it: a stable sort by
// name, depth, then tagged first; for each name keep the first field unless the
// second has the same depth and taggedness. The one-pass dominantFields must
// keep the same fields, in the order of its input.
function reference(list: readonly Pending[]): Pending[] {
  const sorted = list
    .map((p, k) => ({ p, k }))
    .sort(
      (a, b) =>
        (a.p.name < b.p.name ? -1 : a.p.name > b.p.name ? 1 : 0) ||
        a.p.index.length - b.p.index.length ||
        (a.p.tagged === b.p.tagged ? 0 : a.p.tagged ? -1 : 1) ||
        a.k - b.k,
    )
    .map((x) => x.p);
  const kept = new Set<Pending>();
  for (let i = 0; i < sorted.length; ) {
    let n = 1;
    while (i + n < sorted.length && (sorted[i + n] as Pending).name === (sorted[i] as Pending).name) n++;
    const a = sorted[i] as Pending;
    const b = sorted[i + 1];
    if (n === 1 || b === undefined || a.index.length !== b.index.length || a.tagged !== b.tagged) kept.add(a);
    i += n;
  }
  return list.filter((p, i) => kept.has(p) && list.indexOf(p) === i);
}

function pending(name: string, index: number[], tagged: boolean): Pending {
  return {
    name,
    tagged,
    index,
    path: [],
    type: T.int,
    omitEmpty: false,
    omitZero: false,
    string: false,
    casing: undefined,
    format: undefined,
    inline: false,
    unknown: false,
    id: 0,
  };
}

// Fields in breadth-first order (depth never decreases), a few names so they collide;
// v1 lists a field twice when its struct is embedded twice at one depth.
const fieldsArb = fc
  .array(
    fc.record({
      name: fc.constantFrom("a", "b", "c", "A"),
      depth: fc.integer({ min: 1, max: 4 }),
      tagged: fc.boolean(),
      twice: fc.boolean(),
    }),
    { maxLength: 30 },
  )
  .map((rs) => {
    const list: Pending[] = [];
    rs.sort((x, y) => x.depth - y.depth).forEach((r, i) => {
      const p = pending(r.name, [...Array(r.depth - 1).fill(0), i], r.tagged);
      list.push(p);
      if (r.twice) list.push(p);
    });
    return list;
  });

describe("dominantFields", () => {
  test.prop([fieldsArb])("Dominance/SameAsGoSortAndScan", (list) => {
    expect(dominantFields(list)).toEqual(reference(list));
  });

  test("Dominance/Examples", () => {
    const a1 = pending("a", [0], false);
    const a2 = pending("a", [1, 0], true);
    const b1 = pending("b", [2], true);
    const b2 = pending("b", [3], true);
    const c1 = pending("c", [4], false);
    const c2 = pending("c", [5], true);
    // a: shallower wins; b: two tagged at one depth, none; c: the tagged one at one depth.
    expect(dominantFields([a1, b1, b2, c1, c2, a2])).toEqual([a1, c2]);
    // A field listed twice (its struct embedded twice at one depth) annihilates itself.
    expect(dominantFields([a1, a1])).toEqual([]);
  });

  test("CompareIndex", () => {
    expect(compareIndex([0, 1], [0, 2])).toBeLessThan(0);
    expect(compareIndex([1], [0, 5])).toBeGreaterThan(0);
    expect(compareIndex([0], [0, 0])).toBeLessThan(0);
    expect(compareIndex([2, 3], [2, 3])).toBe(0);
  });
});
