import { describe, expect, it } from "vitest";
import { Decoder } from "./decoder.js";
import { NAME_TABLE_INITIAL_BITS } from "./duplicate-names.js";
import { SyntacticError } from "./errors.js";
import { parseValue } from "./parse-value.js";
import { checkValid } from "./value.js";

const enc = new TextEncoder();

/** escapeAll writes every char of a name as a \uXXXX escape. */
const escapeAll = (name: string) =>
  [...name].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");

interface Case {
  name: string;
  /** Member count of the object. */
  members: number;
  /** Index of a member whose name repeats an earlier one (-1: none). */
  dup: number;
  /** How the names are written. */
  escape: "none" | "first" | "second" | "all";
  /** Nest the object in another object with members before and after it. */
  nested: boolean;
}

/** The object text and, for a duplicate, the offset of the repeated name's opening quote. */
function build(c: Case): { text: string; offset: number } {
  const names = Array.from({ length: c.members }, (_, i) => `n${(i * 7919) % 10007}`);
  let offset = -1;
  let text = c.nested ? '{"before":{"x":1},"in":{' : "{";
  for (let i = 0; i < c.members; i++) {
    let name = names[i]!;
    let escaped = c.escape === "all";
    if (i === c.dup) {
      name = names[Math.floor(i / 2)]!;
      if (c.escape === "second") escaped = true;
      offset = enc.encode(text).length + (i > 0 ? 1 : 0);
    } else if (c.dup >= 0 && i === Math.floor(c.dup / 2) && c.escape === "first") escaped = true;
    text += `${i > 0 ? "," : ""}"${escaped ? escapeAll(name) : name}":[${i}]`;
  }
  text += c.nested ? '},"after":{"x":1}}' : "}";
  return { text, offset };
}

const cases: Case[] = [];
for (const members of [
  1,
  2,
  5,
  1 << (NAME_TABLE_INITIAL_BITS - 1),
  (1 << (NAME_TABLE_INITIAL_BITS - 1)) + 1,
  40,
  200,
  5000,
]) {
  for (const style of ["none", "first", "second", "all"] as const) {
    cases.push({
      name: `Members${members}/Unique/Escape-${style}`,
      members,
      dup: -1,
      escape: style,
      nested: false,
    });
    if (members < 2) continue;
    for (const dup of new Set([1, members - 1, Math.floor(members / 2)])) {
      for (const nested of [false, true]) {
        cases.push({
          name: `Members${members}/Dup${dup}/Escape-${style}${nested ? "/Nested" : ""}`,
          members,
          dup,
          escape: style,
          nested,
        });
      }
    }
  }
}

function thrown(f: () => void): SyntacticError | null {
  try {
    f();
    return null;
  } catch (e) {
    if (SyntacticError.isInstance(e)) return e;
    throw e;
  }
}

describe("duplicate names are found by every read path, at the repeated name (names compared unescaped)", () => {
  for (const c of cases) {
    it(c.name, () => {
      const { text, offset } = build(c);
      const bytes = enc.encode(text);
      const errors = [
        checkValid(bytes),
        thrown(() => new Decoder(bytes).skipValue()),
        thrown(() => new Decoder(bytes).readValue()),
        thrown(() => {
          const d = new Decoder(bytes);
          while (d.peekKind() !== "") d.readToken();
        }),
        thrown(() => parseValue(bytes)),
      ];
      for (const e of errors) {
        if (c.dup < 0) {
          expect(e).toBeNull();
          continue;
        }
        expect(e?.code).toBe("GOJSON_ERR_DUPLICATE_NAME");
        expect(e?.offset).toBe(offset);
        const name = `n${(Math.floor(c.dup / 2) * 7919) % 10007}`;
        expect(e?.pointer).toBe(c.nested ? `/in/${name}` : `/${name}`);
      }
      // duplicates allowed: every path accepts it
      expect(checkValid(bytes, { allowDuplicateNames: true })).toBeNull();
    });
  }
});
