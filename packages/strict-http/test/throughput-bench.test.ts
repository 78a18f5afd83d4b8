// The throughput benchmark's bodies, run once as a test (the harness's check hook): every route
// must answer each payload right before any timing could count it. No timing is asserted here.
import { isExternal, runSuite } from "@gojson/harness";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodies, SERVERS, type ThroughputRun, throughputSuite } from "../bench/throughput.js";

describe("bench/throughput.ts (check only)", () => {
  let run: ThroughputRun;
  beforeAll(async () => {
    run = await throughputSuite({ batch: 20, connections: 4 });
  });
  afterAll(() => run.close());

  it("Bench/EveryRouteAnswersEveryPayload", async () => {
    const r = await runSuite(run.suite, { checkOnly: true });
    expect(r.errors).toEqual([]);
    expect(r.candidates.map((c) => c.id)).toEqual(SERVERS.map((s) => s.id));
    expect(r.payloads.map((p) => p.id)).toEqual(bodies().map((b) => b.id));
  });

  it("Bench/CheckRejectsAWrongAnswer", () => {
    const strict = run.suite.candidates[0];
    if (!strict || isExternal(strict)) throw new Error("the first server is strict-http, run in the harness");
    expect(() => strict.check?.({ ok: 19, bad: 1 }, run.suite.payloads[0] as never)).toThrow(/19 of 20/);
  });
});
