import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { StrictBodyCode as C, StrictBodyError } from "./errors.js";
import { PROBLEM_CONTENT_TYPE, problemDetails, problemHeaders, sendProblem } from "./problem-details.js";

describe("problemDetails", () => {
  it("renders a StrictBodyError as RFC 9457 with strict-http's members", () => {
    const e = new StrictBodyError({
      code: C.DUPLICATE_NAME,
      statusCode: 400,
      message: "invalid JSON body: duplicate member name in object at byte offset 12",
      offset: 12,
      pointer: "/a/b",
    });
    expect(problemDetails(e)).toEqual({
      type: "about:blank",
      title: "Bad Request",
      status: 400,
      detail: "invalid JSON body: duplicate member name in object at byte offset 12",
      code: C.DUPLICATE_NAME,
      offset: 12,
      pointer: "/a/b",
    });
  });

  it("carries the issues of a validation error as errors", () => {
    const issues = [{ message: "Expected number", pointer: "/n" }];
    const e = new StrictBodyError({
      code: C.VALIDATION,
      statusCode: 400,
      message: "m",
      pointer: "/n",
      issues,
    });
    expect(problemDetails(e).errors).toEqual(issues);
  });

  it("titles 413, 415, 500 and 501 by their status", () => {
    const title = (statusCode: 413 | 415 | 500 | 501) =>
      problemDetails(new StrictBodyError({ code: C.INTERNAL, statusCode, message: "m" })).title;
    expect([title(413), title(415), title(500), title(501)]).toEqual([
      "Payload Too Large",
      "Unsupported Media Type",
      "Internal Server Error",
      "Not Implemented",
    ]);
  });

  it("anything else is a bare 500 that says nothing about it", () => {
    expect(problemDetails(new Error("secret"))).toEqual({
      type: "about:blank",
      title: "Internal Server Error",
      status: 500,
      detail: "internal server error",
    });
  });
});

describe("problemHeaders", () => {
  it("adds Connection: close only when the body was left unread", () => {
    const open = new StrictBodyError({ code: C.EMPTY_BODY, statusCode: 400, message: "m" });
    const unread = new StrictBodyError({
      code: C.BODY_TOO_LARGE,
      statusCode: 413,
      message: "m",
      closeConnection: true,
    });
    expect(problemHeaders(open)).toEqual({
      "content-type": PROBLEM_CONTENT_TYPE,
      "cache-control": "no-store",
    });
    expect(problemHeaders(unread).connection).toBe("close");
  });
});

describe("sendProblem", () => {
  it("writes the status, the problem+json body and its length", async () => {
    const server = createServer((_req, res) => {
      sendProblem(
        res,
        new StrictBodyError({ code: C.BOM, statusCode: 400, message: "m", offset: 0, pointer: "" }),
      );
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    try {
      const r = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const text = await r.text();
      expect(r.status).toBe(400);
      expect(r.headers.get("content-type")).toBe(PROBLEM_CONTENT_TYPE);
      expect(Number(r.headers.get("content-length"))).toBe(Buffer.byteLength(text));
      expect(JSON.parse(text)).toMatchObject({ code: C.BOM, offset: 0, pointer: "" });
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
