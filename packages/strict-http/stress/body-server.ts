// A child process for stress/memory.stress.ts: one node:http server that reads one body with
// readJson (the strict parse, or goDecoderV2 over codec-v2) and answers with the outcome, its
// time and the process's peak RSS (VmHWM), so that each body's memory is measured alone.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { unmarshal } from "@gojson/codec-v2";
import { parseGo } from "@gojson/gotype";
import { goDecoderV2 } from "../src/codec.js";
import { type BodyDecoder, readJson } from "../src/index.js";

const mode = process.argv[2] ?? "strict";
let decode: BodyDecoder | undefined;
if (mode === "v2") {
  const { T } = parseGo('package main\ntype T struct { N int64 `json:"n"` }');
  decode = goDecoderV2({ unmarshal }, T as never);
}

function peakRss(): number {
  const m = /VmHWM:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"));
  return m ? Number(m[1]) * 1024 : process.memoryUsage().rss;
}

const server = createServer((req, res) => {
  const rssBefore = process.memoryUsage().rss;
  const t0 = performance.now();
  readJson(req, { maxBytes: 300 * 1024 * 1024, ...(decode ? { decode } : {}) }).then(
    (v) => res.end(JSON.stringify({ ok: typeof v, ms: performance.now() - t0, rssBefore, peak: peakRss() })),
    (e: { code?: string }) =>
      res.end(JSON.stringify({ code: e.code, ms: performance.now() - t0, rssBefore, peak: peakRss() })),
  );
});
server.listen(0, "127.0.0.1", () => process.send?.((server.address() as AddressInfo).port));
