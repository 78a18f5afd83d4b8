/** The recorded Go verdicts (test/verdicts/verdicts.json), decoded. */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

/** Go's answer for one payload under one version: error texts (undefined = accepted) and the marshal output. */
export interface Verdict {
  readonly err: string | undefined;
  readonly strict: string | undefined;
  /** What Marshal wrote for the decoded value (undefined when Unmarshal failed or Marshal did). */
  readonly out: string | undefined;
  /** Marshal's error for the decoded value. */
  readonly outErr: string | undefined;
}

/** One recorded payload. */
export interface VerdictRow {
  readonly target: string;
  readonly payload: string;
  readonly v1: Verdict;
  readonly v2: Verdict;
}

/** One recorded payload of a random type set (`set` indexes `sources`). */
export interface RandomVerdictRow extends VerdictRow {
  readonly set: number;
}

/** Go's version that recorded the hand-written types' table, and its rows. */
export function loadVerdicts(): { go: string; rows: VerdictRow[] } {
  return loadTable("verdicts/verdicts.json", false) as { go: string; rows: VerdictRow[] };
}

/** Go 1.27's encoding/json (v1 on the v2 engine) on the hand-written types' payloads: v1 columns only. */
export function loadGo127V1Verdicts(): { go: string; rows: VerdictRow[] } {
  return loadTable("verdicts/go1.27-v1.json", false) as { go: string; rows: VerdictRow[] };
}

/** The random type sets' table: their Go sources and rows. */
export function loadRandomVerdicts(): { go: string; sources: string[]; rows: RandomVerdictRow[] } {
  return loadTable("verdicts/random.json", true) as {
    go: string;
    sources: string[];
    rows: RandomVerdictRow[];
  };
}

function loadTable(name: string, withSet: boolean): { go: string; sources?: string[]; rows: VerdictRow[] } {
  const file = resolve(import.meta.dirname, name);
  const j = JSON.parse(readFileSync(file, "utf8")) as {
    go: string;
    sources?: string[];
    texts: string[];
    rows: (string | number)[][];
  };
  const text = (i: unknown): string | undefined => (i === -1 ? undefined : j.texts[i as number]);
  const verdict = (e: unknown, s: unknown, o: unknown): Verdict => {
    const out = text(o);
    const isErr = out?.startsWith("!") === true;
    return {
      err: text(e),
      strict: text(s),
      out: isErr ? undefined : out,
      outErr: isErr ? out?.slice(1) : undefined,
    };
  };
  return {
    go: j.go,
    ...(j.sources !== undefined ? { sources: j.sources } : {}),
    rows: j.rows.map((row) => {
      const r = withSet ? row.slice(1) : row;
      return {
        ...(withSet ? { set: row[0] as number } : {}),
        target: r[0] as string,
        payload: r[1] as string,
        v1: verdict(r[2], r[3], r[4]),
        v2: verdict(r[5], r[6], r[7]),
      };
    }),
  };
}
