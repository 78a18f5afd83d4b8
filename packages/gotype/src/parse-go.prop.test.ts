import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { goDeclsArbitrary } from "./arbitrary.js";
import { formatGoDecls } from "./format-go.js";
import { GoSyntaxError } from "./go-syntax-error.js";
import { parseGo } from "./parse-go.js";
import type { GoType } from "./types.js";

// Structural identity, matching named types by name (Go's type identity across two parses).
function same(a: GoType, b: GoType, seen = new Map<GoType, GoType>()): boolean {
  if (a.name !== undefined || b.name !== undefined) {
    if (a.name !== b.name || (a.pkg ?? "main") !== (b.pkg ?? "main")) return false;
    if (a.known !== undefined || b.known !== undefined) return a === b;
    const prev = seen.get(a);
    if (prev !== undefined) return prev === b;
    seen.set(a, b);
  }
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case "slice":
    case "pointer":
      return same(a.elem, (b as typeof a).elem, seen);
    case "array":
      return a.len === (b as typeof a).len && same(a.elem, (b as typeof a).elem, seen);
    case "map":
      return same(a.key, (b as typeof a).key, seen) && same(a.elem, (b as typeof a).elem, seen);
    case "struct": {
      const bf = (b as typeof a).fields;
      return (
        a.fields.length === bf.length &&
        a.fields.every((f, i) => {
          const g = bf[i];
          return (
            g !== undefined &&
            f.name === g.name &&
            f.tag === g.tag &&
            f.embedded === g.embedded &&
            f.exported === g.exported &&
            same(f.type, g.type, seen)
          );
        })
      );
    }
    default:
      return true;
  }
}

describe("parseGo ∘ formatGoDecls", () => {
  test.prop([goDeclsArbitrary()], { numRuns: 150 })("is the identity on generated types", (decls) => {
    const again = parseGo(formatGoDecls(decls));
    for (const [k, t] of Object.entries(decls)) expect(same(t, again[k] as GoType)).toBe(true);
  });
});

const goish = fc.array(
  fc.constantFrom(
    "type",
    "struct",
    "{",
    "}",
    "[",
    "]",
    "*",
    "map",
    "A",
    "B",
    "int",
    '`json:"a"`',
    "\n",
    ";",
    "(",
    ")",
    "=",
    "3",
    "time",
    ".",
    "Time",
    "interface",
    "func",
    "chan",
    "//",
    "/*",
    '"',
    "`",
    "package",
    "import",
    "const",
    "iota",
    ",",
    "[]",
  ),
  { maxLength: 40 },
);

describe("parseGo on garbage", () => {
  test.prop(
    [
      fc.oneof(
        fc.string(),
        fc.string({ unit: "binary" }),
        goish.map((a) => a.join(" ")),
      ),
    ],
    { numRuns: 300 },
  )("returns types or throws GoSyntaxError only", (src) => {
    try {
      parseGo(src);
    } catch (e) {
      if (!GoSyntaxError.isInstance(e)) throw e;
    }
  });
});
