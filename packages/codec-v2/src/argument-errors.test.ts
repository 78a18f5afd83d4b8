/**
 * Argument errors: a call that cannot be meant (no GoType, input that is not JSON text, an unknown
 * option, an option of the wrong type) is an InvalidArgumentError (a TypeError) saying what was
 * expected and what came; unknown option names are never ignored, and the nearest known name is
 * suggested.
 */
import { T } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { nearestName } from "./argument-errors.js";
import { InvalidArgumentError, marshal, marshalToString, unmarshal } from "./index.js";

function thrown(f: () => unknown): InvalidArgumentError {
  let err: unknown;
  try {
    f();
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(TypeError);
  expect(InvalidArgumentError.isInstance(err)).toBe(true);
  expect((err as InvalidArgumentError).code).toBe("GOJSON_ERR_INVALID_ARGUMENT");
  return err as InvalidArgumentError;
}

describe("into", () => {
  it("is unmarshal's destination, in any place of its options list", () => {
    expect(unmarshal(T.int, "null", [{ mergeWithLegacySemantics: true }, { into: 5n }])).toBe(5n);
    expect(unmarshal(T.int, "null", { into: 5n, mergeWithLegacySemantics: true })).toBe(5n);
    expect(unmarshal(T.int, "null", { into: 5n })).toBe(0n);
  });
});

describe("argument errors", () => {
  it.each([
    [
      "unmarshal/NoType",
      () => unmarshal(undefined as never, "1"),
      "gojson: unmarshal: want a GoType (from @gojson/gotype: T.int64, parseGo, goType) as the type, got undefined",
    ],
    [
      "unmarshal/TypeName",
      () => unmarshal("Order" as never, "1"),
      'gojson: unmarshal: want a GoType (from @gojson/gotype: T.int64, parseGo, goType) as the type, got string "Order"',
    ],
    [
      "unmarshal/NumberInput",
      () => unmarshal(T.any, 42 as never),
      "gojson: unmarshal: want the JSON input as a Uint8Array or a string, got number 42",
    ],
    [
      "unmarshal/ObjectInput",
      () => unmarshal(T.any, { a: 1 } as never),
      "gojson: unmarshal: want the JSON input as a Uint8Array or a string, got object",
    ],
    [
      "marshal/NoType",
      () => marshal(null as never, 1),
      "gojson: marshal: want a GoType (from @gojson/gotype: T.int64, parseGo, goType) as the type, got null",
    ],
    [
      "marshalToString/NoType",
      () => marshalToString({} as never, 1),
      "gojson: marshalToString: want a GoType (from @gojson/gotype: T.int64, parseGo, goType) as the type, got object",
    ],
    [
      "Option/IntoOnMarshal",
      () => marshal(T.int, 1n, { into: 2n } as never),
      "gojson: `into` is not an option here: it is the destination of unmarshal, unmarshalRead and unmarshalDecode",
    ],
    [
      "Option/Unknown",
      () => unmarshal(T.any, "{}", { rejectUnknownMember: true } as never),
      'gojson: unknown option "rejectUnknownMember" (did you mean "rejectUnknownMembers"?)',
    ],
    [
      "Option/UnknownMarshal",
      () => marshal(T.any, 1, { escapeHTML: true } as never),
      'gojson: unknown option "escapeHTML" (did you mean "escapeForHTML"?)',
    ],
    [
      "Option/Nothing near",
      () => marshal(T.any, 1, { zzzzzzzz: true } as never),
      'gojson: unknown option "zzzzzzzz"',
    ],
  ])("%s", (_name, f, want) => {
    expect(thrown(f).message).toBe(want);
  });
  it("a mistyped option value", () => {
    const e = thrown(() => marshal(T.any, 1, { deterministic: "yes" } as never));
    expect(e.message).toMatch(/deterministic/);
    expect(e.message).toMatch(/string "yes"/);
  });
  it("nearestName", () => {
    expect(nearestName("rejectUnknownMember", ["rejectUnknownMembers", "discardUnknownMembers"])).toBe(
      "rejectUnknownMembers",
    );
    expect(nearestName("Deterministic", ["deterministic"])).toBe("deterministic");
    expect(nearestName("x", ["deterministic"])).toBeUndefined();
  });
});
