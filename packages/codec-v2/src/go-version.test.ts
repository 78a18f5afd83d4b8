/**
 * The `goVersion` option: which Go release codec-v2 matches (Go 1.27 unless told otherwise),
 * validated and resolved once with the other options. The behaviours that differ are tested
 * with Go's recorded answers in conformance.test.ts (both releases) and diff.test.ts.
 */
import { T } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { InvalidArgumentError } from "./argument-errors.js";
import { DEFAULT_GO_VERSION, GO_VERSIONS, marshalToString, resolveOptions, unmarshal } from "./index.js";

describe("goVersion", () => {
  it("supports Go's two releases, the newest by default", () => {
    expect(GO_VERSIONS).toEqual(["1.26", "1.27"]);
    expect(DEFAULT_GO_VERSION).toBe("1.27");
    expect(resolveOptions(undefined).goVersion).toBe("1.27");
    expect(resolveOptions({}).rules.goVersion).toBe("1.27");
    expect(resolveOptions({ goVersion: "1.26" }).rules.goVersion).toBe("1.26");
  });
  it("later options win, and a resolved set keeps its release", () => {
    const o = resolveOptions([{ goVersion: "1.26" }, { deterministic: true }]);
    expect(o.goVersion).toBe("1.26");
    expect(resolveOptions([{ goVersion: "1.26" }, { goVersion: "1.27" }]).goVersion).toBe("1.27");
    expect(resolveOptions([o, { multiline: true }]).goVersion).toBe("1.26");
    expect(resolveOptions(o)).toBe(o);
  });
  it("is part of the plan key", () => {
    expect(resolveOptions({ goVersion: "1.26" }).key).not.toBe(resolveOptions({ goVersion: "1.27" }).key);
  });
  const bad: { name: string; in: unknown; want: string }[] = [
    {
      name: "Older",
      in: "1.25",
      want: 'gojson: option "goVersion" must be one of "1.26", "1.27", got string "1.25"',
    },
    {
      name: "Number",
      in: 1.27,
      want: 'gojson: option "goVersion" must be one of "1.26", "1.27", got number 1.27',
    },
    {
      name: "Prefixed",
      in: "go1.27",
      want: 'gojson: option "goVersion" must be one of "1.26", "1.27", got string "go1.27"',
    },
  ];
  it.each(bad)("rejects $name", ({ in: v, want }) => {
    expect(() => resolveOptions({ goVersion: v as never })).toThrow(want);
    expect(() => resolveOptions({ goVersion: v as never })).toThrow(InvalidArgumentError);
  });
  it("rejects discardUnknownMembers under Go 1.27 (removed from encoding/json/v2), keeps it for Go 1.26", () => {
    expect(() => marshalToString(T.int, 1n, { discardUnknownMembers: true })).toThrow(
      'gojson: option "discardUnknownMembers" does not exist in Go 1.27',
    );
    expect(marshalToString(T.int, 1n, { discardUnknownMembers: true, goVersion: "1.26" })).toBe("1");
    expect(marshalToString(T.int, 1n, { discardUnknownMembers: false })).toBe("1");
  });
});

describe("option names and values", () => {
  it("rejects an unknown name, naming the nearest", () => {
    expect(() => unmarshal(T.int, "1", { rejectUnknownMember: true } as never)).toThrow(
      'gojson: unknown option "rejectUnknownMember" (did you mean "rejectUnknownMembers"?)',
    );
    expect(() => unmarshal(T.int, "1", { goversion: "1.26" } as never)).toThrow(InvalidArgumentError);
  });
  it("rejects a boolean option that is not a boolean", () => {
    expect(() => marshalToString(T.int, 1n, { deterministic: "yes" } as never)).toThrow(
      'gojson: option "deterministic" must be a boolean, got string "yes"',
    );
  });
  it("takes undefined as unset", () => {
    expect(marshalToString(T.int, 1n, { deterministic: undefined, goVersion: undefined })).toBe("1");
  });
});
