import { goldenVectors } from "@gojson/fixtures";
import { describe, expect, test } from "vitest";
import { answerText, differenceTable, shownRows, words } from "./differences.js";
import { syntheticDifferenceVectors } from "./testing/synthetic.js";

describe("differenceTable", () => {
  test("Synthetic/RowsAndAnswers", () => {
    const t = differenceTable(syntheticDifferenceVectors(), "d.json")!;
    expect(t.vectors).toBe(9);
    expect(t.groups.map((g) => `${g.number} ${g.title}`)).toEqual([
      "01 Case sensitivity",
      "04 Nil slice map",
    ]);
    expect(t.groups[0]!.rows.map((r) => [r.scenario, r.differs])).toEqual([
      ["Exact", false],
      ["Folded", true],
    ]);
    expect(shownRows(t.groups[0]!).map((r) => r.scenario)).toEqual(["Folded"]);
    expect(t.groups[0]!.rows[1]).toMatchObject({
      input: 'unmarshal {"FOO":1} into S',
      v1: '{"Foo":"1"}',
      v1v2: '{"Foo":"1"}',
      v2: '{"Foo":"0"}',
    });
    expect(t.groups[1]!.rows[0]).toMatchObject({ input: "marshal []int null", v1: "null", v2: "[]" });
  });

  test("Deterministic/InputOrderDoesNotMatterForGroups", () => {
    const v = syntheticDifferenceVectors();
    const a = differenceTable(v, "d.json");
    const b = differenceTable([...v].reverse(), "d.json");
    expect(b?.groups.map((g) => g.number)).toEqual(a?.groups.map((g) => g.number));
  });

  test("Golden/SixteenDifferencesEachWithRows", () => {
    const t = differenceTable(goldenVectors({ group: "differences" }), "golden")!;
    expect(t.groups).toHaveLength(16);
    for (const g of t.groups) expect(shownRows(g).length, g.title).toBeGreaterThan(0);
    // Go's recorded answers, not typed here: v2 rejects the case-folded name that v1 matches.
    const folded = t.groups[0]!.rows.find((r) => r.name === "Diff/01-CaseSensitivity/Folded")!;
    expect(folded.differs).toBe(true);
    expect(folded.v1).not.toBe(folded.v2);
  });

  test("Unusable/NoDiffVectors", () => {
    expect(differenceTable([], "d.json")).toBeUndefined();
  });
});

test("words/CamelCase", () => {
  expect(words("CaseSensitivity")).toBe("Case sensitivity");
  expect(words("InvalidUTF8")).toBe("Invalid UTF8");
  expect(words("HTML")).toBe("HTML");
});

test("answerText/ErrorWithDestination", () => {
  expect(
    answerText("unmarshal", { error: { type: "*json.SemanticError", message: "json: x" }, value: "0" }),
  ).toBe('error: json: x; destination "0"');
  expect(answerText("marshal", { output: "[]" })).toBe("[]");
});
