import { JsonError, SyntacticError } from "@gojson/jsontext";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toDecodeError } from "./decode-error.js";
import { StrictBodyCode as C, StrictBodyError } from "./errors.js";

describe("toDecodeError", () => {
  it("keeps a StrictBodyError as it is", () => {
    const e = new StrictBodyError({ code: C.TOP_LEVEL_TYPE, statusCode: 400, message: "m" });
    expect(toDecodeError(e)).toBe(e);
  });

  it("JsonError → 400 DECODE with Go's text, offset and pointer (offset/pointer)", () => {
    const src = new SyntacticError({
      detail: "invalid character 'x' looking for beginning of value",
      offset: 3,
    });
    const e = toDecodeError(src);
    expect([e.statusCode, e.code, e.message, e.offset, e.pointer]).toEqual([
      400,
      C.DECODE,
      src.message,
      3,
      "",
    ]);
    expect(e.cause).toBe(src);
  });

  it("JsonError → 400 DECODE (codec-v2's byteOffset/jsonPointer)", () => {
    const src = Object.assign(new JsonError("json: cannot unmarshal", { code: "GOJSON_ERR_SEMANTIC" }), {
      byteOffset: 9n,
      jsonPointer: "/a/0",
    });
    expect(toDecodeError(src)).toMatchObject({ statusCode: 400, offset: 9, pointer: "/a/0" });
  });

  it("a method twin's returned error (a JsonError wrapping a plain Error) is the body's fault: 400", () => {
    const src = new JsonError("bad timestamp", {
      code: "GOJSON_ERR_METHOD",
      cause: new Error("bad timestamp"),
    });
    expect(toDecodeError(src)).toMatchObject({ statusCode: 400, message: "bad timestamp" });
  });

  it("a method twin that threw a TypeError is a bug: 500 without its message", () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'x')");
    const src = new JsonError(bug.message, { code: "GOJSON_ERR_METHOD", cause: bug });
    const e = toDecodeError(src);
    expect([e.statusCode, e.code, e.message]).toEqual([500, C.INTERNAL, "internal server error"]);
    expect(e.cause).toBe(src);
  });

  it("a thrown Standard Schema failure (zod's ZodError) → 400 VALIDATION with pointers", () => {
    const r = z.object({ a: z.array(z.number()) }).safeParse({ a: [1, "x"] });
    const e = toDecodeError(r.error);
    expect([e.statusCode, e.code, e.pointer, e.message]).toEqual([
      400,
      C.VALIDATION,
      "/a/1",
      "request body failed validation: 1 issue",
    ]);
    expect(e.issues?.[0]?.pointer).toBe("/a/1");
  });

  it.each([
    ["TypeError", new TypeError("x.y is not a function: secret-token")],
    ["Error", new Error("db connection refused: secret-token")],
    ["string", "secret-token"],
    ["issues that are not issues", Object.assign(new Error("secret-token"), { issues: [1, 2] })],
    ["undefined", undefined],
  ])("anything else (%s) → 500 that does not echo it", (_name, thrownValue) => {
    const e = toDecodeError(thrownValue);
    expect([e.statusCode, e.code, e.message]).toEqual([500, C.INTERNAL, "internal server error"]);
    expect(JSON.stringify({ ...e, message: e.message })).not.toContain("secret-token");
  });
});
