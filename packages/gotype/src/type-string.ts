/**
 * typeString: a Go type printed exactly as reflect.Type.String() prints it
 * (`main.Order`, `[]uint8`, `map[string]interface {}`, `*main.Node`,
 * `struct { A int "json:\"a\"" }`), the form Go's JSON error messages use.
 */
import { DEFAULT_PKG, isPredeclared } from "./constructors.js";
import { goQuote } from "./go-quote.js";
import type { GoType } from "./types.js";

const cache = new WeakMap<GoType, string>();
const cacheV2Build = new WeakMap<GoType, string>();
const cachePath = new WeakMap<GoType, string>();

/** Go's reflect.Type.String() for `t` (cached per type object). */
export function typeString(t: GoType): string {
  let s = cache.get(t);
  if (s === undefined) {
    s = build(t, false);
    cache.set(t, s);
  }
  return s;
}

/**
 * reflect.Type.String() as a `GOEXPERIMENT=jsonv2` build prints it: there
 * json.RawMessage is an alias of jsontext.Value (encoding/json's
 * v2_stream.go), so it prints as `jsontext.Value`, also inside composite
 * types. Error texts of encoding/json/v2 and of v1 on the v2 engine use it.
 */
export function typeStringV2Build(t: GoType): string {
  let s = cacheV2Build.get(t);
  if (s === undefined) {
    s = build(t, true);
    cacheV2Build.set(t, s);
  }
  return s;
}

/**
 * A type as Go spells it inside the name of an instantiated generic type:
 * reflect names `Page[T]` instantiated with `inventory.Item` as
 * `Page[example.com/shop/inventory.Item]` (named types qualified by their
 * import path; `main.Order` for package main).
 */
export function typeStringPath(t: GoType): string {
  let s = cachePath.get(t);
  if (s === undefined) {
    s = buildWith(t, typeStringPath, (n) => `${n.pkgPath ?? n.pkg ?? DEFAULT_PKG}.${n.name}`);
    cachePath.set(t, s);
  }
  return s;
}

function build(t: GoType, v2Build: boolean): string {
  if (v2Build && t.known === "json.RawMessage") return "jsontext.Value";
  return buildWith(t, v2Build ? typeStringV2Build : typeString, (n) => `${n.pkg ?? DEFAULT_PKG}.${n.name}`);
}

function buildWith(t: GoType, str: (t: GoType) => string, qualified: (t: GoType) => string): string {
  if (t.name !== undefined) return t.pkg === "" ? t.name : qualified(t);
  if (isPredeclared(t)) return t.kind === "interface" ? "interface {}" : t.kind;
  if (t.kind === "interface" && t.opaque !== undefined) return t.opaque.text;
  if (t.kind === "interface" && t.interfaceMethods !== undefined) {
    const ms = t.interfaceMethods.map((m) => `${m.name}${m.signature}`);
    return ms.length === 0 ? "interface {}" : `interface { ${ms.join("; ")} }`;
  }
  switch (t.kind) {
    case "slice":
      return `[]${str(t.elem)}`;
    case "array":
      return `[${t.len}]${str(t.elem)}`;
    case "map":
      return `map[${str(t.key)}]${str(t.elem)}`;
    case "pointer":
      return `*${str(t.elem)}`;
    case "interface":
      return "interface {}";
    case "struct": {
      if (t.fields.length === 0) return "struct {}";
      const parts = t.fields.map((f) => {
        let p = f.embedded ? str(f.type) : `${f.name} ${str(f.type)}`;
        if (f.tag !== "") p += ` ${goQuote(f.tag)}`;
        return p;
      });
      return `struct { ${parts.join("; ")} }`;
    }
    default:
      return t.kind;
  }
}

/** Longest type string json/v2 prints in a SemanticError before falling back to the kind. */
export const V2_ERROR_TYPE_STRING_MAX = 100;

/**
 * The Go type as json/v2's SemanticError.Error prints it: typeString, or, when
 * that is longer than 100 bytes, the kind (`struct`, or `main.struct` for an
 * unnamed struct with an unexported field).
 */
export function typeStringV2Error(t: GoType): string {
  const s = typeStringV2Build(t);
  if (utf8Length(s) <= V2_ERROR_TYPE_STRING_MAX) return s;
  if (t.kind === "struct" && t.name === undefined) {
    for (const f of t.fields) {
      if (!f.exported) return `${DEFAULT_PKG}.struct`;
    }
  }
  return kindString(t);
}

/** Go's reflect.Kind.String() of `t` (`ptr` is spelled `ptr`, interfaces `interface`; opaque func/chan/complex types their own kinds). */
export function kindString(t: GoType): string {
  if (t.kind === "interface" && t.opaque !== undefined) {
    switch (t.opaque.kind) {
      case "func":
      case "chan":
      case "complex64":
      case "complex128":
        return t.opaque.kind;
      case "unsafe.Pointer":
        return "unsafe.Pointer";
      default:
        return "interface";
    }
  }
  return t.kind === "pointer" ? "ptr" : t.kind;
}

function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
