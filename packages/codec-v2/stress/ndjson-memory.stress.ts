/**
 * A stream of any length decodes in bounded memory: 50 MB of NDJSON events, generated lazily
 * through a Node Readable, go through decodeValues into Go types while the heap in use is
 * sampled. A decoder that kept the input (or the values) would hold over 50 MB; the bound
 * asserted is generous (memory only, never time).
 */
import { Readable } from "node:stream";
import { parseGo } from "@gojson/gotype";
import { expect, it } from "vitest";
import { decodeValues } from "../src/index.js";

const MB = 1024 * 1024;
const TOTAL = 50 * MB;
/** Heap growth allowed over the run: the window, one chunk, the fast path's caches and young garbage. */
const HEAP_GROWTH_BOUND = 40 * MB;

const { Event } = parseGo(`package ev
type User struct { ID int64 \`json:"id"\`; Name string \`json:"name"\` }
type Event struct {
	ID int64 \`json:"id"\`; Kind string \`json:"kind"\`; User User \`json:"user"\`
	Tags []string \`json:"tags"\`; Amount float64 \`json:"amount"\`; Attrs map[string]string \`json:"attrs"\`
}`);

function* events(): Generator<string> {
  let bytes = 0;
  let i = 0;
  while (bytes < TOTAL) {
    let chunk = "";
    for (let j = 0; j < 500; j++, i++)
      chunk += `${JSON.stringify({
        id: i,
        kind: ["click", "view", "buy"][i % 3],
        user: { id: i * 7, name: `user ${i % 1000}` },
        tags: ["a", "é", String(i % 17)],
        amount: (i % 1000) / 8,
        attrs: { k: "v", n: String(i) },
      })}\n`;
    bytes += Buffer.byteLength(chunk);
    yield chunk;
  }
}

it("50 MB of NDJSON through a Readable in bounded memory", async () => {
  const base = process.memoryUsage().heapUsed;
  let peak = 0;
  let n = 0;
  let sum = 0;
  for await (const ev of decodeValues(Event as never, Readable.from(events()))) {
    const e = ev as { ID: bigint; Amount: number };
    expect(e.ID).toBe(BigInt(n));
    sum += e.Amount;
    if (++n % 2000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed - base);
  }
  expect(n).toBeGreaterThan(200_000);
  expect(sum).toBeGreaterThan(0);
  expect(peak).toBeLessThan(HEAP_GROWTH_BOUND);
  console.log(`events ${n}, peak heap growth ${(peak / MB).toFixed(1)} MiB`);
});
