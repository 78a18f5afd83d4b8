/**
 * The syntax-vs-go suite: every Go operation it pairs has a gojson candidate, and every gojson
 * candidate passes its check on every corpus (the Go side is checked in go-driver.test.ts).
 */
import { runSuite } from "@gojson/harness";
import { describe, expect, it } from "vitest";
import { SYNTAX_COUNTERPARTS, syntaxCandidates, syntaxVsGoSuite } from "./syntax-vs-go.js";

const silent = { start() {}, tick() {}, stop() {} };

describe("syntax-vs-go", () => {
  it("Counterparts/EveryGoOperationHasItsCandidate", () => {
    const ids = syntaxCandidates().map((c) => c.id);
    expect(Object.values(SYNTAX_COUNTERPARTS).sort()).toEqual([...ids].sort());
  });

  it("Check/EveryCandidateOnEveryCorpus", async () => {
    const s = await syntaxVsGoSuite({ payloadDir: "", builds: [] });
    expect(s.comparisons).toEqual([]);
    const r = await runSuite(
      { ...s, settings: { ...s.settings, isolation: "none" } },
      {
        checkOnly: true,
        progress: silent,
      },
    );
    expect(r.errors).toEqual([]);
  }, 120_000);
});
