// Request headers whose duplicates change what the body means, sent as raw bytes to every adapter.
// Go's answers (test/go/headers.go, go1.26, the strict.go handler) are in test/fixtures/headers-go.json;
// test/go-check re-records them with the Go on PATH and compares (a CI step).
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StrictBodyCode as C } from "../src/index.js";
import { APPS, type App } from "./apps.js";
import { rawRequest } from "./server.js";

interface GoRow {
  name: string;
  request: string;
  status: number;
}
const goRows = JSON.parse(
  readFileSync(new URL("./fixtures/headers-go.json", import.meta.url), "utf8"),
) as GoRow[];
const goByName = new Map(goRows.map((r) => [r.name, r]));

/** "node" marks node:http's own 400 (llhttp refuses the framing before any handler runs). */
type Want = { status: number; code?: string } | "node" | "passes";

interface Case {
  name: string;
  /** Go's status, checked against the recorded fixture. */
  go: number;
  want: Want;
  /** Per-adapter answers where an adapter differs (Express and Fastify pass bodiless requests through). */
  byApp?: Record<string, Want>;
  why: string;
}

const CONFLICT = { status: 400, code: C.CONFLICTING_HEADERS };
const BODY_REQUIRED = { status: 400, code: C.BODY_REQUIRED };
const bodilessPassThrough = {
  express: "passes",
  fastify: "passes",
  "node-own-answer": { status: 400 },
} as const;

const cases: Case[] = [
  {
    name: "ContentType/TwoLinesConflict",
    go: 200,
    want: CONFLICT,
    why: "Go's handler never reads Content-Type; node:http keeps the first line, so text/plain would hide",
  },
  {
    name: "ContentType/TwoLinesSame",
    go: 200,
    want: { status: 200 },
    why: "identical lines mean one media type",
  },
  { name: "ContentType/OneLineList", go: 200, want: CONFLICT, why: "a list of media types is two of them" },
  { name: "ContentLength/TwoLinesSame", go: 200, want: "node", why: "llhttp refuses any repeated length" },
  { name: "ContentLength/TwoLinesConflict", go: 400, want: "node", why: "as Go" },
  { name: "ContentLength/OneLineList", go: 400, want: "node", why: "as Go" },
  { name: "TransferEncoding/TwoLinesChunked", go: 501, want: "node", why: "llhttp: 400" },
  {
    name: "TransferEncoding/GzipChunked",
    go: 501,
    want: { status: 501, code: C.UNSUPPORTED_TRANSFER_ENCODING },
    why: "llhttp lets it through; the body would be gzip bytes read as JSON",
  },
  { name: "TransferEncoding/Identity", go: 501, want: "node", why: "llhttp: 400" },
  { name: "TransferEncoding/WithContentLength", go: 200, want: "node", why: "llhttp refuses both framings" },
  {
    name: "ContentEncoding/GzipThenIdentity",
    go: 200,
    want: { status: 415, code: C.UNSUPPORTED_ENCODING },
    why: "Go's handler ignores Content-Encoding; identity elements are dropped, gzip is refused without inflate",
  },
  {
    name: "NoBody/Get",
    go: 400,
    want: BODY_REQUIRED,
    byApp: bodilessPassThrough,
    why: "Go's Decode says EOF; Express and Fastify hand bodiless requests to the route",
  },
  {
    name: "NoBody/Head",
    go: 400,
    want: { status: 400 },
    byApp: bodilessPassThrough,
    why: "a HEAD answer has no body",
  },
  {
    name: "NoBody/PostLengthZero",
    go: 400,
    want: BODY_REQUIRED,
    byApp: { fastify: "passes", "node-own-answer": { status: 400 } },
    why: "Fastify runs no parser for an empty body without Content-Type",
  },
];

describe("Go's answers in the table are the recorded ones", () => {
  it("every case has a recorded row with the same status", () => {
    expect(cases.map((c) => [c.name, c.go])).toEqual(
      cases.map((c) => [c.name, goByName.get(c.name)?.status]),
    );
  });
});

for (const [appName, make] of APPS) {
  describe(`repeated body headers: ${appName}`, () => {
    let app: App;
    beforeAll(async () => {
      app = await make();
    });
    afterAll(() => app.close());

    it.each(cases)("$name", async (tc) => {
      const want = tc.byApp?.[appName] ?? tc.want;
      const r = await rawRequest(app.port, (goByName.get(tc.name) as GoRow).request);
      expect(r, "an answer").toBeDefined();
      if (want === "node") {
        expect(r?.status).toBe(400);
        return;
      }
      if (want === "passes") {
        expect(r?.status).toBe(200);
        return;
      }
      expect(r?.status).toBe(want.status);
      if (want.code !== undefined && appName !== "node-own-answer" && !tc.name.startsWith("NoBody/Head")) {
        expect(JSON.parse(r?.body ?? "{}").code).toBe(want.code);
      }
    });
  });
}
