/**
 * The inlined fallback of a struct (`inline` / `unknown` in Go 1.26, `embed` of a map or
 * jsontext.Value): its members written after the fields, checked for duplicate names, and read back
 * raw. Go: arshal_inlined.go.
 */

import type { GoType } from "@gojson/gotype";
import { Decoder, SyntacticError } from "@gojson/jsontext";
import { utf8Length } from "@gojson/jsontext/internal";
import { compareUTF8 } from "./arshal-maps.js";
import {
  ERR_RAW_INLINED_NOT_OBJECT,
  escapePointerToken,
  positionedMarshalError,
  prefixMarshalPointer,
  readCauseMarshalError,
  SemanticError,
  syntacticError,
} from "./errors.js";
import { foldName, foldNameLegacy, type StructFieldsV2 } from "./fields.js";
import { invalidValue } from "./invalid-value.js";
import { compileEncoder, type MarshalMode, NO_MARSHAL_MODE } from "./marshal-compile.js";
import { marshalErr } from "./marshal-support.js";
import type { ResolvedOptions } from "./options.js";
import { quotePolicyFor, quoteWith } from "./quote.js";
import { reformatRaw } from "./raw.js";
import { toBytes } from "./reader.js";

/** Checks one name from an inlined fallback (false: a duplicate); see fallbackNameCheck. */
type NameCheck = (name: string) => boolean;

/**
 * fallbackNameCheck is Go's insertUnquotedName for one struct value: a name from the inlined
 * fallback that names a field (exactly, or folded where that field matches case-insensitively)
 * is a duplicate when that field was written (or an earlier fallback name took it); any other
 * name is a duplicate of an earlier fallback name with the same exact text.
 */
export function fallbackNameCheck(sf: StructFieldsV2, o: ResolvedOptions, seen: Set<number>): NameCheck {
  const f = o.flags;
  const names = new Set<string>();
  const take = (id: number): boolean => {
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  };
  return (name) => {
    const folded = sf.byFolded.get(foldName(name));
    if (folded !== undefined && folded.length > 0) {
      const exact = sf.byName.get(name);
      if (exact !== undefined) return take(exact.id);
      for (const fd of folded) {
        const ci = fd.caseMode === "ignore" || (f.matchCaseInsensitiveNames && fd.caseMode !== "strict");
        if (ci && (!f.matchCaseSensitiveDelimiter || foldNameLegacy(name) === foldNameLegacy(fd.name)))
          return take(fd.id);
      }
    }
    if (names.has(name)) return false;
    names.add(name);
    return true;
  };
}

function duplicateNameError(name: string, out: string): SyntacticError {
  return syntacticError("duplicate object member name", utf8Length(out), `/${escapePointerToken(name)}`);
}

/**
 * Encoder for the members of an inlined fallback (map or jsontext.Value), without braces; the
 * offsets and pointers of its errors are relative to the members' text (the struct adds its own).
 */
export function fallbackEncoder(
  t: GoType,
  o: ResolvedOptions,
  m: MarshalMode,
): (v: any, check?: NameCheck) => string {
  // Go also accepts a pointer to the map (*map[string]T); in TypeScript *T is T | null.
  const mt = t.kind === "pointer" && t.elem.kind === "map" ? t.elem : t;
  if (mt.kind === "map") {
    // The values are encoded under the struct's flags: StringifyNumbers (the option, or an
    // enclosing `string` field) applies to them as Go passes its options on.
    const venc = compileEncoder(mt.elem, o, { ...NO_MARSHAL_MODE, str: m.str });
    const pol = quotePolicyFor(o);
    const det = o.flags.deterministic;
    return (v: Map<string, unknown>, check) => {
      if (!(v instanceof Map)) throw invalidValue(t, v);
      if (v.size === 0) return "";
      let keys = [...v.keys()];
      if (det) keys = keys.sort(compareUTF8);
      let out = "";
      for (const k of keys) {
        if (check && !check(k)) throw duplicateNameError(k, out);
        if (out !== "") out += ",";
        out += quoteWith(k, pol);
        out += ":";
        try {
          out += venc(v.get(k));
        } catch (e) {
          throw prefixMarshalPointer(e, k, out);
        }
      }
      return out;
    };
  }
  const rawType = t.kind === "pointer" ? t.elem : t;
  const enc = new TextEncoder();
  return (v: Uint8Array | string, check) => {
    if (v === null || v === undefined || v.length === 0) return "";
    const b = typeof v === "string" ? enc.encode(v) : v;
    // Go reads the value with a decoder of its own (duplicate names and invalid UTF-8 allowed
    // there) and writes each name and value through the encoder, which checks them as usual.
    const d = new Decoder(b, { allowDuplicateNames: true, allowInvalidUTF8: true, flavour: "v2" });
    let out = "";
    // A read error: Go's newMarshalErrorBefore wrapping the decoder's error as it is.
    const readErr = (cause: unknown, ptr: string, comma: boolean): unknown => {
      if (!SyntacticError.isInstance(cause) && typeof cause !== "string") return cause;
      const e = new SemanticError({
        action: "marshal",
        goType: rawType,
        cause: cause as SyntacticError | string,
      });
      e.jsonPointer = ptr;
      // The text before it (not just its length): indented output counts Go's whitespace there too.
      return prefixMarshalPointer(readCauseMarshalError(e), undefined, comma ? `${out},` : out);
    };
    const read = <R>(fn: () => R, ptr: string, comma: boolean): R => {
      try {
        return fn();
      } catch (e) {
        throw readErr(e, ptr, comma);
      }
    };
    if (read(() => d.peekKind(), "", false) === "") throw readErr("unexpected EOF", "", false);
    const tok = read(() => d.readToken(), "", false);
    if (tok.kind !== "{") throw positionedMarshalError(marshalErr(rawType, ERR_RAW_INLINED_NOT_OBJECT));
    while (read(() => d.peekKind(), "", out !== "") !== "}") {
      const comma = out !== "";
      const nameBytes = read(() => d.readValue(), "", comma);
      const name = new Decoder(nameBytes, { allowInvalidUTF8: true, flavour: "v2" }).readString();
      if (check && !check(name)) throw duplicateNameError(name, out);
      let nameText: string;
      try {
        nameText = reformatRaw(nameBytes, o);
      } catch (e) {
        throw prefixMarshalPointer(e, undefined, comma ? `${out},` : out);
      }
      if (comma) out += ",";
      out += `${nameText}:`;
      const seg = `/${escapePointerToken(name)}`;
      const val = read(() => d.readValue(), seg, false);
      try {
        out += reformatRaw(val, o);
      } catch (e) {
        throw prefixMarshalPointer(e, name, out);
      }
    }
    // After a member Go's encoder would write a comma next (its offset counts it).
    read(() => d.readToken(), "", out !== "");
    read(() => d.checkEOF(), "", out !== "");
    return out;
  };
}

/**
 * rawFallbackHead is what Go keeps of an inlined jsontext.Value before appending one more member:
 * `{` when it is empty; else, when it ends in `}` (trailing whitespace aside), everything before
 * that `}` (trailing whitespace trimmed) plus `,` unless it already ends in `,` or `{`. Undefined
 * when it does not end in `}` (Go: errRawInlinedNotObject).
 */
export function rawFallbackHead(prev: Uint8Array | string | null | undefined): Uint8Array | undefined {
  if (prev === null || prev === undefined || prev.length === 0) return OPEN_BRACE;
  const b = typeof prev === "string" ? toBytes(prev) : prev;
  let n = trimWS(b, b.length);
  if (n === 0 || b[n - 1] !== 0x7d) return undefined;
  n = trimWS(b, n - 1);
  const last = b[n - 1];
  if (n > 0 && (last === 0x2c || last === 0x7b)) return b.slice(0, n);
  const out = new Uint8Array(n + 1);
  out.set(b.subarray(0, n), 0);
  out[n] = 0x2c;
  return out;
}
const OPEN_BRACE = new Uint8Array([0x7b]);
function trimWS(b: Uint8Array, n: number): number {
  let m = n;
  for (let c = b[m - 1]; m > 0 && (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09); c = b[--m - 1]);
  return m;
}
