import { readFileSync } from "node:fs";
import { CliError, EXIT } from "./exit-codes.js";

/** Reads a whole file, or standard input when the name is absent or "-". */
export async function readInput(file?: string): Promise<Uint8Array> {
  if (file && file !== "-") {
    try {
      return readFileSync(file);
    } catch {
      throw new CliError(`cannot read ${file}: check the path`, EXIT.input);
    }
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Writes bytes and a newline to standard output. */
export function writeLine(bytes: Uint8Array | string): void {
  process.stdout.write(bytes);
  process.stdout.write("\n");
}
