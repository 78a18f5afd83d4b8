import { readFileSync } from "node:fs";
import { type GoType, parseGo } from "@gojson/gotype";
import { CliError, EXIT } from "./exit-codes.js";

/** Reads a Go file and returns every declared type by name; `given` says where the path came from (for the error). */
export function loadGoFile(file: string, given = "the path given to --go"): Record<string, GoType> {
  let source: string;
  try {
    source = readFileSync(file, "utf8");
  } catch {
    throw new CliError(`cannot read Go file ${file}: check ${given}`, EXIT.input);
  }
  try {
    return parseGo(source);
  } catch (e) {
    throw new CliError(`${file}:${(e as Error).message}`, EXIT.input);
  }
}

/** Reads a Go file and picks the type named by --type. */
export function loadGoType(file: string | undefined, typeName: string | undefined): GoType {
  if (!file) throw new CliError("missing --go FILE: the Go file that declares the type", EXIT.usage);
  if (!typeName)
    throw new CliError("missing --type T: the name of a type declared in the Go file", EXIT.usage);
  const decls = loadGoFile(file);
  const t = decls[typeName];
  if (!t) {
    const names = Object.keys(decls);
    throw new CliError(
      `type ${typeName} is not declared in ${file}; declared: ${names.length ? names.join(", ") : "none"}`,
      EXIT.input,
    );
  }
  return t;
}
