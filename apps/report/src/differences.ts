/**
 * The v1/v2 difference table, built from @gojson/fixtures' golden vectors of
 * group "differences": one scenario per name (`Diff/01-CaseSensitivity/Folded`)
 * recorded on real Go for engines v1, v1v2 and v2. The sixteen numbered
 * differences follow Go's "Migrating to v2" list; the answers are Go's.
 */
import type { GoldenTagged, GoldenVector, GoldenWant } from "@gojson/fixtures";
import { stableStringify } from "./stable-stringify.js";

/** The golden group the table is built from. */
export const DIFFERENCES_GROUP = "differences";

/** One scenario of a difference and Go's answers under each engine ("" where not recorded). */
export interface DifferenceRow {
  /** Full vector name, e.g. `Diff/01-CaseSensitivity/Folded`. */
  name: string;
  /** Scenario, the last part of the name (`Folded`). */
  scenario: string;
  /** What went in, in words: `unmarshal {"FOO":1} into S`. */
  input: string;
  /** The Go declarations the scenario uses ("" when none). */
  goSource: string;
  v1?: string;
  v1v2?: string;
  v2?: string;
  /** True when Go's v1 and v2 answers differ (or only one of them was recorded). */
  differs: boolean;
}

/** One numbered difference with its scenarios in the order of the vectors. */
export interface DifferenceGroup {
  /** `01` .. `16`. */
  number: string;
  /** `Case sensitivity`, from the name's `CaseSensitivity`. */
  title: string;
  rows: DifferenceRow[];
}

/** The whole table and where it came from. */
export interface DifferenceTable {
  source: string;
  groups: DifferenceGroup[];
  /** Number of golden vectors read. */
  vectors: number;
}

/** `CaseSensitivity` → `Case sensitivity`, `NilSliceMap` → `Nil slice map`, `HTML` stays. */
export function words(camel: string): string {
  const parts = camel.match(/[A-Z]+[0-9]*(?![a-z])|[A-Z]?[a-z]+[0-9]*|[0-9]+/g) ?? [camel];
  return parts
    .map((p, i) => (i === 0 || /^[A-Z0-9]+$/.test(p) ? p : p.toLowerCase()))
    .join(" ")
    .replace(/^[a-z]/, (c) => c.toUpperCase());
}

/** Bytes as text with every byte that is not printable UTF-8 as `\xNN`. */
function bytesText(b: Uint8Array): string {
  const s = new TextDecoder("utf-8", { fatal: false }).decode(b);
  if (!s.includes("\ufffd")) return s;
  let out = "";
  for (const x of b)
    out += x >= 0x20 && x < 0x7f ? String.fromCharCode(x) : `\\x${x.toString(16).padStart(2, "0")}`;
  return out;
}

function inputText(v: GoldenVector): string {
  if (v.inputBase64 !== undefined) return bytesText(new Uint8Array(Buffer.from(v.inputBase64, "base64")));
  return v.input ?? "";
}

function tagged(t: GoldenTagged | undefined): string {
  return t === undefined ? "" : stableStringify(t);
}

/** Options of a vector as `name: value`, sorted by name. */
function optionsText(o: Record<string, boolean | string>): string {
  return Object.keys(o)
    .sort()
    .map((k) => `${k}: ${JSON.stringify(o[k])}`)
    .join(", ");
}

function describeInput(v: GoldenVector): string {
  const type = v.type || "(bytes)";
  let s: string;
  switch (v.op) {
    case "marshal":
      s = `marshal ${type} ${tagged(v.value)}`;
      break;
    case "unmarshal":
      s = `unmarshal ${inputText(v)} into ${type}${v.into !== undefined ? ` holding ${tagged(v.into)}` : ""}`;
      break;
    default:
      s = `${v.op} ${inputText(v)}`;
  }
  return s;
}

/** Go's answer in one line: the output, or `error: …` (and the destination afterwards for unmarshal). */
export function answerText(op: GoldenVector["op"], w: GoldenWant): string {
  const out =
    w.outputBase64 !== undefined
      ? bytesText(new Uint8Array(Buffer.from(w.outputBase64, "base64")))
      : w.output;
  if (w.error) {
    const after = op === "unmarshal" && w.value !== undefined ? `; destination ${tagged(w.value)}` : "";
    return `error: ${w.error.message}${after}`;
  }
  if (op === "unmarshal") return tagged(w.value);
  return out ?? "";
}

function answerOf(v: GoldenVector | undefined): string | undefined {
  if (!v) return undefined;
  const opts = optionsText(v.options);
  const a = answerText(v.op, v.want);
  return opts ? `with ${opts}: ${a}` : a;
}

/**
 * Builds the table from golden vectors (any order in, deterministic out:
 * groups by number, scenarios in the order they first appear).
 */
export function differenceTable(
  vectors: readonly GoldenVector[],
  source: string,
): DifferenceTable | undefined {
  const byName = new Map<string, Partial<Record<GoldenVector["engine"], GoldenVector>>>();
  let count = 0;
  for (const v of vectors) {
    if (v.group !== DIFFERENCES_GROUP || !v.name.startsWith("Diff/")) continue;
    count++;
    let e = byName.get(v.name);
    if (!e) {
      e = {};
      byName.set(v.name, e);
    }
    e[v.engine] = v;
  }
  const groups = new Map<string, DifferenceGroup>();
  for (const [name, e] of byName) {
    const [, head = "", ...rest] = name.split("/");
    const m = /^(\d+)-(.*)$/.exec(head);
    const number = m ? m[1]! : head;
    let g = groups.get(number);
    if (!g) {
      g = { number, title: words(m ? m[2]! : head), rows: [] };
      groups.set(number, g);
    }
    const any = (e.v1 ?? e.v2 ?? e.v1v2)!;
    const v1 = answerOf(e.v1);
    const v2 = answerOf(e.v2);
    const row: DifferenceRow = {
      name,
      scenario: rest.length ? rest.map(words).join(" / ") : head,
      input: describeInput(any),
      goSource: any.goSource,
      differs: v1 !== v2,
    };
    if (v1 !== undefined) row.v1 = v1;
    const v1v2 = answerOf(e.v1v2);
    if (v1v2 !== undefined) row.v1v2 = v1v2;
    if (v2 !== undefined) row.v2 = v2;
    g.rows.push(row);
  }
  if (groups.size === 0) return undefined;
  // Locale-free: numbers compare as numbers, then as text.
  const ordered = [...groups.values()].sort(
    (a, b) => Number(a.number) - Number(b.number) || (a.number < b.number ? -1 : a.number > b.number ? 1 : 0),
  );
  return { source, groups: ordered, vectors: count };
}

/**
 * The rows a reader needs: the scenarios where v1 and v2 answer differently;
 * for a difference whose vectors all agree (for example map order, recorded
 * with deterministic output), all of its scenarios.
 */
export function shownRows(g: DifferenceGroup): DifferenceRow[] {
  const differing = g.rows.filter((r) => r.differs);
  return differing.length > 0 ? differing : g.rows;
}

/** Loads the table from the installed @gojson/fixtures; `undefined` when the package has no such group. */
export async function loadDifferences(): Promise<DifferenceTable | undefined> {
  try {
    const { goldenVectors } = await import("@gojson/fixtures");
    return differenceTable(
      goldenVectors({ group: DIFFERENCES_GROUP }),
      "@gojson/fixtures golden/differences.json",
    );
  } catch {
    return undefined;
  }
}
