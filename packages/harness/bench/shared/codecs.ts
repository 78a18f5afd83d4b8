/**
 * The codec contract (../shared/CONTRACT.md) as the benches use it, loaded
 * from the sibling packages' dist. Missing pieces throw a clear error from a
 * candidate's prepare(), so the candidate is recorded as not measured.
 */
import { loadWorkspace, type Module } from "./workspace.js";

export interface Codecs {
  gotype?: Module;
  v1?: Module;
  v2?: Module;
  jsontext?: Module;
}

export async function loadCodecs(): Promise<Codecs> {
  const [gotype, v1, v2, jsontext] = await Promise.all([
    loadWorkspace("gotype"),
    loadWorkspace("codec-v1"),
    loadWorkspace("codec-v2"),
    loadWorkspace("jsontext"),
  ]);
  return { gotype, v1, v2, jsontext };
}

/** The named export of a module, or a thrown "not available" error. */
export function need<T = (...args: never[]) => unknown>(
  mod: Module | undefined,
  pkg: string,
  name: string,
): T {
  const f = mod?.[name];
  if (f === undefined) throw new Error(`@gojson/${pkg} ${mod ? `has no export ${name}` : "is not built"}`);
  return f as T;
}

const typeCache = new Map<string, unknown>();

/** GoType for a root expression over Go declarations (cached). */
export function goTypeOf(c: Codecs, source: string, expr: string): unknown {
  const key = `${source}\u0000${expr}`;
  let t = typeCache.get(key);
  if (t === undefined) {
    const parseGo = need<(s: string) => Record<string, unknown>>(c.gotype, "gotype", "parseGo");
    const goType = need<(e: string, d?: Record<string, unknown>) => unknown>(c.gotype, "gotype", "goType");
    t = goType(expr, source ? parseGo(source) : {});
    typeCache.set(key, t);
  }
  return t;
}

export const bytesEqual = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** Output of marshal as bytes (the contract says Uint8Array; accept a string too). */
export function asBytes(x: unknown): Uint8Array {
  if (x instanceof Uint8Array) return x;
  if (typeof x === "string") return new TextEncoder().encode(x);
  throw new Error(`expected bytes, got ${typeof x}`);
}
