import { describe, expect, it } from "vitest";
import { CHUNKED, commonLength, NOT_COMMON } from "./common-headers.js";

const JSON_ONLY = Object.freeze(["application/json"]);
const raw = (...lines: string[]) => lines;

describe("commonLength", () => {
  it("the common request: its declared length", () => {
    expect(
      commonLength(
        raw("Host", "x", "Content-Type", "application/json", "Content-Length", "42"),
        JSON_ONLY,
        1024,
      ),
    ).toBe(42);
  });
  it("names in any case; a UTF-8 charset; leading zeros as the full check reads them", () => {
    expect(
      commonLength(
        raw("CONTENT-TYPE", "Application/JSON; charset=utf-8", "content-length", "0042"),
        JSON_ONLY,
        1024,
      ),
    ).toBe(42);
  });
  it("a chunked request (one Transfer-Encoding: chunked line, in any case): no declared length", () => {
    for (const te of ["chunked", "Chunked", "CHUNKED"])
      expect(
        commonLength(
          raw("Host", "x", "Content-Type", "application/json", "Transfer-Encoding", te),
          JSON_ONLY,
          1024,
        ),
      ).toBe(CHUNKED);
  });
  const full: [string, string[], number][] = [
    ["no Content-Type", raw("content-length", "5"), 1024],
    ["no Content-Length (chunked or none)", raw("content-type", "application/json"), 1024],
    [
      "two Content-Type lines",
      raw("content-type", "application/json", "content-type", "application/json", "content-length", "5"),
      1024,
    ],
    [
      "two Content-Length lines",
      raw("content-type", "application/json", "content-length", "5", "content-length", "5"),
      1024,
    ],
    ["a Content-Type list", raw("content-type", "application/json, text/plain", "content-length", "5"), 1024],
    ["another media type", raw("content-type", "text/plain", "content-length", "5"), 1024],
    ["another charset", raw("content-type", "application/json; charset=latin1", "content-length", "5"), 1024],
    [
      "Content-Encoding, even identity",
      raw("content-type", "application/json", "content-length", "5", "Content-Encoding", "identity"),
      1024,
    ],
    [
      "Transfer-Encoding",
      raw("content-type", "application/json", "content-length", "5", "Transfer-Encoding", "chunked"),
      1024,
    ],
    ["chunked without a Content-Type", raw("transfer-encoding", "chunked"), 1024],
    [
      "chunked with another media type",
      raw("content-type", "text/plain", "transfer-encoding", "chunked"),
      1024,
    ],
    [
      "a Transfer-Encoding list",
      raw("content-type", "application/json", "transfer-encoding", "gzip, chunked"),
      1024,
    ],
    [
      "another transfer coding",
      raw("content-type", "application/json", "transfer-encoding", "chunkex"),
      1024,
    ],
    [
      "two Transfer-Encoding lines",
      raw("content-type", "application/json", "transfer-encoding", "chunked", "transfer-encoding", "chunked"),
      1024,
    ],
    [
      "chunked with Content-Encoding",
      raw("content-type", "application/json", "transfer-encoding", "chunked", "content-encoding", "gzip"),
      1024,
    ],
    ["length 0 (no body)", raw("content-type", "application/json", "content-length", "0"), 1024],
    ["length over the limit", raw("content-type", "application/json", "content-length", "1025"), 1024],
    ["malformed length", raw("content-type", "application/json", "content-length", "5x"), 1024],
    ["length of 17 digits", raw("content-type", "application/json", "content-length", "1".repeat(17)), 1e20],
  ];
  for (const [name, lines, max] of full) {
    it(`full checks: ${name}`, () => {
      expect(commonLength(lines, JSON_ONLY, max)).toBe(NOT_COMMON);
      // A refused value is never remembered as accepted.
      expect(commonLength(lines, JSON_ONLY, max)).toBe(NOT_COMMON);
    });
  }
  it("accepted values are remembered per list of types", () => {
    const lines = raw("content-type", "application/vnd.api+json", "content-length", "3");
    expect(commonLength(lines, JSON_ONLY, 10)).toBe(NOT_COMMON);
    expect(commonLength(lines, ["application/*+json"], 10)).toBe(3);
    expect(commonLength(lines, JSON_ONLY, 10)).toBe(NOT_COMMON);
  });
});
