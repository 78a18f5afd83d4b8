/**
 * Structs, marshal and unmarshal: the fields of fields.ts with their options (omitzero, omitempty,
 * string, format, case matching), embedded pointers, unknown members, and the deep-path frames.
 * Go: arshal_default.go's struct arshaler.
 */

import type { GoType, StructType } from "@gojson/gotype";
import type { Kind } from "@gojson/jsontext";
import { utf8Length } from "@gojson/jsontext/internal";
import { fallbackEncoder, fallbackNameCheck, rawFallbackHead } from "./arshal-inlined.js";
import {
  ERR_AMBIGUOUS_NAME,
  ERR_DUPLICATE_NAME,
  ERR_NIL_FIELD,
  ERR_RAW_INLINED_NOT_OBJECT,
  ERR_UNKNOWN_NAME,
  escapePointerToken,
  partialOf,
  prefixMarshalPointer,
  prefixPointer,
  SemanticError,
  setPartial,
  syntacticError,
} from "./errors.js";
import { type FieldV2, foldName, foldNameLegacy, structFieldsV2 } from "./fields.js";
import { isZero, lookupMethod, zero } from "./go-values.js";
import { type InvalidValueError, invalidValue, missingField } from "./invalid-value.js";
import { compileEncoder, type MarshalMode } from "./marshal-compile.js";
import { DEEP_AFTER, type Enc, encodeDeep, type MFrame, ms, openContainer } from "./marshal-deep.js";
import { marshalErr, q } from "./marshal-support.js";
import type { ResolvedOptions } from "./options.js";
import type { Reader } from "./reader.js";
import { canLegacyStringify } from "./string-tag.js";
import { compileDecoder, NO_UNMARSHAL_MODE, type UnmarshalMode } from "./unmarshal-compile.js";
import { DEEP_AFTER as DEEP_DECODE_AFTER, type Dec, decodeDeep, UFrame } from "./unmarshal-deep.js";
import { fail, mismatch, readName } from "./unmarshal-support.js";

/** Whether a marshaled text is an empty JSON value (null, "", {}, []). */
function isEmptyJSON(s: string): boolean {
  return s === "null" || s === '""' || s === "{}" || s === "[]";
}

function legacyEmpty(t: GoType, v: unknown): boolean {
  // Exact on the value's JS type: a value of the wrong type is never empty (it is encoded, and fails).
  switch (t.kind) {
    case "bool":
      return v === false;
    case "string":
      // json.Number is a string kind: its empty literal is empty.
      return v === "" || (t.known === "json.Number" && (v as { text?: unknown } | null)?.text === "");
    case "slice":
      return v === null || ((Array.isArray(v) || v instanceof Uint8Array) && v.length === 0);
    case "map":
      return v === null || (v instanceof Map && v.size === 0);
    case "array":
      return t.len === 0;
    case "pointer":
    case "interface":
      return v === null;
    case "struct":
      return false;
    case "int":
    case "int64":
    case "uint":
    case "uint64":
    case "uintptr":
      return v === 0n;
    default:
      return v === 0;
  }
}

function getPath(obj: any, path: readonly string[]): { ok: boolean; v: any } {
  let cur = obj;
  for (let i = 0; i < path.length - 1; i++) {
    cur = cur[path[i] as string];
    if (cur === null || cur === undefined) return { ok: false, v: undefined };
  }
  return { ok: true, v: cur[path[path.length - 1] as string] };
}

/** Returned by fieldValue for a field behind a nil embedded pointer (left out, as Go does). */
const SKIP: unique symbol = Symbol("skip");

/**
 * fieldValue returns the value of field fd of struct value v, or SKIP when a nil embedded pointer
 * on its path leaves it out. A missing value (undefined), or a null embedded struct that is not a
 * pointer, is an InvalidValueError (a missing field's carries no pointer segment yet: the caller adds it).
 */
function fieldValue(v: any, fd: FieldV2): unknown {
  const path = fd.path;
  let cur = v;
  for (let i = 0; i < path.length - 1; i++) {
    const next = cur[path[i] as string];
    if (next === null || next === undefined) {
      const ht = fd.hopTypes[i] as GoType;
      if (next === null && ht.kind === "pointer") return SKIP;
      const e = next === undefined ? missingField(ht) : invalidValue(ht, next);
      e.goSuffix = `.${path.slice(0, i + 1).join(".")}`;
      throw e;
    }
    cur = next;
  }
  const x = cur[path[path.length - 1] as string];
  if (x === undefined) throw missingField(fd.type);
  return x;
}

/** Whether v can be the value of a struct (a non-null object, not an array). */
function isStructValue(v: unknown): boolean {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function structEncoder(t: StructType, o: ResolvedOptions, m: MarshalMode): Enc {
  const f = o.flags;
  const sf = structFieldsV2(t, o.goVersion);
  // Go 1.27's unsupported `format` option is reported even under legacy error reporting.
  const structErr =
    (sf.error && !f.reportErrorsWithLegacySemantics ? sf.error : undefined) ?? sf.unsupportedFormat;
  if (structErr) {
    const err = structErr;
    return () => {
      throw marshalErr(err.type, err.text);
    };
  }
  const plan: FieldPlan[] = sf.fields.map((fd) => {
    // A field reached through an embedded pointer is addressable (Go dereferences the pointer).
    const addr = m.addr || fd.hopTypes.some((h) => h.kind === "pointer");
    const enc = compileEncoder(
      fd.type,
      o,
      o.rules.stringTagTopLevel
        ? // Go 1.27: the option travels as StringTag, resolved by the type it reaches (compile).
          { addr, str: m.str, legacyStr: false, tag: fd.string, format: fd.format }
        : {
            addr,
            str: m.str || (fd.string && !f.stringifyWithLegacySemantics),
            legacyStr: f.stringifyWithLegacySemantics && fd.string && canLegacyStringify(fd.type),
            tag: false,
            format: fd.format,
          },
    );
    const omitzero = fd.omitzero || f.omitZeroStructFields;
    let isZ: ((v: unknown) => boolean) | undefined;
    if (omitzero) {
      const iz =
        fd.type.known === "time.Time"
          ? undefined
          : // Go's field isZero takes the value's address (copying it when it has none), v1 semantics too.
            lookupMethod(fd.type, "IsZero", true);
      if (iz) {
        const fn = iz.call;
        isZ =
          fd.type.kind === "pointer" || fd.type.kind === "interface"
            ? (v) => v === null || v === undefined || !!fn(v)
            : (v) => !!fn(v);
      } else isZ = (v) => isZero(fd.type, v);
    }
    return {
      f: fd,
      nameText: `${q(o, fd.name)}:`,
      enc,
      isZero: isZ,
      emptyUpFront: fd.omitempty && !f.omitEmptyWithLegacySemantics ? emptyUpFront(fd.type) : undefined,
      omitempty: fd.omitempty && !f.omitEmptyWithLegacySemantics,
      legacyOmit: fd.omitempty && f.omitEmptyWithLegacySemantics,
      direct: fd.path.length === 1,
    };
  });
  const fallback = sf.fallback;
  const fbEnc = fallback && !f.discardUnknownMembers ? fallbackEncoder(fallback.type, o, m) : undefined;
  // Go checks each name from the fallback against the fields written and the names before it
  // (unless allowDuplicateNames): the ids of the fields written are collected while encoding.
  const dupCheck = fbEnc !== undefined && !f.allowDuplicateNames;
  const finishFallback = (v: any, out: string, first: boolean, seen?: Set<number>): string => {
    if (fallback && fbEnc) {
      const r = getPath(v, fallback.path);
      if (r.ok && r.v !== null && r.v !== undefined) {
        let inner: string;
        try {
          inner = fbEnc(r.v, seen ? fallbackNameCheck(sf, o, seen) : undefined);
        } catch (e) {
          // Go's newMarshalErrorBefore: the offset counts the delimiter that would come next.
          throw prefixMarshalPointer(e, undefined, first ? out : `${out},`);
        }
        if (inner !== "") return first ? out + inner : `${out},${inner}`;
      }
    }
    return out;
  };
  const enc: Enc = (v) => {
    if (!isStructValue(v)) throw invalidValue(t, v);
    if (ms.depth >= DEEP_AFTER) return encodeDeep(enc, v);
    ms.depth++;
    let out = "{";
    let first = true;
    const seen = dupCheck ? new Set<number>() : undefined;
    for (const p of plan) {
      let fv: unknown;
      if (p.direct) {
        fv = v[p.f.goName];
        if (fv === undefined) throw prefixMarshalPointer(missingField(p.f.type), p.f.name);
      } else {
        try {
          fv = fieldValue(v, p.f);
        } catch (e) {
          throw (e as InvalidValueError).goSuffix === "" ? prefixMarshalPointer(e, p.f.name) : e;
        }
        if (fv === SKIP) continue;
      }
      if (p.isZero?.(fv)) continue;
      if (p.legacyOmit && legacyEmpty(p.f.type, fv)) continue;
      if (p.emptyUpFront?.(fv)) continue;
      let s: string;
      try {
        s = p.enc(fv);
      } catch (e) {
        throw prefixMarshalPointer(e, p.f.name, out + (first ? "" : ",") + p.nameText);
      }
      if (p.omitempty && isEmptyJSON(s)) continue;
      out += first ? p.nameText : `,${p.nameText}`;
      first = false;
      out += s;
      seen?.add(p.f.id);
    }
    if (fallback) out = finishFallback(v, out, first, seen);
    ms.depth--;
    return `${out}}`;
  };
  enc.frame = (v) => {
    if (!isStructValue(v)) throw invalidValue(t, v);
    return new StructMarshalFrame(plan, v, fallback ? finishFallback : undefined, dupCheck);
  };
  return enc;
}

/** One field of a compiled struct encoder. */
interface FieldPlan {
  f: FieldV2;
  nameText: string;
  enc: Enc;
  isZero: ((v: unknown) => boolean) | undefined;
  /** omitempty known without encoding (Go's isEmpty fast path: the value is never encoded). */
  emptyUpFront: ((v: unknown) => boolean) | undefined;
  omitempty: boolean;
  legacyOmit: boolean;
  direct: boolean;
}

/**
 * emptyUpFront is Go's isEmpty shortcut for omitempty (fields.go): a string, map, slice or array
 * of length 0, or a nil pointer or interface, is left out without being encoded (so without the
 * errors encoding would raise, such as an invalid format), unless the type has its own marshaler
 * (methods, or the known types' arshalers: time, json.Number, raw values). Undefined: encode, then
 * check the output.
 */
function emptyUpFront(t: GoType): ((v: unknown) => boolean) | undefined {
  const base = t.kind === "pointer" && t.name === undefined ? t.elem : t;
  if (t.known !== undefined || (t.kind === "pointer" && base.known !== undefined)) return undefined;
  if (
    lookupMethod(t, "MarshalJSONTo", true) ||
    lookupMethod(t, "MarshalJSON", true) ||
    lookupMethod(t, "AppendText", true) ||
    lookupMethod(t, "MarshalText", true)
  )
    return undefined;
  switch (t.kind) {
    case "string":
      return (v) => v === "";
    // Exact on the value's JS type: a value of the wrong type is encoded (and fails).
    case "map":
      return (v) => v === null || (v instanceof Map && v.size === 0);
    case "slice":
      return (v) => v === null || ((Array.isArray(v) || v instanceof Uint8Array) && v.length === 0);
    case "array":
      return t.len === 0 ? () => true : undefined;
    case "pointer":
    case "interface":
      return (v) => v === null;
    default:
      return undefined;
  }
}

/** The deep-path frame of a struct. */
class StructMarshalFrame implements MFrame {
  ce!: Enc;
  cv: unknown;
  private out = "{";
  private first = true;
  private i = 0;
  private p: FieldPlan | undefined;
  private readonly seen: Set<number> | undefined;
  constructor(
    private readonly plan: FieldPlan[],
    private readonly v: any,
    private readonly fb: ((v: any, out: string, first: boolean, seen?: Set<number>) => string) | undefined,
    dupCheck: boolean,
  ) {
    openContainer();
    this.seen = dupCheck ? new Set<number>() : undefined;
  }
  next(): boolean {
    const plan = this.plan;
    const v = this.v;
    while (this.i < plan.length) {
      const p = plan[this.i++] as FieldPlan;
      let fv: unknown;
      if (p.direct) {
        fv = v[p.f.goName];
        if (fv === undefined) {
          // The deep path prefixes the field's pointer segment (seg()) as the error unwinds.
          this.p = p;
          throw missingField(p.f.type);
        }
      } else {
        try {
          fv = fieldValue(v, p.f);
        } catch (e) {
          // A missing embedded struct is reported at the struct itself (no field segment).
          this.p = (e as InvalidValueError).goSuffix === "" ? p : undefined;
          throw e;
        }
        if (fv === SKIP) continue;
      }
      if (p.isZero?.(fv)) continue;
      if (p.legacyOmit && legacyEmpty(p.f.type, fv)) continue;
      if (p.emptyUpFront?.(fv)) continue;
      this.p = p;
      this.ce = p.enc;
      this.cv = fv;
      return true;
    }
    return false;
  }
  put(s: string): void {
    const p = this.p as FieldPlan;
    if (p.omitempty && isEmptyJSON(s)) return;
    this.out += this.first ? p.nameText : `,${p.nameText}`;
    this.first = false;
    this.out += s;
    this.seen?.add(p.f.id);
  }
  finish(): string {
    let out = this.out;
    if (this.fb) out = this.fb(this.v, out, this.first, this.seen);
    ms.depth--;
    return `${out}}`;
  }
  seg(): string | undefined {
    return this.p?.f.name;
  }
  offset(): number {
    const p = this.p;
    if (p === undefined) return utf8Length(this.out);
    return utf8Length(this.out) + (this.first ? 0 : 1) + utf8Length(p.nameText);
  }
}

export function structDecoder(t: StructType, o: ResolvedOptions, m: UnmarshalMode): Dec {
  const f = o.flags;
  const sf = structFieldsV2(t, o.goVersion);
  // Go reports a structural error only for a JSON object (null zeroes, other kinds mismatch);
  // Go 1.27's unsupported `format` option even under legacy reporting.
  const structErr =
    (sf.error && !f.reportErrorsWithLegacySemantics ? sf.error : undefined) ?? sf.unsupportedFormat;
  interface P {
    fd: FieldV2;
    dec: Dec;
    ci: boolean;
    /** Position in `all`. */
    idx: number;
    /** Whether plans.get(fd.name) is this plan (the member-order guess may use it). */
    unique: boolean;
  }
  const plans = new Map<string, P>();
  const all: P[] = [];
  for (const fd of sf.fields) {
    // Go's canLegacyStringify: bool, numbers and strings, or a pointer to one.
    const p: P = {
      fd,
      dec: compileDecoder(fd.type, o, fieldMode(fd, o, m)),
      ci: fd.caseMode === "ignore" || (f.matchCaseInsensitiveNames && fd.caseMode !== "strict"),
      idx: all.length,
      unique: false,
    };
    plans.set(fd.name, p);
    all.push(p);
  }
  for (const p of all) p.unique = plans.get(p.fd.name) === p;
  // Members usually come in field order: the field after the last one matched is tried first.
  let guess = 0;
  const fold = f.matchCaseSensitiveDelimiter ? foldNameLegacy : foldName;
  const folded = new Map<string, P[]>();
  for (const p of all) {
    if (!p.ci) continue;
    const k = fold(p.fd.name);
    const l = folded.get(k);
    if (l) l.push(p);
    else folded.set(k, [p]);
  }
  // Go's precedence among names that fold alike is breadth-first (the field id), not declaration order.
  for (const l of folded.values()) if (l.length > 1) l.sort((a, b) => a.fd.id - b.fd.id);
  const anyFold = folded.size > 0;
  const ambiguous = o.rules.ambiguousNames && !f.reportErrorsWithLegacySemantics;
  const nf = all.length;
  const dups = !f.allowDuplicateNames;
  const reject = f.rejectUnknownMembers;
  const fallback = sf.fallback;
  // Go also accepts a pointer to the map (*map[string]T, allocated on the first unknown member);
  // in TypeScript *T is T | null. The values are decoded under the struct's flags (Go passes its
  // options on: StringifyNumbers, from the option or an enclosing `string` field, applies to them).
  const fbMap =
    fallback && fallback.type.kind === "pointer" && fallback.type.name === undefined
      ? fallback.type.elem
      : fallback?.type;
  const fbType = fbMap && fbMap.kind === "map" ? fbMap.elem : undefined;
  const fbDec = fbType ? compileDecoder(fbType, o, { ...NO_UNMARSHAL_MODE, str: m.str }) : undefined;
  /**
   * getHolder returns the struct that holds the last field of `path`, allocating nil embedded
   * pointers on the way, or undefined where Go cannot allocate one (`blocked`: unexported).
   */
  const getHolder = (
    obj: any,
    path: readonly string[],
    hops: readonly GoType[],
    blocked?: readonly boolean[],
  ): any => {
    let h = obj;
    for (let i = 0; i < path.length - 1; i++) {
      const k = path[i] as string;
      let nx = h[k];
      if (nx === null || nx === undefined) {
        if (blocked?.[i]) return undefined;
        const ht = hops[i] as GoType;
        nx = zero(ht.kind === "pointer" ? ht.elem : ht);
        h[k] = nx;
      }
      h = nx;
    }
    return h;
  };
  /** lookupField returns the plan of member `name` (read at `start`), reporting a duplicate folded name. */
  const lookupField = (
    r: Reader,
    name: string,
    start: number,
    seen: Uint8Array | undefined,
  ): P | undefined => {
    const g = all[guess];
    let p = g?.unique && g.fd.name === name ? g : plans.get(name);
    if (p !== undefined) guess = p.idx + 1;
    if (p === undefined && anyFold) {
      const l = folded.get(fold(name));
      if (l) {
        // Go 1.27: several fields match without an exact one (v1 semantics take the first).
        if (l.length > 1 && ambiguous)
          throw new SemanticError({
            action: "unmarshal",
            jsonKind: '"',
            goType: t,
            byteOffset: r.valueStart(start),
            jsonPointer: `/${escapePointerToken(name)}`,
            cause: ERR_AMBIGUOUS_NAME,
          });
        p = l[0];
      }
    }
    if (p !== undefined && seen) {
      const id = p.fd.id;
      if (seen[id] === 1) throw syntacticError(ERR_DUPLICATE_NAME, r.valueStart(start), r.d.stackPointer());
      seen[id] = 1;
    }
    return p;
  };
  /**
   * nilField reports a member whose field sits behind a nil embedded pointer Go cannot allocate
   * (an unexported struct type): Go's errNilField, placed before the value (newUnmarshalErrorBefore;
   * only legacy reporting records the value's kind), then the value is skipped under legacy reporting.
   */
  const nilField = (r: Reader, obj: any, name: string): void => {
    const d = r.d;
    const e = new SemanticError({
      action: "unmarshal",
      jsonKind: f.reportErrorsWithLegacySemantics ? d.peekKind() : "",
      goType: t,
      byteOffset: r.valueStart(d.inputOffset),
      jsonPointer: `/${escapePointerToken(name)}`,
      cause: ERR_NIL_FIELD,
    });
    fail(r, o, e, true, obj);
  };
  /** unknownMember handles the value of a member that names no field (reject, fallback, or skip). */
  const unknownMember = (r: Reader, obj: any, name: string, start: number): void => {
    const d = r.d;
    // Go rejects unknown names unless an `inline` fallback takes them; legacy reporting records
    // the error and still stores (or skips) the value.
    if (reject && (!fallback || fallback.unknown)) {
      const e = new SemanticError({
        action: "unmarshal",
        jsonKind: '"',
        goType: t,
        byteOffset: r.valueStart(start),
        jsonPointer: `/${escapePointerToken(name)}`,
        cause: ERR_UNKNOWN_NAME,
      });
      fail(r, o, e, false, obj);
    }
    try {
      if (fallback) {
        const h = getHolder(obj, fallback.path, fallback.hopTypes);
        const fk = fallback.path[fallback.path.length - 1] as string;
        if (fbDec) {
          let mp: Map<string, unknown> | null = h[fk];
          if (!(mp instanceof Map)) {
            mp = new Map();
            h[fk] = mp;
          }
          const base = mp.has(name) ? mp.get(name) : zero(fbType as GoType);
          try {
            mp.set(name, fbDec(r, base));
          } catch (e) {
            // Go stores the entry (what the value holds so far) before it returns the error.
            mp.set(name, partialOf(e, base));
            throw e;
          }
        } else {
          const prev: Uint8Array | string | null = h[fk];
          const head = rawFallbackHead(prev);
          if (head === undefined) {
            // Go: newUnmarshalErrorAfterWithSkipping at the member name (its legacy "skipping"
            // skips nothing here and desynchronizes Go's reader; skipping the value is its intent).
            const e = new SemanticError({
              action: "unmarshal",
              jsonKind: '"',
              goType: fallback.type.kind === "pointer" ? fallback.type.elem : fallback.type,
              byteOffset: r.valueStart(start),
              cause: ERR_RAW_INLINED_NOT_OBJECT,
            });
            fail(r, o, e, true, obj);
            return;
          }
          // The member as written: the name's quoted bytes, ':', then the value's exact bytes.
          const qname = r.buf.subarray(r.valueStart(start), d.inputOffset);
          let val: Uint8Array;
          try {
            val = d.readValue();
          } catch (e) {
            // Go appended the name and ':' before it read the value: the fallback keeps them.
            const part = new Uint8Array(head.length + qname.length + 1);
            part.set(head, 0);
            part.set(qname, head.length);
            part[part.length - 1] = 0x3a;
            h[fk] = part;
            throw e;
          }
          const out = new Uint8Array(head.length + qname.length + 1 + val.length + 1);
          out.set(head, 0);
          out.set(qname, head.length);
          out[head.length + qname.length] = 0x3a;
          out.set(val, head.length + qname.length + 1);
          out[out.length - 1] = 0x7d;
          h[fk] = out;
        }
      } else d.skipValue();
    } catch (e) {
      prefixPointer(e, name);
      throw e;
    }
  };
  /** begin reads `{` and returns the destination object (Go reports a structural error here). */
  const begin = (r: Reader, cur: any): any => {
    const d = r.d;
    const start0 = d.inputOffset;
    d.readBeginObject();
    if (structErr)
      throw new SemanticError({
        action: "unmarshal",
        jsonKind: "{",
        goType: structErr.type,
        byteOffset: r.valueStart(start0),
        cause: structErr.text,
      });
    return cur !== null && typeof cur === "object" ? cur : (zero(t) as Record<string, unknown>);
  };
  // Names that fold to an already-seen field are duplicates too (exact repeats are the decoder's).
  const trackSeen = dups && anyFold && nf > 0;
  const dec: Dec = (r, cur) => {
    const d = r.d;
    const k0 = d.peekKind();
    if (k0 === "{" && structErr && f.reportErrorsWithLegacySemantics) {
      // Go 1.27 (unsupported `format` under v1 semantics): the error is recorded after `{` and the
      // caller carries on from inside this object, as Go's does (its members are read as the caller's).
      const start0 = d.inputOffset;
      d.readBeginObject();
      const e = new SemanticError({
        action: "unmarshal",
        jsonKind: "{",
        goType: structErr.type,
        byteOffset: r.valueStart(start0),
        cause: structErr.text,
      });
      return fail(r, o, e, false, cur);
    }
    if (k0 === "{") {
      if (d.stackDepth >= DEEP_DECODE_AFTER) return decodeDeep(r, dec, cur);
      const obj = begin(r, cur);
      const seen = trackSeen ? new Uint8Array(nf) : undefined;
      let k: Kind;
      try {
        while ((k = d.peekKind()) !== "}") {
          const start = d.inputOffset;
          const name = readName(r, k);
          const p = lookupField(r, name, start, seen);
          if (p !== undefined) {
            const fd = p.fd;
            const h = fd.path.length === 1 ? obj : getHolder(obj, fd.path, fd.hopTypes, fd.hopBlocked);
            if (h === undefined) {
              nilField(r, obj, name);
              continue;
            }
            try {
              h[fd.goName] = p.dec(r, h[fd.goName]);
            } catch (e) {
              h[fd.goName] = partialOf(e, h[fd.goName]);
              prefixPointer(e, name);
              throw e;
            }
            continue;
          }
          unknownMember(r, obj, name, start);
        }
      } catch (e) {
        setPartial(e, obj);
        throw e;
      }
      d.readEndObject();
      return obj;
    }
    if (k0 === "n") {
      d.readNull();
      return f.mergeWithLegacySemantics ? cur : zero(t);
    }
    return mismatch(r, o, t, cur, k0, true);
  };
  dec.open = (r, cur) => {
    if (r.d.peekKind() !== "{" || (structErr && f.reportErrorsWithLegacySemantics)) return dec(r, cur);
    const obj = begin(r, cur);
    const seen = trackSeen ? new Uint8Array(nf) : undefined;
    return new StructUnmarshalFrame(obj, seen, lookupField, unknownMember, getHolder, nilField);
  };
  return dec;
}

/** A compiled struct field for the deep path. */
interface FieldDec {
  fd: FieldV2;
  dec: Dec;
}

/** The deep-path frame of a struct (fields are decoded in place). */
class StructUnmarshalFrame extends UFrame {
  private h: any;
  private name = "";
  private goName = "";
  constructor(
    private readonly obj: any,
    private readonly seen: Uint8Array | undefined,
    private readonly lookupField: (
      r: Reader,
      name: string,
      start: number,
      seen: Uint8Array | undefined,
    ) => FieldDec | undefined,
    private readonly unknownMember: (r: Reader, obj: any, name: string, start: number) => void,
    private readonly getHolder: (
      obj: any,
      path: readonly string[],
      hops: readonly GoType[],
      blocked?: readonly boolean[],
    ) => any,
    private readonly nilField: (r: Reader, obj: any, name: string) => void,
  ) {
    super();
  }
  next(r: Reader): boolean {
    const d = r.d;
    const obj = this.obj;
    let k: Kind;
    while ((k = d.peekKind()) !== "}") {
      const start = d.inputOffset;
      const name = readName(r, k);
      const p = this.lookupField(r, name, start, this.seen);
      if (p !== undefined) {
        const fd = p.fd;
        const h = fd.path.length === 1 ? obj : this.getHolder(obj, fd.path, fd.hopTypes, fd.hopBlocked);
        if (h === undefined) {
          this.nilField(r, obj, name);
          continue;
        }
        this.h = h;
        this.name = name;
        this.goName = fd.goName;
        this.cd = p.dec;
        this.cb = h[fd.goName];
        return true;
      }
      this.unknownMember(r, obj, name, start);
    }
    d.readEndObject();
    return false;
  }
  put(v: unknown): void {
    this.h[this.goName] = v;
  }
  finish(): unknown {
    return this.obj;
  }
  fail(e: unknown): string | undefined {
    if (this.inChild) this.h[this.goName] = partialOf(e, this.cb);
    setPartial(e, this.obj);
    return this.inChild ? this.name : undefined;
  }
}

/** The mode of a struct field's value: its `string`, `format` and `case` options applied. */
function fieldMode(fd: FieldV2, o: ResolvedOptions, m: UnmarshalMode): UnmarshalMode {
  const f = o.flags;
  if (o.rules.stringTagTopLevel)
    // Go 1.27: the option travels as StringTag, resolved by the type it reaches (compile).
    return { str: m.str, legacyStr: false, tag: fd.string, format: fd.format, caseMode: fd.caseMode };
  // Go 1.26: StringifyNumbers for the whole value, or v1's quoting of a bool, string or number.
  return {
    str: m.str || (fd.string && !f.stringifyWithLegacySemantics),
    legacyStr: f.stringifyWithLegacySemantics && fd.string && canLegacyStringify(fd.type),
    tag: false,
    format: fd.format,
    caseMode: fd.caseMode,
  };
}
