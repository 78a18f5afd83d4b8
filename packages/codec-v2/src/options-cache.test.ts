import { type GoType, parseGo } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { unmarshal } from "./api.js";
import { defaultOptionsV1, type Options, resolveOptions } from "./options.js";

describe("options resolved by contents", () => {
  it("Literal/SameResolution: a new literal with the same contents resolves to the same value", () => {
    const a = resolveOptions({ rejectUnknownMembers: true });
    const b = resolveOptions({ rejectUnknownMembers: true });
    expect(b).toBe(a);
    expect(a.flags.rejectUnknownMembers).toBe(true);
  });

  it.each<{ name: string; a: Options; b: Options }>([
    { name: "OtherValue", a: { rejectUnknownMembers: true }, b: { rejectUnknownMembers: false } },
    { name: "OtherName", a: { allowDuplicateNames: true }, b: { allowInvalidUTF8: true } },
    { name: "UndefinedIsNotFalse", a: { stringifyNumbers: undefined }, b: { stringifyNumbers: false } },
    { name: "GoVersion", a: { goVersion: "1.26" }, b: { goVersion: "1.27" } },
    { name: "Indent", a: { withIndent: "  " }, b: { withIndent: "\t" } },
    { name: "IndentQuoted", a: { withIndent: " " }, b: { withIndentPrefix: " " } },
  ])("Contents/$name: different contents, different resolutions", ({ a, b }) => {
    const ra = resolveOptions(a);
    const rb = resolveOptions(b);
    expect(rb).not.toBe(ra);
    // A new object with the same contents gets the same resolution.
    expect(resolveOptions({ ...a })).toBe(ra);
    expect(resolveOptions({ ...b })).toBe(rb);
  });

  it.each<{ name: string; input: unknown; error: RegExp }>([
    {
      name: "UnknownName",
      input: { rejectUnknownMember: true },
      error: /unknown option "rejectUnknownMember"/,
    },
    { name: "NameWithSeparators", input: { "rejectUnknownMembers:1,": true }, error: /unknown option/ },
    { name: "NotBoolean", input: { rejectUnknownMembers: 1 }, error: /must be a boolean, got/ },
    { name: "BadGoVersion", input: { goVersion: "1.25" }, error: /goVersion/ },
  ])("Invalid/$name: throws at every call, never cached", ({ input, error }) => {
    for (let i = 0; i < 2; i++) expect(() => resolveOptions(input as Options)).toThrow(error);
  });

  it("List/ByContents: a new list of literals resolves to the same value; later entries win", () => {
    const a = resolveOptions([defaultOptionsV1(), { rejectUnknownMembers: true }]);
    const b = resolveOptions([defaultOptionsV1(), { rejectUnknownMembers: true }]);
    expect(b).toBe(a);
    expect(a.flags.rejectUnknownMembers).toBe(true);
    expect(
      resolveOptions([{ allowDuplicateNames: true }, { allowDuplicateNames: false }]).flags
        .allowDuplicateNames,
    ).toBe(false);
    expect(resolveOptions([undefined, { allowDuplicateNames: true }]).flags.allowDuplicateNames).toBe(true);
  });

  it("Resolved/AsGiven: a resolved value passes through, alone or in a list", () => {
    const r = resolveOptions({ rejectUnknownMembers: true });
    expect(resolveOptions(r)).toBe(r);
    expect(resolveOptions([r, { allowDuplicateNames: true }]).flags.rejectUnknownMembers).toBe(true);
  });

  it("Unmarshal/InlineLiteral: options written at the call hold at every call", () => {
    const T = parseGo('package p\ntype T struct { A int `json:"a"` }').T as GoType;
    const data = new TextEncoder().encode('{"a":1,"b":2}');
    for (let i = 0; i < 3; i++) {
      expect(() => unmarshal(T, data, { rejectUnknownMembers: true })).toThrow(
        /unknown object member name "b"/,
      );
      expect(unmarshal(T, data, { rejectUnknownMembers: false })).toEqual({ A: 1n });
    }
  });
});
