import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Progress } from "./progress.js";
import { runSuite } from "./suite.js";
import type { ExternalCommand, Suite } from "./suite-types.js";

const quiet: Progress = { start() {}, tick() {}, stop() {} };

// A stand-in external program: 1,000 ns an op, 64 B and 2 allocations an op; skips "skipped", fails "broken".
const FAKE = `
import { createInterface } from "node:readline";
const log = [];
createInterface({ input: process.stdin }).on("line", (line) => {
  const r = JSON.parse(line);
  log.push(r.cmd);
  const reply = (value) => process.stdout.write(JSON.stringify({ id: r.id, ok: true, value }) + "\\n");
  if (r.payloadId === "broken") {
    process.stdout.write(JSON.stringify({ id: r.id, ok: false, error: "unexpected end of JSON input" }) + "\\n");
    return;
  }
  if (r.payloadId === "skipped" && (r.cmd === "prepare" || r.cmd === "check")) return reply({ skipped: "not in this build" });
  if (r.cmd === "prepare") return reply({ iterations: Math.max(1, Math.round((r.targetMs * 1e6) / 1000)) });
  if (r.cmd === "check") return reply({ checked: true });
  if (r.cmd === "sample") return reply({ iterations: r.iterations, wallNs: r.iterations * 1000, cpuNs: r.iterations * 900 });
  if (r.cmd === "memory") return reply({ method: "go-benchmem", bytesPerOp: 64, allocsPerOp: 2 });
});
`;

function fakeProgram(source = FAKE): ExternalCommand {
  const dir = mkdtempSync(path.join(tmpdir(), "gojson-external-"));
  const file = path.join(dir, "fake.mjs");
  writeFileSync(file, source);
  return { command: process.execPath, args: [file] };
}

function suite(payloads: string[], external: ExternalCommand): Suite<number> {
  return {
    package: "@gojson/harness",
    bench: "external",
    title: "external",
    payloads: payloads.map((id) => ({ id, data: 1 })),
    candidates: [
      { id: "js", run: (_s: unknown, p: { data: number }) => p.data * 2 },
      { id: "ext", label: "external program", external },
    ],
  };
}

describe("external candidates", () => {
  it("Measured/InterleavedAndPairedWithTheInProcessOnes", async () => {
    const r = await runSuite(suite(["one"], fakeProgram()), {
      progress: quiet,
      settings: { pairs: 3, warmupRounds: 1, sampleTimeMs: 1, memory: true },
    });
    expect(r.errors).toEqual([]);
    const ext = r.measurements.find((m) => m.candidate === "ext");
    expect(ext?.samples.map((s) => s.nsPerOp)).toEqual([1000, 1000, 1000]);
    expect(ext?.samples.map((s) => s.cpuNsPerOp)).toEqual([900, 900, 900]);
    // ABBA: the external program samples second, first, second in the three measured rounds.
    expect(ext?.samples.map((s) => s.position)).toEqual([1, 0, 1]);
    expect(ext?.memory).toEqual({ method: "go-benchmem", bytesPerOp: 64, allocsPerOp: 2 });
    // Where each ran, as the result records it.
    expect(r.measurements.map((m) => [m.candidate, m.isolation])).toEqual([
      ["js", "none"],
      ["ext", "process"],
    ]);
    const cmp = r.comparisons.find((c) => c.id === "ext/js@one");
    expect(cmp?.ratios).toHaveLength(3);
  });
  it("Errors/SkipAndErrorRepliesAreRecordedPerPayload", async () => {
    const r = await runSuite(suite(["one", "skipped", "broken"], fakeProgram()), {
      progress: quiet,
      settings: { pairs: 1, warmupRounds: 0, sampleTimeMs: 1, memory: false },
    });
    expect(r.errors.map((e) => `${e.candidate}/${e.payload}: ${e.message}`)).toEqual([
      "ext/skipped: skipped: not in this build",
      "ext/broken: unexpected end of JSON input",
    ]);
    expect(r.measurements.filter((m) => m.candidate === "ext").map((m) => m.payload)).toEqual(["one"]);
  });
  it("Errors/AProgramThatExitsFailsItsRequestsInsteadOfHanging", async () => {
    const r = await runSuite(suite(["one"], fakeProgram("process.exit(3);")), {
      progress: quiet,
      settings: { pairs: 1, warmupRounds: 0, sampleTimeMs: 1, memory: false },
    });
    expect(r.errors.map((e) => `${e.candidate}: ${e.message}`)).toEqual(["ext: candidate host exited (3)"]);
  });
  it("Errors/AProgramThatCannotStartFailsWithTheReason", async () => {
    const r = await runSuite(suite(["one"], { command: "/nonexistent/gojson-driver" }), {
      progress: quiet,
      settings: { pairs: 1, warmupRounds: 0, sampleTimeMs: 1, memory: false },
    });
    expect(r.errors.map((e) => e.message)).toEqual([
      "candidate host exited (-2): spawn /nonexistent/gojson-driver ENOENT",
    ]);
  });
});
