import { readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, relative, resolve, sep } from "node:path";
import { type GoType, parseGo } from "@gojson/gotype";
import { generateTypeScript } from "@gojson/schema";
import { CliError, EXIT, type ExitCode } from "../exit-codes.js";

/** Flags of `gojson gen`. */
export interface GenFlags {
  go?: string;
  out?: string;
  check?: boolean;
  order?: string;
}

/** What `gen` reads: the Go source text and the types parsed from it. */
interface GoInput {
  readonly source: string;
  readonly types: Record<string, GoType>;
}

function readGo(path: string): GoInput {
  let isDir = false;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    throw new CliError(`cannot read Go source ${path}: check the path given to --go`, EXIT.input);
  }
  if (isDir)
    throw new CliError(
      `${path} is a directory: gen reads one Go file for now (a package directory when gotype's package reader is available)`,
      EXIT.input,
    );
  let source: string;
  try {
    source = readFileSync(path, "utf8");
  } catch {
    throw new CliError(`cannot read Go file ${path}: check the path given to --go`, EXIT.input);
  }
  try {
    return { source, types: parseGo(source) };
  } catch (e) {
    throw new CliError(`${path}:${(e as Error).message}`, EXIT.input);
  }
}

/** The path of `file` as the generated header shows it: relative to the output's directory, `/`-separated. */
function shownPath(file: string, out: string | undefined): string {
  const rel = out === undefined ? basename(file) : relative(dirname(resolve(out)), resolve(file));
  return rel.split(sep).join("/");
}

/** The first line where two texts differ, for the stale-file hint. */
function firstDifference(a: string, b: string): number {
  const x = a.split("\n");
  const y = b.split("\n");
  for (let i = 0; i < Math.max(x.length, y.length); i++) if (x[i] !== y[i]) return i + 1;
  return 0;
}

/**
 * `gojson gen --go FILE [--out FILE] [--check] [--order source|name]`: a
 * TypeScript module with an interface and a typed `GoType<T>` constant per
 * Go type (see @gojson/schema's generateTypeScript). With `--check`, writes
 * nothing and exits 1 when `--out` differs from what gen would write.
 */
export async function genCommand(flags: GenFlags): Promise<ExitCode> {
  if (!flags.go)
    throw new CliError("missing --go FILE: the Go source to generate TypeScript from", EXIT.usage);
  if (flags.check && !flags.out)
    throw new CliError("--check needs --out FILE: the generated file to compare with", EXIT.usage);
  const order = flags.order ?? "source";
  if (order !== "source" && order !== "name")
    throw new CliError(`--order wants "source" or "name", got ${JSON.stringify(order)}`, EXIT.usage);
  const { source, types } = readGo(flags.go);
  const text = generateTypeScript(types, {
    source,
    order,
    generator: `gojson gen from ${shownPath(flags.go, flags.out)}`,
  });
  const count = Object.keys(types).length;
  if (flags.check) {
    const out = flags.out as string;
    let current: string | undefined;
    try {
      current = readFileSync(out, "utf8");
    } catch {
      current = undefined;
    }
    if (current === text) {
      process.stderr.write(`${out} is up to date (${count} types)\n`);
      return EXIT.ok;
    }
    const where = current === undefined ? "missing" : `differs from line ${firstDifference(current, text)}`;
    process.stderr.write(
      `gojson: ${out} is stale (${where}); run: gojson gen --go ${flags.go} --out ${out}${order === "name" ? " --order name" : ""}\n`,
    );
    return EXIT.failed;
  }
  if (flags.out) {
    try {
      writeFileSync(flags.out, text);
    } catch {
      throw new CliError(`cannot write ${flags.out}: check the directory exists`, EXIT.input);
    }
    process.stderr.write(`wrote ${flags.out} (${count} types)\n`);
  } else process.stdout.write(text);
  return EXIT.ok;
}
