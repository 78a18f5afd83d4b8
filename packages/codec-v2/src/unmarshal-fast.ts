/**
 * The fast unmarshal path: an optimistic decoder for the common case (a fresh
 * destination, types without unmarshal methods, v2's reading rules or v1's
 * legacy ones as unmarshal-fast-v1.ts sorts them), compiled once per (Go type, options) into
 * closures that read the input's UTF-8 bytes (the syntax kernel's cursor, @gojson/jsontext/internal): plain
 * strings are sliced from the bytes as a one-char-per-byte string, the others
 * decoded one by one.
 *
 * It only ever returns a value that the exact engine (unmarshal-plan.ts)
 * returns for the same input: on anything else — a syntax error, invalid
 * UTF-8, a duplicate name, an unknown member under rejectUnknownMembers, a
 * type mismatch, an overflow, deep nesting — it gives up ({@link NO_FAST})
 * and the caller runs the exact engine, which produces Go's error, offset,
 * pointer and partial value. It never builds an error itself.
 */

import {
  type FieldStep,
  FLAT_STRING,
  type FlatFieldsV2,
  flatFieldsV2,
  type GoType,
  isIntegerKind,
  type JsonField,
  methodsVersion,
  type StructField,
  type StructType,
  structFields,
} from "@gojson/gotype";
import {
  anyValue,
  bail,
  beginArray,
  beginObject,
  beginScan,
  C,
  colon,
  END,
  fastPathSwitch,
  LBRACE,
  LBRACKET,
  listReader,
  literal,
  N,
  NO_FAST,
  nextElement,
  nextMember,
  Q,
  readFloatList,
  readNull,
  readString,
  resetAny,
  runScan,
  scanAt,
} from "@gojson/jsontext/internal";
import { foldName, foldNameLegacy } from "./fields.js";
import { isBigKind, zeroMaker } from "./go-values.js";
import type { GoRules } from "./go-version.js";
import type { BooleanOption, ResolvedOptions } from "./options.js";
import { pointerChainEnd } from "./pointer-chain.js";
import { fastParseGoInt, NUMBER_SYNTAX } from "./unmarshal-fast-int.js";
import {
  base64,
  bigIntDecoder,
  floatDecoder,
  hasUnmarshalMethod,
  isPlainFloat64,
  smallIntDecoder,
} from "./unmarshal-fast-scalars.js";
import { type StructSpec, structDecoder } from "./unmarshal-fast-struct.js";
import { V1_BAIL_ONLY, V1_COMPILED, type V1Plan, v1Plan } from "./unmarshal-fast-v1.js";

/** The switch of codec-v2's fast unmarshal (GOJSON_FAST_UNMARSHAL=0 turns it off; see fastPathSwitch). */
export const fastUnmarshal: { enabled: boolean } = fastPathSwitch("GOJSON_FAST_UNMARSHAL");

// What unmarshalFast returns when the fast path does not apply or gave up: the kernel's sentinel.
export { NO_FAST };

/**
 * A fast decoder: reads the value whose first char code is `c` (at C.p, after
 * whitespace) and returns a fresh Go value; leaves C.p just after the value.
 * `cur` is the destination's fresh zero value where there is one (a struct
 * decoder fills a zero struct in place).
 */
export type FDec = (c: number, cur?: unknown) => unknown;

/** What the fast path needs from the options (null: the options are not supported). */
interface FastOptions {
  /** matchCaseInsensitiveNames */
  readonly ci: boolean;
  /** rejectUnknownMembers */
  readonly reject: boolean;
  /** stringifyNumbers */
  readonly str: boolean;
  /** The Go release's rules (struct tags, `string`, ambiguous case-insensitive names). */
  readonly rules: GoRules;
  /** v1's legacy flags as a plan sees them (unmarshal-fast-v1.ts). */
  readonly v1: V1Plan;
  /** How a case-insensitive name folds (v1's fold under matchCaseSensitiveDelimiter). */
  readonly fold: (name: string) => string;
  readonly key: string;
}

/** Options that only affect marshaling (the fast path ignores them). */
const MARSHAL_ONLY: ReadonlySet<BooleanOption> = new Set<BooleanOption>([
  "escapeForHTML",
  "escapeForJS",
  "preserveRawStrings",
  "canonicalizeRawInts",
  "canonicalizeRawFloats",
  "reorderRawObjects",
  "multiline",
  "spaceAfterColon",
  "spaceAfterComma",
  "deterministic",
  "formatNilMapAsNull",
  "formatNilSliceAsNull",
  "omitZeroStructFields",
  "discardUnknownMembers",
  "omitEmptyWithLegacySemantics",
]);

/**
 * Options the fast path implements (v1's legacy flags as unmarshal-fast-v1.ts classifies them);
 * every other unmarshal option must be unset or false.
 */
const FAST_SUPPORTED: ReadonlySet<BooleanOption> = new Set<BooleanOption>([
  "matchCaseInsensitiveNames",
  "rejectUnknownMembers",
  "stringifyNumbers",
  ...V1_BAIL_ONLY,
  ...V1_COMPILED,
]);

const optionsCache = new WeakMap<ResolvedOptions, FastOptions | null>();

function fastOptions(o: ResolvedOptions): FastOptions | null {
  const hit = optionsCache.get(o);
  if (hit !== undefined) return hit;
  let r: FastOptions | null = null;
  let ok = true;
  for (const [k, v] of Object.entries(o.flags) as [BooleanOption, boolean][]) {
    if (v && !MARSHAL_ONLY.has(k) && !FAST_SUPPORTED.has(k)) ok = false;
  }
  if (ok) {
    const f = o.flags;
    const v1 = v1Plan(o);
    r = {
      ci: f.matchCaseInsensitiveNames,
      reject: f.rejectUnknownMembers,
      str: f.stringifyNumbers,
      rules: o.rules,
      v1,
      fold: v1.delimiter ? foldNameLegacy : foldName,
      key: `${o.goVersion}${f.matchCaseInsensitiveNames ? 1 : 0}${f.rejectUnknownMembers ? 1 : 0}${f.stringifyNumbers ? 1 : 0}${v1.key}`,
    };
  }
  optionsCache.set(o, r);
  return r;
}

/** Whether t (through unnamed pointers) is an integer or float kind without methods. */
function isNumberKind(t: GoType): boolean {
  const u = pointerChainEnd(t);
  if (u.methods || u.known !== undefined) return false;
  return /^(u?int(8|16|32|64)?|uintptr|float(32|64))$/.test(u.kind);
}

/** Whether two case-insensitively matched fields fold to the same name. */
function hasFoldedTwins(
  names: readonly string[],
  casings: readonly string[] | null,
  ci: boolean,
  fold: (name: string) => string,
): boolean {
  const seen = new Set<string>();
  for (let i = 0; i < names.length; i++) {
    const casing = casings === null ? "" : casings[i];
    if (!(casing === "ignore" || (ci && casing !== "strict"))) continue;
    const k = fold(names[i] as string);
    if (seen.has(k)) return true;
    seen.add(k);
  }
  return false;
}

/** Thrown while compiling when some part of a type is not for the fast path. */
const UNSUPPORTED: unique symbol = Symbol("gojson.v2.fastUnsupported");

let roots = new WeakMap<GoType, Map<string, FDec | null>>();
/** One compiler per options key (its lazy stubs compile into it), dropped with `roots`. */
let compilers = new Map<string, Compiler>();

function compilerFor(fo: FastOptions): Compiler {
  let c = compilers.get(fo.key);
  if (c === undefined) {
    c = new Compiler(fo);
    compilers.set(fo.key, c);
  }
  return c;
}
/** gotype's methodsVersion when `roots` was started: withMethods on a type used before drops every plan. */
let rootsAt = methodsVersion();

/** fastDecoderFor returns the fast decoder of t under o, or null when the fast path does not apply (cached). */
export function fastDecoderFor(t: GoType, o: ResolvedOptions): FDec | null {
  const fo = fastOptions(o);
  if (fo === null) return null;
  const mv = methodsVersion();
  if (mv !== rootsAt) {
    roots = new WeakMap();
    compilers = new Map();
    rootsAt = mv;
  }
  let per = roots.get(t);
  if (per === undefined) {
    per = new Map();
    roots.set(t, per);
  }
  const hit = per.get(fo.key);
  if (hit !== undefined) return hit;
  let dec: FDec | null;
  try {
    dec = compilerFor(fo).root(t, fo.str);
  } catch (e) {
    if (e !== UNSUPPORTED) throw e;
    dec = null;
  }
  per.set(fo.key, dec);
  return dec;
}

/**
 * Whether t is read as bytes (base64): []byte or [N]byte, elements of kind uint8 without methods
 * and not of a named byte type (json/v2 reads []B as []T), or of a named byte type (methods or
 * not) under formatBytesWithLegacySemantics, as the exact engine's isByteSliceToDecode.
 */
function isByteSlice(t: GoType, v1: V1Plan): boolean {
  return (
    (t.kind === "slice" || t.kind === "array") &&
    t.elem.kind === "uint8" &&
    (t.elem.name === undefined ? !t.elem.methods : v1.namedBytes)
  );
}

/**
 * Compiled eagerly below a root: composite types this many levels down, and structs until this
 * many fields were compiled. Past either, a type compiles when a value first reaches it (a chain
 * of a thousand declared types costs one type on the first call, and the compiler's recursion
 * stays this shallow whatever the depth of the type graph).
 */
const EAGER_DEPTH = 8;
const EAGER_FIELDS = 512;

/** Structs wider than this decode through the table-driven closure (generated code grows per field). */
export const CODEGEN_MAX_FIELDS = 128;

/** Whether t is compiled lazily past the eager limits (scalars are cheap and never recurse). */
function deferrable(t: GoType): boolean {
  switch (t.kind) {
    case "struct":
    case "slice":
    case "array":
    case "map":
    case "pointer":
      return true;
    default:
      return false;
  }
}

/** The decoder of a type the compiler could not serve, reached while decoding: the exact engine's. */
const GIVE_UP: FDec = () => bail();

/**
 * Compiles for one options key: decoders per (type, `string` mode), recursion through stubs,
 * types past the eager limits through lazy stubs (kept alive by the decoders that hold them).
 */
class Compiler {
  /** Decoders by type: without and with the `string` mode (a Map each: no pair per type). */
  private readonly plain = new Map<GoType, FDec>();
  private readonly quoted = new Map<GoType, FDec>();
  private depth = 0;
  private budget = EAGER_FIELDS;
  constructor(private readonly fo: FastOptions) {}

  /** The decoder of a root type (throws UNSUPPORTED when the fast path cannot serve it). */
  root(t: GoType, str: boolean): FDec {
    this.depth = 0;
    this.budget = EAGER_FIELDS;
    const dec = this.get(t, str);
    if (dec === GIVE_UP) throw UNSUPPORTED;
    return dec;
  }

  get(t: GoType, str: boolean): FDec {
    const done = str ? this.quoted : this.plain;
    const hit = done.get(t);
    // A type whose build failed fails its next holder too, as the first build did (else the fast
    // path's answer for a type would depend on what this compiler saw before).
    if (hit === GIVE_UP) throw UNSUPPORTED;
    if (hit !== undefined) return hit;
    if ((this.depth >= EAGER_DEPTH || this.budget <= 0) && deferrable(t)) return this.deferred(t, str, done);
    let real: FDec | undefined;
    // A recursive type reaches itself while it is built through a named type (Go's rule: a
    // struct, or a named slice, map or pointer): those leave a forwarding stub meanwhile. An
    // unnamed type is reached again only through one of them.
    if (t.name !== undefined || t.kind === "struct") done.set(t, (c, cur) => (real as FDec)(c, cur));
    this.depth++;
    try {
      real = this.build(t, str);
    } catch (e) {
      // Not for the fast path: decoders built meanwhile that reach t (a recursive type) give up there.
      real = GIVE_UP;
      done.set(t, GIVE_UP);
      throw e;
    } finally {
      this.depth--;
    }
    done.set(t, real);
    return real;
  }

  /** A stub that compiles t when a value first reaches it (a type it cannot serve then gives up). */
  private deferred(t: GoType, str: boolean, done: Map<GoType, FDec>): FDec {
    let real: FDec | undefined;
    const stub: FDec = (c, cur) => {
      if (real === undefined) {
        const depth = this.depth;
        const budget = this.budget;
        done.delete(t);
        try {
          real = this.root(t, str);
        } catch (e) {
          if (e !== UNSUPPORTED) throw e;
          real = GIVE_UP;
        } finally {
          this.depth = depth;
          this.budget = budget;
        }
      }
      return real(c, cur);
    };
    done.set(t, stub);
    return stub;
  }

  private build(t: GoType, str: boolean): FDec {
    if (t.known !== undefined) throw UNSUPPORTED;
    if (t.kind === "pointer") {
      // A pointer cycle (`type P *P`) reads nothing per step: the exact engine's business.
      // (Floyd's walk: a pointer type per struct type is the common case, and it meets no Set.)
      let slow: GoType = t;
      let fast: GoType = t;
      while (fast.kind === "pointer" && fast.elem.kind === "pointer") {
        slow = (slow as Extract<GoType, { kind: "pointer" }>).elem;
        fast = fast.elem.elem;
        if (slow === fast) throw UNSUPPORTED;
      }
      const elem = this.get(t.elem, str);
      return (c) => {
        if (c === N) {
          readNull(c);
          return null;
        }
        return elem(c);
      };
    }
    // A struct with no methods of its own and no embedded fields (gotype's flat lists) has none to
    // find: the three lookups are left out of a first call over many such types.
    if (
      !(t.kind === "struct" && t.methods === undefined && this.flat(t) !== undefined) &&
      hasUnmarshalMethod(t)
    )
      throw UNSUPPORTED;
    switch (t.kind) {
      case "bool":
        return (c) => {
          literal(c);
          return c === 0x74;
        };
      case "string":
        return (c) => {
          if (c === Q) return readString();
          readNull(c);
          return "";
        };
      case "int8":
      case "int16":
      case "int32":
      case "uint8":
      case "uint16":
      case "uint32":
        return smallIntDecoder(t.kind, str);
      case "int":
      case "int64":
      case "uint":
      case "uint64":
      case "uintptr":
        return bigIntDecoder(t.kind, str);
      case "float32":
      case "float64":
        return floatDecoder(t.kind === "float32", str);
      case "slice":
        return this.slice(t, str);
      case "array":
        return this.array(t, str);
      case "map":
        return this.map(t, str);
      case "interface":
        // A named interface decodes through Go's typed path, where StringifyNumbers quotes its number.
        if (str && t.name !== undefined) throw UNSUPPORTED;
        // func, chan, complex, unknown types and non-empty interfaces: the exact engine decides.
        if (t.opaque !== undefined || (t.interfaceMethods?.length ?? 0) > 0) throw UNSUPPORTED;
        // allowDuplicateNames: Go reads `any`'s numbers through its float64 arshaler, which StringifyNumbers quotes.
        if (str && this.fo.v1.typedAny) throw UNSUPPORTED;
        return anyValue;
      case "struct":
        return this.struct(t, str);
    }
  }

  /** gotype's flat field lists of struct t under the options' Go release (cached by gotype). */
  private flat(t: StructType): FlatFieldsV2 | undefined {
    return flatFieldsV2(t, this.fo.rules.goVersion === "1.26" ? "1.26" : "1.27");
  }

  private slice(t: Extract<GoType, { kind: "slice" }>, str: boolean): FDec {
    if (isByteSlice(t, this.fo.v1)) {
      return (c) => {
        if (c === Q) return base64(readString());
        readNull(c);
        return null;
      };
    }
    if (!str && isPlainFloat64(t.elem)) {
      return (c) => {
        if (c === LBRACKET) return readFloatList();
        readNull(c);
        return null;
      };
    }
    // This type's own list reader (allocation sites of its own: see listReader).
    const list = listReader(this.get(t.elem, str));
    return (c) => {
      if (c !== LBRACKET) {
        readNull(c);
        return null;
      }
      return list();
    };
  }

  private array(t: Extract<GoType, { kind: "array" }>, str: boolean): FDec {
    const n = t.len;
    const mk = zeroMaker(t);
    // formatByteArrayAsArray: [N]byte is a JSON array of numbers (the general array below).
    if (isByteSlice(t, this.fo.v1) && !this.fo.v1.byteArrayAsArray) {
      return (c) => {
        if (c !== Q) {
          readNull(c);
          return mk();
        }
        const b = base64(readString());
        if (b.length !== n) bail();
        return Array.from(b);
      };
    }
    if (!str && isPlainFloat64(t.elem)) {
      return (c) => {
        if (c !== LBRACKET) {
          readNull(c);
          return mk();
        }
        const out = readFloatList();
        if (out.length !== n) bail();
        return out;
      };
    }
    const elem = this.get(t.elem, str);
    return (c) => {
      if (c !== LBRACKET) {
        readNull(c);
        return mk();
      }
      const out: unknown[] = new Array(n);
      let i = 0;
      for (let k = beginArray(); k !== END; k = nextElement()) {
        if (i >= n) bail();
        out[i++] = elem(k);
      }
      if (i !== n) bail();
      return out;
    };
  }

  private map(t: Extract<GoType, { kind: "map" }>, str: boolean): FDec {
    const kt = t.key;
    if (kt.known !== undefined || hasUnmarshalMethod(kt)) throw UNSUPPORTED;
    let key: (name: string) => unknown;
    switch (kt.kind) {
      case "string":
        key = (name) => name;
        break;
      case "float32":
        key = (name) => {
          if (!NUMBER_SYNTAX.test(name)) bail();
          const v = Math.fround(Number(name));
          // Out of range: the exact engine reports it; the key -0 (0 and -0 are one Go key): the exact engine.
          if (!Number.isFinite(v) || v === 0) bail();
          return v;
        };
        break;
      case "float64":
        key = (name) => {
          if (!NUMBER_SYNTAX.test(name)) bail();
          const v = Number(name);
          if (!Number.isFinite(v) || v === 0) bail();
          return v;
        };
        break;
      default: {
        const kind = kt.kind;
        if (!isIntegerKind(kind)) throw UNSUPPORTED;
        const big = isBigKind(kt);
        key = (name) => fastParseGoInt(name, kind, big);
      }
    }
    const stringKeys = kt.kind === "string";
    const val = this.get(t.elem, str);
    return (c) => {
      if (c !== LBRACE) {
        readNull(c);
        return null;
      }
      const out = new Map<unknown, unknown>();
      if (beginObject() !== END)
        do {
          const name = readString();
          const kv = stringKeys ? name : key(name);
          // A repeated key is a duplicate name (or merges): the exact engine decides.
          if (out.has(kv)) bail();
          out.set(kv, val(colon()));
        } while (nextMember());
      return out;
    };
  }

  private struct(t: StructType, str: boolean): FDec {
    const fo = this.fo;
    const { names, goNames, types, strs, casings, ids, paths } = fieldLists(t, fo.rules.goVersion === "1.26");
    const nf = names.length;
    this.budget -= nf;
    // Folded name -> field index, for case-insensitive fields only (exact names are indexed by
    // the decoders when first needed: a struct's first decode makes no index).
    let folded: Map<string, number> | undefined;
    for (let i = 0; i < nf; i++) {
      if (strs[i]) {
        // v1's `string` (stringifyWithLegacySemantics): quoted bools and strings, a quoted null on pointers.
        if (fo.v1.legacyString) throw UNSUPPORTED;
        // Go 1.27: `string` applies to a number at the field's own level only (elsewhere an error).
        if (fo.rules.stringTagTopLevel && !isNumberKind(types[i] as GoType)) throw UNSUPPORTED;
      }
      const casing = casings === null ? "" : casings[i];
      if (casing === "ignore" || (fo.ci && casing !== "strict")) {
        // Go matches a folded name to the breadth-first first field (the lowest id), not the first declared.
        folded ??= new Map();
        const k = fo.fold(names[i] as string);
        const prev = folded.get(k);
        if (prev === undefined || (ids !== null && (ids[i] as number) < (ids[prev] as number)))
          folded.set(k, i);
      }
    }
    // Go 1.27: a name matching several fields case-insensitively (none exactly) is an error (under
    // legacy reporting the field of lowest id takes it, as `folded` holds).
    if (
      folded !== undefined &&
      fo.rules.ambiguousNames &&
      !fo.v1.legacyErrors &&
      hasFoldedTwins(names, casings, fo.ci, fo.fold)
    )
      throw UNSUPPORTED;
    // Field decoders last: a recursive reference back to this struct finds its stub. (A run of
    // fields of one type asks once: `get` answers the same decoder again.)
    const decs = new Array<FDec>(nf);
    let lastType: GoType | undefined;
    let lastStr = false;
    let lastDec: FDec = anyValue;
    for (let i = 0; i < nf; i++) {
      const ft = types[i] as GoType;
      const fs = str || (strs[i] as boolean);
      if (ft !== lastType || fs !== lastStr) {
        lastDec = this.get(ft, fs);
        lastType = ft;
        lastStr = fs;
      }
      decs[i] = lastDec;
    }
    const spec: StructSpec = {
      names,
      // gotype's flat lists have distinct names; resolved fields may share one (the later field takes it).
      unique: casings === null || new Set(names).size === nf,
      goNames,
      decs,
      paths,
      folded: folded ?? NO_FOLDED,
      fold: fo.fold,
      reject: fo.reject,
      type: t,
    };
    // Past CODEGEN_MAX_FIELDS, or where code generation is refused, the table-driven loop serves every later decode.
    return structDecoder(spec, CODEGEN_MAX_FIELDS);
  }
}

/** The folded-name index of a struct with no case-insensitive field. */
const NO_FOLDED: ReadonlyMap<string, number> = new Map();

/** A struct's JSON fields as the fast decoder reads them: lists in field order. */
interface FieldLists {
  readonly names: readonly string[];
  readonly goNames: readonly string[];
  readonly types: readonly GoType[];
  /** The `string` option. */
  readonly strs: readonly boolean[];
  /** The `case:` option ("" where none); null where no field has one. */
  readonly casings: readonly string[] | null;
  /** Go's breadth-first ids; null where each is the field's position. */
  readonly ids: readonly number[] | null;
  /** The Go field path of each field promoted from an embedded struct; null where none is. */
  readonly paths: (readonly string[] | undefined)[] | null;
}

/**
 * The fields of struct t under Go release 1.26 or 1.27's rules: from gotype's lists of a flat
 * struct (no JsonField objects: a wide struct's first decode needs none), else from its
 * JsonFields. Throws UNSUPPORTED for what the fast path leaves to the exact engine.
 */
function fieldLists(t: StructType, go126: boolean): FieldLists {
  const release = go126 ? "1.26" : "1.27";
  const flat = flatFieldsV2(t, release);
  if (flat !== undefined) {
    const { names, fieldIndex, bits } = flat;
    const n = names.length;
    const goNames = new Array<string>(n);
    const types = new Array<GoType>(n);
    const strs = new Array<boolean>(n);
    const fs = t.fields;
    for (let k = 0; k < n; k++) {
      const f = fs[fieldIndex[k] as number] as StructField;
      goNames[k] = f.name;
      types[k] = f.type;
      strs[k] = ((bits[k] as number) & FLAT_STRING) !== 0;
    }
    return { names, goNames, types, strs, casings: null, ids: null, paths: null };
  }
  const sf = structFields(t, "v2", release);
  if (
    sf.error !== undefined ||
    (!go126 && sf.unsupportedFormat !== undefined) ||
    sf.inlinedFallback !== undefined
  )
    throw UNSUPPORTED;
  const fields = sf.fields;
  const n = fields.length;
  const names = new Array<string>(n);
  const goNames = new Array<string>(n);
  const types = new Array<GoType>(n);
  const strs = new Array<boolean>(n);
  const casings = new Array<string>(n);
  const ids = new Array<number>(n);
  let paths: (readonly string[] | undefined)[] | null = null;
  for (let i = 0; i < n; i++) {
    const fd = fields[i] as JsonField;
    if ((fd.format ?? "") !== "") throw UNSUPPORTED;
    const path = fd.path;
    if (path.length > 1) {
      // Promoted through an embedded pointer: nil pointers are allocated, or Go refuses (errNilField).
      for (let h = 0; h < path.length - 1; h++)
        if ((path[h] as FieldStep).type.kind === "pointer") throw UNSUPPORTED;
      paths ??= new Array<readonly string[] | undefined>(n).fill(undefined);
      paths[i] = path.map((s) => s.name);
    }
    names[i] = fd.name;
    goNames[i] = fd.goName;
    types[i] = fd.type;
    strs[i] = fd.string;
    casings[i] = fd.casing ?? "";
    ids[i] = fd.id;
  }
  return { names, goNames, types, strs, casings, ids, paths };
}

/**
 * unmarshalFast decodes data into a fresh value of t as the exact engine does, or
 * returns NO_FAST (the options or the type are not for the fast path, or it gave up).
 * `strict` rethrows internal errors other than a bail (tests).
 */
export function unmarshalFast(
  t: GoType,
  data: Uint8Array | string,
  o: ResolvedOptions,
  strict = false,
  kept = false,
): unknown {
  if (!fastUnmarshal.enabled) return NO_FAST;
  const dec = fastDecoderFor(t, o);
  if (dec === null) return NO_FAST;
  // v2 rejects invalid UTF-8 (the exact engine reports where); a BOM is not JSON whitespace.
  // `kept`: the value is kept with others decoded before it (a block of a large array).
  if (!beginScan(data, kept)) return NO_FAST;
  return decodeScanned(dec, strict);
}

/**
 * unmarshalFastAt is {@link unmarshalFast} of the value in [start, end) of the window last held
 * by the kernel's beginWindow (a stream reader's buffer of many values): nothing is viewed,
 * copied or made text per value. NO_FAST also when no window is held or the range is not in it.
 */
export function unmarshalFastAt(
  t: GoType,
  start: number,
  end: number,
  o: ResolvedOptions,
  strict = false,
): unknown {
  if (!fastUnmarshal.enabled) return NO_FAST;
  const dec = fastDecoderFor(t, o);
  if (dec === null) return NO_FAST;
  if (!scanAt(start, end)) return NO_FAST;
  return decodeScanned(dec, strict);
}

/** decodeScanned runs dec over the input the cursor points at: the whole input, or NO_FAST. */
function decodeScanned(dec: FDec, strict: boolean): unknown {
  // json/v2's reading rules the fast path serves: duplicate names, lone surrogates and
  // numbers into `any` as the exact engine would read them under the default options.
  C.allowDuplicateNames = false;
  C.allowInvalidUTF8 = false;
  C.anyNumber = null;
  resetAny();
  return runScan(dec, undefined, strict);
}
