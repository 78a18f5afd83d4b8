import { closeSync, openSync, readSync } from "node:fs";
import { CliError, EXIT } from "./exit-codes.js";

/**
 * The most bytes the CLI reads from one input unless `--max-bytes` says
 * otherwise (64 MiB): a JSON file or stdin, one payload or NDJSON line, the
 * Go source of `--go` (all its files together). `strict` keeps strict-http's
 * body limit (1 MiB) as its default.
 */
export const DEFAULT_MAX_INPUT_BYTES = 64 * 1024 * 1024;

/** Size of one read from a file or a pipe. */
const READ_CHUNK = 64 * 1024;

/** formatBytes renders a byte count for a message: `65536` → `64 KiB`. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

/** tooLarge is the error for an input past the limit, naming it and the flag that raises it. */
export function tooLarge(what: string, maxBytes: number): CliError {
  return new CliError(
    `${what} is larger than ${formatBytes(maxBytes)}: raise --max-bytes to read it`,
    EXIT.input,
  );
}

/**
 * readFilePrefix reads at most `limit` bytes of a file, a device or a pipe by
 * name, and stops there (`/dev/zero` included). `what` names it in errors.
 */
export function readFilePrefix(path: string, limit: number, what = path): Uint8Array {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    throw new CliError(`cannot read ${what}: check the path`, EXIT.input);
  }
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    while (total < limit) {
      const room = Math.min(READ_CHUNK, limit - total);
      const buf = Buffer.allocUnsafe(room);
      let n: number;
      try {
        n = readSync(fd, buf, 0, room, null);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === "EAGAIN") continue;
        throw new CliError(
          code === "EISDIR"
            ? `${what} is a directory, not a file`
            : `cannot read ${what}: ${code ?? "read error"}`,
          EXIT.input,
        );
      }
      if (n === 0) break;
      chunks.push(n === room ? buf : buf.subarray(0, n));
      total += n;
    }
    return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/**
 * readFileBounded reads a whole file, device or pipe by name, at most
 * maxBytes: one byte more is an error at once (`--go /dev/zero` fails after
 * the limit, never reads on). `what` names the input in the error,
 * `shownLimit` the limit it states (when maxBytes is what is left of a larger budget).
 */
export function readFileBounded(
  path: string,
  maxBytes: number,
  what = path,
  shownLimit = maxBytes,
): Uint8Array {
  const b = readFilePrefix(path, maxBytes + 1, what);
  if (b.length > maxBytes) throw tooLarge(what, shownLimit);
  return b;
}

/**
 * ReadBudget is what is left of --max-bytes for one input made of several
 * files (a Go package and its go.mod): each file is read against what is
 * left, and past it the error names the whole input and the full limit.
 */
export class ReadBudget {
  left: number;
  constructor(
    readonly max: number,
    readonly what: string,
  ) {
    this.left = max;
  }

  /** readText reads one file as UTF-8 against the budget; `what` names it if it cannot be read. */
  readText(path: string, what = path): string {
    const bytes = readFilePrefix(path, this.left + 1, what);
    if (bytes.length > this.left) throw tooLarge(this.what, this.max);
    this.left -= bytes.length;
    return new TextDecoder().decode(bytes);
  }
}

/** readStreamPrefix reads at most `limit` bytes of a stream and stops reading there. */
export async function readStreamPrefix(stream: NodeJS.ReadableStream, limit: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const b = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    const keep = Math.min(b.length, limit - total);
    chunks.push(keep === b.length ? b : b.subarray(0, keep));
    total += keep;
    if (total >= limit) {
      (stream as { destroy?: () => void }).destroy?.();
      break;
    }
  }
  return Buffer.concat(chunks, total);
}

/** readStreamBounded reads a stream to its end, at most maxBytes (one byte more is an error, and reading stops). */
export async function readStreamBounded(
  stream: NodeJS.ReadableStream,
  maxBytes: number,
  what: string,
): Promise<Uint8Array> {
  const b = await readStreamPrefix(stream, maxBytes + 1);
  if (b.length > maxBytes) throw tooLarge(what, maxBytes);
  return b;
}

/**
 * boundedLines yields the lines of a stream (without their `\n` or `\r\n`),
 * each at most maxBytes: memory is bounded by one line, however long the
 * stream. A longer line is an error naming the line number.
 */
export async function* boundedLines(
  stream: NodeJS.ReadableStream,
  maxBytes: number,
  what: string,
): AsyncGenerator<{ line: number; bytes: Uint8Array }> {
  let parts: Buffer[] = [];
  let size = 0;
  let line = 0;
  const flush = (end: Buffer) => {
    const all = parts.length === 0 ? end : Buffer.concat([...parts, end]);
    parts = [];
    size = 0;
    line += 1;
    const trimmed = all.length > 0 && all[all.length - 1] === 0x0d ? all.subarray(0, all.length - 1) : all;
    return { line, bytes: trimmed };
  };
  for await (const chunk of stream) {
    let b = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    for (;;) {
      const nl = b.indexOf(0x0a);
      const piece = nl < 0 ? b : b.subarray(0, nl);
      if (size + piece.length > maxBytes + 1) {
        (stream as { destroy?: () => void }).destroy?.();
        throw tooLarge(`${what}:${line + 1}`, maxBytes);
      }
      if (nl < 0) {
        if (b.length > 0) {
          parts.push(b);
          size += b.length;
        }
        break;
      }
      yield flush(piece);
      b = b.subarray(nl + 1);
    }
  }
  if (size > 0) yield flush(Buffer.alloc(0));
}
