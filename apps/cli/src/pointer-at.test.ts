import { describe, expect, it } from "vitest";
import { pointerAt } from "./pointer-at.js";

// Offsets as Go's v1 reports them (codec-v1's errors, recorded from Go 1.26):
// UnmarshalTypeError.Offset is just after the value, SyntaxError.Offset where reading stopped.
const cases: { name: string; in: string; offset: number; want: string }[] = [
  { name: "TopLevel", in: "1", offset: 1, want: "" },
  { name: "Object/Member", in: '{"id":"x"}', offset: 9, want: "/id" },
  { name: "Array/Element", in: '{"items":[1]}', offset: 11, want: "/items/0" },
  { name: "Array/Second", in: '{"items":["a",2]}', offset: 15, want: "/items/1" },
  { name: "Nested", in: '{"a":{"b":[true,{"c":"x"}]}}', offset: 24, want: "/a/b/1/c" },
  { name: "Escaped", in: '{"a/b":{"m~n":1}}', offset: 15, want: "/a~1b/m~0n" },
  { name: "Syntax/TrailingComma", in: '{"id":1,}', offset: 9, want: "/id" },
  { name: "Syntax/Truncated", in: '{"id":1', offset: 7, want: "/id" },
];

describe("pointerAt", () => {
  it.each(cases)("$name", ({ in: input, offset, want }) => {
    expect(pointerAt(new TextEncoder().encode(input), offset)).toBe(want);
  });
});
