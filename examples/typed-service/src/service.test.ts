import { spawnSync } from "node:child_process";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderService } from "./service.js";

const server = orderService(() => new Date("2026-12-04T10:00:00.5Z"));
let base = "";

beforeAll(async () => {
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((ok) => server.close(() => ok()));
});

async function post(body: string): Promise<{ status: number; text: string }> {
  const r = await fetch(`${base}/orders`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  return { status: r.status, text: await r.text() };
}

// Expected bytes and texts: Go 1.26.8 (`go run`) on the same types, json.Marshal and a Decoder with DisallowUnknownFields.
describe("typed service on loopback", () => {
  it("answers an order written as Go writes it (int64 exact, time RFC 3339, nil slice null)", async () => {
    const r = await post('{"customer":"ann","lines":[{"sku":"a","qty":3,"price_cents":9007199254740993}]}');
    expect(r.status).toBe(201);
    expect(r.text).toBe(
      '{"id":1,"customer":"ann","lines":[{"sku":"a","qty":3,"price_cents":9007199254740993}],"total_cents":27021597764222979,"placed":"2026-12-04T10:00:00.5Z"}',
    );
    const empty = await post('{"customer":"bob"}');
    expect(empty.text).toBe(
      '{"id":2,"customer":"bob","lines":null,"total_cents":0,"placed":"2026-12-04T10:00:00.5Z"}',
    );
  });

  it("rejects what Go rejects with Go's error text (400)", async () => {
    const wrong = await post('{"customer":"ann","lines":[{"qty":"3"}]}');
    expect(wrong.status).toBe(400);
    expect(JSON.parse(wrong.text).detail).toBe(
      "json: cannot unmarshal string into Go struct field Line.lines.qty of type int32",
    );
    const unknown = await post('{"customer":"ann","coupon":"x"}');
    expect(unknown.status).toBe(400);
    expect(JSON.parse(unknown.text).detail).toBe('json: unknown field "coupon"');
  });

  it("serves the request's JSON Schema", async () => {
    const r = await fetch(`${base}/schema/create-order`);
    const s = (await r.json()) as { $schema: string; $defs: Record<string, unknown> };
    expect(s.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(Object.keys(s.$defs)).toEqual(["CreateOrder", "Line"]);
  });
});

describe("generated module", () => {
  it("is fresh: gojson gen --check passes on the committed file", () => {
    const r = spawnSync("pnpm", ["run", "--silent", "gen:check"], {
      cwd: resolve(import.meta.dirname, ".."),
      encoding: "utf8",
    });
    expect(r.stderr).toContain("src/shop.gen.ts is up to date (3 types)");
    expect(r.status).toBe(0);
  });
});
