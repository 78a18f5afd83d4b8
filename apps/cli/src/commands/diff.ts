import { comparePayload, type Outcome } from "../diff-engine.js";
import { errorFields } from "../error-fields.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import { loadGoType } from "../go-source.js";
import { cliIo, writeLine } from "../io.js";
import { DEFAULT_MAX_INPUT_BYTES } from "../limits.js";
import { listPayloadFiles, readPayloads } from "../payload-source.js";
import { NO_PROGRESS, progressLine } from "../progress.js";
import { palette, useColor } from "../style.js";

/** One codec's outcome in a `--json` row: ok, Go's text, and where (code, offset, pointer) when it rejected. */
function outcomeJson(o: Outcome, bytes: Uint8Array) {
  if (o.failure === undefined) return { ok: o.ok, error: o.error };
  const { code, offset, pointer } = errorFields(o.failure, bytes);
  return { ok: o.ok, error: o.error, code, offset, pointer };
}

interface DiffFlags {
  go?: string[];
  type: string;
  json?: boolean;
  quiet?: boolean;
  maxBytes?: number;
}

/**
 * `gojson diff`: the migration check. Decodes each payload with v1 and v2 and
 * names the differences that make them disagree; exit status 1 when any does.
 * Payloads that both reject are not a difference, but they are counted and
 * listed: they are usually not payloads of the type at all.
 */
export async function diffCommand(args: string[], flags: DiffFlags): Promise<ExitCode> {
  const maxBytes = flags.maxBytes ?? DEFAULT_MAX_INPUT_BYTES;
  const type = loadGoType(flags.go, flags.type, { maxBytes });
  const files = listPayloadFiles(args);
  const io = cliIo();
  const color = palette(useColor(io.stdout));
  const showBar = !flags.json && !process.env.CI && files.length > 1;
  // NDJSON files hold an unknown number of payloads: then the line counts without a total.
  const expected = files.some((f) => /\.(ndjson|jsonl)$/.test(f)) ? undefined : files.length;
  const progress = showBar ? progressLine(io.stderr, expected) : NO_PROGRESS;

  let total = 0;
  let differing = 0;
  let rejected = 0;
  let rejectedExample = "";
  const byCause = new Map<string, { title: string; count: number; example: string }>();
  for await (const p of readPayloads(files, io.stdin, maxBytes)) {
    total += 1;
    const v = comparePayload(type, p.bytes);
    if (v.bothReject) {
      rejected += 1;
      if (rejectedExample === "") rejectedExample = `${p.source}: ${v.v1.error}`;
    }
    if (v.differs) {
      differing += 1;
      for (const c of v.causes) {
        const row = byCause.get(c.id) ?? { title: c.title, count: 0, example: `${p.source}: ${c.detail}` };
        row.count += 1;
        byCause.set(c.id, row);
      }
    }
    if (flags.json) {
      writeLine(
        JSON.stringify({
          source: p.source,
          differs: v.differs,
          bothReject: v.bothReject,
          v1: outcomeJson(v.v1, p.bytes),
          v2: outcomeJson(v.v2, p.bytes),
          causes: v.causes,
        }),
      );
    } else if (v.differs && !flags.quiet) {
      progress.clear();
      writeLine(`${color.yellow("differs")} ${p.source}`);
      for (const c of v.causes) writeLine(`  ${color.bold(c.title)}: ${c.detail}`);
    } else if (v.bothReject && !flags.quiet) {
      progress.clear();
      writeLine(`${color.red("rejected by both")} ${p.source}`);
      writeLine(`  v1: ${v.v1.error}`);
      writeLine(`  v2: ${v.v2.error}`);
    }
    progress.update(total, differing);
  }
  progress.clear();

  if (flags.json) {
    writeLine(
      JSON.stringify({
        summary: {
          payloads: total,
          differ: differing,
          bothReject: rejected,
          causes: Object.fromEntries([...byCause].map(([id, r]) => [id, r.count])),
        },
      }),
    );
  } else {
    writeLine("");
    writeLine(color.bold(`${differing} of ${total} payloads decode differently with v1 and v2`));
    if (rejected > 0)
      writeLine(
        color.yellow(
          `${rejected} of ${total} payloads are rejected by both v1 and v2 (not a difference; are they payloads of ${flags.type}?), e.g. ${rejectedExample.slice(0, 160)}`,
        ),
      );
    if (byCause.size > 0) {
      const rows = [...byCause.values()].sort((a, b) => b.count - a.count);
      const w = Math.max(10, ...rows.map((r) => r.title.length));
      writeLine(`  ${"difference".padEnd(w)}  payloads  example`);
      for (const r of rows)
        writeLine(`  ${r.title.padEnd(w)}  ${String(r.count).padStart(8)}  ${r.example.slice(0, 160)}`);
    }
  }
  return differing > 0 ? EXIT.failed : EXIT.ok;
}
