import { describe, expect, it } from "vitest";
import { checkContentEncoding, checkContentType, matchesMediaType, parseMediaType } from "./content-type.js";
import { StrictBodyCode as C, type StrictBodyError } from "./errors.js";

function thrown(f: () => unknown): StrictBodyError {
  let err: unknown;
  let threw = false;
  try {
    f();
  } catch (e) {
    threw = true;
    err = e;
  }
  expect(threw, "expected a throw").toBe(true);
  return err as StrictBodyError;
}

describe("parseMediaType", () => {
  it.each([
    ["application/json", { type: "application/json", charset: undefined }],
    ["Application/JSON; Charset=UTF-8", { type: "application/json", charset: "utf-8" }],
    ['application/json;charset="utf-8"', { type: "application/json", charset: "utf-8" }],
    ["application/json;", { type: "application/json", charset: undefined }],
    ["application/vnd.api+json; q=1", { type: "application/vnd.api+json", charset: undefined }],
    ["  text/plain  ", { type: "text/plain", charset: undefined }],
  ])("Valid %j", (value, want) => {
    expect(parseMediaType(value)).toEqual(want);
  });

  it.each(["", "json", "/json", "application/", "application/js on", "application/json; charset", "a/b; =x"])(
    "Malformed %j is undefined",
    (value) => {
      expect(parseMediaType(value)).toBeUndefined();
    },
  );
});

describe("matchesMediaType", () => {
  it("exact entries and type/*+suffix entries", () => {
    expect(matchesMediaType("application/json", ["application/json"])).toBe(true);
    expect(matchesMediaType("application/problem+json", ["application/*+json"])).toBe(true);
    expect(matchesMediaType("text/json", ["application/*+json"])).toBe(false);
    expect(matchesMediaType("application/json", ["application/*+json"])).toBe(false);
  });
});

describe("checkContentType", () => {
  const accepted = ["application/json"];
  it("one or several identical elements pass", () => {
    expect(() => checkContentType(["application/json"], accepted)).not.toThrow();
    expect(() => checkContentType(["application/json", "Application/JSON"], accepted)).not.toThrow();
  });
  it("none is 415", () => {
    expect(thrown(() => checkContentType([], accepted)).code).toBe(C.UNSUPPORTED_MEDIA_TYPE);
  });
  it("two media types are 400 CONFLICTING_HEADERS", () => {
    const e = thrown(() => checkContentType(["application/json", "text/plain"], accepted));
    expect([e.statusCode, e.code]).toEqual([400, C.CONFLICTING_HEADERS]);
  });
  it("a malformed element is 415, also beside a good one", () => {
    expect(thrown(() => checkContentType(["application/json", "nonsense"], accepted)).statusCode).toBe(415);
  });
  it("a charset other than UTF-8 is 415", () => {
    expect(thrown(() => checkContentType(["application/json; charset=latin1"], accepted)).code).toBe(
      C.UNSUPPORTED_CHARSET,
    );
  });
});

describe("checkContentEncoding", () => {
  it("identity elements are dropped", () => {
    expect(checkContentEncoding([], false)).toBeUndefined();
    expect(checkContentEncoding(["identity", "IDENTITY"], false)).toBeUndefined();
    expect(checkContentEncoding(["identity", "gzip"], true)).toBe("gzip");
  });
  it("known codings when inflating", () => {
    expect(checkContentEncoding(["x-gzip"], true)).toBe("gzip");
    expect(checkContentEncoding(["deflate"], true)).toBe("deflate");
    expect(checkContentEncoding(["br"], true)).toBe("br");
  });
  it.each([
    [["gzip"], false, "compressed bodies are not accepted"],
    [["compress"], true, "expected gzip, deflate, br or identity"],
    [["gzip", "br"], true, "2 stacked codings"],
  ] as const)("%j inflate=%s is 415", (list, inflate, text) => {
    const e = thrown(() => checkContentEncoding(list, inflate));
    expect([e.statusCode, e.code]).toEqual([415, C.UNSUPPORTED_ENCODING]);
    expect(e.message).toContain(text);
  });
});
