/**
 * The Go declarations the golden vectors were recorded with
 * (test/golden/types.go.txt), read with @gojson/gotype's parseGo, so the
 * TypeScript types are exactly the Go ones.
 */
import { readFileSync } from "node:fs";
import { type GoType, goType, parseGo } from "@gojson/gotype";

const DECLS = parseGo(readFileSync(new URL("./golden/types.go.txt", import.meta.url), "utf8"));
const cache = new Map<string, GoType>();

/** The GoType of a Go type expression over the golden declarations (`Row`, `[]*Inner`, `map[string]any`). */
export function typeFor(expr: string): GoType {
  let t = cache.get(expr);
  if (t === undefined) {
    t = goType(expr, DECLS);
    cache.set(expr, t);
  }
  return t;
}
