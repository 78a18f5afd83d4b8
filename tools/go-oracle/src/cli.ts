/**
 * Command line of the oracle package:
 *   golden [--check] [--out DIR] [--suite DIR]   regenerate (or check) golden vectors
 *   conformance [--runs N] [--seed N] [--out FILE] [--fail-on crash,...]  differential fuzzing campaign
 */
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { checkGolden, writeGolden } from "./golden/generate.js";
import { hasGo, startOracle } from "./oracle.js";

const here = typeof __dirname === "string" ? __dirname : dirname(fileURLToPath(import.meta.url));
const pkg = join(here, "..");
const repo = join(pkg, "..", "..");

function flag(args: string[], name: string, fallback: string): string {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? (args[i + 1] as string) : fallback;
}

async function main(argv: string[]): Promise<number> {
  const [cmd, ...args] = argv;
  if (!hasGo()) {
    console.error("go-oracle: `go` is not on PATH");
    return 2;
  }
  const oracle = startOracle();
  try {
    if (cmd === "golden") {
      const out = resolve(flag(args, "--out", join(repo, "packages", "fixtures", "golden")));
      const suite = resolve(
        flag(
          args,
          "--suite",
          process.env.GOJSON_JSONTESTSUITE ?? join(repo, "..", "shared", "JSONTestSuite", "test_parsing"),
        ),
      );
      if (args.includes("--check")) {
        const { total, diffs } = await checkGolden(oracle, out);
        for (const d of diffs.slice(0, 50)) console.error(d);
        console.log(`golden:check: ${total} vectors, ${diffs.length} differ from Go`);
        return diffs.length === 0 ? 0 : 1;
      }
      const counts = await writeGolden(oracle, out, suite);
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      console.log(`golden: wrote ${total} vectors to ${out}`, counts);
      return 0;
    }
    if (cmd === "conformance") {
      const { runCampaign } = await import("./fuzz/campaign.js");
      const runs = Number(flag(args, "--runs", "1000"));
      const out = resolve(flag(args, "--out", join(repo, "results", "conformance.json")));
      const failOn = flag(args, "--fail-on", "").split(",").filter(Boolean);
      const seedText = flag(args, "--seed", "");
      const seed = seedText === "" ? undefined : Number(seedText);
      if (seed !== undefined && !Number.isSafeInteger(seed)) {
        console.error(`conformance: --seed must be an integer, got ${seedText}`);
        return 2;
      }
      return await runCampaign(oracle, { runs, out, seed, failOn });
    }
    console.error("usage: cli golden [--check] | conformance [--runs N] [--seed N] [--out FILE]");
    return 2;
  } finally {
    oracle.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  },
);
