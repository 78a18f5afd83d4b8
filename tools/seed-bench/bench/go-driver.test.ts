/**
 * The generated Go driver builds and answers the harness's external-candidate
 * protocol: every operation passes its check on every payload, and a measured
 * run gives Go-timed samples and -benchmem-style allocation figures.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { hasGo, runSuite, type Suite } from "@gojson/harness";
import { describe, expect, it } from "vitest";
import { buildGoDriver } from "./go-driver.js";
import { seedPayloads } from "./inputs.js";
import { gojsonCounterpart } from "./vs-go.js";

const silent = { start() {}, tick() {}, stop() {} };

describe("gojsonCounterpart", () => {
  it.each([
    ["v1", "Marshal", "v1-marshal"],
    ["v1", "UnmarshalAny", "v1-unmarshal-any"],
    ["v2v1", "UnmarshalTyped", "v2v1-unmarshal-typed"],
    ["v2v1", "V2Marshal", "v2-marshal"],
    ["v2v1", "V2UnmarshalAny", "v2-unmarshal-any"],
    ["v1", "Reformat", undefined],
  ] as const)("%s %s → %s", (engine, op, want) => {
    expect(gojsonCounterpart(engine, op)).toBe(want);
  });
});

// skip: needs `go` on PATH (builds and runs the generated driver)
describe.skipIf(!hasGo())("Go driver", () => {
  const inputs = seedPayloads("small");
  const dir = mkdtempSync(path.join(tmpdir(), "gojson-go-driver-"));
  for (const p of inputs) writeFileSync(path.join(dir, `${p.id}.json`), p.bytes);
  const suite = (exe: string, ops: string[]): Suite =>
    ({
      package: "@gojson/seed-bench",
      bench: "go-driver",
      title: "go-driver",
      payloads: inputs.map((p) => ({ id: p.id, data: p })),
      candidates: ops.map((op) => ({
        id: op,
        external: { command: exe, args: [op], env: { GOJSON_PAYLOAD_DIR: dir } },
      })),
    }) as Suite;

  it("Build/ListsTheOperationsOfItsBuild", () => {
    const plain = buildGoDriver(path.join(dir, "plain"), inputs, "driver", { GOEXPERIMENT: "" });
    expect(plain.ops).toEqual(["Compact", "Indent", "Marshal", "UnmarshalAny", "UnmarshalTyped", "Valid"]);
    expect(plain.version).toMatch(/^go1\.\d+/);
    const v2 = buildGoDriver(path.join(dir, "jsonv2"), inputs, "driver", { GOEXPERIMENT: "jsonv2" });
    expect(v2.ops).toEqual([
      "Compact",
      "Indent",
      "Marshal",
      "UnmarshalAny",
      "UnmarshalTyped",
      "V2Compact",
      "V2Indent",
      "V2Marshal",
      "V2UnmarshalAny",
      "V2UnmarshalTyped",
      "V2Valid",
      "Valid",
    ]);
  }, 180_000);

  it("Check/EveryOperationOnEveryPayload", async () => {
    const b = buildGoDriver(path.join(dir, "check"), inputs, "driver", { GOEXPERIMENT: "jsonv2" });
    const r = await runSuite(suite(b.exe, b.ops), { checkOnly: true, progress: silent });
    expect(r.errors).toEqual([]);
  }, 180_000);

  it("Measured/GoTimesItsSamplesAndCountsItsAllocations", async () => {
    const b = buildGoDriver(path.join(dir, "measured"), inputs, "driver", { GOEXPERIMENT: "" });
    const s = suite(b.exe, ["Marshal"]);
    s.payloads = s.payloads.slice(0, 1);
    const r = await runSuite(s, {
      progress: silent,
      settings: { pairs: 2, warmupRounds: 0, sampleTimeMs: 2, memory: true },
    });
    expect(r.errors).toEqual([]);
    const [m] = r.measurements;
    expect(m?.samples).toHaveLength(2);
    for (const x of m?.samples ?? []) {
      expect(x.iterations).toBeGreaterThan(0);
      expect(x.nsPerOp).toBeGreaterThan(0);
    }
    // Marshal allocates at least its output: more bytes than the payload's compact JSON has.
    expect(m?.memory?.method).toBe("go-benchmem");
    expect(m?.memory?.bytesPerOp).toBeGreaterThan(inputs[0]!.bytes.length / 2);
  }, 180_000);
});
