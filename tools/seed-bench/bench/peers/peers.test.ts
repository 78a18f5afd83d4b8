/**
 * The bench bodies run once as a test (checkOnly: prepare, run, check; no
 * timing), so a benchmark can never measure a broken function.
 */
import { runSuite } from "@gojson/harness";
import { describe, expect, it } from "vitest";
import { PEER_KINDS, peerSuite } from "./peers.js";

const silent = { start() {}, tick() {}, stop() {} };

describe("bench bodies", () => {
  for (const kind of PEER_KINDS) {
    it(`${kind}: every candidate passes its check on every payload`, async () => {
      const suite = await peerSuite(kind);
      const r = await runSuite(suite, { checkOnly: true, progress: silent, settings: { isolation: "none" } });
      expect(r.errors).toEqual([]);
      expect(suite.payloads.length).toBeGreaterThanOrEqual(10);
    }, 300_000);
  }
});
