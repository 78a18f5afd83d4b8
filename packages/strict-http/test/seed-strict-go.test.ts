import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { StrictBodyCode as C, readJson, sendProblem } from "../src/index.js";
import { standardSchema } from "../src/standard-schema.js";

interface GoRow {
  name: string;
  body: string;
  status: number;
  response: string;
}
// Go's answers are re-recorded and compared by test/go-check (`pnpm --filter @gojson/strict-http go:check`, a CI step).
const fixture = fileURLToPath(new URL("./fixtures/strict-go.json", import.meta.url));
const goRows = JSON.parse(readFileSync(fixture, "utf8")) as GoRow[];

// What strict-http answers for the same eight bodies, with the same limit (64 bytes) and the
// same rule for unknown fields (a strict object schema stands in for DisallowUnknownFields).
const want: Record<string, { status: number; code?: string }> = {
  ok: { status: 200 },
  "unknown-field": { status: 400, code: C.VALIDATION },
  "two-values": { status: 400, code: C.TRAILING_DATA },
  "trailing-garbage": { status: 400, code: C.TRAILING_DATA },
  "duplicate-name": { status: 400, code: C.DUPLICATE_NAME }, // Go v1 answered 200 with name "b"
  "too-large": { status: 413, code: C.BODY_TOO_LARGE },
  empty: { status: 400, code: C.EMPTY_BODY },
  truncated: { status: 400, code: C.INVALID_JSON },
};

describe("the seed's strict.go bodies: Go (recorded) and strict-http", () => {
  let port = 0;
  const server = createServer((req, res) => {
    readJson(req, {
      maxBytes: 64,
      topLevel: "object",
      decode: standardSchema(z.strictObject({ name: z.string() })),
    }).then(
      (v) => res.end(JSON.stringify(v)),
      (e) => sendProblem(res, e),
    );
  });
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("Fixture/HasEightBodies", () => {
    expect(goRows.map((r) => r.name)).toEqual(Object.keys(want));
  });

  for (const row of goRows) {
    it(`Seed/${row.name}`, async () => {
      const r = await fetch(`http://127.0.0.1:${port}/`, {
        method: "POST",
        body: row.body,
        headers: { "content-type": "application/json" },
      });
      const w = want[row.name] as { status: number; code?: string };
      expect(r.status).toBe(w.status);
      const json = (await r.json()) as Record<string, unknown>;
      if (w.code) expect(json.code).toBe(w.code);
      else expect(json).toEqual(JSON.parse(row.response));
      // Where Go said no, strict-http says no too, with the same status.
      if (row.status !== 200) expect(r.status).toBe(row.status);
    });
  }
});
