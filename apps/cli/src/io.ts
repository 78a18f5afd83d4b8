import { DEFAULT_MAX_INPUT_BYTES, readFileBounded, readStreamBounded } from "./limits.js";

/**
 * Reads a whole file, or standard input when the name is absent or "-", at
 * most maxBytes (one byte more is an input error, and reading stops there).
 */
export async function readInput(file?: string, maxBytes = DEFAULT_MAX_INPUT_BYTES): Promise<Uint8Array> {
  if (file && file !== "-") return readFileBounded(file, maxBytes);
  return readStreamBounded(process.stdin, maxBytes, "standard input");
}

/** Writes bytes and a newline to standard output. */
export function writeLine(bytes: Uint8Array | string): void {
  process.stdout.write(bytes);
  process.stdout.write("\n");
}
