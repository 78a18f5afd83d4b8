import { T } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { GoError } from "./errors.js";
import { MAX_INPUT_BYTES, unmarshal } from "./unmarshal.js";

describe("unmarshal/InputPastTheStringLimit", () => {
  it("is a typed GoError naming the limit, not V8's RangeError", () => {
    // Zeroed memory the check never reads: the error comes before any decoding.
    const big = new Uint8Array(MAX_INPUT_BYTES + 1);
    let err: unknown;
    try {
      unmarshal(T.any, big);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(GoError);
    expect((err as GoError).code).toBe("GOJSON_ERR_V1_TOO_LARGE");
    expect((err as GoError).message).toContain(`${MAX_INPUT_BYTES} bytes`);
    expect((err as GoError).message).toContain(`${MAX_INPUT_BYTES + 1}`);
  });

  it("an input at the limit's scale below it still decodes (small check)", () => {
    expect(unmarshal(T.any, new TextEncoder().encode('{"a":1}'))).toEqual({ a: 1 });
  });
});
