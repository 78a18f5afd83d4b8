import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CALLGRIND_WARMUP, countInstructions, parseCallgrindTotal } from "./callgrind.js";

// A stand-in for valgrind that models a JIT: the first COLD calls cost 100 instructions each,
// the later ones 10, on top of a fixed start-up. It writes callgrind's summary line for the
// calls the child would make (warm-up + iterations, read from the child's JSON argument).
const COLD = 50;
const dir = mkdtempSync(path.join(tmpdir(), "gojson-fake-valgrind-"));
const fake = path.join(dir, "valgrind");
writeFileSync(
  fake,
  `#!${process.execPath}
const fs = require("node:fs");
const args = process.argv.slice(2);
const out = args.find((a) => a.startsWith("--callgrind-out-file=")).split("=")[1];
const o = JSON.parse(args[args.length - 1]);
const calls = (o.warmup ?? 0) + o.iterations;
let total = 1000000;
for (let k = 0; k < calls; k++) total += k < ${COLD} ? 100 : 10;
fs.writeFileSync(out, "events: Ir\\nsummary: " + total + "\\n");
`,
);
chmodSync(fake, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const base = {
  moduleUrl: "file:///unused.js",
  exportName: "suite",
  candidateId: "c",
  payloadId: "p",
  valgrind: fake,
};

describe("instruction counts (callgrind)", () => {
  it("Summary/Parsed", () => {
    expect(parseCallgrindTotal("events: Ir\nsummary: 12345\n")).toBe(12345);
    expect(() => parseCallgrindTotal("events: Ir\n")).toThrow(/no summary/);
  });
  it("WarmUp/SteadyStateOnly", () => {
    // Both counts after the default warm-up: the cold calls cancel, 10 per op remains.
    expect(CALLGRIND_WARMUP).toBeGreaterThan(COLD);
    expect(countInstructions(base).instructionsPerOp).toBe(10);
  });
  it("WarmUp/NoneChargesTheColdCalls", () => {
    // Without a warm-up, the cold calls past the first count land in the difference.
    const r = countInstructions({ ...base, warmup: 0, iterations: [20, 220] });
    // (calls 20..219: 30 cold at 100, 170 at 10) / 200
    expect(r.instructionsPerOp).toBe(23.5);
  });
});
