/**
 * The bench body runs once as a test (checkOnly: prepare, run, check; no
 * timing), so a benchmark can never measure a broken function.
 */
import { runSuite } from "@gojson/harness";
import { expect, it } from "vitest";
import { tokenizeSuite } from "./jsontext-tokenize.js";

const silent = { start() {}, tick() {}, stop() {} };

it("tokenize: every candidate passes its check on every corpus", async () => {
  const suite = await tokenizeSuite();
  const r = await runSuite(suite, { checkOnly: true, progress: silent, settings: { isolation: "none" } });
  expect(r.errors).toEqual([]);
  expect(suite.payloads.length).toBeGreaterThanOrEqual(2);
}, 300_000);
