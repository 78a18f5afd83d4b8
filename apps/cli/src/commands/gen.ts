import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { type GoPackage, type GoType, parseGo, parseGoPackage } from "@gojson/gotype";
import {
  type GoSourceFile,
  type GoSourcePackage,
  generateTypeScript,
  JSON_SCHEMA_DIALECT,
  type JsonSchemaOptions,
  toJsonSchema,
  toJsonSchemaDefs,
} from "@gojson/schema";
import { CliError, EXIT, type ExitCode } from "../exit-codes.js";
import { cliIo, writeErr } from "../io.js";
import { DEFAULT_MAX_INPUT_BYTES, ReadBudget, readFilePrefix } from "../limits.js";
import { shownName, suggestion } from "../nearest.js";

/** Flags of `gojson gen`. */
export interface GenFlags {
  go?: string;
  out?: string;
  check?: boolean;
  order?: string;
  /** `v1` or `v2`: write a JSON Schema (2020-12) instead of TypeScript. */
  jsonSchema?: string;
  /** With --json-schema: the one type to describe (default: every type, under $defs). */
  type?: string;
  /** With --json-schema: `unmarshal` (default, what Go accepts) or `marshal` (what Go writes). */
  direction?: string;
  /** With --json-schema: unknown members rejected (v1 disallowUnknownFields, v2 rejectUnknownMembers). */
  strict?: boolean;
  /** Most bytes read from the Go source (every file together, go.mod included); default 64 MiB. */
  maxBytes?: number;
  /** What a missing-file message asks to check (default `the path given to --go`; `schema FILE` says `the path`). */
  given?: string;
}

/** What `gen` reads: the Go source (one file's text, or a package's files) and the types parsed from it. */
interface GoInput {
  readonly source: string | readonly GoSourceFile[];
  readonly types: Record<string, GoType>;
  /** A package directory: its import path (from go.mod) and the packages of the module it imports. */
  readonly path?: string;
  readonly imports?: readonly GoSourcePackage[];
}

function readGo(path: string, given: string, maxBytes: number): GoInput {
  let isDir = false;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    throw new CliError(`cannot read Go file ${path}: check ${given}`, EXIT.input);
  }
  if (isDir) return readGoDir(path, new ReadBudget(maxBytes, `the Go source of ${path}`));
  const source = new ReadBudget(maxBytes, `Go file ${path}`).readText(path, `Go file ${path}`);
  try {
    return { source, types: parseGo(source) };
  } catch (e) {
    throw new CliError(`${path}:${(e as Error).message}`, EXIT.input);
  }
}

/** The `.go` files of a directory in name order. */
function goFilesOf(dir: string, budget: ReadBudget): GoSourceFile[] {
  const names = readdirSync(dir)
    .filter((n) => n.endsWith(".go"))
    .sort();
  return names.map((name) => ({ name, source: budget.readText(join(dir, name)) }));
}

/** The directory holding go.mod at or above `dir`, with the module path it declares. */
function findModule(dir: string, budget: ReadBudget): { root: string; path: string } | undefined {
  for (let d = resolve(dir); ; d = dirname(d)) {
    const mod = join(d, "go.mod");
    if (existsSync(mod)) {
      const m = /^\s*module\s+("?)([^\s"]+)\1\s*$/m.exec(budget.readText(mod));
      return m?.[2] === undefined ? undefined : { root: d, path: m[2] };
    }
    if (dirname(d) === d) return undefined;
  }
}

/** The import paths a file's import declarations name. */
function importsOf(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/^import\s*(?:\(([^)]*)\)|([^\n]*))/gm)) {
    for (const q of (m[1] ?? m[2] ?? "").matchAll(/"([^"]+)"|`([^`]+)`/g)) out.push(q[1] ?? q[2] ?? "");
  }
  return out;
}

/**
 * A package directory: its `.go` files in name order, read as `go build`
 * sees them (test files and files excluded by build constraints left out).
 * Inside a module (a go.mod above), the packages of the module it imports
 * are read too, dependencies first; the generated module embeds them all.
 */
function readGoDir(dir: string, budget: ReadBudget): GoInput {
  const files = goFilesOf(dir, budget);
  if (files.length === 0)
    throw new CliError(`${dir} has no .go files: check the path given to --go`, EXIT.input);
  const mod = findModule(dir, budget);
  try {
    if (mod === undefined) {
      const pkg = parseGoPackage(files);
      const used = new Set(pkg.files);
      return { source: files.filter((f) => used.has(f.name)), types: { ...pkg.types } };
    }
    const pathOf = (d: string) => {
      const rel = relative(mod.root, resolve(d)).split(sep).join("/");
      return rel === "" ? mod.path : `${mod.path}/${rel}`;
    };
    // Depth-first over same-module imports: a package is parsed after every package it imports.
    const parsed = new Map<string, GoPackage>();
    const order: GoSourcePackage[] = [];
    const load = (d: string, own: GoSourceFile[]): { pkg: GoPackage; files: GoSourceFile[] } => {
      for (const f of own)
        for (const imp of importsOf(f.source)) {
          if ((imp !== mod.path && !imp.startsWith(`${mod.path}/`)) || parsed.has(imp)) continue;
          const depDir = join(mod.root, ...imp.slice(mod.path.length).split("/").filter(Boolean));
          const dep = load(depDir, goFilesOf(depDir, budget));
          parsed.set(imp, dep.pkg);
          order.push({ path: imp, files: dep.files });
        }
      const pkg = parseGoPackage(own, { path: pathOf(d), imports: [...parsed.values()] });
      const used = new Set(pkg.files);
      return { pkg, files: own.filter((f) => used.has(f.name)) };
    };
    const { pkg, files: used } = load(dir, files);
    return { source: used, types: { ...pkg.types }, path: pkg.path, imports: order };
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError(`${dir}: ${(e as Error).message}`, EXIT.input);
  }
}

/** The path of `file` as the generated header shows it: relative to the output's directory, `/`-separated. */
function shownPath(file: string, out: string | undefined): string {
  const rel = out === undefined ? basename(file) : relative(dirname(resolve(out)), resolve(file));
  return rel.split(sep).join("/");
}

/** The command line that writes `--out` again (the --check hint). */
function rerun(flags: GenFlags): string {
  const parts = ["gojson gen --go", flags.go as string, "--out", flags.out as string];
  if (flags.order === "name") parts.push("--order name");
  if (flags.jsonSchema !== undefined) parts.push("--json-schema", flags.jsonSchema);
  if (flags.type !== undefined) parts.push("--type", flags.type);
  if (flags.direction !== undefined && flags.direction !== "unmarshal")
    parts.push("--direction", flags.direction);
  if (flags.strict) parts.push("--strict");
  return parts.join(" ");
}

/** `--json-schema v1|v2`: one type's document (--type), or every type under `$defs`; two-space JSON. */
function jsonSchemaText(types: Record<string, GoType>, flags: GenFlags): string {
  const version = flags.jsonSchema;
  if (version !== "v1" && version !== "v2")
    throw new CliError(`--json-schema wants "v1" or "v2", got ${JSON.stringify(version)}`, EXIT.usage);
  const direction = flags.direction ?? "unmarshal";
  if (direction !== "unmarshal" && direction !== "marshal")
    throw new CliError(
      `--direction wants "unmarshal" or "marshal", got ${JSON.stringify(direction)}`,
      EXIT.usage,
    );
  const strict = flags.strict === true && direction === "unmarshal";
  const options: JsonSchemaOptions =
    version === "v1"
      ? { version, direction, ...(strict ? { disallowUnknownFields: true } : {}) }
      : { version, direction, ...(strict ? { rejectUnknownMembers: true } : {}) };
  let doc: unknown;
  if (flags.type !== undefined) {
    const t = Object.hasOwn(types, flags.type) ? types[flags.type] : undefined;
    if (t === undefined) {
      const hint = suggestion(flags.type, Object.keys(types));
      throw new CliError(
        `type ${shownName(flags.type)} is not declared in ${shownName(flags.go ?? "")}; ${hint.startsWith("known") ? hint.replace("known", "declared") : hint}`,
        EXIT.input,
      );
    }
    doc = toJsonSchema(t, options);
  } else {
    doc = {
      $schema: JSON_SCHEMA_DIALECT,
      $defs: toJsonSchemaDefs(types, { ...options, refPrefix: "#/$defs/" }),
    };
  }
  return `${JSON.stringify(doc, null, 2)}\n`;
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
  if (
    flags.jsonSchema === undefined &&
    (flags.type !== undefined || flags.direction !== undefined || flags.strict)
  )
    throw new CliError("--type, --direction and --strict go with --json-schema v1|v2", EXIT.usage);
  if (flags.check && !flags.out)
    throw new CliError("--check needs --out FILE: the generated file to compare with", EXIT.usage);
  const order = flags.order ?? "source";
  if (order !== "source" && order !== "name")
    throw new CliError(`--order wants "source" or "name", got ${JSON.stringify(order)}`, EXIT.usage);
  const { source, types, path, imports } = readGo(
    flags.go,
    flags.given ?? "the path given to --go",
    flags.maxBytes ?? DEFAULT_MAX_INPUT_BYTES,
  );
  const text =
    flags.jsonSchema !== undefined
      ? jsonSchemaText(types, flags)
      : generateTypeScript(types, {
          source,
          order,
          generator: `gojson gen from ${shownPath(flags.go, flags.out)}`,
          ...(path !== undefined ? { path } : {}),
          ...(imports !== undefined && imports.length > 0 ? { imports } : {}),
        });
  const count = Object.keys(types).length;
  if (flags.check) {
    const out = flags.out as string;
    // Read at most one byte more than gen writes: a longer file is stale whatever follows.
    let current: string | undefined;
    try {
      current = new TextDecoder().decode(readFilePrefix(out, Buffer.byteLength(text) + 1));
    } catch {
      current = undefined;
    }
    if (current === text) {
      writeErr(`${out} is up to date (${count} types)\n`);
      return EXIT.ok;
    }
    const where = current === undefined ? "missing" : `differs from line ${firstDifference(current, text)}`;
    writeErr(`gojson: ${out} is stale (${where}); run: ${rerun(flags)}\n`);
    return EXIT.failed;
  }
  if (flags.out) {
    try {
      writeFileSync(flags.out, text);
    } catch {
      throw new CliError(`cannot write ${flags.out}: check the directory exists`, EXIT.input);
    }
    writeErr(`wrote ${flags.out} (${count} types)\n`);
  } else cliIo().stdout.write(text);
  return EXIT.ok;
}
