import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { hasGo, startOracle } from "../oracle.js";
import { checkGolden, readGolden } from "./generate.js";

const dir = join(__dirname, "..", "..", "..", "..", "packages", "fixtures", "golden");

it("golden vectors are committed", () => {
  const groups = readGolden(dir);
  expect([...groups.keys()].sort()).toEqual(["differences", "errors", "jsontestsuite", "matrix", "seed000"]);
});

it.skipIf(!hasGo())("Go still gives every committed golden answer (needs go on PATH)", async () => {
  const oracle = startOracle();
  afterAll(() => oracle.close());
  const { total, diffs } = await checkGolden(oracle, dir);
  expect(total).toBeGreaterThan(3000);
  expect(diffs.slice(0, 10)).toEqual([]);
});
