import autocannon from "autocannon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StrictBodyCode as C } from "../src/index.js";
import { jsonHead, rawRequest, startServer, type TestServer } from "../test/server.js";

const MiB = 1024 * 1024;

// Budgets on this machine class (2 shared cores): moved out of the unit tests, which assert behaviour only.
describe("memory and load (127.0.0.1)", () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startServer(); // default limit: 1 MiB
  });
  afterAll(() => srv.close());

  it("Memory/1GiBChunkedUploadAgainst1MiB", async () => {
    const chunk = Buffer.from(`10000\r\n${" ".repeat(0x10000)}\r\n`); // 64 KiB chunks, one buffer reused
    const total = 1024 * MiB;
    let sent = 0;
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const t0 = performance.now();
    const r = await rawRequest(
      srv.port,
      jsonHead({ "transfer-encoding": "chunked" }),
      async (sock, answered) => {
        while (sent < total && !answered() && !sock.destroyed) {
          sent += 0x10000;
          if (!sock.write(chunk)) {
            await new Promise((res) => {
              sock.once("drain", res);
              sock.once("close", res);
            });
          }
        }
      },
    );
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const ms = performance.now() - t0;
    expect(r?.status).toBe(413);
    expect(JSON.parse(r?.body ?? "{}").code).toBe(C.BODY_TOO_LARGE);
    const o = await srv.nextOutcome();
    expect(o.listenersLeft).toBe(0);
    // Stopped early: far less than the gigabyte went out before the answer.
    expect(sent).toBeLessThan(64 * MiB);
    expect(peak - rss0).toBeLessThan(16 * MiB);
    console.log(
      `1 GiB chunked vs 1 MiB: 413 after ${(sent / MiB).toFixed(1)} MiB sent, ${ms.toFixed(0)} ms, RSS +${((peak - rss0) / MiB).toFixed(1)} MiB`,
    );
  });

  it("Limit/ContentLength100MBNoBody413Within1s", async () => {
    const t0 = performance.now();
    const r = await rawRequest(srv.port, jsonHead({ "content-length": 100_000_000 }));
    const ms = performance.now() - t0;
    await srv.nextOutcome();
    expect(r?.status).toBe(413);
    console.log(`100 MB declared: 413 in ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(1000);
  });

  it("Load/Autocannon100ConnectionsZeroErrors", async () => {
    const body = JSON.stringify({
      id: 90210,
      customer: "Ann Smith",
      total: 12345,
      paid: true,
      items: ["book", "pen", "lamp"],
    });
    const result = await autocannon({
      url: `http://127.0.0.1:${srv.port}/`,
      method: "POST",
      connections: 100,
      duration: 3,
      headers: { "content-type": "application/json" },
      body,
    });
    srv.outcomes.length = 0;
    console.log(
      `autocannon c=100 3 s: ${result.requests.total} requests, ${result.requests.average} req/s avg, p99 ${result.latency.p99} ms, errors ${result.errors}, non2xx ${result.non2xx}`,
    );
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(result.requests.total).toBeGreaterThan(0);
  });
});
