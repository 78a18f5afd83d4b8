/**
 * JSON methods declared in Go source (MarshalJSON, UnmarshalJSON,
 * MarshalText, AppendText, UnmarshalText, IsZero, MarshalJSONTo, UnmarshalJSONFrom with
 * Go's exact signatures), recorded on their type with their receiver.
 */
import type { MethodDeclAst, TExpr } from "./go-ast.js";
import { baseName, err, posString } from "./go-decl-text.js";
import { GoMethodMissingError } from "./go-method-missing-error.js";
import { setMethodTable } from "./methods.js";
import { typeString } from "./type-string.js";
import type { GoMethod, GoPos, GoType, MethodName } from "./types.js";

/** The import path a file's qualifier names (undefined: not imported). */
export type ImportPathOf = (file: number, qualifier: string) => string | undefined;

/**
 * Records on `t` the JSON methods its declarations have (Go's exact
 * signatures), each a stand-in that throws GoMethodMissingError until a
 * TypeScript twin is attached; a method declared twice is Go's error.
 */
export function attachMethodDecls(
  t: GoType,
  typeName: string,
  decls: readonly MethodDeclAst[] | undefined,
  importPath: ImportPathOf,
): void {
  if (decls === undefined || decls.length === 0) return;
  const table: Partial<Record<MethodName, GoMethod>> = {};
  const seen = new Map<string, GoPos>();
  const shown = t.name ?? typeName;
  for (const m of decls) {
    const prev = seen.get(m.name);
    if (prev !== undefined)
      throw err(m.pos, `method ${baseName(shown)}.${m.name} already declared at ${posString(prev)}`);
    seen.set(m.name, m.pos);
    if (!isJsonMethod(m, importPath)) continue;
    const name = m.name as MethodName;
    const receiver = m.recvPointer ? "pointer" : "value";
    const ts = typeString(t);
    const goName = baseName(shown);
    const pos = m.pos;
    table[name] = Object.freeze({
      name,
      receiver,
      declaredOnly: true,
      pos,
      fn: () => {
        throw new GoMethodMissingError(ts, goName, name, receiver, pos);
      },
    });
  }
  if (Object.keys(table).length > 0) setMethodTable(t, table);
}

// Whether the declaration has the exact signature of a method encoding/json calls.
function isJsonMethod(m: MethodDeclAst, importPath: ImportPathOf): boolean {
  const s = m.sig;
  const file = m.fileIndex;
  switch (m.name) {
    case "MarshalJSON":
    case "MarshalText":
      return (
        s.params.length === 0 &&
        s.results.length === 2 &&
        isByteSlice(s.results[0]) &&
        isName(s.results[1], "error")
      );
    case "AppendText":
      // encoding.TextAppender: AppendText(b []byte) ([]byte, error).
      return (
        s.params.length === 1 &&
        !s.variadic &&
        isByteSlice(s.params[0]) &&
        s.results.length === 2 &&
        isByteSlice(s.results[0]) &&
        isName(s.results[1], "error")
      );
    case "UnmarshalJSON":
    case "UnmarshalText":
      return (
        s.params.length === 1 &&
        !s.variadic &&
        isByteSlice(s.params[0]) &&
        s.results.length === 1 &&
        isName(s.results[0], "error")
      );
    case "IsZero":
      return s.params.length === 0 && s.results.length === 1 && isName(s.results[0], "bool");
    case "MarshalJSONTo":
      return (
        s.params.length === 1 &&
        isJsontextPtr(s.params[0], "Encoder", file, importPath) &&
        s.results.length === 1 &&
        isName(s.results[0], "error")
      );
    case "UnmarshalJSONFrom":
      return (
        s.params.length === 1 &&
        isJsontextPtr(s.params[0], "Decoder", file, importPath) &&
        s.results.length === 1 &&
        isName(s.results[0], "error")
      );
    default:
      return false;
  }
}

function isJsontextPtr(e: TExpr | undefined, name: string, file: number, importPath: ImportPathOf): boolean {
  if (e?.k !== "ptr" || e.elem.k !== "name" || e.elem.name !== name || e.elem.pkg === undefined) return false;
  const path = importPath(file, e.elem.pkg);
  return path === "encoding/json/jsontext" || path === "github.com/go-json-experiment/json/jsontext";
}

function isByteSlice(e: TExpr | undefined): boolean {
  return (
    e?.k === "slice" &&
    e.elem.k === "name" &&
    e.elem.pkg === undefined &&
    (e.elem.name === "byte" || e.elem.name === "uint8")
  );
}
function isName(e: TExpr | undefined, name: string): boolean {
  return e?.k === "name" && e.pkg === undefined && e.args === undefined && e.name === name;
}
