/**
 * Opaque types: Go types gotype keeps in the model but no codec can encode
 * (func, chan, complex, unsafe.Pointer, constraint interfaces) or cannot
 * resolve (a type from an import gotype does not know). They are interface
 * kinds carrying `opaque`, so zero values are null and walks of the model
 * stay total; `unresolvedError` finds the one a codec must not reach.
 */
import { GoSyntaxError } from "./go-syntax-error.js";
import type { GoPos, GoType, InterfaceType, OpaqueInfo, OpaqueKind } from "./types.js";

/** An unnamed opaque type (`func()`, `chan int`, `complex128`). */
export function opaqueType(kind: OpaqueKind, text: string, hint: string, pos?: GoPos): InterfaceType {
  const info: OpaqueInfo = Object.freeze({ kind, text, hint, ...(pos !== undefined ? { pos } : {}) });
  return Object.freeze({ kind: "interface", opaque: info });
}

const unresolvedCache = new Map<string, InterfaceType>();

/**
 * The opaque stand-in for `pkg.Name` from `importPath`, which gotype cannot
 * resolve. One object per (import path, name), so types that use it compare equal.
 */
export function unresolvedType(
  pkgName: string,
  name: string,
  importPath: string | undefined,
  hint: string,
  pos?: GoPos,
): InterfaceType {
  const key = `${importPath ?? ""}\u0000${pkgName}\u0000${name}\u0000${pos?.file ?? ""}:${pos?.line ?? 0}:${pos?.col ?? 0}`;
  let t = unresolvedCache.get(key);
  if (t === undefined) {
    const text = pkgName === "" ? name : `${pkgName}.${name}`;
    const info: OpaqueInfo = Object.freeze({
      kind: "unresolved",
      text,
      hint,
      ...(importPath !== undefined ? { importPath } : {}),
      ...(pos !== undefined ? { pos } : {}),
    });
    t = Object.freeze({
      kind: "interface",
      name,
      pkg: pkgName,
      ...(importPath !== undefined ? { pkgPath: importPath } : {}),
      opaque: info,
    }) as InterfaceType;
    if (unresolvedCache.size > 10_000) unresolvedCache.clear();
    unresolvedCache.set(key, t);
  }
  return t;
}

/** Whether `t` is an opaque type (see OpaqueInfo). */
export function isOpaque(t: GoType): boolean {
  return t.kind === "interface" && t.opaque !== undefined;
}

/**
 * The error a codec must throw when it reaches `t` as the type of a value it
 * encodes or decodes: a GoSyntaxError (file, line, column of the place the
 * source names the type) when `t` is, or contains through pointers, slices,
 * arrays, maps and named non-struct types, a type gotype could not resolve;
 * undefined otherwise. Struct fields are checked by structFields, each struct
 * when a codec reaches it.
 */
export function unresolvedError(t: GoType, where?: string): GoSyntaxError | undefined {
  let cur: GoType = t;
  for (let guard = 0; guard < 10_000; guard++) {
    switch (cur.kind) {
      case "pointer":
      case "slice":
      case "array":
        cur = cur.elem;
        continue;
      case "map": {
        const k = unresolvedError(cur.key, where);
        if (k !== undefined) return k;
        cur = cur.elem;
        continue;
      }
      case "interface": {
        const o = cur.opaque;
        if (o === undefined || o.kind !== "unresolved") return undefined;
        const from = o.importPath !== undefined ? ` (package ${JSON.stringify(o.importPath)})` : "";
        const what =
          where !== undefined
            ? `${where} has type ${o.text}${from}, which gotype does not know`
            : `type ${o.text}${from} is not known to gotype`;
        return new GoSyntaxError(
          o.pos?.line ?? 0,
          o.pos?.col ?? 0,
          `${what}; JSON needs it: ${o.hint}`,
          o.pos?.file,
        );
      }
      default:
        return undefined;
    }
  }
  return undefined;
}

/** Throws unresolvedError(t) when there is one (codecs call it on the type they are asked to encode or decode). */
export function assertResolved(t: GoType, where?: string): void {
  const e = unresolvedError(t, where);
  if (e !== undefined) throw e;
}
