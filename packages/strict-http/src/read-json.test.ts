import { JsonError } from "@gojson/jsontext";
import { describe, expect, it, vi } from "vitest";
import { StrictBodyCode as C, type StrictBodyError } from "./errors.js";
import { decodeBody, resolveReadJsonOptions } from "./read-json.js";

const bytes = (s: string) => new TextEncoder().encode(s);
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e as StrictBodyError,
  );

describe("decodeBody", () => {
  it("without decode: the strict parse", async () => {
    expect(await decodeBody(bytes('{"a":[1]}'), {})).toEqual({ a: [1] });
    expect(await rejection(decodeBody(bytes('{"a":1,"a":2}'), {}))).toMatchObject({ code: C.DUPLICATE_NAME });
  });

  it("with decode: its value, sync or async", async () => {
    expect(await decodeBody(bytes("[1]"), { decode: (b) => b.length })).toBe(3);
    expect(await decodeBody(bytes("[1]"), { decode: async () => "v" })).toBe("v");
  });

  it("a blank body never reaches decode (EMPTY_BODY at the end of the input)", async () => {
    const decode = vi.fn();
    const e = await rejection(decodeBody(bytes("  "), { decode }));
    expect([e.code, e.offset]).toEqual([C.EMPTY_BODY, 2]);
    expect(decode).not.toHaveBeenCalled();
  });

  it("a JsonError from decode is a 400; onServerError is not called", async () => {
    const onServerError = vi.fn();
    const e = await rejection(
      decodeBody(bytes("{}"), {
        decode: () => {
          throw new JsonError('json: unknown field "x"', { code: "GOJSON_ERR_UNKNOWN_FIELD" });
        },
        onServerError,
      }),
    );
    expect([e.statusCode, e.code, e.message]).toEqual([400, C.DECODE, 'json: unknown field "x"']);
    expect(onServerError).not.toHaveBeenCalled();
  });

  it("a bug in decode is a 500 reported once to onServerError, its message never echoed", async () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'secret')");
    const onServerError = vi.fn();
    const e = await rejection(
      decodeBody(bytes("{}"), {
        decode: () => {
          throw bug;
        },
        onServerError,
      }),
    );
    expect([e.statusCode, e.code, e.message]).toEqual([500, C.INTERNAL, "internal server error"]);
    expect(e.cause).toBe(bug);
    expect(onServerError).toHaveBeenCalledExactlyOnceWith(bug);
  });

  it("a reporter that throws still gives the 500", async () => {
    const e = await rejection(
      decodeBody(bytes("{}"), {
        decode: () => Promise.reject(new RangeError("x")),
        onServerError: () => {
          throw new Error("logger down");
        },
      }),
    );
    expect(e.statusCode).toBe(500);
  });

  it("takes resolved options too", async () => {
    const o = resolveReadJsonOptions({ bigint: true });
    expect(await decodeBody(bytes("18446744073709551615"), o)).toBe(18446744073709551615n);
  });
});

describe("resolveReadJsonOptions", () => {
  it("rejects a non-function onServerError", () => {
    expect(() => resolveReadJsonOptions({ onServerError: "log" as never })).toThrow(TypeError);
  });
  it("requireBody defaults to true", () => {
    expect(resolveReadJsonOptions({}).requireBody).toBe(true);
  });
});
