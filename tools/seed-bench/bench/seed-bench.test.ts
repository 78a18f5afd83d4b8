/**
 * Every bench body runs once as a test (checkOnly: prepare, run, check; no
 * timing), so a bench can never measure a broken function. The Go side runs
 * its generated module's TestPayloadsRoundTrip when go is on PATH.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { hasGo, runSuite, type Suite } from "@gojson/harness";
import { describe, expect, it } from "vitest";
import { costSuite, manual, ORDER, ORDER_JSON } from "./cost.js";
import { experimentSuite, GO127_TOOLCHAIN, goReleaseAvailable } from "./experiment-002.js";
import { writeGoModule } from "./go-source.js";
import { seedPayloads } from "./inputs.js";
import { isolationSuite } from "./isolation.js";
import { marshalEncoderSuite } from "./marshal-encoder.js";

const silent = { start() {}, tick() {}, stop() {} };

const suites: Array<[string, () => Promise<Suite> | Suite]> = [
  ["seed-000-cost", async () => (await costSuite()) as unknown as Suite],
  ["seed-002-experiment", async () => (await experimentSuite()) as unknown as Suite],
  ["seed-003-marshal-encoder", async () => (await marshalEncoderSuite()) as unknown as Suite],
  ["isolation", () => isolationSuite() as unknown as Suite],
];

describe("bench bodies", () => {
  it("seed-000-cost: the hand-built bytes are Go's json.Marshal(order)", () => {
    expect(new TextDecoder().decode(manual(ORDER))).toBe(ORDER_JSON);
  });

  for (const [name, make] of suites) {
    it(`${name}: every candidate passes its check on every payload`, async () => {
      const suite = await make();
      const r = await runSuite(suite, { checkOnly: true, progress: silent, settings: { isolation: "none" } });
      expect(r.errors).toEqual([]);
      expect(suite.payloads.length).toBeGreaterThan(0);
    });
  }

  // skip: needs `go` on PATH (builds and runs the generated Go module)
  it.skipIf(!hasGo())(
    "seed-002-go: the generated Go module builds and its bodies pass (plain)",
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), "gojson-seed-bench-"));
      const inputs = seedPayloads("small");
      for (const p of inputs) writeFileSync(path.join(dir, `${p.id}.json`), p.bytes);
      const goDir = writeGoModule(path.join(dir, "go"), inputs);
      const out = execFileSync("go", ["test", "-count=1", "-run", "TestPayloadsRoundTrip", "-v", "."], {
        cwd: goDir,
        env: { ...process.env, GOJSON_PAYLOAD_DIR: dir, GOFLAGS: "-mod=mod" },
        encoding: "utf8",
      });
      expect(out).toMatch(/--- PASS: TestPayloadsRoundTrip/);
    },
    180_000,
  );

  // skip: needs Go 1.27 (the go command fetches it through GOTOOLCHAIN; offline machines skip)
  it.skipIf(!goReleaseAvailable("1.27"))(
    "seed-002-go127: the generated Go module builds and its bodies pass on Go 1.27, default and nojsonv2",
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), "gojson-seed-bench-"));
      const inputs = seedPayloads("small");
      for (const p of inputs) writeFileSync(path.join(dir, `${p.id}.json`), p.bytes);
      const goDir = writeGoModule(path.join(dir, "go"), inputs);
      for (const experiment of ["", "nojsonv2"]) {
        const out = execFileSync("go", ["test", "-count=1", "-run", "TestPayloadsRoundTrip", "-v", "."], {
          cwd: goDir,
          env: {
            ...process.env,
            GOJSON_PAYLOAD_DIR: dir,
            GOFLAGS: "-mod=mod",
            GOTOOLCHAIN: GO127_TOOLCHAIN,
            GOEXPERIMENT: experiment,
          },
          encoding: "utf8",
        });
        expect(out).toMatch(/--- PASS: TestPayloadsRoundTrip/);
      }
    },
    300_000,
  );
});
