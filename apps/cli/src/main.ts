import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { genCommand } from "./commands/gen.js";
import { schemaCommand } from "./commands/schema.js";
import { CliError, EXIT, type ExitCode, INPUT_ERROR_CODES } from "./exit-codes.js";
import { type CliIo, PROCESS_IO, withIo } from "./io.js";
import { DEFAULT_MAX_INPUT_BYTES, formatBytes } from "./limits.js";
import { collect } from "./options.js";
import { useColor } from "./style.js";
import { VERSION } from "./version.js";

/** parseByteCount reads --max-bytes: a whole number of bytes, 0 included (a usage error otherwise). */
function parseByteCount(v: string): number {
  const n = /^[0-9]+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
  if (!Number.isSafeInteger(n)) throw new InvalidArgumentError("want a whole number of bytes, such as 65536");
  return n;
}

const EXIT_HELP = `
Exit status:
  0  success (diff: no payload differs; strict: body accepted)
  1  Go returned an error, payloads differ (diff), or the body is rejected (strict)
  2  the command line is wrong
  3  an input cannot be used (missing file, Go source error, unknown type, larger than --max-bytes)
  4  internal error (a bug: please report it)

Inputs: every command reads at most --max-bytes from any one input (default 64 MiB;
strict: its body limit, 1 MiB).`;

const GO_HELP = "Go source: a .go file, a package directory, or one file per --go (repeatable)";
const MAX_BYTES_HELP = `most bytes read from any one input: stdin or a file, each payload, the --go source (default ${formatBytes(DEFAULT_MAX_INPUT_BYTES)})`;

const GO_MAX_BYTES_HELP = `most bytes read from the Go source, all its files together (default ${formatBytes(DEFAULT_MAX_INPUT_BYTES)})`;

function codecFlags(cmd: Command): Command {
  return cmd
    .option("--go <path>", GO_HELP, collect, [])
    .option("--type <name>", "name of the Go type to use")
    .addOption(new Option("--v1", "Go's encoding/json (default)").conflicts("v2"))
    .addOption(new Option("--v2", "Go's encoding/json/v2").conflicts("v1"))
    .option(
      "-o, --option <name=value>",
      "codec option in camelCase, repeatable (e.g. deterministic=true)",
      collect,
      [],
    )
    .option("--json", "print a JSON result for machines")
    .option("--max-bytes <n>", MAX_BYTES_HELP, parseByteCount);
}

/**
 * Builds the `gojson` command tree; `run` receives the exit status. Each
 * command's module is imported when it runs, so that `gojson decode` does
 * not load the benchmark harness or the golden vectors.
 */
export function buildProgram(run: (code: ExitCode) => void): Command {
  const program = new Command("gojson")
    .description(
      "JSON exactly as Go does: decode, encode, compare v1 and v2, check request bodies, benchmark",
    )
    .version(VERSION)
    .showHelpAfterError("(run with --help for usage)")
    .addHelpText("after", EXIT_HELP);

  codecFlags(program.command("decode").argument("[file]", "JSON input (default: stdin)"))
    .description("unmarshal JSON into a Go type and print what marshal writes for the result")
    .addHelpText(
      "after",
      `\nExample:\n  echo '{"ID":1,"CUSTOMER":"ann"}' | gojson decode --go order.go --type Order\n  gojson decode --v2 --option matchCaseInsensitiveNames=true --go order.go --type Order body.json`,
    )
    .action(async (file, flags) =>
      run(await (await import("./commands/decode.js")).decodeCommand(file, flags)),
    );

  codecFlags(
    program
      .command("encode")
      .argument("[file]", "the value as JSON keyed by Go field names (default: stdin)"),
  )
    .description("marshal a value of a Go type, given as JSON keyed by Go field names, and print Go's bytes")
    .addHelpText(
      "after",
      `\nExample:\n  echo '{"ID":"9007199254740993","Items":null}' | gojson encode --go order.go --type Order --v2\n\nNumbers are taken exactly as typed (integers beyond 2^53 too, also as strings); []byte as base64; time.Time as RFC 3339.`,
    )
    .action(async (file, flags) =>
      run(await (await import("./commands/encode.js")).encodeCommand(file, flags)),
    );

  program
    .command("observe")
    .description("replay the observations of the Go JSON lesson with v1 and v2 side by side")
    .option("--json", "print the observations as JSON")
    .option("--only <text>", "only observations whose name contains text")
    .addHelpText("after", "\nExample:\n  gojson observe --only omitempty")
    .action(async (flags) => run(await (await import("./commands/observe.js")).observeCommand(flags)));

  program
    .command("diff")
    .argument("[payloads...]", "JSON files or directories (default: NDJSON on stdin)")
    .description(
      "migration check: which payloads v1 and v2 decode differently, and which difference caused it",
    )
    .option("--go <path>", GO_HELP, collect, [])
    .requiredOption("--type <name>", "name of the Go type to decode into")
    .option("--json", "print one JSON object per payload and a summary")
    .option("--quiet", "print only the summary")
    .option("--max-bytes <n>", MAX_BYTES_HELP, parseByteCount)
    .addHelpText(
      "after",
      "\nExample:\n  gojson diff --go order.go --type Order payloads/\n  cat bodies.ndjson | gojson diff --go order.go --type Order",
    )
    .action(async (payloads, flags) =>
      run(await (await import("./commands/diff.js")).diffCommand(payloads, flags)),
    );

  program
    .command("gen")
    .description("generate a typed TypeScript module (an interface and a GoType<T> constant per Go type)")
    .option("--go <file>", "Go source file")
    .option("--out <file>", "write to a file instead of stdout")
    .option("--check", "write nothing; exit 1 when --out is not what gen would write")
    .option("--order <order>", "declarations in source order or sorted by name (source|name)", "source")
    .option("--json-schema <version>", "write a JSON Schema (2020-12) of Go's v1 or v2 rules instead")
    .option("--type <name>", "with --json-schema: the one type to describe (default: all, under $defs)")
    .option(
      "--direction <side>",
      "with --json-schema: unmarshal (what Go accepts) or marshal (what Go writes)",
    )
    .option("--strict", "with --json-schema: unknown members rejected")
    .option("--max-bytes <n>", GO_MAX_BYTES_HELP, parseByteCount)
    .addHelpText(
      "after",
      "\nExample:\n  gojson gen --go order.go --out order.gen.ts\n  gojson gen --go order.go --out order.gen.ts --check\n  gojson gen --go order.go --json-schema v2 --type Order --strict",
    )
    .action(async (flags) => run(await genCommand(flags)));

  program
    .command("schema")
    .argument("<file>", "Go source file")
    .description("the first name of `gen`: gojson schema FILE is gojson gen --go FILE")
    .option("--out <file>", "write to a file instead of stdout")
    .option("--max-bytes <n>", GO_MAX_BYTES_HELP, parseByteCount)
    .addHelpText("after", "\nExample:\n  gojson schema order.go --out order.schema.ts")
    .action(async (file, flags) => run(await schemaCommand(file, flags)));

  program
    .command("strict")
    .argument("[body]", "request body file (default: stdin)")
    .description("show what strict-http answers for a request body, and why")
    .option("--go <path>", GO_HELP, collect, [])
    .option("--type <name>", "decode into this Go type (unknown fields rejected)")
    .addOption(new Option("--v1", "decode with codec-v1 options").conflicts("v2"))
    .addOption(new Option("--v2", "decode with codec-v2 (default when --type is given)").conflicts("v1"))
    .option(
      "--max-bytes <n>",
      "body size limit in bytes (default 1 MiB, strict-http's); no more than one byte past it is read",
      parseByteCount,
    )
    .option("--content-type <type>", "Content-Type header of the request", "application/json")
    .option("--json", "print the answer as JSON")
    .addHelpText(
      "after",
      '\nExample:\n  echo \'{"name":"a","name":"b"}\' | gojson strict --go user.go --type User',
    )
    .action(async (body, flags) =>
      run(await (await import("./commands/strict.js")).strictCommand(body, flags)),
    );

  program
    .command("bench")
    .description("benchmark codec-v1, codec-v2 and JSON.parse/stringify on the default fixtures")
    .option("--out <dir>", "directory for result files", "results")
    .option("--quick", "a short smoke run")
    .option("--payload <name...>", "payloads to run (default: the five seed payloads)")
    .option("--json", "print the result JSON path only")
    .addHelpText("after", "\nExample:\n  gojson bench --quick && gojson report")
    .action(async (flags) => run(await (await import("./commands/bench.js")).benchCommand(flags)));

  program
    .command("report")
    .description("render benchmark and conformance results as Markdown and HTML")
    .option("--results <dir>", "directory with result files", "results")
    .option("--out <dir>", "output directory", "reports")
    .option(
      "--max-bytes <n>",
      `most bytes of any one result file (default ${formatBytes(DEFAULT_MAX_INPUT_BYTES)})`,
      parseByteCount,
    )
    .addHelpText("after", "\nExample:\n  gojson report --results results --out reports")
    .action(async (flags) => run(await (await import("./commands/report.js")).reportCommand(flags)));

  return program;
}

/**
 * Runs the CLI on the user's arguments (`["decode", "--go", "order.go", ...]`,
 * without node and the script) and resolves to the exit status; it never
 * exits the process. Reads and writes `io` (the process's own streams by
 * default), so a program or a test can run it in-process.
 */
export function main(args: readonly string[], io: CliIo = PROCESS_IO): Promise<ExitCode> {
  return withIo(io, () => run(args, io));
}

async function run(args: readonly string[], io: CliIo): Promise<ExitCode> {
  let code: ExitCode = EXIT.ok;
  const program = buildProgram((c) => {
    code = c;
  });
  // Commander writes help and usage errors through these; its colour and width
  // come from the process's terminal unless other streams are given.
  const output = {
    writeOut: (str: string) => void io.stdout.write(str),
    writeErr: (str: string) => void io.stderr.write(str),
    outputError: (str: string, write: (s: string) => void) => write(str),
    ...(io === PROCESS_IO
      ? {}
      : {
          getOutHelpWidth: () => 80,
          getErrHelpWidth: () => 80,
          getOutHasColors: () => useColor(io.stdout),
          getErrHasColors: () => useColor(io.stderr),
        }),
  };
  program.exitOverride();
  program.configureOutput(output);
  for (const cmd of program.commands) {
    cmd.exitOverride();
    cmd.configureOutput(output);
  }
  try {
    await program.parseAsync([...args], { from: "user" });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.exitCode === 0 || e.code === "commander.helpDisplayed" || e.code === "commander.version")
        return EXIT.ok;
      return EXIT.usage;
    }
    if (e instanceof CliError) {
      io.stderr.write(`gojson: ${e.message}\n`);
      return e.exitCode;
    }
    const code = (e as { code?: unknown } | null)?.code;
    if (typeof code === "string" && INPUT_ERROR_CODES.has(code)) {
      io.stderr.write(`gojson: ${(e as Error).message}\n`);
      return EXIT.input;
    }
    io.stderr.write(`gojson: internal error: ${(e as Error)?.stack ?? e}\n`);
    return EXIT.internal;
  }
}
