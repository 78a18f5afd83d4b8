import { createReadStream, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { CliError, EXIT } from "./exit-codes.js";

/** One payload to check: where it came from and its bytes. */
export interface Payload {
  readonly source: string;
  readonly bytes: Uint8Array;
}

/** Lists the payload files named on the command line: files as given, directories walked for *.json and *.ndjson. */
export function listPayloadFiles(args: readonly string[]): string[] {
  const out: string[] = [];
  for (const arg of args) {
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(arg);
    } catch {
      throw new CliError(`cannot read ${arg}: no such file or directory`, EXIT.input);
    }
    if (!st.isDirectory()) {
      out.push(arg);
      continue;
    }
    const dirs = [arg];
    while (dirs.length > 0) {
      const dir = dirs.pop()!;
      for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const p = join(dir, e.name);
        if (e.isDirectory()) dirs.push(p);
        else if (/\.(json|ndjson|jsonl)$/.test(e.name)) out.push(p);
      }
    }
  }
  return out;
}

/** Yields payloads one at a time (memory bounded by one file), NDJSON files line by line. */
export async function* readPayloads(
  files: readonly string[],
  stdin: NodeJS.ReadableStream,
): AsyncGenerator<Payload> {
  if (files.length === 0) {
    yield* ndjsonLines(stdin, "stdin");
    return;
  }
  for (const file of files) {
    if (/\.(ndjson|jsonl)$/.test(file)) yield* ndjsonLines(createReadStream(file), file);
    else yield { source: file, bytes: readFileSync(file) };
  }
}

async function* ndjsonLines(stream: NodeJS.ReadableStream, name: string): AsyncGenerator<Payload> {
  const rl = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  let line = 0;
  for await (const text of rl) {
    line += 1;
    if (text.trim() === "") continue;
    yield { source: `${name}:${line}`, bytes: Buffer.from(text, "utf8") };
  }
}
