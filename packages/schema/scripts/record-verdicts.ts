/**
 * Records Go's verdicts on the schema test payloads: plain `go build`
 * (encoding/json, v1) and `GOEXPERIMENT=jsonv2 go build` (encoding/json/v2),
 * each with default and strict (DisallowUnknownFields / RejectUnknownMembers)
 * options, and what Marshal writes for each accepted value.
 *
 * - test/verdicts/verdicts.json: the hand-written types of types.go;
 * - test/verdicts/random.json: random type sets (gotype's goDeclsArbitrary,
 *   fixed seed), each printed with formatGoDecls and compiled as it is;
 * - test/verdicts/go1.27-v1.json: the hand-written types under Go 1.27's
 *   encoding/json (`GOTOOLCHAIN=go1.27.3`: v1 on the v2 engine), v1 only.
 *
 * Run: `pnpm run record-verdicts` (needs Go 1.26+).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { formatGoDecls, goType, parseGo } from "@gojson/gotype";
import { goDeclsArbitrary } from "@gojson/gotype/arbitrary";
import fc from "fast-check";
import { type Payload, payloadsFor } from "../test/verdict-payloads.js";
import { RANDOM_PAYLOADS_PER_SET, RANDOM_SEED, RANDOM_SETS } from "../test/verdict-random.js";
import { TARGETS } from "../test/verdict-targets.js";

const dir = resolve(import.meta.dirname, "../test/verdicts");
const goVersion = execFileSync("go", ["env", "GOVERSION"], { encoding: "utf8" }).trim();

interface GoAnswer {
  err: string | null;
  strict: string | null;
  out?: string;
  outErr?: string;
}

/** Builds the verdict program over `typesSource` for `targets` and runs it on `payloads`, v1 then v2. */
function runGo(
  typesSource: string,
  targets: readonly string[],
  payloads: readonly Payload[],
  go127 = false,
): [GoAnswer[], GoAnswer[]] {
  const work = mkdtempSync(join(tmpdir(), "gojson-verdicts-"));
  try {
    for (const f of ["main.go", "v1.go", "v2.go"]) copyFileSync(join(dir, f), join(work, f));
    writeFileSync(join(work, "types.go"), typesSource);
    const registry = targets
      .map((t) => `\t${JSON.stringify(t)}: func() any { return new(${t}) },`)
      .join("\n");
    writeFileSync(
      join(work, "registry.go"),
      `package main\n\nvar registry = map[string]func() any{\n${registry}\n}\n`,
    );
    writeFileSync(join(work, "go.mod"), "module verdicts\n\ngo 1.26\n");
    const input = payloads.map((p) => JSON.stringify(p)).join("\n");
    const run = (env: Record<string, string>): GoAnswer[] => {
      execFileSync("go", ["build", "-o", "verdicts", "."], { cwd: work, env: { ...process.env, ...env } });
      const r = spawnSync(join(work, "verdicts"), { input, cwd: work, maxBuffer: 1 << 28, encoding: "utf8" });
      if (r.status !== 0) throw new Error(`verdict program failed: ${r.stderr}`);
      const lines = r.stdout.trim().split("\n");
      if (lines.length !== payloads.length) throw new Error("verdict program answered too few lines");
      return lines.map((l) => JSON.parse(l) as GoAnswer);
    };
    if (go127) {
      // Go 1.27 builds encoding/json on the v2 engine by default: the v1 file without its build tag, no v2 file.
      const v1 = readFileSync(join(dir, "v1.go"), "utf8").replace("//go:build !goexperiment.jsonv2\n", "");
      writeFileSync(join(work, "v1.go"), v1);
      writeFileSync(join(work, "v2.go"), "package main\n");
      const answers = run({ GOEXPERIMENT: "", GOTOOLCHAIN: "go1.27.3" });
      return [answers, answers];
    }
    return [run({ GOEXPERIMENT: "" }), run({ GOEXPERIMENT: "jsonv2" })];
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Texts (error messages, marshal outputs; `!` marks a marshal error) stored once, referred to by index; -1 is none. */
class Texts {
  readonly list: string[] = [];
  private readonly index = new Map<string, number>();
  ref(s: string | null | undefined): number {
    if (s === null || s === undefined) return -1;
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.list.length;
      this.list.push(s);
      this.index.set(s, i);
    }
    return i;
  }
  out(a: GoAnswer): number {
    return this.ref(a.out ?? (a.outErr === undefined ? undefined : `!${a.outErr}`));
  }
}

const COLUMNS = [
  "target",
  "payload",
  "v1 error",
  "v1 strict error",
  "v1 marshal (! = error)",
  "v2 error",
  "v2 strict error",
  "v2 marshal (! = error)",
];

function rowsOf(texts: Texts, payloads: readonly Payload[], v1: GoAnswer[], v2: GoAnswer[]): unknown[][] {
  return payloads.map((p, i) => {
    const a = v1[i] as GoAnswer;
    const b = v2[i] as GoAnswer;
    return [
      p.t,
      p.p,
      texts.ref(a.err),
      texts.ref(a.strict),
      texts.out(a),
      texts.ref(b.err),
      texts.ref(b.strict),
      texts.out(b),
    ];
  });
}

function writeTable(file: string, head: Record<string, unknown>, texts: Texts, rows: unknown[][]): void {
  const fields = Object.entries({ go: goVersion, ...head, columns: COLUMNS, texts: texts.list })
    .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
    .join(",\n");
  writeFileSync(file, `{${fields},\n"rows":[\n${rows.map((r) => JSON.stringify(r)).join(",\n")}\n]}\n`);
}

// The hand-written types.
{
  const source = readFileSync(join(dir, "types.go"), "utf8");
  const decls = parseGo(source);
  const payloads: Payload[] = [];
  for (const target of TARGETS) payloads.push(...payloadsFor(target, goType(target, decls)));
  const [v1, v2] = runGo(source, TARGETS, payloads);
  const texts = new Texts();
  writeTable(join(dir, "verdicts.json"), {}, texts, rowsOf(texts, payloads, v1, v2));
  console.log(`verdicts.json: ${payloads.length} payloads with ${goVersion}`);
}

// The hand-written types under Go 1.27's encoding/json (v1 on the v2 engine).
{
  const source = readFileSync(join(dir, "types.go"), "utf8");
  const decls = parseGo(source);
  const payloads: Payload[] = [];
  for (const target of TARGETS) payloads.push(...payloadsFor(target, goType(target, decls)));
  const [v1] = runGo(source, TARGETS, payloads, true);
  const go127 = execFileSync("go", ["env", "GOVERSION"], {
    encoding: "utf8",
    env: { ...process.env, GOTOOLCHAIN: "go1.27.3" },
  }).trim();
  const texts = new Texts();
  const rows = payloads.map((p, i) => {
    const a = v1[i] as GoAnswer;
    return [p.t, p.p, texts.ref(a.err), texts.ref(a.strict), texts.out(a)];
  });
  const fields = Object.entries({
    go: go127,
    columns: COLUMNS.slice(0, 5),
    texts: texts.list,
  })
    .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
    .join(",\n");
  writeFileSync(
    join(dir, "go1.27-v1.json"),
    `{${fields},\n"rows":[\n${rows.map((r) => JSON.stringify(r)).join(",\n")}\n]}\n`,
  );
  console.log(`go1.27-v1.json: ${payloads.length} payloads with ${go127}`);
}

// Random type sets.
{
  const sets = fc.sample(goDeclsArbitrary({ maxDepth: 3, maxFields: 5 }), {
    seed: RANDOM_SEED,
    numRuns: RANDOM_SETS,
  });
  const texts = new Texts();
  const rows: unknown[][] = [];
  const sources: string[] = [];
  for (const decls of sets) {
    const source = formatGoDecls(decls);
    const reparsed = parseGo(source);
    const root = reparsed.Root;
    if (root === undefined) throw new Error("random set without Root");
    const all = payloadsFor("Root", root);
    // A fixed, spread-out subset when a type has many positions.
    const step = Math.max(1, Math.ceil(all.length / RANDOM_PAYLOADS_PER_SET));
    const payloads = all.filter((_, i) => i % step === 0);
    const [v1, v2] = runGo(source, ["Root"], payloads);
    const set = sources.length;
    sources.push(source);
    for (const r of rowsOf(texts, payloads, v1, v2)) rows.push([set, ...r]);
  }
  writeTable(join(dir, "random.json"), { seed: RANDOM_SEED, sources }, texts, rows);
  console.log(`random.json: ${sets.length} type sets, ${rows.length} payloads with ${goVersion}`);
}
