/**
 * Disagreement reports for the codec owners: one markdown file per engine and
 * Go release, appended per campaign, grouped by behaviour with counts, each
 * behaviour with a minimised standalone Go program and the TypeScript call.
 */
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { GoVersion } from "../go-version.js";
import type { Engine } from "../protocol.js";
import type { ConformanceSummary } from "./campaign.js";

/** The report file of one engine and release in `dir`. */
export function notesFile(dir: string, engine: Engine, go: GoVersion): string {
  return join(dir, `oracle-disagreements-${engine}-${go}.md`);
}

/** Appends one campaign's disagreements of every engine to the engine's report file. */
export function appendNotes(dir: string, go: GoVersion, command: string, s: ConformanceSummary): string[] {
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  for (const [engine, t] of Object.entries(s.engines) as [
    Engine,
    NonNullable<ConformanceSummary["engines"]["v1"]>,
  ][]) {
    const file = notesFile(dir, engine, go);
    if (!existsSync(file))
      writeFileSync(
        file,
        `# Disagreements with Go ${go}, engine ${engine} (written by the oracle's conformance campaigns)\n\n` +
          "Each run appends a section: the command, the tallies, then every behaviour (kind | Go's error | gojson's error,\n" +
          "numbers and quoted text stripped) with its count and, for the first ones, a minimised standalone Go program and\n" +
          "the TypeScript call that should print the same. `go panic` skips are cases where Go itself panics.\n\n",
      );
    const lines = [
      `## ${s.generatedAt} — \`${command}\` (${s.goVersion ?? go})`,
      "",
      `${t.cases} cases, ${t.agreements} agree, **${t.disagreements} disagree**, ${t.skipped} skipped; by kind ${JSON.stringify(t.byKind)}`,
      "",
    ];
    const sigs = Object.entries(t.bySignature ?? {}).sort((a, b) => b[1] - a[1]);
    for (const [sig, count] of sigs) {
      const ex = s.examples.find((x) => x.signature === sig);
      lines.push(`### ${count} × \`${sig.slice(engine.length + 1)}\``, "");
      if (ex) {
        lines.push(`seed ${ex.seed}${ex.shrunk ? " (shrunk)" : ""}`, "", ex.repro ?? ex.text, "");
      }
    }
    if (sigs.length === 0) lines.push("No disagreements.", "");
    appendFileSync(file, `${lines.join("\n")}\n`);
    written.push(file);
  }
  return written;
}
