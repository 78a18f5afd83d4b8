/**
 * Go packages: one or more files with one package clause, resolved together
 * (parseGoPackage), imports resolved from the user's packages, then the
 * standard library gotype declares. Pure and browser-safe; reading
 * directories is in the `node` subpath.
 */
import {
  buildGoPackage,
  type GoFile,
  type GoImports,
  type GoPackage,
  type ParsePackageOptions,
} from "./go-package-build.js";
import type { Importer } from "./go-resolve.js";
import { stdPackage } from "./std-packages.js";

export type { GoFile, GoImports, GoPackage, IgnoredFile, ParsePackageOptions } from "./go-package-build.js";
export { goPackageOf, isGoPackage } from "./go-package-build.js";

/** An Importer over the imports option, then the standard library. */
export function toImporter(imports: GoImports | undefined): Importer {
  let user: (path: string) => GoPackage | undefined;
  if (imports === undefined) user = () => undefined;
  else if (typeof imports === "function") user = imports;
  else if (Array.isArray(imports)) {
    const m = new Map<string, GoPackage>();
    for (const p of imports as readonly GoPackage[]) m.set(p.path, p);
    user = (path) => m.get(path);
  } else {
    const rec = imports as Readonly<Record<string, GoPackage>>;
    user = (path) => (Object.hasOwn(rec, path) ? rec[path] : undefined);
  }
  return (path) => user(path) ?? stdPackage(path);
}

/**
 * Reads the files of one Go package (one package clause, as `go build` sees
 * the directory) and resolves its types. Test files, files whose build
 * constraints exclude them, and `package documentation`-style files of
 * another package clause are listed in `ignoredFiles`. Errors are
 * GoSyntaxErrors naming the file, line and column.
 */
export function parseGoPackage(
  files: readonly GoFile[] | Readonly<Record<string, string>>,
  options: ParsePackageOptions = {},
): GoPackage {
  return buildGoPackage(files, options, toImporter(options.imports));
}
