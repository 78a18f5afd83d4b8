/**
 * Names around imports: the default package name of an import path, the
 * qualifiers that resolve without an import, the standard-library and
 * third-party packages gotype declares (named in hints).
 */

// Default package names of imports without a name: the last path element,
// without a major-version suffix (`/v5`), a `go-` prefix or a `.v3` suffix.
export function defaultImportName(path: string): string {
  const parts = path.split("/");
  let last = parts[parts.length - 1] ?? path;
  if (/^v[0-9]+$/.test(last) && parts.length > 1) last = parts[parts.length - 2] as string;
  last = last
    .replace(/^go-/, "")
    .replace(/\.v[0-9]+$/, "")
    .replace(/[-.]go$/, "");
  return last.replace(/[^\p{L}\p{Nd}_]/gu, "_");
}

// Qualifiers that resolve without an import, as parseGo always allowed (`time.Time` in a snippet).
export const IMPLICIT_IMPORTS: ReadonlyMap<string, string> = new Map([
  ["time", "time"],
  ["json", "encoding/json"],
  ["jsontext", "encoding/json/jsontext"],
]);

// Third-party packages the `thirdparty` subpath declares (named in error hints only).
export const THIRD_PARTY_READY: ReadonlySet<string> = new Set([
  "github.com/google/uuid",
  "github.com/shopspring/decimal",
]);

export const STD_BY_NAME: ReadonlyMap<string, string> = new Map([
  ["url", "net/url"],
  ["netip", "net/netip"],
  ["net", "net"],
  ["big", "math/big"],
  ["sql", "database/sql"],
  ["sync", "sync"],
  ["atomic", "sync/atomic"],
  ["slog", "log/slog"],
]);
