import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { GO_VERSIONS, type GoVersion } from "../go-version.js";
import type { Oracle } from "../oracle.js";
import type { Engine, OracleRequest, OracleResponse, Tagged } from "../protocol.js";
import { differences } from "./differences.js";
import { edges } from "./edges.js";
import { errors } from "./errors.js";
import { matrix } from "./matrix.js";
import { seed000 } from "./seed000.js";
import { shapes } from "./shapes.js";
import { ALL, type GoldenCase, type GoldenGroup } from "./spec.js";
import { testSuite } from "./test-suite.js";

/** The vector shape written to packages/fixtures/golden (mirrors @gojson/fixtures' GoldenVector). */
export interface Vector {
  name: string;
  group: string;
  engine: Engine;
  goSource: string;
  type: string;
  op: OracleRequest["op"];
  input?: string;
  inputBase64?: string;
  value?: Tagged;
  into?: Tagged;
  options: Record<string, boolean | string>;
  want: { output?: string; outputBase64?: string; error?: { type: string; message: string }; value?: Tagged };
  note?: string;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

function textOrBase64(b: Uint8Array): { text?: string; base64?: string } {
  try {
    const text = utf8.decode(b);
    // Keep text only when it round-trips (no BOM stripping, no lone surrogates).
    if (Buffer.from(text, "utf8").equals(Buffer.from(b)) && !text.startsWith("\uFEFF")) return { text };
  } catch {}
  return { base64: Buffer.from(b).toString("base64") };
}

/** The groups defined in code (JSONTestSuite read from `suiteDir` when present). */
export function definedGroups(suiteDir: string): GoldenGroup[] {
  const groups = [seed000, differences, matrix, errors, shapes, edges];
  const suite = testSuite(suiteDir);
  if (suite) groups.push(suite);
  return groups;
}

/** Expands a case into one unanswered vector per engine. */
export function expand(group: string, c: GoldenCase): Vector[] {
  return (c.engines ?? ALL).map((engine) => {
    const v: Vector = {
      name: c.name,
      group,
      engine,
      goSource: c.goSource ?? "",
      type: c.type ?? "",
      op: c.op,
      options: { ...c.options, ...c.optionsFor?.[engine] },
      want: {},
    };
    if (c.input !== undefined) {
      const io = typeof c.input === "string" ? { text: c.input } : textOrBase64(c.input);
      if (io.text !== undefined) v.input = io.text;
      else v.inputBase64 = io.base64;
    }
    if (c.value !== undefined) v.value = c.value;
    if (c.into !== undefined) v.into = c.into;
    if (c.note) v.note = c.note;
    return v;
  });
}

/** The request a vector stands for. */
export function requestOf(v: Vector): OracleRequest {
  const r: OracleRequest = {
    engine: v.engine,
    op: v.op,
    goSource: v.goSource,
    type: v.type,
    options: v.options,
  };
  if (v.input !== undefined) r.input = v.input;
  if (v.inputBase64 !== undefined) r.input = new Uint8Array(Buffer.from(v.inputBase64, "base64"));
  if (v.value !== undefined) r.value = v.value;
  if (v.into !== undefined) r.into = v.into;
  return r;
}

function wantOf(r: OracleResponse, name: string): Vector["want"] {
  if (r.oracleError) throw new Error(`${name} [${r.engine}]: oracle: ${r.oracleError}`);
  if (r.panic) throw new Error(`${name} [${r.engine}]: Go panicked: ${r.panic}`);
  const w: Vector["want"] = {};
  if (r.output) {
    const o = textOrBase64(r.output);
    if (o.text !== undefined) w.output = o.text;
    else w.outputBase64 = o.base64 as string;
  }
  if (r.error) w.error = r.error;
  if (r.value !== undefined) w.value = r.value;
  return w;
}

/** Asks Go (release `go`, default the oracle's) for every vector's answer (in parallel per process). */
export async function answer(oracle: Oracle, vectors: Vector[], go?: GoVersion): Promise<Vector[]> {
  const answers = await Promise.all(
    vectors.map((v) => oracle.run(go === undefined ? requestOf(v) : { ...requestOf(v), go })),
  );
  const problems: string[] = [];
  const out = vectors.map((v, i) => {
    try {
      return { ...v, want: wantOf(answers[i] as OracleResponse, v.name) };
    } catch (e) {
      problems.push((e as Error).message);
      return v;
    }
  });
  if (problems.length > 0) throw new Error(`${problems.length} vectors failed:\n${problems.join("\n")}`);
  return out;
}

/** Reads the committed vectors of a golden directory, by group. */
export function readGolden(dir: string): Map<string, Vector[]> {
  const out = new Map<string, Vector[]>();
  if (!existsSync(dir)) return out;
  for (const f of readdirSync(dir).sort()) {
    if (!f.endsWith(".json")) continue;
    out.set(f.slice(0, -5), JSON.parse(readFileSync(join(dir, f), "utf8")) as Vector[]);
  }
  return out;
}

/** Serialises a group file deterministically (one vector per line block). */
export function formatGroup(vectors: Vector[]): string {
  return `[\n${vectors.map((v) => JSON.stringify(v)).join(",\n")}\n]\n`;
}

/**
 * The directory of one release's vectors inside a golden root: the root itself
 * for Go 1.26 (the files recorded first), `go<release>/` beside them for later releases.
 */
export function goldenDirFor(root: string, go: GoVersion): string {
  return go === GO_VERSIONS[0] ? root : join(root, `go${go}`);
}

/**
 * Regenerates every group into `dir` from release `go`; groups that cannot be
 * defined here (suite absent) are re-answered from the committed requests
 * (those of `fallbackDir` when `dir` has none yet).
 */
export async function writeGolden(
  oracle: Oracle,
  dir: string,
  suiteDir: string,
  go?: GoVersion,
  fallbackDir?: string,
): Promise<Record<string, number>> {
  mkdirSync(dir, { recursive: true });
  const committed = readGolden(dir);
  if (fallbackDir !== undefined)
    for (const [group, vectors] of readGolden(fallbackDir))
      if (!committed.has(group)) committed.set(group, vectors);
  const counts: Record<string, number> = {};
  const groups = definedGroups(suiteDir);
  const names = new Set(groups.map((g) => g.group));
  for (const g of groups) {
    const seen = new Set<string>();
    for (const c of g.cases) {
      if (seen.has(c.name)) throw new Error(`duplicate golden name ${c.name}`);
      seen.add(c.name);
    }
    const vectors = await answer(
      oracle,
      g.cases.flatMap((c) => expand(g.group, c)),
      go,
    );
    writeFileSync(join(dir, `${g.group}.json`), formatGroup(vectors));
    counts[g.group] = vectors.length;
  }
  for (const [group, vectors] of committed) {
    if (names.has(group)) continue;
    const again = await answer(oracle, vectors, go);
    writeFileSync(join(dir, `${group}.json`), formatGroup(again));
    counts[group] = again.length;
  }
  return counts;
}

/** Re-asks Go (release `go`) every committed vector of `dir` and lists the ones whose answer changed. */
export async function checkGolden(
  oracle: Oracle,
  dir: string,
  go?: GoVersion,
): Promise<{ total: number; diffs: string[] }> {
  const diffs: string[] = [];
  let total = 0;
  for (const [group, vectors] of readGolden(dir)) {
    const again = await answer(oracle, vectors, go);
    again.forEach((v, i) => {
      total++;
      const before = JSON.stringify((vectors[i] as Vector).want);
      const now = JSON.stringify(v.want);
      if (before !== now)
        diffs.push(`${group}: ${v.name} [${v.engine}]\n  committed: ${before}\n  go now:    ${now}`);
    });
  }
  return { total, diffs };
}
