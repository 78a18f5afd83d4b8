/**
 * The imports of a package's files as the resolver reads them: which import
 * path a qualifier names in a file (named imports, the package's own name
 * for unnamed ones, implicit standard packages for snippets without
 * imports) and each file's dot imports, computed once per file and path.
 */
import type { FileAst } from "./go-ast.js";
import { defaultImportName, IMPLICIT_IMPORTS, STD_BY_NAME } from "./go-import-names.js";

/** What the resolver asks an importer: a package's name, if it knows the package. */
export type NameImporter = (path: string) => { readonly name: string } | undefined;

/** The imports of one package's files. */
export class FileImports {
  private readonly importNames = new Map<string, string>();
  private readonly dotPaths = new Map<number, readonly string[]>();

  constructor(
    private readonly files: () => readonly Pick<FileAst, "imports">[],
    private readonly importer: NameImporter,
  ) {}

  /** The dot imports of a file (once per file: every unqualified name asks). */
  dotImports(file: number): readonly string[] {
    let paths = this.dotPaths.get(file);
    if (paths === undefined) {
      const f = this.files()[file];
      paths = f === undefined ? [] : f.imports.filter((i) => i.name === ".").map((i) => i.path);
      this.dotPaths.set(file, paths);
    }
    return paths;
  }

  /** The import path a qualifier names in file `file` (undefined: not imported there). */
  importPath(file: number, q: string): string | undefined {
    const f = this.files()[file];
    if (f !== undefined) {
      for (const imp of f.imports) {
        if (imp.name === "." || imp.name === "_") continue;
        const name = imp.name ?? this.importName(imp.path);
        if (name === q) return imp.path;
      }
    }
    return IMPLICIT_IMPORTS.get(q) ?? this.implicitStd(q);
  }

  private implicitStd(q: string): string | undefined {
    // A snippet without imports may still name a standard package gotype knows (`url.URL`, `netip.Addr`).
    const path = STD_BY_NAME.get(q);
    return path !== undefined && this.files().every((f) => f.imports.length === 0) ? path : undefined;
  }

  private importName(path: string): string {
    let n = this.importNames.get(path);
    if (n === undefined) {
      n = this.importer(path)?.name ?? defaultImportName(path);
      this.importNames.set(path, n);
    }
    return n;
  }
}
