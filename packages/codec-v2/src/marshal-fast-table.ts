/**
 * The table-driven struct encoders of the fast marshal path, for structs wider than the
 * generated code serves (its size, and V8's first compile of it, grow with the field count):
 * one loop over a field table, with the same output and the same bails as the generated
 * writer (marshal-fast-write.ts) and shadow builder (marshal-fast.ts).
 */
import type { GoType } from "@gojson/gotype";
import type { FastWriter } from "@gojson/jsontext/internal";
import type { FieldV2 } from "./fields.js";
import { bail, FAST_MAX_DEPTH, fs, isEmptyShadow, setOwn } from "./marshal-fast-shadow.js";

/** Structs wider than this take the table-driven encoders. */
export const CODEGEN_MAX_FIELDS = 128;

/** A compiled byte encoder: writes the JSON of v, or throws BAIL. */
export type ByteEncoder = (w: FastWriter, v: any) => void;

/** Whether bytes b[s:e] are an empty JSON value: null, "", {} or [] (json/v2's omitempty). */
export function isEmptyText(b: Uint8Array, s: number, e: number): boolean {
  const n = e - s;
  if (n === 2) {
    const x = b[s] as number;
    const y = b[s + 1] as number;
    return (x === 0x22 && y === 0x22) || (x === 0x7b && y === 0x7d) || (x === 0x5b && y === 0x5d);
  }
  return n === 4 && b[s] === 0x6e && b[s + 1] === 0x75 && b[s + 2] === 0x6c && b[s + 3] === 0x6c;
}

/** Where a field's value is: its Go property path (embedded structs first) and which hops are pointers. */
interface FieldPath {
  readonly path: readonly string[];
  readonly hopPointer: readonly boolean[];
}

function fieldPath(f: FieldV2): FieldPath {
  const path = f.path.length === 1 ? [f.goName] : f.path;
  return { path, hopPointer: f.hopTypes.slice(0, path.length - 1).map((h: GoType) => h.kind === "pointer") };
}

/** Not present: a nil embedded pointer on the path leaves the field out. */
const ABSENT: unique symbol = Symbol("gojson.v2.absentField");

/** The field's value in v; bails on a missing (or null non-pointer) embedded struct on the way. */
function fieldValue(v: any, fp: FieldPath): unknown {
  const path = fp.path;
  let x = v;
  const last = path.length - 1;
  for (let j = 0; j < last; j++) {
    x = x[path[j] as string];
    if (fp.hopPointer[j] === true) {
      if (x === undefined) bail();
      if (x === null) return ABSENT;
    } else if (x == null) bail();
  }
  return x[path[last] as string];
}

/** One field of the table-driven byte writer. */
export interface WriterField {
  /** The Go property a direct field is read from. */
  readonly goName: string;
  readonly type: GoType;
  /** A field promoted from an embedded struct (its Go path and hop types); null for a direct field. */
  readonly promoted: FieldV2 | null;
  readonly enc: ByteEncoder;
  /** `,"name":`, the name quoted as the options quote it. */
  readonly key: string;
  /** The key's UTF-8 bytes where it is not plain ASCII (written as ASCII otherwise). */
  readonly keyBytes: Uint8Array | undefined;
  readonly isZero: ((v: unknown) => boolean) | undefined;
  /** json/v2's omitempty (the written value is empty). */
  readonly omitempty: boolean;
  /** v1's omitempty (OmitEmptyWithLegacySemantics: the Go value is empty). */
  readonly legacyOmit: ((v: unknown) => boolean) | undefined;
}

/** The byte writer of a struct from its field table (every field served by the byte path). */
export function tableWriter(fields: readonly WriterField[]): ByteEncoder {
  const n = fields.length;
  // Paths only for promoted fields (a direct field is one property read).
  let paths: (FieldPath | undefined)[] | undefined;
  for (let i = 0; i < n; i++) {
    const pf = (fields[i] as WriterField).promoted;
    if (pf !== null) {
      paths ??= new Array<FieldPath | undefined>(n);
      paths[i] = fieldPath(pf);
    }
  }
  return (w, v) => {
    if (v === null || typeof v !== "object" || Array.isArray(v) || ++w.depth > FAST_MAX_DEPTH) bail();
    const o = w.pos;
    for (let i = 0; i < n; i++) {
      const fd = fields[i] as WriterField;
      const fp = paths === undefined ? undefined : paths[i];
      const x = fp === undefined ? v[fd.goName] : fieldValue(v, fp);
      if (x === ABSENT) continue;
      // A missing field (undefined) must not pass as nil or zero where an `any` writer or the omitzero test would take it.
      if (
        x === undefined &&
        (fd.type.kind === "interface" || fd.isZero !== undefined || fd.legacyOmit !== undefined)
      )
        bail();
      if (fd.isZero?.(x) === true) continue;
      if (fd.legacyOmit?.(x) === true) continue;
      const s = w.pos;
      if (fd.keyBytes === undefined) w.ascii(fd.key);
      else w.raw(fd.keyBytes);
      const e = w.pos;
      fd.enc(w, x);
      if (fd.omitempty && isEmptyText(w.buf, e, w.pos)) w.pos = s;
    }
    // Every member was written `,"name":value`; the first comma becomes the `{`.
    if (w.pos === o) {
      w.byte(0x7b);
      w.byte(0x7d);
    } else {
      w.buf[o] = 0x7b;
      w.byte(0x7d);
    }
    w.depth--;
  };
}

/** One field of the table-driven shadow builder (marshal-fast.ts's FastField). */
export interface ShadowField {
  readonly f: FieldV2;
  readonly sh: (v: any) => unknown;
  readonly isZero: ((v: unknown) => boolean) | undefined;
  readonly omitempty: boolean;
  readonly legacyOmit: ((v: unknown) => boolean) | undefined;
}

/** The shadow builder of a struct from its field table. */
export function tableShadow(fields: readonly ShadowField[]): (v: any) => unknown {
  const n = fields.length;
  const paths = fields.map((x) => fieldPath(x.f));
  const noUndefined = fields.map(
    (x) => x.f.type.kind === "interface" || x.isZero !== undefined || x.legacyOmit !== undefined,
  );
  return (v) => {
    if (v === null || typeof v !== "object" || Array.isArray(v) || ++fs.depth > FAST_MAX_DEPTH) bail();
    const o: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      const fd = fields[i] as ShadowField;
      const x = fieldValue(v, paths[i] as FieldPath);
      if (x === ABSENT) continue;
      if (x === undefined && noUndefined[i] === true) bail();
      if (fd.isZero?.(x) === true) continue;
      if (fd.legacyOmit?.(x) === true) continue;
      const s = fd.sh(x);
      if (fd.omitempty && isEmptyShadow(s)) continue;
      setOwn(o, fd.f.name, s);
    }
    fs.depth--;
    return o;
  };
}
