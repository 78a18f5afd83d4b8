/**
 * parseGo / goType: the single-file entry points over parseGoPackage, with
 * parseGo's bounded cache (the same source text returns the same frozen
 * types, so the codecs' per-type plan caches hit).
 */
import type { BuildContext } from "./build-constraints.js";
import { DEFAULT_PKG } from "./constructors.js";
import { goPackageOf, type ParsePackageOptions, parseGoPackage, toImporter } from "./go-package.js";
import { parseTypeExpr } from "./go-parser.js";
import { PackageScope } from "./go-resolve.js";
import { type MethodImpls, onMethodsAttached, withPackageMethods } from "./methods.js";
import { assertResolved } from "./opaque.js";
import type { GoType } from "./types.js";

export { MAX_ARRAY_LEN } from "./go-measure.js";

/** Most parseGo results kept for reuse (least recently used dropped first). */
export const PARSE_CACHE_MAX_ENTRIES = 256;
/** Most source text (UTF-16 units, summed over entries) the parseGo cache holds. */
export const PARSE_CACHE_MAX_CHARS = 16 * 1024 * 1024;

interface CacheEntry {
  readonly types: Record<string, GoType>;
  readonly chars: number;
  readonly generation: number;
}

// An entry and where it is filed (to drop it from its options' map when it is evicted).
interface Filed {
  readonly entry: CacheEntry;
  readonly options: string;
  readonly source: string;
}

// Entries by the options' text, then by the source text itself: the source is the key as given,
// never copied into a longer key (a cached source would otherwise be held twice).
class ParseCache {
  private readonly byOptions = new Map<string, Map<string, Filed>>();
  // Every entry, least recently used first.
  private readonly order = new Set<Filed>();
  private chars = 0;
  get(options: string, source: string): CacheEntry | undefined {
    const f = this.byOptions.get(options)?.get(source);
    if (f === undefined) return undefined;
    this.order.delete(f);
    this.order.add(f);
    return f.entry;
  }
  set(options: string, source: string, e: CacheEntry): void {
    if (e.chars > PARSE_CACHE_MAX_CHARS) return;
    this.delete(options, source);
    let bySource = this.byOptions.get(options);
    if (bySource === undefined) {
      bySource = new Map();
      this.byOptions.set(options, bySource);
    }
    const f: Filed = { entry: e, options, source };
    bySource.set(source, f);
    this.order.add(f);
    this.chars += e.chars;
    while (this.order.size > PARSE_CACHE_MAX_ENTRIES || this.chars > PARSE_CACHE_MAX_CHARS) {
      const oldest = this.order.values().next().value as Filed;
      this.delete(oldest.options, oldest.source);
    }
  }
  delete(options: string, source: string): void {
    const bySource = this.byOptions.get(options);
    const f = bySource?.get(source);
    if (bySource === undefined || f === undefined) return;
    this.chars -= f.entry.chars;
    this.order.delete(f);
    bySource.delete(source);
    if (bySource.size === 0) this.byOptions.delete(options);
  }
  clear(): void {
    this.byOptions.clear();
    this.order.clear();
    this.chars = 0;
  }
}

const defaultCache = new ParseCache();
// clearParseCache's count: the caches per imports/methods object (not enumerable) are emptied
// lazily, an entry made before the last clearParseCache being a miss.
let cleared = 0;
// Caches per `imports` object and per `methods` object (NO_OBJECT where an option is absent).
const NO_OBJECT = {};
const cachesByObjects = new WeakMap<object, WeakMap<object, ParseCache>>();

/** Empties parseGo's caches (the next call of each source parses again). */
export function clearParseCache(): void {
  defaultCache.clear();
  cleared++;
}

/** Options of parseGo. */
export interface ParseGoOptions extends ParsePackageOptions {
  /** File name used in error messages (`order.go:3:5: ...`). */
  readonly fileName?: string;
  /**
   * Method twins to attach (as withPackageMethods does) before the types are
   * returned and cached: a server that parses per request passes the same
   * object each time and gets the same types, twins attached, without a
   * recompile (the cache is kept per twins object, so callers without twins
   * never see them).
   */
  readonly methods?: Readonly<Record<string, MethodImpls>>;
}

/**
 * Reads a Go source file as written and returns every declared type by name
 * (../shared/CONTRACT.md): package clause, imports, consts, vars, funcs,
 * methods, interfaces, generics. The package clause names the types
 * (`shop.Order`); aliases map to their target. Types from imports gotype
 * does not know, and func/chan/complex fields, are kept as opaque types that
 * fail only when a codec reaches them.
 *
 * The same source text (and options) returns the same frozen record and
 * types, so the codecs' per-type caches hit; attaching methods with
 * withMethods drops that entry, so later calls get fresh types. To attach
 * twins and keep the cache, pass them as `options.methods` (the same object
 * on each call). The cache is bounded (PARSE_CACHE_MAX_ENTRIES sources,
 * PARSE_CACHE_MAX_CHARS UTF-16 units, least recently used dropped first) per
 * `imports` and `methods` object; `predeclared` turns it off.
 */
export function parseGo(source: string, options: ParseGoOptions = {}): Record<string, GoType> {
  if (typeof source !== "string") throw new TypeError("parseGo: source must be a string");
  const cache = options.predeclared === undefined ? cacheFor(options.imports, options.methods) : undefined;
  const opts = `${options.fileName ?? ""}\u0000${options.path ?? ""}\u0000${buildKey(options.build)}`;
  const hit = cache?.get(opts, source);
  if (hit !== undefined && hit.generation === cleared) return hit.types;
  const pkg = parseGoPackage([{ name: options.fileName ?? "", source }], options);
  const types = pkg.types as Record<string, GoType>;
  if (options.methods !== undefined) withPackageMethods(types, options.methods);
  if (cache !== undefined) {
    // (counted as the options and source texts joined, as the limits are documented)
    cache.set(opts, source, { types, chars: opts.length + 1 + source.length, generation: cleared });
    const evict = () => cache.delete(opts, source);
    for (const name of Object.keys(types)) {
      const t = types[name] as GoType;
      if (t.name === name && t.known === undefined) onMethodsAttached(t, evict);
    }
  }
  return types;
}

function cacheFor(imports: unknown, methods: unknown): ParseCache | undefined {
  if (imports === undefined && methods === undefined) return defaultCache;
  const a = imports === undefined ? NO_OBJECT : imports;
  const b = methods === undefined ? NO_OBJECT : methods;
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) return undefined;
  let byMethods = cachesByObjects.get(a);
  if (byMethods === undefined) {
    byMethods = new WeakMap();
    cachesByObjects.set(a, byMethods);
  }
  let c = byMethods.get(b);
  if (c === undefined) {
    c = new ParseCache();
    byMethods.set(b, c);
  }
  return c;
}

function buildKey(b: BuildContext | undefined): string {
  return b === undefined ? "" : JSON.stringify([b.goos, b.goarch, b.tags, b.cgo]);
}

/**
 * Reads one Go type expression (`map[string][]*Order`, `[4]byte`, `any`,
 * `Page[Order]`), resolving names in `decls`: a record from parseGo or a
 * package (its scope, generics and imports), or any record of types, then
 * the predeclared and known standard-library types. A type gotype cannot
 * resolve is a GoSyntaxError.
 */
export function goType(expr: string, decls: Readonly<Record<string, GoType>> = {}): GoType {
  if (typeof expr !== "string") throw new TypeError("goType: the type expression must be a string");
  const pkg = goPackageOf(decls);
  if (pkg !== undefined) return pkg.type(expr);
  const outer = new Map<string, GoType>();
  for (const k of Object.keys(decls)) outer.set(k, decls[k] as GoType);
  const scope = new PackageScope([], {
    name: DEFAULT_PKG,
    path: DEFAULT_PKG,
    recordPath: false,
    importer: toImporter(undefined),
    outer,
  });
  const t = scope.typeExpr(parseTypeExpr(expr));
  assertResolved(t);
  return t;
}
