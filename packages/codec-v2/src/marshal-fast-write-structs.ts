/**
 * The byte encoders of structs: generated code per struct type (member names as constant
 * byte stores with their separators, common leaves inline, omitzero/omitempty tests), or the
 * table-driven writer (marshal-fast-table.ts) for structs wider than CODEGEN_MAX_FIELDS and for
 * a struct's first write (tier.ts: generating code costs more than one write).
 */
import type { GoType, StructType } from "@gojson/gotype";
import { direct, type FastWriter, INT53_MAX_BYTES, tiered, writeInt53 } from "@gojson/jsontext/internal";
import { structFieldsV2 } from "./fields.js";
import { isZero } from "./go-values.js";
import {
  bigIntFits,
  isSmallIntKind,
  isUnsignedKind,
  legacyEmpty,
  smallIntCode,
} from "./marshal-fast-checks.js";
import { writeBool, writeF64Lone } from "./marshal-fast-scalars.js";
import { bail, FAST_MAX_DEPTH, isWellFormed } from "./marshal-fast-shadow.js";
import {
  type ByteEncoder,
  CODEGEN_MAX_FIELDS,
  isEmptyText,
  tableWriter,
  type WriterField,
} from "./marshal-fast-table.js";
import { type Ctx, isIntKind } from "./marshal-fast-write-gen.js";
import type { ResolvedOptions } from "./options.js";
import { quotePolicyFor, quoteWith } from "./quote.js";

/** One field of a struct's byte encoder. */
interface WField {
  readonly enc: ByteEncoder;
  /** A pointer field's pointee encoder. */
  readonly elem: ByteEncoder | undefined;
  readonly isZero: ((v: unknown) => boolean) | undefined;
  readonly legacyOmit: ((v: unknown) => boolean) | undefined;
}

const textEncoder = new TextEncoder();

/** `,"name":` in UTF-8, the name quoted as the options quote it (escaped for HTML and JS under v1's). */
function memberKey(name: string, o: ResolvedOptions): Uint8Array {
  return textEncoder.encode(`,${quoteWith(name, quotePolicyFor(o))}:`);
}

/** The field's omitempty tests under options f: json/v2's (the written value is empty) or v1's legacy one (the Go value is). */
function omitEmptyTests(
  fd: { readonly omitempty: boolean; readonly type: GoType },
  f: ResolvedOptions["flags"],
): { omitempty: boolean; legacyOmit: ((v: unknown) => boolean) | undefined } {
  const legacy = fd.omitempty && f.omitEmptyWithLegacySemantics;
  const ft = fd.type;
  return {
    omitempty: fd.omitempty && !legacy,
    legacyOmit: legacy ? (v) => legacyEmpty(ft, v) : undefined,
  };
}

export function buildStruct(t: StructType, c: Ctx): ByteEncoder | null {
  const f = c.o.flags;
  const sf = structFieldsV2(t, c.o.goVersion);
  if (sf.error || sf.fallback) return null;
  c.budget -= sf.fields.length;
  const table: WriterField[] = [];
  // A pointer field's pointee encoder (the generated code writes it after the null test).
  const elems: (ByteEncoder | undefined)[] = [];
  const wide = sf.fields.length > CODEGEN_MAX_FIELDS;
  for (const fd of sf.fields) {
    if (fd.string || fd.format !== "" || !isWellFormed(fd.name)) return null;
    const enc = c.compile(fd.type, c);
    if (enc === null) return null;
    const ft = fd.type;
    const omitzero = fd.omitzero || f.omitZeroStructFields;
    const { omitempty, legacyOmit } = omitEmptyTests(fd, f);
    table.push({
      f: fd,
      enc,
      key: memberKey(fd.name, c.o),
      isZero: omitzero ? (v) => isZero(ft, v) : undefined,
      omitempty,
      legacyOmit,
    });
    elems.push(!wide && ft.kind === "pointer" ? (c.compile(ft.elem, c) ?? undefined) : undefined);
  }
  const writer = tableWriter(table);
  // Wide structs keep the table (generated code, and V8's first compile of it, grow per field).
  if (wide) return writer;
  const ws = c.ws;
  return tiered(writer, () => generateStruct(table, elems, ws));
}

/** The generated writer of a struct (null: code generation refused, the table writer serves it). */
function generateStruct(
  table: readonly WriterField[],
  elems: readonly (ByteEncoder | undefined)[],
  ws: Ctx["ws"],
): ByteEncoder | null {
  const fields: WField[] = [];
  const keys: Uint8Array[] = [];
  let body = "";
  for (let i = 0; i < table.length; i++) {
    const tf = table[i] as WriterField;
    const fd = tf.f;
    const ft = fd.type;
    const omitzero = tf.isZero !== undefined;
    const omitempty = tf.omitempty;
    const legacyOmit = tf.legacyOmit;
    const pe = elems[i];
    // Generated children are called directly (not through their tiering step).
    const elem = pe === undefined ? undefined : direct(pe);
    fields.push({ enc: direct(tf.enc), elem, isZero: tf.isZero, legacyOmit });
    keys.push(tf.key);
    const path = fd.path;
    let get = "v";
    let cond = "";
    let hops = "";
    for (let j = 0; j < path.length - 1; j++) {
      get += `[${JSON.stringify(path[j])}]`;
      // A nil embedded pointer leaves its fields out; a missing (or null non-pointer) embedded struct bails.
      if ((fd.hopTypes[j] as GoType).kind === "pointer") {
        hops += `${cond === "" ? "" : `if (${cond}) `}if (${get} === undefined) BAILF();\n`;
        cond += `${cond === "" ? "" : " && "}${get} !== null`;
      } else hops += `${cond === "" ? "" : `if (${cond}) `}if (${get} == null) BAILF();\n`;
    }
    body += hops;
    get += `[${JSON.stringify(path.length === 1 ? fd.goName : path[path.length - 1])}]`;
    const k = ft.kind;
    let write: string;
    if (k === "string") write = 'if (typeof x !== "string") BAILF();\nWS(w, x);\n';
    else if (k === "bool") write = "WB(w, x);\n";
    else if (k === "float64") write = "WF(w, x);\n";
    else write = `E${i}(w, x);\n`;
    // A missing field (undefined) must not pass as nil or zero where an `any` writer or an omit test would take it.
    let stmt = `x = ${get};\n${k === "interface" || omitzero || legacyOmit ? "if (x === undefined) BAILF();\n" : ""}`;
    const inline = omitempty ? undefined : inlineValue(ft, i, elem !== undefined);
    const put =
      inline !== undefined
        ? `${keyOpen(keys[i] as Uint8Array, i, inline.room)}${inline.code}`
        : `${omitempty ? "s = w.pos;\n" : ""}${keyCode(keys[i] as Uint8Array, i)}${omitempty ? "e = w.pos;\n" : ""}${write}${omitempty ? "if (EMPTY(w.buf, e, w.pos)) w.pos = s;\n" : ""}`;
    let test = omitzero ? `!Z${i}(x)` : "";
    if (legacyOmit) test += `${test === "" ? "" : " && "}!L${i}(x)`;
    stmt += test === "" ? put : `if (${test}) {\n${put}}\n`;
    body += cond === "" ? stmt : `if (${cond}) {\n${stmt}}\n`;
  }
  let head = "";
  fields.forEach((x, i) => {
    head += `const E${i} = F[${i}].enc;\nconst K${i} = K[${i}];\n`;
    if (x.elem) head += `const P${i} = F[${i}].elem;\n`;
    if (x.isZero) head += `const Z${i} = F[${i}].isZero;\n`;
    if (x.legacyOmit) head += `const L${i} = F[${i}].legacyOmit;\n`;
  });
  // Every member is written `,"name":value`; the first comma is then turned into the `{`.
  const src = `"use strict";\n${head}return function writeStruct(w, v) {\nif (v === null || typeof v !== "object" || Array.isArray(v) || ++w.depth > MAX) BAILF();\nconst o = w.pos;\nlet x, s, e, b, p, n;\n${body}if (w.pos === o) { w.byte(0x7b); w.byte(0x7d); } else { w.buf[o] = 0x7b; w.byte(0x7d); }\nw.depth--;\n};`;
  try {
    return new Function("F", "K", "MAX", "BAILF", "EMPTY", "WB", "WF", "WS", "I53", "BIGS", "BIGU", src)(
      fields,
      keys,
      FAST_MAX_DEPTH,
      bail,
      isEmptyText,
      writeBool,
      writeF64Lone,
      ws,
      writeInt53,
      writeBigText,
      writeBigTextUnsigned,
    ) as ByteEncoder;
  } catch {
    // Code generation refused (a Content-Security-Policy): the shadow path serves this type.
    return null;
  }
}

/** Inline names up to this many bytes are written by constant stores in the generated code. */
const INLINE_NAME = 48;

/** Code writing member name k (with its separators): constant stores, or a copy of K{i}. */
function keyCode(k: Uint8Array, i: number): string {
  const n = k.length;
  if (n > INLINE_NAME) return `w.raw(K${i});\n`;
  let code = `w.room(${n});\nb = w.buf;\np = w.pos;\n`;
  for (let j = 0; j < n; j++) code += `b[p${j === 0 ? "" : ` + ${j}`}] = ${k[j]};\n`;
  return `${code}w.pos = p + ${n};\n`;
}

/** Code storing the bytes of ASCII text t at b[p...] and moving w.pos past them. */
function storeCode(t: string): string {
  let code = "";
  for (let j = 0; j < t.length; j++) code += `b[p${j === 0 ? "" : ` + ${j}`}] = ${t.charCodeAt(j)};\n`;
  return `${code}w.pos = p + ${t.length};\n`;
}

/**
 * Code writing the value in x of a field of type ft (its index i) right after its name (see
 * keyOpen, which made `room` bytes of room): an integer (a bigint below 2^53), a bool, or the
 * null of a pointer or an `any`, is stored with the name (no call); undefined when the field's
 * value is written by a call alone.
 */
function inlineValue(ft: GoType, i: number, pointee: boolean): { room: number; code: string } | undefined {
  if (isSmallIntKind(ft.kind))
    return {
      room: INT53_MAX_BYTES,
      code: `if (!${smallIntCode(ft.kind, "x")}) BAILF();\nw.pos = I53(b, p, x);\n`,
    };
  if (isIntKind(ft.kind)) {
    // A bigint below 2^53 as digits here; larger ones (range checked) as their text.
    const unsigned = isUnsignedKind(ft.kind);
    const sign = unsigned ? "n >= 0" : "n > -9007199254740992";
    return {
      room: INT53_MAX_BYTES,
      code: `if (typeof x !== "bigint") BAILF();\nn = Number(x);\nif (n < 9007199254740992 && ${sign}) w.pos = I53(b, p, n);\nelse {\nw.pos = p;\n${unsigned ? "BIGU" : "BIGS"}(w, x);\n}\n`,
    };
  }
  if (ft.kind === "bool")
    return {
      room: 5,
      code: `if (x === true) {\n${storeCode("true")}} else if (x === false) {\n${storeCode("false")}} else BAILF();\n`,
    };
  let rest: string;
  if (ft.kind === "interface") rest = `E${i}(w, x);\n`;
  else if (ft.kind === "pointer" && pointee)
    rest = `if (x === undefined) BAILF();\n${
      ft.elem.kind === "string" ? 'if (typeof x !== "string") BAILF();\nWS(w, x);\n' : `P${i}(w, x);\n`
    }`;
  else return undefined;
  return { room: 4, code: `if (x === null) {\n${storeCode("null")}} else {\nw.pos = p;\n${rest}}\n` };
}

/** Code writing member name k (with its separators) with `extra` more bytes of room, leaving b and p just past it. */
function keyOpen(k: Uint8Array, i: number, extra: number): string {
  const n = k.length;
  if (n > INLINE_NAME) return `w.raw(K${i});\nw.room(${extra});\nb = w.buf;\np = w.pos;\n`;
  let code = `w.room(${n + extra});\nb = w.buf;\np = w.pos;\n`;
  for (let j = 0; j < n; j++) code += `b[p${j === 0 ? "" : ` + ${j}`}] = ${k[j]};\n`;
  return `${code}p += ${n};\n`;
}

/** Writes bigint x (at least 2^53 in magnitude) of a signed 64-bit kind as its text; out of range: BAIL. */
function writeBigText(w: FastWriter, x: bigint): void {
  if (!bigIntFits(x, false)) bail();
  w.ascii(String(x));
}

/** writeBigText for an unsigned 64-bit kind. */
function writeBigTextUnsigned(w: FastWriter, x: bigint): void {
  if (!bigIntFits(x, true)) bail();
  w.ascii(String(x));
}
