/**
 * Command line of the oracle package:
 *   golden [--check] [--go 1.26|1.27|both] [--out DIR] [--suite DIR]   regenerate (or check) golden vectors
 *   conformance [--go 1.26|1.27|both] [--runs N] [--seed N] [--out FILE] [--fail-on crash,...] [--shrink N] [--notes DIR]
 *               [--jobs N] [--case N] [--max-seconds N] [--answers DIR | --live]
 *       differential fuzzing campaign: N worker processes (default one per core, at most 4; the releases
 *       run side by side); --seed 1,2,3 runs the seeds one after another and ends with a line adding
 *       them up; --case replays one case by its case seed; --max-seconds stops after the block
 *       that ends past the time limit and says how many runs it made. Go's answers are recorded per
 *       block under --answers (default: the package's node_modules/.cache/go-oracle/answers) and
 *       replayed when a block's requests are the same (fuzz/answers.ts); --live always asks Go.
 * `--go both` (the default) runs every release that can run here; a release whose
 * toolchain cannot be obtained is skipped with one line saying why.
 */
import { writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { GO_VERSIONS, type GoVersion, goAvailable, parseGoFlag } from "./go-version.js";
import { checkGolden, goldenDirFor, writeGolden } from "./golden/generate.js";
import { defaultCacheDir, hasGo, startOracle } from "./oracle.js";

const here = typeof __dirname === "string" ? __dirname : dirname(fileURLToPath(import.meta.url));
const pkg = join(here, "..");
const repo = join(pkg, "..", "..");

/** Worker processes of a campaign when `--jobs` is not given: one per core, at most this many. */
const MAX_DEFAULT_JOBS = 4;

function flag(args: string[], name: string, fallback: string): string {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? (args[i + 1] as string) : fallback;
}

/** The requested releases that can run here; prints a skip line for each that cannot. */
function runnable(cmd: string, versions: GoVersion[]): GoVersion[] {
  const out: GoVersion[] = [];
  for (const v of versions) {
    const a = goAvailable(v);
    if (a.ok) out.push(v);
    else console.log(`${cmd}: Go ${v} skipped: ${a.reason}`);
  }
  return out;
}

async function main(argv: string[]): Promise<number> {
  const [cmd, ...args] = argv;
  if (!hasGo()) {
    console.error("go-oracle: `go` is not on PATH");
    return 2;
  }
  let versions: GoVersion[];
  try {
    versions = parseGoFlag(flag(args, "--go", "both"));
  } catch (e) {
    console.error(`${cmd}: ${(e as Error).message}`);
    return 2;
  }
  const label = cmd === "golden" && args.includes("--check") ? "golden:check" : (cmd ?? "");
  versions = runnable(label, versions);
  if (versions.length === 0) {
    console.error(`${label}: no Go release to run`);
    return 2;
  }
  const oracle = startOracle({ go: versions[0] });
  try {
    if (cmd === "golden") {
      const root = resolve(flag(args, "--out", join(repo, "packages", "fixtures", "golden")));
      const suite = resolve(
        flag(
          args,
          "--suite",
          process.env.GOJSON_JSONTESTSUITE ?? join(repo, "..", "shared", "JSONTestSuite", "test_parsing"),
        ),
      );
      let failed = false;
      for (const go of versions) {
        const dir = goldenDirFor(root, go);
        const t0 = Date.now();
        if (args.includes("--check")) {
          const { total, diffs } = await checkGolden(oracle, dir, go);
          for (const d of diffs.slice(0, 50)) console.error(d);
          console.log(
            `golden:check: Go ${oracle.goVersion(go)}: ${total} vectors, ${diffs.length} differ from Go (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
          );
          if (total === 0 || diffs.length > 0) failed = true;
          continue;
        }
        const counts = await writeGolden(
          oracle,
          dir,
          suite,
          go,
          goldenDirFor(root, GO_VERSIONS[0] as GoVersion),
        );
        const total = Object.values(counts).reduce((a, b) => a + b, 0);
        console.log(`golden: Go ${oracle.goVersion(go)}: wrote ${total} vectors to ${dir}`, counts);
      }
      return failed ? 1 : 0;
    }
    if (cmd === "conformance") {
      const { closingLine, runCampaign } = await import("./fuzz/campaign.js");
      const { AnswerStore } = await import("./fuzz/answers.js");
      const answers = args.includes("--live")
        ? undefined
        : resolve(flag(args, "--answers", join(defaultCacheDir(), "answers")));
      const runs = args.includes("--case") ? 1 : Number(flag(args, "--runs", "1000"));
      const out = resolve(flag(args, "--out", join(repo, "results", "conformance.json")));
      const failOn = flag(args, "--fail-on", "").split(",").filter(Boolean);
      // --case N: replay the one case an example names by its case seed
      const caseText = flag(args, "--case", "");
      const seedText = caseText !== "" ? caseText : flag(args, "--seed", "");
      const seeds = seedText === "" ? [undefined] : seedText.split(",").map(Number);
      const seed = seeds[0];
      if (seeds.some((x) => x !== undefined && !Number.isSafeInteger(x))) {
        console.error(`conformance: --seed must be an integer or a list (1,2,3), got ${seedText}`);
        return 2;
      }
      const shrinkText = flag(args, "--shrink", "");
      const shrinkBudget = shrinkText === "" ? undefined : Number(shrinkText);
      const shardText = flag(args, "--shard", "");
      if (shardText !== "") {
        // A worker of `--jobs`: one release, every count-th block from index on; the summary goes to --out.
        const [index, count] = shardText.split("/").map(Number) as [number, number];
        const { campaign } = await import("./fuzz/campaign.js");
        const deadlineText = flag(args, "--deadline", "");
        const summary = await campaign(oracle, {
          runs,
          seed,
          go: versions[0],
          shard: { index, count },
          ...(deadlineText === "" ? {} : { deadline: Number(deadlineText) }),
          ...(shrinkBudget === undefined ? {} : { shrinkBudget }),
          ...(answers === undefined ? {} : { answers: new AnswerStore(answers) }),
        });
        writeFileSync(out, JSON.stringify(summary));
        return 0;
      }
      const jobsText = flag(args, "--jobs", "");
      const jobs = jobsText === "" ? Math.min(availableParallelism(), MAX_DEFAULT_JOBS) : Number(jobsText);
      if (!Number.isSafeInteger(jobs) || jobs < 1) {
        console.error(`conformance: --jobs must be a positive integer, got ${jobsText}`);
        return 2;
      }
      const t0 = Date.now();
      const all: import("./fuzz/campaign.js").ConformanceSummary[] = [];
      let code = 0;
      for (const seed of seeds) {
        const c = await runCampaign(oracle, {
          runs,
          out: seeds.length > 1 ? out.replace(/(\.json)?$/, `-seed${seed}$1`) : out,
          seed,
          failOn,
          collect: (_go, s) => all.push(s),
          ...(answers === undefined ? {} : { answers }),
          versions,
          ...(shrinkBudget === undefined ? {} : { shrinkBudget }),
          ...(args.includes("--notes") ? { notesDir: resolve(flag(args, "--notes", ".")) } : {}),
          jobs: caseText !== "" ? 1 : jobs,
          ...(flag(args, "--max-seconds", "") === ""
            ? {}
            : { maxSeconds: Number(flag(args, "--max-seconds", "")) }),
          cli: fileURLToPath(import.meta.url),
          ...(caseText !== "" ? { exact: true } : {}),
          command:
            `pnpm conformance ${args.filter((a) => a !== "--notes" && a !== flag(args, "--notes", "")).join(" ")}`.trim(),
        });
        code = Math.max(code, c);
      }
      if (seeds.length > 1)
        console.log(
          closingLine(
            `seeds ${seedText}, ${runs} runs each`,
            sumBySeedRelease(all),
            (Date.now() - t0) / 1000,
          ),
        );
      return code;
    }
    console.error(
      "usage: cli golden [--check] [--go 1.26|1.27|both] | conformance [--go 1.26|1.27|both] [--runs N] [--seed N] [--out FILE]",
    );
    return 2;
  } finally {
    oracle.close();
  }
}

/** One summary per release, each adding up that release's summaries over seeds (for the closing line). */
function sumBySeedRelease(
  parts: readonly import("./fuzz/campaign.js").ConformanceSummary[],
): import("./fuzz/campaign.js").ConformanceSummary[] {
  const by = new Map<string, import("./fuzz/campaign.js").ConformanceSummary>();
  for (const p of parts) {
    const key = p.goVersion ?? "";
    const t = by.get(key);
    if (!t) {
      by.set(key, JSON.parse(JSON.stringify(p)));
      continue;
    }
    for (const [e, s] of Object.entries(p.engines)) {
      const x = (t.engines as Record<string, typeof s>)[e];
      if (!x || !s) continue;
      x.cases += s.cases;
      x.agreements += s.agreements;
      x.disagreements += s.disagreements;
      x.skipped += s.skipped;
    }
    if (p.goAnswers) {
      const g = (t.goAnswers ??= { recorded: 0, replayed: 0, live: 0, rejudged: 0 });
      for (const k of Object.keys(g) as (keyof typeof g)[]) g[k] += p.goAnswers[k];
    }
    if (p.stopped)
      t.stopped = { casesRun: (t.stopped?.casesRun ?? 0) + p.stopped.casesRun, reason: p.stopped.reason };
  }
  return [...by.values()];
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
