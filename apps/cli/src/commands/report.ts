import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { writeReport } from "@gojson/report";
import { CliError, EXIT, type ExitCode } from "../exit-codes.js";
import { writeLine } from "../io.js";

/** `gojson report`: renders the result files of a directory as Markdown and HTML and prints their paths. */
export async function reportCommand(flags: { results: string; out: string }): Promise<ExitCode> {
  const results = resolve(flags.results);
  if (!existsSync(results)) {
    throw new CliError(
      `no results in ${flags.results}: run \`gojson bench\` first or pass --results DIR`,
      EXIT.input,
    );
  }
  const written = await writeReport(results, resolve(flags.out));
  writeLine(written.markdown);
  writeLine(written.html);
  return EXIT.ok;
}
