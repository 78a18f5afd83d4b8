import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { writeReport } from "@gojson/report";
import { CliError, EXIT, type ExitCode } from "../exit-codes.js";
import { writeLine } from "../io.js";
import { DEFAULT_MAX_INPUT_BYTES, tooLarge } from "../limits.js";

/**
 * checkResultFiles holds each result file (`*.json` of the directory) to
 * maxBytes before the report reads them: a regular file no larger than the
 * limit (a device or a pipe named `.json` is an input error, as is a file
 * past the limit).
 */
function checkResultFiles(dir: string, shown: string, maxBytes: number): void {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".json"));
  } catch {
    throw new CliError(`cannot read ${shown}: pass a directory of result files to --results`, EXIT.input);
  }
  for (const name of names) {
    const st = statSync(join(dir, name), { throwIfNoEntry: false });
    const what = `result file ${join(shown, name)}`;
    if (st === undefined) continue;
    if (!st.isFile()) throw new CliError(`${what} is not a regular file`, EXIT.input);
    if (st.size > maxBytes) throw tooLarge(what, maxBytes);
  }
}

/** `gojson report`: renders the result files of a directory as Markdown and HTML and prints their paths. */
export async function reportCommand(flags: {
  results: string;
  out: string;
  maxBytes?: number;
}): Promise<ExitCode> {
  const results = resolve(flags.results);
  if (!existsSync(results)) {
    throw new CliError(
      `no results in ${flags.results}: run \`gojson bench\` first or pass --results DIR`,
      EXIT.input,
    );
  }
  checkResultFiles(results, flags.results, flags.maxBytes ?? DEFAULT_MAX_INPUT_BYTES);
  const written = await writeReport(results, resolve(flags.out));
  writeLine(written.markdown);
  writeLine(written.html);
  return EXIT.ok;
}
