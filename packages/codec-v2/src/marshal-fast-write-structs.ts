/**
 * The byte encoders of structs: generated code per struct type (member names as constant
 * byte stores with their separators, common leaves inline, omitzero/omitempty tests), or the
 * table-driven writer (marshal-fast-table.ts) for structs wider than CODEGEN_MAX_FIELDS and for
 * a struct's first write (tier.ts: generating code costs more than one write).
 */
import {
  FLAT_OMITEMPTY,
  FLAT_OMITZERO,
  FLAT_STRING,
  type FlatFieldsV2,
  flatFieldsV2,
  type GoType,
  type StructField,
  type StructType,
} from "@gojson/gotype";
import {
  AFTER_CALL,
  type CodePiece,
  direct,
  type FastWriter,
  FLOAT64_MAX_BYTES,
  HI_WORD,
  I64,
  I64_WORDS,
  INT53_MAX_BYTES,
  joinPieces,
  LO_WORD,
  NUM_IN,
  outView,
  putUint31,
  type QuotePolicy,
  REST,
  storeBytesCode,
  tiered,
  viewOf,
  writeFloat64ShortIn,
  writeInt53In,
  writeStringEscaped,
  writeStringV2,
} from "@gojson/jsontext/internal";
import { type FieldV2, structFieldsV2 } from "./fields.js";
import { isZero } from "./go-values.js";
import { isSmallIntKind, isUnsignedKind, legacyEmpty, smallIntCode } from "./marshal-fast-checks.js";
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

/**
 * Names of printable ASCII but `"`, `\\`, `<`, `>` and `&`: quoted as they are under every policy,
 * one byte a character.
 */
const PLAIN_NAMES = /^[\x20\x21\x23-\x25\x27-\x3b\x3d\x3f-\x5b\x5d-\x7e]*$/;

/**
 * The member text `,"name":` of a name that is not plain ASCII, quoted as policy `pol` quotes it
 * (escaped for HTML and JS under v1's). A plain name's text is `,"name":` as it is, written by the
 * table writer as ASCII (no bytes made per member).
 */
function quotedKey(name: string, pol: QuotePolicy): string {
  return `,${quoteWith(name, pol)}:`;
}

/** A field's omitzero test (isZero of its Go type), made only for a field that has one. */
function zeroTest(t: GoType): (v: unknown) => boolean {
  return (v) => isZero(t, v);
}

/** A field's v1 omitempty test (legacyEmpty of its Go type), made only for a field that has one. */
function legacyTest(t: GoType): (v: unknown) => boolean {
  return (v) => legacyEmpty(t, v);
}

/** The UTF-8 bytes of a field's member text. */
function keyBytesOf(f: WriterField): Uint8Array {
  if (f.keyBytes !== undefined) return f.keyBytes;
  const k = f.key;
  const b = new Uint8Array(k.length);
  for (let i = 0; i < k.length; i++) b[i] = k.charCodeAt(i);
  return b;
}

/**
 * The fields of struct t as the byte path reads them (undefined: a struct it leaves to the
 * shadow path, an error or an inlined fallback): gotype's flat lists (flatFieldsV2, the
 * resolution the fast unmarshal reads too, so a type marshaled after it was unmarshaled is not
 * resolved again), else the full resolution (structFieldsV2) of a struct with embedded fields
 * or tag options past the plain ones.
 */
function fieldsOf(t: StructType, o: ResolvedOptions): FieldSource | undefined {
  const flat = flatFieldsV2(t, o.goVersion === "1.26" ? "1.26" : "1.27");
  if (flat !== undefined) return flat;
  const sf = structFieldsV2(t, o.goVersion);
  return sf.error || sf.fallback ? undefined : sf.fields;
}

/** A struct's fields: gotype's flat lists, or resolved fields. */
type FieldSource = FlatFieldsV2 | readonly FieldV2[];

export function buildStruct(t: StructType, c: Ctx): ByteEncoder | null {
  const f = c.o.flags;
  const src = fieldsOf(t, c.o);
  if (src === undefined) return null;
  const flat = "bits" in src ? src : undefined;
  const resolved = flat === undefined ? (src as readonly FieldV2[]) : undefined;
  const n = flat !== undefined ? flat.names.length : (resolved as readonly FieldV2[]).length;
  c.budget -= n;
  // The options' quoting of names that are not plain ASCII (made when the first such name is met).
  let pol: QuotePolicy | undefined;
  // One test of a flat struct's names (the usual struct: every name plain ASCII).
  const plain = flat !== undefined && PLAIN_NAMES.test(flat.names.join(""));
  const table = new Array<WriterField>(n);
  // A pointer field's pointee encoder (the generated code writes it after the null test).
  const elems = new Array<ByteEncoder | undefined>(n);
  const wide = n > CODEGEN_MAX_FIELDS;
  const goFields = t.fields;
  const legacyOmitEmpty = f.omitEmptyWithLegacySemantics;
  for (let i = 0; i < n; i++) {
    let name: string;
    let goName: string;
    let ft: GoType;
    let promoted: FieldV2 | null = null;
    let omitEmpty: boolean;
    let omitzero: boolean;
    if (flat !== undefined) {
      const bits = flat.bits[i] as number;
      if ((bits & FLAT_STRING) !== 0) return null;
      const sf = goFields[flat.fieldIndex[i] as number] as StructField;
      name = flat.names[i] as string;
      goName = sf.name;
      ft = sf.type;
      omitEmpty = (bits & FLAT_OMITEMPTY) !== 0;
      omitzero = (bits & FLAT_OMITZERO) !== 0;
    } else {
      const fd = (resolved as readonly FieldV2[])[i] as FieldV2;
      if (fd.string || fd.format !== "") return null;
      name = fd.name;
      goName = fd.goName;
      ft = fd.type;
      if (fd.path.length > 1) promoted = fd;
      omitEmpty = fd.omitempty;
      omitzero = fd.omitzero;
    }
    if (!plain && !isWellFormed(name)) return null;
    const enc = c.compile(ft, c);
    if (enc === null) return null;
    let key: string;
    let keyBytes: Uint8Array | undefined;
    if (plain || PLAIN_NAMES.test(name)) key = `,"${name}":`;
    else {
      pol ??= quotePolicyFor(c.o);
      key = quotedKey(name, pol);
      keyBytes = textEncoder.encode(key);
    }
    // omitempty: json/v2's (the written value is empty) or v1's legacy one (the Go value is).
    const legacy = omitEmpty && legacyOmitEmpty;
    table[i] = {
      goName,
      type: ft,
      promoted,
      enc,
      key,
      keyBytes,
      isZero: omitzero || f.omitZeroStructFields ? zeroTest(ft) : undefined,
      omitempty: omitEmpty && !legacy,
      legacyOmit: legacy ? legacyTest(ft) : undefined,
    };
    elems[i] = !wide && ft.kind === "pointer" ? (c.compile(ft.elem, c) ?? undefined) : undefined;
  }
  const writer = tableWriter(table);
  // Wide structs keep the table (generated code, and V8's first compile of it, grow per field).
  if (wide) return writer;
  const mode = c.mode;
  return tiered(writer, () => generateStruct(table, elems, mode));
}

/**
 * The generated writer of a struct (null: code generation refused, the table writer serves it).
 * The output buffer and position stay in locals (`b`, `p`, and `d`, the buffer's DataView) from
 * field to field; w.pos is written only before a call that writes (a string, a nested value) and
 * read back after it. Room is made once for a run of fields (member names with integers, floats,
 * booleans or nulls after them: bounded sizes), up to and including the next field whose value a
 * call writes; a rare call inside a run (a bigint past 2^53) makes room again for the rest of it.
 * Strings are written by the options' string writer called directly (mode: its escaping).
 */
function generateStruct(
  table: readonly WriterField[],
  elems: readonly (ByteEncoder | undefined)[],
  mode: number,
): ByteEncoder | null {
  const fields: WField[] = [];
  const keys: Uint8Array[] = [];
  const pieces: CodePiece[] = [];
  for (let i = 0; i < table.length; i++) {
    const tf = table[i] as WriterField;
    const ft = tf.type;
    const omitzero = tf.isZero !== undefined;
    const legacyOmit = tf.legacyOmit;
    const pe = elems[i];
    // Generated children are called directly (not through their tiering step); a pointer
    // field with its pointee's encoder writes the pointer itself (E unused: left tiered).
    const elem = pe === undefined ? undefined : direct(pe);
    fields.push({ enc: elem === undefined ? direct(tf.enc) : tf.enc, elem, isZero: tf.isZero, legacyOmit });
    const pf = tf.promoted;
    let get = "v";
    let cond = "";
    let hops = "";
    if (pf !== null) {
      const path = pf.path;
      for (let j = 0; j < path.length - 1; j++) {
        get += `[${JSON.stringify(path[j])}]`;
        // A nil embedded pointer leaves its fields out; a missing (or null non-pointer) embedded struct bails.
        if ((pf.hopTypes[j] as GoType).kind === "pointer") {
          hops += `${cond === "" ? "" : `if (${cond}) `}if (${get} === undefined) BAILF();\n`;
          cond += `${cond === "" ? "" : " && "}${get} !== null`;
        } else hops += `${cond === "" ? "" : `if (${cond}) `}if (${get} == null) BAILF();\n`;
      }
      get += `[${JSON.stringify(path[path.length - 1])}]`;
    } else get += `[${JSON.stringify(tf.goName)}]`;
    const k = ft.kind;
    const value = valueCode(ft, i, elem !== undefined, mode);
    // A missing field (undefined) must not pass as nil or zero where an `any` writer or an omit test would take it.
    let code = `x = ${get};\n${k === "interface" || omitzero || legacyOmit ? "if (x === undefined) BAILF();\n" : ""}`;
    // The omit tests of plain kinds inline (the same tests as isZero and legacyEmpty), others by a call.
    let test = omitzero ? `!${zeroCode(ft) ?? `Z${i}(x)`}` : "";
    if (legacyOmit) {
      const empty = legacyEmptyCode(ft);
      // A struct is never empty to v1.
      if (empty !== "false") test += `${test === "" ? "" : " && "}!${empty ?? `L${i}(x)`}`;
    }
    // json/v2's omitempty: a string is empty when it is "" (written `""`); numbers and booleans
    // never are; any other value is written, then taken back when its text is null, {} or [].
    const emptyText = tf.omitempty && k !== "string" && !canNeverBeEmpty(k);
    if (tf.omitempty && k === "string") test += `${test === "" ? "" : " && "}x !== ""`;
    const key = keyBytesOf(tf);
    const put = `${emptyText ? "s = p;\n" : ""}${keyStore(key, keys)}${emptyText ? "e = p;\n" : ""}${value.code}${
      emptyText ? "if (EMPTY(b, e, p)) p = s;\n" : ""
    }`;
    code += test === "" ? put : `if (${test}) {\n${put}}\n`;
    pieces.push({
      code: `${hops}${cond === "" ? code : `if (${cond}) {\n${code}}\n`}`,
      room: key.length + value.room,
      call: value.call,
    });
  }
  // Every member is written `,"name":value`; the first comma is then turned into the `{`.
  pieces.push({
    code: `if (p === o) {\n${storeBytesCode(BRACES)}} else {\nb[o] = 0x7b;\nb[p++] = 0x7d;\n}\n`,
    room: 2,
    call: false,
  });
  const body = joinPieces(pieces);
  let head = "";
  fields.forEach((x, i) => {
    head += `const E${i} = F[${i}].enc;\n`;
    if (x.elem) head += `const P${i} = F[${i}].elem;\n`;
    if (x.isZero) head += `const Z${i} = F[${i}].isZero;\n`;
    if (x.legacyOmit) head += `const L${i} = F[${i}].legacyOmit;\n`;
  });
  const src = `"use strict";\n${head}return function writeStruct(w, v) {\nif (v === null || typeof v !== "object" || Array.isArray(v) || ++w.depth > MAX) BAILF();\nlet x, s, e, hi;\nlet b = w.buf;\nlet p = w.pos;\nconst o = p;\nlet d = b === DV.b ? DV.v : VIEW(b);\n${body}w.pos = p;\nw.depth--;\n};`;
  try {
    return new Function(
      "F",
      "K",
      "MAX",
      "BAILF",
      "EMPTY",
      "S",
      "N",
      "I53",
      "F64",
      "L",
      "W",
      "BIG",
      "DV",
      "VIEW",
      "U31",
      src,
    )(
      fields,
      keys,
      FAST_MAX_DEPTH,
      bail,
      isEmptyText,
      mode === 0 ? writeStringV2 : writeStringEscaped,
      NUM_IN,
      writeInt53In,
      writeFloat64ShortIn,
      I64,
      I64_WORDS,
      writeBigText,
      outView,
      viewOf,
      putUint31,
    ) as ByteEncoder;
  } catch {
    // Code generation refused (a Content-Security-Policy): the shadow path serves this type.
    return null;
  }
}

const BRACES = new Uint8Array([0x7b, 0x7d]);

/** go-values.ts isZero(t, x) as an expression of x for a plain kind (undefined: call it). */
function zeroCode(t: GoType): string | undefined {
  if (t.known !== undefined) return undefined;
  switch (t.kind) {
    case "bool":
      return "(x === false)";
    case "string":
      return '(x === "")';
    case "slice":
    case "map":
    case "pointer":
    case "interface":
      return "(x === null || x === undefined)";
    case "array":
    case "struct":
      return undefined;
    default:
      return "(x === 0 || x === 0n)";
  }
}

/** marshal-fast-checks.ts legacyEmpty(t, x) as an expression of x (undefined: call it). */
function legacyEmptyCode(t: GoType): string | undefined {
  switch (t.kind) {
    case "bool":
      return "(x === false)";
    case "string":
      return '(x === "")';
    case "pointer":
    case "interface":
      return "(x === null)";
    case "array":
      return t.len === 0 ? "true" : "false";
    case "struct":
      return "false";
    case "int":
    case "int64":
    case "uint":
    case "uint64":
    case "uintptr":
      return "(x === 0n)";
    case "slice":
    case "map":
      return undefined;
    default:
      return "(x === 0)";
  }
}

/** Whether every value of kind k is written as a number or boolean (never empty text for omitempty). */
function canNeverBeEmpty(k: string): boolean {
  return k === "bool" || k === "float64" || k === "float32" || isIntKind(k);
}

/** Member names (with their separators) up to this many bytes are written by constant stores in the generated code. */
const INLINE_NAME = 48;

/** Code storing member name k (with its separators) at p, in room made before: constant stores, or a copy of K[n] (added to keys). */
function keyStore(k: Uint8Array, keys: Uint8Array[]): string {
  if (k.length <= INLINE_NAME) return storeBytesCode(k);
  keys.push(k);
  return `for (let j = 0, k = K[${keys.length - 1}]; j < ${k.length}; j++) b[p + j] = k[j];\np += ${k.length};\n`;
}

/** storeBytes of ASCII text t. */
function storeText(t: string): string {
  return storeBytesCode(textEncoder.encode(t));
}

/**
 * Code writing the value in x of a field of type ft (its index i) at p, right after its name: its
 * bytes of room (at most; made before), and whether a call writes it (a string, an `any` but
 * null, a nested value). Integers, float64s, booleans and the null of a pointer or an `any` are
 * stored there; a bigint below 2^53 in magnitude is read through an int64 store (no Number call).
 */
function valueCode(
  ft: GoType,
  i: number,
  pointee: boolean,
  mode: number,
): { room: number; code: string; call: boolean } {
  const k = ft.kind;
  const sv = scalarCode(k, mode);
  if (sv !== undefined) return sv;
  if (k === "interface")
    return {
      room: 4,
      code: `if (x === null) {\n${storeText("null")}} else {\nw.pos = p;\nE${i}(w, x);\n${AFTER_CALL}}\n`,
      call: true,
    };
  if (k === "pointer" && pointee) {
    const inner = scalarCode(ft.elem.kind, mode) ?? {
      room: 0,
      code: `if (x === undefined) BAILF();\nw.pos = p;\nP${i}(w, x);\n${AFTER_CALL}`,
      call: true,
    };
    return {
      room: Math.max(inner.room, 4),
      code: `if (x === null) {\n${storeText("null")}} else {\n${inner.code}}\n`,
      call: inner.call,
    };
  }
  return { room: 0, code: `w.pos = p;\nE${i}(w, x);\n${AFTER_CALL}`, call: true };
}

/** valueCode of a string, bool, float64 or integer kind k (they check x's JS type themselves); undefined for other kinds. */
function scalarCode(k: string, mode: number): { room: number; code: string; call: boolean } | undefined {
  if (k === "string")
    return {
      room: 0,
      code: `if (typeof x !== "string") BAILF();\nw.pos = p;\nS(w, x${mode === 0 ? "" : `, ${mode}`});\n${AFTER_CALL}`,
      call: true,
    };
  if (k === "bool")
    return {
      room: 5,
      code: `if (x === true) {\n${storeText("true")}} else if (x === false) {\n${storeText("false")}} else BAILF();\n`,
      call: false,
    };
  if (k === "float64")
    // Go's shortest digits (-0 as "-0"); small integers and short decimals by writeFloat64ShortIn's own paths.
    return {
      room: FLOAT64_MAX_BYTES,
      code: 'if (typeof x !== "number" || x - x !== 0) BAILF();\nN[0] = x;\np = F64(b, p);\n',
      call: false,
    };
  if (isSmallIntKind(k))
    return {
      room: INT53_MAX_BYTES,
      // 0 <= x < 2^31 (every value of most kinds): four digits a store (putUint31).
      code: `if (!${smallIntCode(k, "x")}) BAILF();\nif (x >= 0 && (x | 0) === x) p = U31(b, d, p, x);\nelse {\nN[0] = x;\np = I53(b, p);\n}\n`,
      call: false,
    };
  if (isIntKind(k)) return { room: INT53_MAX_BYTES, code: bigCode(isUnsignedKind(k)), call: false };
  return undefined;
}

/**
 * Code writing bigint x of a 64-bit integer kind: out of the kind's range it bails; below 2^53 in
 * magnitude its digits are written from its int64 words; larger ones as their text by a call
 * (room for the rest of the run made again after it).
 */
function bigCode(unsigned: boolean): string {
  const fits = unsigned ? "BigInt.asUintN(64, x) !== x" : "BigInt.asIntN(64, x) !== x";
  // hi in (-2^21, 2^21): |x| < 2^53, exact as a double (unsigned: hi >= 0, so also below 2^63).
  const small = unsigned ? "hi >= 0 && hi < 2097152" : "hi > -2097152 && hi < 2097152";
  // hi 0 and the low word non-negative: 0 <= x < 2^31, written by putUint31.
  return `if (typeof x !== "bigint" || ${fits}) BAILF();\nL[0] = x;\nhi = W[${HI_WORD}];\nif (hi === 0 && W[${LO_WORD}] >= 0) p = U31(b, d, p, W[${LO_WORD}]);\nelse if (${small}) {\nN[0] = hi * 4294967296 + (W[${LO_WORD}] >>> 0);\np = I53(b, p);\n} else {\nw.pos = p;\nBIG(w, x);\n${AFTER_CALL}${REST}}\n`;
}

/** Writes bigint x of a 64-bit kind, checked to be in the kind's range, as its text. */
function writeBigText(w: FastWriter, x: bigint): void {
  w.ascii(String(x));
}
