import type { ExitCode } from "../exit-codes.js";
import { genCommand } from "./gen.js";

/**
 * `gojson schema FILE.go [--out FILE]`: the first name of `gojson gen`, kept
 * so scripts that use it go on working; it writes the same module as
 * `gojson gen --go FILE.go`.
 */
export async function schemaCommand(
  file: string,
  flags: { out?: string; maxBytes?: number },
): Promise<ExitCode> {
  return genCommand({
    go: file,
    given: "the path",
    ...(flags.out !== undefined ? { out: flags.out } : {}),
    ...(flags.maxBytes !== undefined ? { maxBytes: flags.maxBytes } : {}),
  });
}
