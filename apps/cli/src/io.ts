import { AsyncLocalStorage } from "node:async_hooks";
import { DEFAULT_MAX_INPUT_BYTES, readFileBounded, readStreamBounded } from "./limits.js";

/**
 * The streams one run of the CLI reads and writes: the process's own by
 * default, or the ones given to `main(args, io)` (a test, or a program that
 * embeds the CLI). `stdout.isTTY` decides colour and `stderr.isTTY` the
 * progress line, as for a terminal.
 */
export interface CliIo {
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream & { isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

/** The process's own streams. */
export const PROCESS_IO: CliIo = {
  get stdin() {
    return process.stdin;
  },
  get stdout() {
    return process.stdout;
  },
  get stderr() {
    return process.stderr;
  },
};

const current = new AsyncLocalStorage<CliIo>();

/** withIo runs `f` with `io` as the streams of every command it runs (awaited work included). */
export function withIo<T>(io: CliIo, f: () => T): T {
  return current.run(io, f);
}

/** The streams of the run in progress (the process's own outside `withIo`). */
export function cliIo(): CliIo {
  return current.getStore() ?? PROCESS_IO;
}

/**
 * Reads a whole file, or standard input when the name is absent or "-", at
 * most maxBytes (one byte more is an input error, and reading stops there).
 */
export async function readInput(file?: string, maxBytes = DEFAULT_MAX_INPUT_BYTES): Promise<Uint8Array> {
  if (file && file !== "-") return readFileBounded(file, maxBytes);
  return readStreamBounded(cliIo().stdin, maxBytes, "standard input");
}

/** Writes bytes and a newline to standard output. */
export function writeLine(bytes: Uint8Array | string): void {
  const out = cliIo().stdout;
  out.write(bytes);
  out.write("\n");
}

/** Writes text to standard error. */
export function writeErr(text: string): void {
  cliIo().stderr.write(text);
}
