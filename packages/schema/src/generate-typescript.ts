/**
 * generateTypeScript: a TypeScript module for a set of Go types, with an
 * interface (or type alias) per Go type and a typed `GoType<T>` constant of
 * the same name, so `unmarshal(Order, data)` returns an `Order`.
 */
import type { GoType } from "@gojson/gotype";
import { docOf, GO_ANY_DECLARATION, jsDoc, structBody, type TsTypeContext, tsTypeOf } from "./ts-type.js";

/** One Go source file of a package, as gotype's parseGoPackage takes it. */
export interface GoSourceFile {
  /** File name as Go's error texts show it (relative, `/`-separated: `order.go`, `shop/order.go`). */
  readonly name: string;
  /** The file's text as written. */
  readonly source: string;
}

/** An imported package embedded in a generated module: its import path and files. */
export interface GoSourcePackage {
  readonly path: string;
  readonly files: readonly GoSourceFile[];
}

/** Options of {@link generateTypeScript}. */
export interface GenerateOptions {
  /**
   * The Go source the types were read from. The generated module embeds it
   * and builds its GoType constants at load time with gotype's parser, so
   * the module and the Go source have one truth. A string is one file (read
   * by `parseGo`); a list of files is one package (read by `parseGoPackage`).
   */
  readonly source: string | readonly GoSourceFile[];
  /** The package's import path, for a list of files (`parseGoPackage`'s `path` option). */
  readonly path?: string;
  /**
   * Packages of the same module the package imports, dependencies first
   * (each may import the ones before it). Embedded and parsed before the
   * package, and passed as its `imports`.
   */
  readonly imports?: readonly GoSourcePackage[];
  /** What produced the module, for its header line (default `gojson gen`). */
  readonly generator?: string;
  /** Module the runtime names are imported from (default `@gojson/gotype`). */
  readonly importFrom?: string;
  /**
   * Order of the declarations: `"source"` (default) keeps the order of
   * `types` (parseGo returns the source's declaration order); `"name"` sorts
   * by name (code-point order). Either way the same input gives the same bytes.
   */
  readonly order?: "source" | "name";
}

const GENERATE_OPTION_NAMES: ReadonlySet<string> = new Set([
  "source",
  "path",
  "imports",
  "generator",
  "importFrom",
  "order",
]);

/** TypeScript words a declaration cannot be named (Go allows them as type names). */
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "implements interface let package private protected public static yield await any bigint boolean never number " +
    "object string symbol undefined unknown type of as"
  ).split(" "),
);

/** Names the module itself declares or imports; a Go type of that name is renamed with a `_` suffix. */
const TAKEN = new Set([
  "GoTime",
  "GoType",
  "JsonNumber",
  "GoAny",
  "goSource",
  "goFiles",
  "goPackage",
  "goTypes",
]);

/** The TypeScript name a Go type name gets in a generated module (a reserved word or taken name gets a `_` suffix). */
export function tsDeclarationName(goName: string): string {
  let n = goName;
  while (RESERVED.has(n) || TAKEN.has(n)) n = `${n}_`;
  return n;
}

/**
 * A TypeScript module for `types` (as parseGo returns them): for each Go
 * type `X`, `export interface X` (structs) or `export type X` (other types)
 * with the values' TypeScript type per the contract's value table, and
 * `export const X: GoType<X>`, JSDoc from the Go doc comments. The output
 * is a pure function of the input: commit it and check it with
 * `gojson gen --check`.
 */
export function generateTypeScript(
  types: Readonly<Record<string, GoType>>,
  options: GenerateOptions,
): string {
  checkOptions(options);
  const importFrom = options.importFrom ?? "@gojson/gotype";
  const generator = options.generator ?? "gojson gen";
  let entries = Object.entries(types);
  if (options.order === "name") entries = [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const names = new Map<GoType, string>();
  // A declaration names its type object when the object carries that name; an alias (`type C = float64`,
  // `type B = A`) shares another type's object and prints as that type.
  for (const [goName, t] of entries)
    if (t.name === goName && !names.has(t)) names.set(t, tsDeclarationName(goName));
  const ctx: TsTypeContext = { names, uses: new Set() };

  const body: string[] = [];
  for (const [goName, t] of entries) {
    const name = tsDeclarationName(goName);
    const doc = docOf(t);
    const docLines = doc !== undefined ? jsDoc(doc) : [`/** The Go type ${goName}. */`];
    body.push("");
    body.push(...docLines);
    if (names.get(t) !== name) {
      // An alias (`type B = A`, `type C = float64`): another type's object under a second name.
      body.push(`export type ${name} = ${tsTypeOf(t, ctx)};`);
    } else if (t.kind === "struct" && t.known === undefined && t.fields.some((f) => f.name !== "_")) {
      body.push(`export interface ${name} ${structBody(t, ctx, "")}`);
    } else {
      body.push(`export type ${name} = ${tsTypeOf(t, ctx, true)};`);
    }
    body.push(...docLines);
    body.push(`export const ${name}: GoType<${name}> = goTypeNamed(${JSON.stringify(goName)});`);
  }

  const typeImports = ["GoType", ...(ctx.uses.has("GoTime") ? ["GoTime"] : [])];
  if (typeof options.source !== "string") typeImports.push("GoPackage");
  if (ctx.uses.has("JsonNumber") || ctx.uses.has("GoAny")) typeImports.push("JsonNumber");
  typeImports.sort();
  const head: string[] = [
    `// Code generated by ${generator}; DO NOT EDIT.`,
    "",
    `import { ${[...typeImports.map((n) => `type ${n}`), typeof options.source === "string" ? "parseGo" : "parseGoPackage"].join(", ")} } from ${JSON.stringify(importFrom)};`,
  ];
  if (ctx.uses.has("GoAny")) {
    head.push(
      "",
      "/** Go's `any`: a JSON value as the codecs decode it (a number is a JsonNumber under useNumber). */",
    );
    head.push(GO_ANY_DECLARATION);
  }
  head.push(
    "",
    ...sourceDeclarations(options),
    "",
    "function goTypeNamed<T>(name: string): GoType<T> {",
    "  const t = goTypes[name];",
    "  if (t === undefined) {",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal of the generated code
    "    throw new Error(`Go type ${name} is not declared: run gojson gen again`);",
    "  }",
    "  return t as GoType<T>;",
    "}",
  );
  return `${[...head, ...body].join("\n")}\n`;
}

/** The embedded source and the parse of it: `goSource` and `goTypes`, or `goFiles`, `goPackage` and `goTypes`. */
function sourceDeclarations(options: GenerateOptions): string[] {
  if (typeof options.source === "string")
    return [
      "/** The Go source the types are read from (the one truth: the constants below are parsed from it). */",
      `export const goSource: string = ${templateLiteral(options.source)};`,
      "",
      "/** Every type declared in the Go source, by Go name. */",
      "export const goTypes: Readonly<Record<string, GoType>> = parseGo(goSource);",
    ];
  const fileList = (files: readonly GoSourceFile[], indent: string): string[] =>
    files.map(
      (f) =>
        `${indent}{\n${indent}  name: ${JSON.stringify(f.name)},\n${indent}  source: ${templateLiteral(f.source)},\n${indent}},`,
    );
  const imports = options.imports ?? [];
  const opts = [
    ...(options.path === undefined ? [] : [`path: ${JSON.stringify(options.path)}`]),
    ...(imports.length > 0 ? ["imports: goImports"] : []),
  ];
  const out: string[] = [];
  if (imports.length > 0) {
    out.push(
      "/** The packages of the module it imports, dependencies first (each reads the ones before it). */",
      "export const goImports: GoPackage[] = [];",
    );
    for (const p of imports)
      out.push(
        "goImports.push(",
        "  parseGoPackage(",
        "    [",
        ...fileList(p.files, "      "),
        "    ],",
        `    { path: ${JSON.stringify(p.path)}, imports: goImports },`,
        "  ),",
        ");",
      );
    out.push("");
  }
  out.push(
    "/** The Go files the types are read from (the one truth: the constants below are parsed from them). */",
    "export const goFiles: ReadonlyArray<{ readonly name: string; readonly source: string }> = [",
    ...fileList(options.source, "  "),
    "];",
    "",
    "/** The Go package of those files. */",
    `export const goPackage: GoPackage = parseGoPackage(goFiles${opts.length > 0 ? `, { ${opts.join(", ")} }` : ""});`,
    "",
    "/** Every type the package declares, by Go name. */",
    "export const goTypes: Readonly<Record<string, GoType>> = goPackage.types;",
  );
  return out;
}

/**
 * `s` as a template literal, one source line per line (readable diffs when
 * the Go source changes; formatters leave its content alone).
 */
function templateLiteral(s: string): string {
  return `\`${s.replace(/\\/g, "\\\\").replace(/`/g, "\\`").replace(/\$\{/g, "\\${").replace(/\r/g, "\\r")}\``;
}

function checkOptions(options: GenerateOptions): void {
  if (typeof options !== "object" || options === null)
    throw new TypeError("generateTypeScript: want options { source: string, ... }");
  for (const k of Object.keys(options))
    if (!GENERATE_OPTION_NAMES.has(k))
      throw new TypeError(
        `generateTypeScript: unknown option ${JSON.stringify(k)}; known: ${[...GENERATE_OPTION_NAMES].join(", ")}`,
      );
  const src = options.source as unknown;
  const isFile = (f: unknown) =>
    typeof f === "object" &&
    f !== null &&
    typeof (f as GoSourceFile).name === "string" &&
    typeof (f as GoSourceFile).source === "string";
  if (typeof src !== "string" && !(Array.isArray(src) && src.length > 0 && src.every(isFile)))
    throw new TypeError(
      "generateTypeScript: want options.source: the Go source text, or a list of { name, source } files",
    );
  const imports = options.imports as unknown;
  if (
    imports !== undefined &&
    !(
      typeof src !== "string" &&
      Array.isArray(imports) &&
      imports.every(
        (p) =>
          typeof p === "object" &&
          p !== null &&
          typeof (p as GoSourcePackage).path === "string" &&
          Array.isArray((p as GoSourcePackage).files) &&
          (p as GoSourcePackage).files.every(isFile),
      )
    )
  )
    throw new TypeError(
      "generateTypeScript: want options.imports a list of { path, files } (with source given as a list of files)",
    );
  if (options.path !== undefined && typeof options.path !== "string")
    throw new TypeError("generateTypeScript: want options.path a string (the package's import path)");
  if (options.order !== undefined && options.order !== "source" && options.order !== "name")
    throw new TypeError('generateTypeScript: want options.order "source" or "name"');
}
