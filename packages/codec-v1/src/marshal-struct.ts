/**
 * Marshal of structs (Go's structEncoder over typeFields): omitempty,
 * omitzero, `,string`, embedded pointers, a generated encoder per struct
 * type with inlined scalar fields; the general encoder's, then the byte
 * path's (member names pre-encoded with their separators).
 */

import type { GoType } from "./deps.js";
import {
  AFTER_CALL,
  type CodePiece,
  direct,
  FLOAT64_MAX_BYTES,
  GENERATE_AFTER,
  HI_WORD,
  I64,
  I64_WORDS,
  INT53_MAX_BYTES,
  isIntegerKind,
  joinPieces,
  LO_WORD,
  NUM_IN,
  outView,
  putUint31,
  REST,
  STRING_HTML,
  STRING_JS,
  storeBytesCode,
  tiered,
  viewOf,
  writeFloat64ShortIn,
  writeInt53In,
  writeStringEscaped,
} from "./deps.js";
import { UnsupportedValueError } from "./errors.js";
import { formatFloat64, nonFiniteText, quoteString } from "./format.js";
import {
  BAIL,
  BYTES_MAX_DEPTH,
  type ByteEncoder,
  byteEncoderFor,
  type Encoder,
  type EncodeState,
  encoderFor,
  writeBig,
} from "./marshal-common.js";
import { isEmptyFn, isZeroFieldFn } from "./marshal-empty.js";
import { findMethod } from "./methods.js";
import {
  type FieldHop,
  type FieldV1,
  FLAT_OMIT_EMPTY,
  FLAT_OMIT_ZERO,
  FLAT_QUOTED,
  type FlatFieldsV1,
  structFieldsV1,
} from "./struct-fields.js";
import { isBigKind, Mismatch, mismatch, missingField } from "./value-check.js";

interface FieldEnc {
  /**
   * The field's text as one JavaScript expression over `fv` (`HTML` stands
   * for the escapeHTML constant, `IDX` for the field's index), for plain scalar
   * kinds and pointers to them, checking the value's type as it writes it;
   * "any" for an interface (null written inline); null: call `enc`.
   */
  readonly inline: string | null;
  readonly key: string;
  readonly nameHtml: string;
  readonly nameRaw: string;
  readonly get: ((v: any) => any) | null;
  readonly enc: Encoder;
  readonly omit: ((v: any) => boolean) | null;
  /** The field's type. */
  readonly type: GoType;
  /** Hops from the struct to the field (its path segment, `.Name` or `.Embedded.Name`, is made on errors only). */
  readonly hops: FieldV1["hops"];
}

const SKIP = Symbol("skip");

/** The inline expression of a plain scalar of type `t` held in `fv` (see FieldEnc.inline), or null. */
function inlineScalar(t: GoType): string | null {
  if (t.methods !== undefined || t.known !== undefined) return null;
  switch (t.kind) {
    case "string":
      return '(typeof fv === "string" ? Q(fv, HTML) : MM(IDX, fv))';
    case "bool":
      return '(fv === true ? "true" : fv === false ? "false" : MM(IDX, fv))';
    case "float64":
      // finite and non-zero: Number::toString is Go's text; else the general path (-0, errors)
      return '(typeof fv === "number" && fv - fv === 0 && fv !== 0 ? "" + fv : F64(fv, IDX))';
    case "int8":
      return '(typeof fv === "number" && ((fv << 24) >> 24) === fv ? "" + fv : MM(IDX, fv))';
    case "int16":
      return '(typeof fv === "number" && ((fv << 16) >> 16) === fv ? "" + fv : MM(IDX, fv))';
    case "int32":
      return '(typeof fv === "number" && (fv | 0) === fv ? "" + fv : MM(IDX, fv))';
    case "uint8":
      return '(typeof fv === "number" && (fv & 255) === fv ? "" + fv : MM(IDX, fv))';
    case "uint16":
      return '(typeof fv === "number" && (fv & 65535) === fv ? "" + fv : MM(IDX, fv))';
    case "uint32":
      return '(typeof fv === "number" && fv >>> 0 === fv ? "" + fv : MM(IDX, fv))';
    case "int":
    case "int64":
      return '(typeof fv === "bigint" && fv >= -9223372036854775808n && fv <= 9223372036854775807n ? "" + fv : MM(IDX, fv))';
    case "uint":
    case "uint64":
    case "uintptr":
      return '(typeof fv === "bigint" && fv >= 0n && fv <= 18446744073709551615n ? "" + fv : MM(IDX, fv))';
    default:
      return null;
  }
}

/**
 * The inline expression of a field of type `t` (not `,string`): a plain
 * scalar, or an unnamed pointer to one (a pointer to a scalar can close no
 * cycle and nests no deeper, so Go's cycle and depth counters need no step),
 * or "any" for an interface.
 */
function inlineField(t: GoType, quoted: boolean): string | null {
  if (quoted) return null;
  if (t.kind === "interface" && t.methods === undefined && t.known === undefined && t.opaque === undefined)
    return "any";
  if (t.kind === "pointer" && t.name === undefined) {
    const inner = inlineScalar(t.elem);
    return inner === null ? null : `(fv === null ? "null" : ${inner})`;
  }
  return inlineScalar(t);
}

/** A Mismatch whose path is complete up to the struct holding it (an embedded struct that is missing). */
const PATH_SET = new WeakSet<Mismatch>();

/**
 * A Mismatch for field `f` holding `fv`: a missing field says so; a value of an
 * inlined pointer field is reported against the pointed-to type.
 */
function fieldMismatch(f: FieldEnc, fv: unknown): Mismatch {
  if (fv === undefined) return missingField(f.type);
  return mismatch(f.type.kind === "pointer" ? f.type.elem : f.type, fv);
}

/** Adds the path segment of the field reached by `f.hops` to a Mismatch thrown while writing it (holding `fv`). */
function fieldFailed(x: unknown, f: { readonly hops: FieldV1["hops"] } | undefined, fv: unknown): unknown {
  if (!(x instanceof Mismatch) || f === undefined) return x;
  if (PATH_SET.has(x)) {
    PATH_SET.delete(x);
    return x;
  }
  if (x.segments.length === 0 && fv === undefined) x.got = "undefined (missing field)";
  let segment = "";
  for (const h of f.hops) segment += `.${h.name}`;
  x.segments.push(segment);
  return x;
}

export function buildStruct(t: GoType & { kind: "struct" }, addr: boolean): Encoder {
  // The field encoders, made for the generated code (and for a struct with embedded fields).
  let fields: FieldEnc[] | null = null;
  const prepare = (): FieldEnc[] =>
    structFieldsV1(t).list.map((f) => {
      const hops = f.hops;
      let fieldAddr = addr;
      for (let i = 0; i < hops.length - 1; i++)
        if ((hops[i] as FieldV1["hops"][number]).type.kind === "pointer") fieldAddr = true;
      const nameRaw = `"${f.name}":`;
      const nameHtml = `${quoteString(f.name, true)}:`;
      let get: ((v: any) => any) | null = null;
      if (hops.length > 1) {
        get = (v) => {
          for (let i = 0; i < hops.length - 1; i++) {
            const h = hops[i] as FieldV1["hops"][number];
            const x = v[h.name];
            if (x === null && h.type.kind === "pointer") return SKIP;
            if (typeof x !== "object" || x === null || Array.isArray(x)) {
              // A missing or ill-typed embedded struct: the error names it, not the promoted field.
              const m =
                x === undefined
                  ? missingField(h.type)
                  : mismatch(h.type.kind === "pointer" ? h.type.elem : h.type, x);
              for (let j = i; j >= 0; j--) m.segments.push(`.${(hops[j] as FieldV1["hops"][number]).name}`);
              PATH_SET.add(m);
              throw m;
            }
            v = x;
          }
          return v[(hops[hops.length - 1] as FieldV1["hops"][number]).name];
        };
      }
      const empty = f.omitEmpty ? isEmptyFn(f.type) : null;
      const zero = f.omitZero ? isZeroFieldFn(f.type) : null;
      const omit = empty && zero ? (v: any) => empty(v) || zero(v) : (empty ?? zero);
      return {
        inline: inlineField(f.type, f.quoted),
        key: (hops[hops.length - 1] as FieldV1["hops"][number]).name,
        nameHtml,
        nameRaw,
        get,
        enc: encoderFor(f.type, fieldAddr, f.quoted),
        omit,
        type: f.type,
        hops,
      };
    });
  // One generated function per escapeHTML setting (index 1: escaping on), made at the
  // struct's second write (its first runs a loop below).
  let compiled: (Encoder | null)[] | undefined;
  let calls = 0;
  return (e, v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) throw mismatch(t, v);
    if (compiled === undefined && ++calls > GENERATE_AFTER) {
      fields ??= prepare();
      compiled =
        fields.length > CODEGEN_MAX_FIELDS
          ? [null, null]
          : [compileStructEncoder(fields, false), compileStructEncoder(fields, true)];
    }
    const c = compiled?.[e.html ? 1 : 0];
    if (c !== null && c !== undefined) {
      c(e, v);
      return;
    }
    if (fields === null) {
      // A struct without embedded fields is written from its field lists (no encoder objects
      // made for a struct written once).
      const flat = structFieldsV1(t).flat;
      if (flat !== null) {
        writeFlat(e, v, flat, addr);
        return;
      }
      fields = prepare();
    }
    let first = true;
    e.out += "{";
    let i = 0;
    let fv: unknown;
    try {
      for (; i < fields.length; i++) {
        const f = fields[i] as FieldEnc;
        fv = f.get === null ? v[f.key] : f.get(v);
        if (fv === SKIP) continue;
        if (f.omit?.(fv)) continue;
        if (first) first = false;
        else e.out += ",";
        e.out += e.html ? f.nameHtml : f.nameRaw;
        f.enc(e, fv);
      }
    } catch (x) {
      throw fieldFailed(x, fields[i], fv);
    }
    e.out += "}";
  };
}

/** Writes struct value `v` (an object) from its field lists: the loop of buildStruct's encoder over a flat struct. */
function writeFlat(e: EncodeState, v: any, flat: FlatFieldsV1, addr: boolean): void {
  const { names, fields, bits } = flat;
  let first = true;
  e.out += "{";
  let k = 0;
  let fv: unknown;
  try {
    for (; k < names.length; k++) {
      const sf = fields[k] as FieldHop;
      const b = bits[k] as number;
      fv = v[sf.name];
      if ((b & (FLAT_OMIT_EMPTY | FLAT_OMIT_ZERO)) !== 0 && omitted(sf.type, b, fv)) continue;
      if (first) first = false;
      else e.out += ",";
      const name = names[k] as string;
      e.out += e.html ? `${quoteString(name, true)}:` : `"${name}":`;
      encoderFor(sf.type, addr, (b & FLAT_QUOTED) !== 0)(e, fv);
    }
  } catch (x) {
    throw fieldFailed(x, k < names.length ? { hops: [fields[k] as FieldHop] } : undefined, fv);
  }
  e.out += "}";
}

/** Whether a field of type `t` with FLAT_* bits `b` holding `fv` is left out (omitempty, omitzero). */
function omitted(t: GoType, b: number, fv: unknown): boolean {
  if ((b & FLAT_OMIT_EMPTY) !== 0 && isEmptyFn(t)?.(fv)) return true;
  return (b & FLAT_OMIT_ZERO) !== 0 && isZeroFieldFn(t)(fv);
}

/**
 * Unrolls a struct's field list into one generated function for one
 * escapeHTML setting: constant property names, names pre-quoted with the
 * separators folded in where the fields before always appear, scalar fields
 * and pointers to them inlined. Field names are Go identifiers and JSON
 * names, embedded with JSON.stringify. Returns null where code generation is
 * not allowed (CSP); the closure loop is used then.
 */
function compileStructEncoder(fields: readonly FieldEnc[], html: boolean): Encoder | null {
  // Whether a member was written before this point: "no", "yes", or "?" (known at run time from `sep`).
  let written: "no" | "yes" | "?" = "no";
  let body = "";
  let usesSep = false;
  fields.forEach((f, i) => {
    const name = html ? f.nameHtml : f.nameRaw;
    const conditional = f.get !== null || f.omit !== null;
    let key: string;
    if (written === "no") key = JSON.stringify(`{${name}`);
    else if (written === "yes") key = JSON.stringify(`,${name}`);
    else {
      key = `sep + ${JSON.stringify(name)}`;
      usesSep = true;
    }
    body += `at = ${i};\n`;
    body +=
      f.get === null ? `fv = v[${JSON.stringify(f.key)}];\n` : `fv = F[${i}].get(v);\nif (fv !== SKIP) `;
    body += "{\n";
    if (f.omit !== null) body += `if (!F[${i}].omit(fv)) {\n`;
    if (f.inline === "any")
      body += `if (fv === null) e.out += ${key} + "null";\nelse {\ne.out += ${key};\nF[${i}].enc(e, fv);\n}\n`;
    else if (f.inline !== null)
      body += `e.out += ${key} + ${f.inline.replaceAll("HTML", String(html)).replaceAll("IDX", String(i))};\n`;
    else body += `e.out += ${key};\nF[${i}].enc(e, fv);\n`;
    if (conditional && written !== "yes") body += 'sep = ",";\n';
    if (f.omit !== null) body += "}\n";
    body += "}\n";
    if (!conditional) written = "yes";
    else if (written === "no") written = "?";
  });
  if (written === "no") body += 'e.out += "{}";\n';
  else if (written === "yes") body += 'e.out += "}";\n';
  else {
    body += 'e.out += sep === "{" ? "{}" : "}";\n';
    usesSep = true;
  }
  // A Mismatch below a field gets the field's path segment (`at`: the field being written).
  body = `let fv, at = -1;\ntry {\n${body}} catch (x) {\nthrow FAILED(x, F[at], fv);\n}\n`;
  if (usesSep || body.includes("sep =")) body = `let sep = "{";\n${body}`;
  const mm = (i: number, fv: unknown): never => {
    throw fieldMismatch(fields[i] as FieldEnc, fv);
  };
  const f64 = (fv: unknown, i: number): string => {
    if (typeof fv !== "number") return mm(i, fv);
    if (!Number.isFinite(fv)) throw new UnsupportedValueError(nonFiniteText(fv));
    return formatFloat64(fv);
  };
  try {
    return new Function(
      "F",
      "Q",
      "F64",
      "SKIP",
      "MM",
      "FAILED",
      `"use strict"; return function encodeStruct(e, v) {\n${body}};`,
    )(fields, quoteString, f64, SKIP, mm, fieldFailed) as Encoder;
  } catch {
    return null;
  }
}

/** Member names (with separators) up to this many bytes are written by constant stores in generated code. */
const INLINE_KEY = 40;

/** Field kinds compileStruct writes inline. */
type Inline = "string" | "int" | "bool" | "float" | "any";

/** The inline kind of a type the byte path accepted (so: no methods, no known type), or null. */
function inlineKind(t: GoType): Inline | null {
  const k = t.kind;
  if (k === "string") return "string";
  if (k === "bool") return "bool";
  if (k === "float64") return "float";
  if (isIntegerKind(k)) return "int";
  if (k === "interface") return "any";
  return null;
}

interface FieldB {
  readonly key: string;
  /** The member name quoted, with `:` (index 0: raw, 1: HTML-escaped). */
  readonly name: readonly [string, string];
  readonly hops: readonly FieldV1["hops"][number][] | null;
  readonly enc: ByteEncoder;
  readonly omit: ((v: any) => boolean) | null;
  /** Inline code for plain strings, integers and booleans (see compileStruct). */
  readonly inline: Inline | null;
  /** The integer kind of an inline "int" field (or of the pointed-to value). */
  readonly intKind: string;
  /** Whether the field is an unnamed pointer to the inline kind (nil: null). */
  readonly ptr: boolean;
}

const utf8Bytes = new TextEncoder();

export function buildStructBytes(t: GoType & { kind: "struct" }): ByteEncoder | null {
  const fields: FieldB[] = [];
  for (const f of structFieldsV1(t).list) {
    if (f.quoted) return null;
    if (f.omitZero && hasIsZero(f.type)) return null;
    for (let i = 0; i < f.hops.length - 1; i++) {
      const h = f.hops[i] as FieldV1["hops"][number];
      if (h.type.kind === "pointer" && h.type.elem.kind !== "struct") return null;
    }
    const enc = byteEncoderFor(f.type);
    if (enc === null) return null;
    const empty = f.omitEmpty ? isEmptyFn(f.type) : null;
    const zero = f.omitZero ? isZeroFieldFn(f.type) : null;
    fields.push({
      key: (f.hops[f.hops.length - 1] as FieldV1["hops"][number]).name,
      name: [`"${f.name}":`, `${quoteString(f.name, true)}:`],
      hops: f.hops.length > 1 ? f.hops.slice(0, -1) : null,
      enc,
      omit: empty && zero ? (v: any) => empty(v) || zero(v) : (empty ?? zero),
      // byteEncoderFor accepted the type (and a pointer's element), so they have no methods and no known type
      ...(f.type.kind === "pointer"
        ? {
            inline: inlineKind(f.type.elem) === "any" ? null : inlineKind(f.type.elem),
            ptr: true,
            intKind: f.type.elem.kind,
          }
        : { inline: inlineKind(f.type), ptr: false, intKind: f.type.kind }),
    });
  }
  const table = tableStructBytes(fields);
  if (fields.length > CODEGEN_MAX_FIELDS) return table;
  // The first write runs the table loop, later ones the generated code (marshal-struct-tier.ts).
  return tiered(table, () => generateStructBytes(fields));
}

/** The generated byte encoder of a struct, or null where code generation is not allowed (CSP). */
function generateStructBytes(table: readonly FieldB[]): ByteEncoder | null {
  // Generated children are called directly (not through their tiering step).
  const fields = table.map((f) => ({ ...f, enc: direct(f.enc) }));
  // An array in place of the struct: a struct with a field read directly and written whatever its
  // value bails on that value (undefined); one without such a field must test it (an omit test may
  // take undefined for empty: a [0]T or omitempty field alone wrote `{}` for an array).
  const arrays = !fields.some((f) => f.hops === null && f.omit === null);
  try {
    // Member names alike with and without HTML escaping (the usual case): one function, called
    // directly by the encoder of the value holding the struct (no dispatch between them).
    if (fields.every((f) => f.name[0] === f.name[1])) return compileStructBytes(fields, 0, arrays);
    const raw = compileStructBytes(fields, 0, arrays);
    const html = compileStructBytes(fields, 1, arrays);
    return (w, v) => (w.html ? html : raw)(w, v);
  } catch {
    return null; // code generation not allowed (CSP): the table loop serves every write
  }
}

/** Structs wider than this are encoded by a loop over their field table (generated code grows per field). */
export const CODEGEN_MAX_FIELDS = 128;

/**
 * The byte encoder of a wide struct: one loop over the field table, the same output and bails
 * as compileStructBytes's generated function (every member written `,"name":value`, the first
 * comma then turned into the `{`).
 */
function tableStructBytes(fields: readonly FieldB[]): ByteEncoder {
  const n = fields.length;
  const keys = fields.map(
    (f) => [utf8Bytes.encode(`,${f.name[0]}`), utf8Bytes.encode(`,${f.name[1]}`)] as const,
  );
  return (w, v) => {
    if (v === null || typeof v !== "object" || Array.isArray(v) || ++w.depth > BYTES_MAX_DEPTH) throw BAIL;
    const start = w.pos;
    const h = w.html ? 1 : 0;
    for (let i = 0; i < n; i++) {
      const f = fields[i] as FieldB;
      let o: any = v;
      const hops = f.hops;
      let absent = false;
      if (hops !== null)
        for (const hop of hops) {
          o = o[hop.name];
          // A missing (or, not through a pointer, null) embedded struct bails: the general encoder reports it.
          if (o === undefined || (o === null && hop.type.kind !== "pointer")) throw BAIL;
          if (o === null) {
            absent = true;
            break;
          }
        }
      if (absent) continue;
      const fv = o[f.key];
      if (f.omit?.(fv)) continue;
      w.raw((keys[i] as readonly [Uint8Array, Uint8Array])[h]);
      f.enc(w, fv);
    }
    if (w.pos === start) w.ascii("{}");
    else {
      w.buf[start] = 0x7b;
      w.byte(0x7d);
    }
    w.depth--;
  };
}

/**
 * One generated function a struct type and escaping: constant property
 * names, member names pre-encoded with their separators (`{` or `,` known
 * where the members before always appear), plain scalars inlined. Names are
 * Go identifiers and JSON names, embedded with JSON.stringify. It checks the
 * value itself (an object; `arrays`: not an array either) and counts its depth.
 *
 * The output buffer and position stay in locals (`b`, `p`) from field to field; w.pos is
 * written only before a call that writes (a string, a nested value) and read back after it.
 * Room is made once for a run of fields (a member name with an integer, float, boolean or
 * null after it: bounded sizes), up to and including the next field whose value a call
 * writes; a rare call inside a run (a bigint past 2^53) makes room again for the rest of it.
 */
function compileStructBytes(fields: readonly FieldB[], h: 0 | 1, arrays: boolean): ByteEncoder {
  const keys: Uint8Array[] = [];
  let written: "no" | "yes" | "?" = "no";
  let strings = false;
  const pieces: CodePiece[] = [];
  fields.forEach((f, i) => {
    const name = f.name[h];
    const conditional = f.hops !== null || f.omit !== null;
    const value = valueCode(f, i);
    if (f.inline === "string") strings = true;
    let open = "{\n";
    if (f.hops === null) open += `fv = v[${JSON.stringify(f.key)}];\n`;
    else {
      open += "o = v;\n";
      for (const hop of f.hops) {
        open += `o = o[${JSON.stringify(hop.name)}];\n`;
        // A missing (or, not through a pointer, null) embedded struct bails: the general encoder reports it.
        if (hop.type.kind === "pointer") open += "if (o === undefined) throw BAIL;\nif (o !== null) {\n";
        else open += "if (o === undefined || o === null) throw BAIL;\n";
      }
      open += `fv = o[${JSON.stringify(f.key)}];\n`;
    }
    if (f.omit !== null) open += `if (!F[${i}].omit(fv)) {\n`;
    const keyLen = utf8Bytes.encode(`,${name}`).length;
    let key: string;
    if (written === "no") key = keyStore(`{${name}`, keys);
    else if (written === "yes") key = keyStore(`,${name}`, keys);
    else key = `if (first) {\n${keyStore(`{${name}`, keys)}} else {\n${keyStore(`,${name}`, keys)}}\n`;
    if (conditional && written !== "yes") key += "first = false;\n";
    let close = "";
    if (f.omit !== null) close += "}\n";
    if (f.hops !== null) for (const hop of f.hops) if (hop.type.kind === "pointer") close += "}\n";
    close += "}\n";
    pieces.push({ code: `${open}${key}${value.code}${close}`, room: keyLen + value.room, call: value.call });
    if (!conditional) written = "yes";
    else if (written === "no") written = "?";
  });
  // The closing brace (or `{}`) is the last piece.
  const end =
    written === "no"
      ? `${storeCode("{}")}`
      : written === "yes"
        ? "b[p++] = 0x7d;\n"
        : `if (first) {\n${storeCode("{}")}} else b[p++] = 0x7d;\n`;
  pieces.push({ code: end, room: 2, call: false });
  let body = `if (v === null || typeof v !== "object"${arrays ? " || Array.isArray(v)" : ""} || ++w.depth > ${BYTES_MAX_DEPTH}) throw BAIL;\n`;
  body +=
    "let first = true;\nlet fv, o, hi;\nlet b = w.buf;\nlet p = w.pos;\nlet d = b === DV.b ? DV.v : VIEW(b);\n";
  // v1 escapes `<`, `>`, `&` when w.html says so, U+2028 and U+2029 always.
  if (strings) body += `const sm = w.html ? ${STRING_HTML | STRING_JS} : ${STRING_JS};\n`;
  body += joinPieces(pieces);
  body += "w.pos = p;\nw.depth--;\n";
  return new Function(
    "F",
    "K",
    "BAIL",
    "WS",
    "BIG",
    "NUM",
    "I53",
    "F64",
    "DV",
    "VIEW",
    "I64",
    "I64W",
    "U31",
    `"use strict";\nconst S = WS, N = NUM, W = I64W, L = I64;\nreturn function encodeStructBytes(w, v) {\n${body}};`,
  )(
    fields,
    keys,
    BAIL,
    writeStringEscaped,
    writeBig,
    NUM_IN,
    writeInt53In,
    writeFloat64ShortIn,
    outView,
    viewOf,
    I64,
    I64_WORDS,
    putUint31,
  ) as ByteEncoder;
}

/**
 * Code storing member name `text` (with its separator) at p, in room made before, and moving p
 * past it (storeBytesCode); a long name copied from `keys` (where it is added).
 */
function keyStore(text: string, keys: Uint8Array[]): string {
  const k = utf8Bytes.encode(text);
  if (k.length <= INLINE_KEY) return storeBytesCode(k);
  keys.push(k);
  return `for (let j = 0, k = K[${keys.length - 1}]; j < ${k.length}; j++) b[p + j] = k[j];\np += ${k.length};\n`;
}

/** Code storing the bytes of ASCII text t at b[p...] and moving p past them (storeBytesCode). */
function storeCode(t: string): string {
  return storeBytesCode(utf8Bytes.encode(t));
}

/**
 * compileStructBytes' code writing field `f`'s value in `fv` (its index i) at p, right after
 * its name: its bytes of room (at most; made before), and whether a call writes it (a string,
 * an `any` but null, a nested value). Integers, floats, booleans, the null of a pointer and "" are
 * stored there (no string made); a bigint below 2^53 in magnitude is read through an int64 store.
 */
function valueCode(f: FieldB, i: number): { room: number; code: string; call: boolean } {
  let room = 0;
  let call = false;
  let code: string;
  switch (f.inline) {
    case "string":
      // "" stored here (no call: a zero value of a struct written whole is often one).
      room = 2;
      code = `if (typeof fv !== "string") throw BAIL;\nif (fv === "") {\nb[p] = 34;\nb[p + 1] = 34;\np += 2;\n} else {\nw.pos = p;\nS(w, fv, sm);\n${AFTER_CALL}}\n`;
      call = true;
      break;
    case "int":
      room = INT53_MAX_BYTES;
      code = isBigKind(f.intKind)
        ? bigCode(f.intKind)
        : `${intTest(f.intKind)}if (fv >= 0 && (fv | 0) === fv) p = U31(b, d, p, fv);\nelse {\nN[0] = fv;\np = I53(b, p);\n}\n`;
      break;
    case "bool":
      room = 5;
      code = `if (fv === true) {\n${storeCode("true")}} else if (fv === false) {\n${storeCode("false")}} else throw BAIL;\n`;
      break;
    case "float":
      // Go's shortest digits (-0 as "-0"), written straight in (small integers and short decimals by writeFloat64ShortIn's own paths).
      room = FLOAT64_MAX_BYTES;
      code = 'if (typeof fv !== "number" || fv - fv !== 0) throw BAIL;\nN[0] = fv;\np = F64(b, p);\n';
      break;
    case "any":
      room = 4;
      code = `if (fv === null) {\n${storeCode("null")}} else {\nw.pos = p;\nF[${i}].enc(w, fv);\n${AFTER_CALL}}\n`;
      call = true;
      break;
    default:
      code = `w.pos = p;\nF[${i}].enc(w, fv);\n${AFTER_CALL}`;
      call = true;
  }
  if (f.ptr && f.inline !== null)
    return {
      room: Math.max(room, 4),
      code: `if (fv === null) {\n${storeCode("null")}} else {\n${code}}\n`,
      call,
    };
  return { room, code, call };
}

/**
 * compileStructBytes' code for a bigint field of 64-bit kind `k` in `fv`: out of the kind's
 * range it bails; below 2^53 in magnitude its digits are written from its int64 words; larger
 * ones by writeBig (a call: room made again for the rest of the run).
 */
function bigCode(k: string): string {
  const unsigned = k !== "int" && k !== "int64";
  const fits = unsigned ? "BigInt.asUintN(64, fv) !== fv" : "BigInt.asIntN(64, fv) !== fv";
  // hi in (-2^21, 2^21): |fv| < 2^53, exact as a double (unsigned: hi >= 0, so also below 2^63).
  const small = unsigned ? "hi >= 0 && hi < 2097152" : "hi > -2097152 && hi < 2097152";
  // hi 0 and the low word non-negative: 0 <= fv < 2^31, written by putUint31.
  return `if (typeof fv !== "bigint" || ${fits}) throw BAIL;\nL[0] = fv;\nhi = W[${HI_WORD}];\nif (hi === 0 && W[${LO_WORD}] >= 0) p = U31(b, d, p, W[${LO_WORD}]);\nelse if (${small}) {\nN[0] = hi * 4294967296 + (W[${LO_WORD}] >>> 0);\np = I53(b, p);\n} else {\nw.pos = p;\nBIG(w, fv, ${unsigned});\n${AFTER_CALL}${REST}}\n`;
}

/** The type and range test of an integer kind of at most 32 bits on `fv` (bails when it fails). */
function intTest(k: string): string {
  const test: Record<string, string> = {
    int8: "((fv << 24) >> 24) !== fv",
    int16: "((fv << 16) >> 16) !== fv",
    int32: "(fv | 0) !== fv",
    uint8: "(fv & 255) !== fv",
    uint16: "(fv & 65535) !== fv",
    uint32: "fv >>> 0 !== fv",
  };
  return `if (typeof fv !== "number" || ${test[k]}) throw BAIL;\n`;
}

function hasIsZero(t: GoType): boolean {
  if (t.kind === "pointer") return t.elem.kind !== "pointer" && findMethod(t.elem, "IsZero") !== null;
  return t.kind !== "interface" && findMethod(t, "IsZero") !== null;
}
