import { createReadStream, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { CliError, EXIT } from "./exit-codes.js";
import { boundedLines, readFileBounded } from "./limits.js";

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
      const dir = dirs.pop() as string;
      for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const p = join(dir, e.name);
        if (e.isDirectory()) dirs.push(p);
        else if (/\.(json|ndjson|jsonl)$/.test(e.name)) out.push(p);
      }
    }
  }
  return out;
}

/**
 * Yields payloads one at a time, NDJSON files (and stdin) line by line: memory
 * is bounded by one payload, and each payload (file or line) by maxBytes.
 */
export async function* readPayloads(
  files: readonly string[],
  stdin: NodeJS.ReadableStream,
  maxBytes: number,
): AsyncGenerator<Payload> {
  if (files.length === 0) {
    yield* ndjsonLines(stdin, "stdin", maxBytes);
    return;
  }
  for (const file of files) {
    if (/\.(ndjson|jsonl)$/.test(file)) yield* ndjsonLines(createReadStream(file), file, maxBytes);
    else yield { source: file, bytes: readFileBounded(file, maxBytes, `payload ${file}`) };
  }
}

async function* ndjsonLines(
  stream: NodeJS.ReadableStream,
  name: string,
  maxBytes: number,
): AsyncGenerator<Payload> {
  for await (const { line, bytes } of boundedLines(stream, maxBytes, name)) {
    if (isBlank(bytes)) continue;
    yield { source: `${name}:${line}`, bytes };
  }
}

function isBlank(b: Uint8Array): boolean {
  for (const c of b) if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false;
  return true;
}
