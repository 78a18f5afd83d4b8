import { afterAll, expect, it } from "vitest";
import { hasGo, startOracle } from "../oracle.js";
import { campaign } from "./campaign.js";

// A short differential run per engine: gojson's codecs against real Go.
// Disagreements are printed (they are bug reports for the codec owners);
// set GOJSON_FUZZ_STRICT=1 to make them fail the test.
const RUNS = Number(process.env.GOJSON_FUZZ_RUNS ?? 200);

// skip: no go on PATH (the campaign asks real Go)
it.skipIf(!hasGo())(
  `differential fuzzing: ${RUNS} cases per engine (needs go on PATH)`,
  async () => {
    const oracle = startOracle();
    afterAll(() => oracle.close());
    const s = await campaign(oracle, { runs: RUNS, shrinkBudget: 0 });
    for (const [engine, t] of Object.entries(s.engines)) {
      console.log(
        `${engine}: ${t.cases} cases, ${t.agreements} agree, ${t.disagreements} disagree ${JSON.stringify(t.byKind)}`,
      );
      expect(t.cases + t.skipped).toBe(RUNS);
    }
    for (const ex of s.examples.slice(0, 3)) console.log(`--- ${ex.engine} ${ex.kind}\n${ex.text}`);
    if (process.env.GOJSON_FUZZ_STRICT === "1") expect(s.examples).toEqual([]);
  },
  600_000,
); // real Go: two program builds, slow on a loaded machine
