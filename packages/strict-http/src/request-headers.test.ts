import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { nodeBodyHeaders, splitList, webBodyHeaders } from "./request-headers.js";

describe("splitList", () => {
  it.each([
    ["gzip", ["gzip"]],
    ["gzip, br", ["gzip", "br"]],
    [" a ,, b ,", ["a", "b"]],
    ['application/json; x="a,b", text/plain', ['application/json; x="a,b"', "text/plain"]],
    ['a; x="q\\"x,y", b', ['a; x="q\\"x,y"', "b"]],
    ["", []],
  ])("%j", (value, want) => {
    expect(splitList(value)).toEqual(want);
  });
});

describe("nodeBodyHeaders", () => {
  it("reads every raw line, where req.headers keeps only the first Content-Type", () => {
    const req = {
      rawHeaders: [
        "Host",
        "x",
        "Content-Type",
        "application/json",
        "content-type",
        "text/plain",
        "Content-Encoding",
        "gzip",
        "CONTENT-ENCODING",
        "identity, br",
        "Content-Length",
        "7",
      ],
      headers: { "content-type": "application/json" },
    } as unknown as IncomingMessage;
    expect(nodeBodyHeaders(req)).toEqual({
      contentType: ["application/json", "text/plain"],
      contentLength: ["7"],
      contentEncoding: ["gzip", "identity", "br"],
      transferEncoding: [],
    });
  });
});

describe("webBodyHeaders", () => {
  it("splits the joined values of a Fetch Headers object", () => {
    const h = new Headers();
    h.append("content-type", "application/json");
    h.append("content-type", "text/plain");
    h.append("content-length", "2");
    expect(
      webBodyHeaders(new Request("http://x/", { method: "POST", headers: h, body: "{}" })),
    ).toMatchObject({
      contentType: ["application/json", "text/plain"],
      contentLength: ["2"],
    });
  });
});
