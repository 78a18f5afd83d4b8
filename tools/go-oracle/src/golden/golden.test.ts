import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { GO_VERSIONS, goAvailable } from "../go-version.js";
import { hasGo, startOracle } from "../oracle.js";
import { checkGolden, goldenDirFor, readGolden } from "./generate.js";

const root = join(__dirname, "..", "..", "..", "..", "packages", "fixtures", "golden");

describe.each(GO_VERSIONS)("golden vectors of Go %s", (go) => {
  const dir = goldenDirFor(root, go);

  it("are committed", () => {
    const groups = readGolden(dir);
    expect([...groups.keys()].sort()).toEqual([
      "differences",
      "edges",
      "errors",
      "jsontestsuite",
      "matrix",
      "seed000",
      "shapes",
    ]);
  });

  const why = hasGo() ? (goAvailable(go).ok ? "" : `Go ${go} cannot run here`) : "go is not on PATH";
  // skip: no go on PATH, or Go 1.27 cannot be obtained (the reason is in the title)
  it.skipIf(why !== "")(
    `Go ${go} still gives every committed golden answer${why ? ` (skipped: ${why})` : ""}`,
    async () => {
      const oracle = startOracle({ go });
      afterAll(() => oracle.close());
      const { total, diffs } = await checkGolden(oracle, dir, go);
      expect(total).toBeGreaterThan(3000);
      expect(diffs.slice(0, 10)).toEqual([]);
    },
    600_000, // asks real Go every committed vector: minutes on a loaded machine
  );
});
