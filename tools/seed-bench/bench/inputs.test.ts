/**
 * The gojson ÷ Go table's inputs: the seed payloads, the tiny order and two corpora, whose Go
 * declarations compile together in one Go program (prefixGoTypes renames them apart).
 */
import { goType, parseGo } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { corpusInput, prefixGoTypes, tinyOrderInput, treeInput, vsGoInputs } from "./inputs.js";

describe("prefixGoTypes", () => {
  it.each([
    [
      "field types and the declaration, not field names or tags",
      'type User struct {\n\tUser  *User   `json:"User"`\n\tUsers []User `json:"users"`\n}',
      'type PUser struct {\n\tUser  *PUser   `json:"User"`\n\tUsers []PUser `json:"users"`\n}',
    ],
    [
      "map and nested types; other identifiers stay",
      "type A struct {\n\tM map[string]B\n\tN int64\n}\n\ntype B struct {\n\tX any\n}",
      "type PA struct {\n\tM map[string]PB\n\tN int64\n}\n\ntype PB struct {\n\tX any\n}",
    ],
    [
      "a name that only contains a type's name",
      "type Item struct {\n\tItems []Item\n\tItemID int64\n}",
      "type PItem struct {\n\tItems []PItem\n\tItemID int64\n}",
    ],
  ])("%s", (_, source, want) => {
    expect(prefixGoTypes(source, "P")).toBe(want);
  });
});

describe("vsGoInputs", () => {
  const inputs = vsGoInputs();

  it("Ids/Unique", () => {
    expect(new Set(inputs.map((p) => p.id)).size).toBe(inputs.length);
  });

  it("Types/NoNameDeclaredTwice", () => {
    const names = inputs.flatMap((p) => [...p.goSource.matchAll(/^type\s+(\w+)/gm)].map((m) => m[1]));
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each([
    ["tiny-order", tinyOrderInput()],
    ["comment-tree", treeInput()],
    ["twitter", corpusInput("twitter")],
    ["citm_catalog", corpusInput("citm_catalog")],
  ] as const)("%s/ItsRootTypeParses", (_, p) => {
    const t = goType(p.goType, parseGo(p.goSource)) as { kind: string };
    expect(t.kind).toBe("struct");
  });
});
