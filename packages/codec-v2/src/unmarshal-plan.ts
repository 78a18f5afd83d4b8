/**
 * Compiled unmarshal plans: one decoder per (Go type, relevant options,
 * field overrides), cached in a WeakMap keyed by the GoType, built once.
 * A decoder reads one value from the scanner and returns the new value of
 * the destination (merging into `cur` where v2 merges: objects only).
 */
import { GoTime, type GoType, JsonNumber, type StructType } from "@gojson/gotype";
import { type ByteFormat, decodeBytes } from "./bytes-format.js";
import { DURATION_SCALES, parseDuration, parseDurationNumber } from "./duration.js";
import {
  ERR_UNKNOWN_NAME,
  escapePointerToken,
  type JsonKind,
  prefixPointer,
  SemanticError,
  SyntacticError,
} from "./errors.js";
import { type FieldV2, foldName, structFieldsV2 } from "./fields.js";
import { isBigKind, lookupMethod, zero } from "./go-values.js";
import type { ResolvedOptions } from "./options.js";
import type { Scanner } from "./scanner.js";
import { toBytes } from "./scanner.js";

/** A decoder reads one JSON value and returns the destination's new value. */
export type Dec = (sc: Scanner, cur: any) => any;

interface Mode {
  readonly str: boolean;
  readonly legacyStr: boolean;
  readonly format: string;
  readonly caseMode: "" | "ignore" | "strict";
}
const NO_MODE: Mode = { str: false, legacyStr: false, format: "", caseMode: "" };

const cache = new WeakMap<GoType, Map<string, Dec>>();

/** The decoder for t under options o. */
export function decoderFor(t: GoType, o: ResolvedOptions): Dec {
  return compile(t, o, { ...NO_MODE, str: o.flags.stringifyNumbers });
}

function compile(t: GoType, o: ResolvedOptions, m: Mode): Dec {
  const key = `${o.key}|${m.str ? 1 : 0}${m.legacyStr ? 1 : 0}|${m.format}`;
  let per = cache.get(t);
  if (!per) {
    per = new Map();
    cache.set(t, per);
  }
  const hit = per.get(key);
  if (hit) return hit;
  let real: Dec | undefined;
  per.set(key, (sc, cur) => (real as Dec)(sc, cur));
  real = build(t, o, m);
  per.set(key, real);
  return real;
}

function kindAt(sc: Scanner, at: number = sc.i): JsonKind {
  const c = sc.s[at];
  switch (c) {
    case "n":
    case "t":
    case "f":
    case '"':
    case "{":
    case "[":
      return c;
    default:
      return "0";
  }
}

/** Legacy error reporting: remember the first semantic error and carry on (skipping the value). */
function fail(
  sc: Scanner & { deferred?: SemanticError },
  o: ResolvedOptions,
  err: SemanticError,
  skip: boolean,
  cur: unknown,
): unknown {
  if (!o.flags.reportErrorsWithLegacySemantics) throw err;
  if (skip) sc.skipValue();
  sc.deferred ??= err;
  return cur;
}

/** A type mismatch at the start of a value. */
function mismatch(sc: Scanner, o: ResolvedOptions, t: GoType, cur: unknown): unknown {
  const c = sc.ws();
  if (c === -1) throw sc.eof();
  if (!'ntf"{['.includes(sc.s[sc.i] as string) && !(c === 0x2d || (c >= 0x30 && c <= 0x39)))
    sc.badValueStart();
  const start = sc.i;
  if (!o.flags.reportErrorsWithLegacySemantics) sc.skipValue(); // Go reads the value before reporting
  return fail(
    sc,
    o,
    new SemanticError({
      action: "unmarshal",
      jsonKind: kindAt(sc, start),
      goType: t,
      byteOffset: sc.offsetAt(start),
    }),
    true,
    cur,
  );
}

function afterErr(
  sc: Scanner,
  t: GoType,
  kind: JsonKind,
  start: number,
  value: string,
  cause: string | Error | undefined,
): SemanticError {
  return new SemanticError({
    action: "unmarshal",
    jsonKind: kind,
    jsonValue: value,
    goType: t,
    byteOffset: sc.offsetAt(start),
    cause,
  });
}

const INT_RANGE: Record<string, [bigint, bigint]> = {
  int8: [-128n, 127n],
  int16: [-32768n, 32767n],
  int32: [-2147483648n, 2147483647n],
  int: [-(1n << 63n), (1n << 63n) - 1n],
  int64: [-(1n << 63n), (1n << 63n) - 1n],
  uint8: [0n, 255n],
  uint16: [0n, 65535n],
  uint32: [0n, 4294967295n],
  uint: [0n, (1n << 64n) - 1n],
  uint64: [0n, (1n << 64n) - 1n],
  uintptr: [0n, (1n << 64n) - 1n],
};

/** Parse an integer literal for kind k; returns the value or the Go error text. */
function parseGoInt(lit: string, k: string, big: boolean): number | bigint | string {
  const unsigned = k[0] === "u";
  if (!/^-?(0|[1-9][0-9]*)$/.test(lit) || (unsigned && lit[0] === "-")) return "invalid syntax";
  const [lo, hi] = INT_RANGE[k] as [bigint, bigint];
  if (lit.length <= 15 && !big) {
    const n = Number(lit);
    if (n < Number(lo) || n > Number(hi)) return "value out of range";
    return n === 0 ? 0 : n;
  }
  const b = BigInt(lit);
  if (b < lo || b > hi) return "value out of range";
  return big ? b : Number(b);
}

function build(t: GoType, o: ResolvedOptions, m: Mode): Dec {
  const f = o.flags;
  switch (t.known) {
    case "time.Time":
      return timeDecoder(t, o, m);
    case "time.Duration":
      return durationDecoder(t, o, m);
    case "json.Number":
      return (sc, cur) => {
        const c = sc.ws();
        if (c === 0x6e) {
          sc.literal("null");
          return f.mergeWithLegacySemantics ? cur : new JsonNumber("");
        }
        if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return new JsonNumber(sc.readNumber());
        if (c === 0x22 && (m.str || m.legacyStr || f.stringifyNumbers)) {
          const start = sc.i;
          const s = sc.readString();
          if (!/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(s))
            throw afterErr(sc, t, '"', start, "", "invalid number");
          return new JsonNumber(s);
        }
        return mismatch(sc, o, t, cur);
      };
    case "json.RawMessage":
    case "jsontext.Value":
      return (sc) => {
        sc.ws();
        return toBytes(sc.rawValue());
      };
  }
  const uj = lookupMethod(t, "UnmarshalJSON");
  if (uj) {
    const fn = uj.call;
    return (sc, cur) => {
      sc.ws();
      const start = sc.i;
      const raw = sc.rawValue();
      try {
        return fn(toBytes(raw), cur);
      } catch (e) {
        if (SemanticError.isInstance(e) || SyntacticError.isInstance(e)) throw e;
        throw afterErr(sc, t, kindAt(sc, start), start, "", e instanceof Error ? e : String(e));
      }
    };
  }
  const ut = lookupMethod(t, "UnmarshalText");
  if (ut) {
    const fn = ut.call;
    return (sc, cur) => {
      const c = sc.ws();
      if (c === 0x6e) {
        sc.literal("null");
        return f.mergeWithLegacySemantics ? cur : zero(t);
      }
      if (c !== 0x22) return mismatch(sc, o, t, cur);
      const start = sc.i;
      const s = sc.readString();
      try {
        return fn(toBytes(s), cur);
      } catch (e) {
        throw afterErr(sc, t, '"', start, "", e instanceof Error ? e : String(e));
      }
    };
  }
  switch (t.kind) {
    case "bool":
      return (sc, cur) => {
        const c = sc.ws();
        if (c === 0x74) {
          sc.literal("true");
          return true;
        }
        if (c === 0x66) {
          sc.literal("false");
          return false;
        }
        if (c === 0x6e) {
          sc.literal("null");
          return f.mergeWithLegacySemantics ? cur : false;
        }
        if (c === 0x22 && m.legacyStr) {
          const start = sc.i;
          const s = sc.readString();
          if (s === "true") return true;
          if (s === "false") return false;
          return fail(
            sc,
            o,
            afterErr(
              sc,
              t,
              '"',
              start,
              "",
              `invalid use of ,string struct tag, trying to unmarshal ${JSON.stringify(s)} into bool`,
            ),
            false,
            cur,
          );
        }
        return mismatch(sc, o, t, cur);
      };
    case "string":
      return (sc, cur) => {
        const c = sc.ws();
        if (c === 0x22) {
          if (!m.legacyStr) return sc.readString();
          const start = sc.i;
          const s = sc.readString();
          try {
            const v = JSON.parse(s);
            if (typeof v === "string") return v;
          } catch {}
          return fail(
            sc,
            o,
            afterErr(
              sc,
              t,
              '"',
              start,
              "",
              `invalid use of ,string struct tag, trying to unmarshal ${JSON.stringify(s)} into string`,
            ),
            false,
            cur,
          );
        }
        if (c === 0x6e) {
          sc.literal("null");
          return f.mergeWithLegacySemantics ? cur : "";
        }
        return mismatch(sc, o, t, cur);
      };
    case "int":
    case "int8":
    case "int16":
    case "int32":
    case "int64":
    case "uint":
    case "uint8":
    case "uint16":
    case "uint32":
    case "uint64":
    case "uintptr": {
      const k = t.kind;
      const big = isBigKind(t);
      const allowStr = m.str || m.legacyStr;
      return (sc, cur) => {
        const c = sc.ws();
        let lit: string;
        const start = sc.i;
        let kind: JsonKind = "0";
        if (c === 0x2d || (c >= 0x30 && c <= 0x39)) lit = sc.readNumber();
        else if (c === 0x22 && allowStr) {
          lit = sc.readString();
          kind = '"';
        } else if (c === 0x6e) {
          sc.literal("null");
          return f.mergeWithLegacySemantics ? cur : big ? 0n : 0;
        } else return mismatch(sc, o, t, cur);
        const r = parseGoInt(lit, k, big);
        if (typeof r === "string") {
          const shown = kind === '"' ? JSON.stringify(lit) : lit;
          return fail(sc, o, afterErr(sc, t, kind, start, shown, r), false, cur);
        }
        return r;
      };
    }
    case "float32":
    case "float64": {
      const is32 = t.kind === "float32";
      const allowStr = m.str || m.legacyStr;
      const nonfinite = m.format === "nonfinite";
      return (sc, cur) => {
        const c = sc.ws();
        let lit: string;
        const start = sc.i;
        let kind: JsonKind = "0";
        if (c === 0x2d || (c >= 0x30 && c <= 0x39)) lit = sc.readNumber();
        else if (c === 0x22 && (allowStr || nonfinite)) {
          lit = sc.readString();
          kind = '"';
          if (nonfinite) {
            if (lit === "NaN") return Number.NaN;
            if (lit === "Infinity") return Number.POSITIVE_INFINITY;
            if (lit === "-Infinity") return Number.NEGATIVE_INFINITY;
            if (!allowStr)
              return fail(
                sc,
                o,
                afterErr(sc, t, kind, start, JSON.stringify(lit), "invalid syntax"),
                false,
                cur,
              );
          }
          if (!/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(lit))
            return fail(
              sc,
              o,
              afterErr(sc, t, kind, start, JSON.stringify(lit), "invalid syntax"),
              false,
              cur,
            );
        } else if (c === 0x6e) {
          sc.literal("null");
          return f.mergeWithLegacySemantics ? cur : 0;
        } else return mismatch(sc, o, t, cur);
        let v = Number(lit);
        if (is32) v = Math.fround(v);
        if (!Number.isFinite(v)) {
          const shown = kind === '"' ? JSON.stringify(lit) : lit;
          return fail(sc, o, afterErr(sc, t, kind, start, shown, "value out of range"), false, cur);
        }
        return v;
      };
    }
    case "slice":
      return sliceDecoder(t, o, m);
    case "array":
      return arrayDecoder(t, o, m);
    case "map":
      return mapDecoder(t, o, m);
    case "pointer": {
      const elem = compile(t.elem, o, m);
      const et = t.elem;
      return (sc, cur) => {
        const c = sc.ws();
        if (c === 0x6e) {
          sc.literal("null");
          return null;
        }
        const base = cur === null || cur === undefined ? zero(et) : cur;
        return elem(sc, base);
      };
    }
    case "interface":
      return anyDecoder(t, o, m);
    case "struct":
      return structDecoder(t, o, m);
  }
}

function isByteSlice(t: GoType): boolean {
  return (t.kind === "slice" || t.kind === "array") && t.elem.kind === "uint8" && !t.elem.methods;
}
const BYTE_FORMATS = new Set(["base64", "base64url", "base32", "base32hex", "hex"]);

function invalidFormat(t: GoType, format: string): Dec {
  return (sc) => {
    sc.ws();
    throw new SemanticError({
      action: "unmarshal",
      goType: t,
      byteOffset: sc.offsetAt(sc.i),
      cause: `invalid format flag ${JSON.stringify(format)}`,
    });
  };
}

function sliceDecoder(t: Extract<GoType, { kind: "slice" }>, o: ResolvedOptions, m: Mode): Dec {
  const f = o.flags;
  let format = m.format;
  if (format === "emitnull" || format === "emitempty") format = "";
  const elem = compile(t.elem, o, { ...m, format: "", caseMode: "" });
  const et = t.elem;
  const merge = f.mergeWithLegacySemantics;
  let bytes: Dec | undefined;
  if (isByteSlice(t) && format !== "array") {
    const bf = (format === "" ? "base64" : format) as ByteFormat;
    if (!BYTE_FORMATS.has(bf)) return invalidFormat(t, format);
    bytes = (sc) => {
      const start = sc.i;
      const s = sc.readString();
      try {
        return decodeBytes(s, bf, f.parseBytesWithLooseRFC4648);
      } catch (e) {
        throw afterErr(sc, t, '"', start, "", (e as Error).message);
      }
    };
  } else if (format !== "" && format !== "array") return invalidFormat(t, format);
  const byteElem = isByteSlice(t);
  return (sc, cur) => {
    const c = sc.ws();
    if (c === 0x5b) {
      sc.i++;
      sc.enter();
      const old: unknown[] | null = merge && cur ? Array.from(cur as ArrayLike<unknown>) : null;
      const out: unknown[] = [];
      if (!sc.arrayFirst()) return byteElem ? new Uint8Array(0) : out;
      let i = 0;
      do {
        try {
          const base = old && i < old.length ? old[i] : zero(et);
          out.push(elem(sc, base));
        } catch (e) {
          prefixPointer(e, String(i));
          throw e;
        }
        i++;
      } while (sc.arrayNext());
      return byteElem ? Uint8Array.from(out as number[]) : out;
    }
    if (c === 0x6e) {
      sc.literal("null");
      return null;
    }
    if (c === 0x22 && bytes) return bytes(sc, cur);
    return mismatch(sc, o, t, cur);
  };
}

function arrayDecoder(t: Extract<GoType, { kind: "array" }>, o: ResolvedOptions, m: Mode): Dec {
  const f = o.flags;
  const format = m.format;
  const asArray = format === "array" || (format === "" && f.formatByteArrayAsArray);
  const elem = compile(t.elem, o, { ...m, format: "", caseMode: "" });
  const et = t.elem;
  const n = t.len;
  const merge = f.mergeWithLegacySemantics;
  const anyLen = f.unmarshalArrayFromAnyLength;
  let bytes: Dec | undefined;
  if (isByteSlice(t) && !asArray) {
    const bf = (format === "" ? "base64" : format) as ByteFormat;
    if (!BYTE_FORMATS.has(bf)) return invalidFormat(t, format);
    bytes = (sc, cur) => {
      const start = sc.i;
      const s = sc.readString();
      let b: Uint8Array;
      try {
        b = decodeBytes(s, bf, f.parseBytesWithLooseRFC4648);
      } catch (e) {
        throw afterErr(sc, t, '"', start, "", (e as Error).message);
      }
      if (b.length !== n)
        return fail(
          sc,
          o,
          afterErr(sc, t, '"', start, "", `decoded length of ${b.length} mismatches array length of ${n}`),
          false,
          cur,
        );
      return Array.from(b);
    };
  } else if (format !== "" && format !== "array") return invalidFormat(t, format);
  return (sc, cur) => {
    const c = sc.ws();
    if (c === 0x5b) {
      const open = sc.i;
      sc.i++;
      sc.enter();
      const out: unknown[] = new Array(n);
      let i = 0;
      if (sc.arrayFirst()) {
        try {
          do {
            if (i < n) {
              const base = merge && cur ? (cur as unknown[])[i] : zero(et);
              out[i] = elem(sc, base);
            } else if (anyLen) sc.skipValue();
            else {
              sc.skipValue();
              while (sc.arrayNext()) sc.skipValue();
              throw new SemanticError({
                action: "unmarshal",
                jsonKind: "[",
                goType: t,
                byteOffset: sc.offsetAt(sc.i - 1),
                cause: "too many array elements",
              });
            }
            i++;
          } while (sc.arrayNext());
        } catch (e) {
          if (!(SemanticError.isInstance(e) && e.cause === "too many array elements"))
            prefixPointer(e, String(i));
          throw e;
        }
      }
      void open;
      if (i < n) {
        if (!anyLen)
          throw new SemanticError({
            action: "unmarshal",
            jsonKind: "[",
            goType: t,
            byteOffset: sc.offsetAt(sc.i - 1),
            cause: "too few array elements",
          });
        for (; i < n; i++) out[i] = zero(et);
      }
      return out;
    }
    if (c === 0x6e) {
      sc.literal("null");
      return merge ? cur : zero(t);
    }
    if (c === 0x22 && bytes) return bytes(sc, cur);
    return mismatch(sc, o, t, cur);
  };
}

function keyDecoder(
  k: GoType,
  o: ResolvedOptions,
  sc0: () => Scanner,
): (name: string, start: number) => unknown {
  const f = o.flags;
  const uj = lookupMethod(k, "UnmarshalJSON");
  if (uj && !f.callMethodsWithLegacySemantics) {
    const fn = uj.call;
    return (name) => fn(toBytes(JSON.stringify(name)), zero(k));
  }
  const ut = lookupMethod(k, "UnmarshalText");
  if (ut) {
    const fn = ut.call;
    return (name) => fn(toBytes(name), zero(k));
  }
  switch (k.kind) {
    case "string":
      return (name) => name;
    case "bool":
    case "struct":
    case "slice":
    case "map":
    case "array":
    case "pointer":
    case "interface":
      return (name) => name;
    case "float32":
    case "float64":
      return (name, start) => {
        const v = Number(name);
        if (!/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(name)) {
          const sc = sc0();
          throw new SemanticError({
            action: "unmarshal",
            jsonKind: '"',
            jsonValue: JSON.stringify(name),
            goType: k,
            byteOffset: sc.offsetAt(start),
            jsonPointer: `/${escapePointerToken(name)}`,
            cause: "invalid syntax",
          });
        }
        return k.kind === "float32" ? Math.fround(v) : v;
      };
    default: {
      const big = isBigKind(k);
      return (name, start) => {
        const r = parseGoInt(name, k.kind, big);
        if (typeof r === "string") {
          const sc = sc0();
          throw new SemanticError({
            action: "unmarshal",
            jsonKind: '"',
            jsonValue: JSON.stringify(name),
            goType: k,
            byteOffset: sc.offsetAt(start),
            jsonPointer: `/${escapePointerToken(name)}`,
            cause: r,
          });
        }
        return r;
      };
    }
  }
}

function mapDecoder(t: Extract<GoType, { kind: "map" }>, o: ResolvedOptions, m: Mode): Dec {
  const f = o.flags;
  let current: Scanner | undefined;
  const kdec = keyDecoder(t.key, o, () => current as Scanner);
  const vdec = compile(t.elem, o, { ...m, format: "", caseMode: "" });
  const et = t.elem;
  const merge = !f.mergeWithLegacySemantics;
  const dups = !f.allowDuplicateNames;
  if (m.format !== "" && m.format !== "emitnull" && m.format !== "emitempty")
    return invalidFormat(t, m.format);
  return (sc, cur) => {
    const c = sc.ws();
    if (c === 0x7b) {
      sc.i++;
      sc.enter();
      const out: Map<unknown, unknown> = cur instanceof Map ? cur : new Map();
      if (!sc.objectFirst()) return out;
      const seen = dups ? new Set<string>() : undefined;
      do {
        const start = sc.i;
        const name = sc.readString();
        if (seen) {
          if (seen.has(name)) throw sc.duplicate(name);
          seen.add(name);
        }
        current = sc;
        const key = kdec(name, start);
        try {
          sc.colon();
          const base = merge && out.has(key) ? out.get(key) : zero(et);
          out.set(key, vdec(sc, base));
        } catch (e) {
          prefixPointer(e, name);
          throw e;
        }
      } while (sc.objectNext());
      return out;
    }
    if (c === 0x6e) {
      sc.literal("null");
      return null;
    }
    return mismatch(sc, o, t, cur);
  };
}

function setOwn(obj: Record<string, unknown>, k: string, v: unknown): void {
  if (k === "__proto__")
    Object.defineProperty(obj, k, { value: v, writable: true, enumerable: true, configurable: true });
  else obj[k] = v;
}

function anyDecoder(t: GoType, o: ResolvedOptions, m: Mode): Dec {
  const f = o.flags;
  const rawNum = f.unmarshalAnyWithRawNumber;
  const dups = !f.allowDuplicateNames;
  const dec: Dec = (sc, cur) => {
    const c = sc.ws();
    switch (c) {
      case 0x22:
        return sc.readString();
      case 0x74:
        sc.literal("true");
        return true;
      case 0x66:
        sc.literal("false");
        return false;
      case 0x6e:
        sc.literal("null");
        return null;
      case 0x7b: {
        sc.i++;
        sc.enter();
        const obj: Record<string, unknown> =
          !f.mergeWithLegacySemantics &&
          cur !== null &&
          typeof cur === "object" &&
          !Array.isArray(cur) &&
          Object.getPrototypeOf(cur) === Object.prototype
            ? cur
            : {};
        if (!sc.objectFirst()) return obj;
        const seen = dups ? new Set<string>() : undefined;
        do {
          const name = sc.readString();
          if (seen) {
            if (seen.has(name)) throw sc.duplicate(name);
            seen.add(name);
          }
          try {
            sc.colon();
            const prev = Object.hasOwn(obj, name) ? obj[name] : null;
            setOwn(obj, name, dec(sc, prev));
          } catch (e) {
            prefixPointer(e, name);
            throw e;
          }
        } while (sc.objectNext());
        return obj;
      }
      case 0x5b: {
        sc.i++;
        sc.enter();
        const arr: unknown[] = [];
        if (!sc.arrayFirst()) return arr;
        let i = 0;
        do {
          try {
            arr.push(dec(sc, null));
          } catch (e) {
            prefixPointer(e, String(i));
            throw e;
          }
          i++;
        } while (sc.arrayNext());
        return arr;
      }
      default: {
        if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
          const start = sc.i;
          const lit = sc.readNumber();
          if (rawNum) return new JsonNumber(lit);
          const v = Number(lit);
          if (!Number.isFinite(v))
            return fail(sc, o, afterErr(sc, FLOAT64, "0", start, lit, "value out of range"), false, cur);
          return m.str ? v : v;
        }
        return sc.badValueStart();
      }
    }
  };
  void t;
  return dec;
}

const FLOAT64: GoType = { kind: "float64" };

function structDecoder(t: StructType, o: ResolvedOptions, m: Mode): Dec {
  const f = o.flags;
  const sf = structFieldsV2(t);
  if (sf.error && !f.reportErrorsWithLegacySemantics) {
    const err = sf.error;
    return (sc) => {
      const c = sc.ws();
      if (c === -1) throw sc.eof();
      throw new SemanticError({
        action: "unmarshal",
        jsonKind: kindAt(sc),
        goType: err.type,
        byteOffset: sc.offsetAt(sc.i),
        cause: err.text,
      });
    };
  }
  interface P {
    fd: FieldV2;
    dec: Dec;
    ci: boolean;
  }
  const plans = new Map<string, P>();
  const all: P[] = [];
  for (const fd of sf.fields) {
    const legacyStr = f.stringifyWithLegacySemantics && fd.string;
    const p: P = {
      fd,
      dec: compile(fd.type, o, {
        str: f.stringifyWithLegacySemantics ? false : m.str || fd.string,
        legacyStr,
        format: fd.format,
        caseMode: fd.caseMode,
      }),
      ci: fd.caseMode === "ignore" || (f.matchCaseInsensitiveNames && fd.caseMode !== "strict"),
    };
    plans.set(fd.name, p);
    all.push(p);
  }
  const fold = f.matchCaseSensitiveDelimiter ? (s: string) => s.toLowerCase() : foldName;
  const folded = new Map<string, P[]>();
  for (const p of all) {
    if (!p.ci) continue;
    const k = fold(p.fd.name);
    const l = folded.get(k);
    if (l) l.push(p);
    else folded.set(k, [p]);
  }
  const anyFold = folded.size > 0;
  const nf = all.length;
  const dups = !f.allowDuplicateNames;
  const reject = f.rejectUnknownMembers;
  const fallback = sf.fallback;
  const fbDec =
    fallback && fallback.type.kind === "map" ? compile(fallback.type.elem, o, NO_MODE) : undefined;
  const getHolder = (obj: any, path: readonly string[], hops: readonly GoType[]): any => {
    let h = obj;
    for (let i = 0; i < path.length - 1; i++) {
      const k = path[i] as string;
      let nx = h[k];
      if (nx === null || nx === undefined) {
        const ht = hops[i] as GoType;
        nx = zero(ht.kind === "pointer" ? ht.elem : ht);
        h[k] = nx;
      }
      h = nx;
    }
    return h;
  };
  return (sc, cur) => {
    const c = sc.ws();
    if (c === 0x7b) {
      sc.i++;
      sc.enter();
      const obj = cur !== null && typeof cur === "object" ? cur : (zero(t) as Record<string, unknown>);
      if (!sc.objectFirst()) return obj;
      const seen = dups && nf > 0 ? new Uint8Array(nf) : undefined;
      let unknownSeen: Set<string> | undefined;
      do {
        const start = sc.i;
        const name = sc.readString();
        let p = plans.get(name);
        if (p === undefined && anyFold) {
          const l = folded.get(fold(name));
          if (l) p = l[0];
        }
        try {
          sc.colon();
        } catch (e) {
          prefixPointer(e, name);
          throw e;
        }
        if (p !== undefined) {
          const fd = p.fd;
          if (seen) {
            if (seen[fd.id] === 1) throw sc.duplicate(name);
            seen[fd.id] = 1;
          }
          try {
            if (fd.path.length === 1) obj[fd.goName] = p.dec(sc, obj[fd.goName]);
            else {
              const h = getHolder(obj, fd.path, fd.hopTypes);
              h[fd.goName] = p.dec(sc, h[fd.goName]);
            }
          } catch (e) {
            prefixPointer(e, name);
            throw e;
          }
          continue;
        }
        if (dups) {
          unknownSeen ??= new Set();
          if (unknownSeen.has(name)) throw sc.duplicate(name);
          unknownSeen.add(name);
        }
        if (reject) {
          const e = new SemanticError({
            action: "unmarshal",
            jsonKind: '"',
            goType: t,
            byteOffset: sc.offsetAt(start),
            jsonPointer: `/${escapePointerToken(name)}`,
            cause: ERR_UNKNOWN_NAME,
          });
          fail(sc, o, e, true, obj);
          continue;
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
              mp.set(name, fbDec(sc, mp.has(name) ? mp.get(name) : null));
            } else {
              sc.ws();
              const raw = sc.rawValue();
              const prev: Uint8Array | null = h[fk];
              const prevText = prev && prev.length > 0 ? new TextDecoder().decode(prev) : "";
              const member = `${JSON.stringify(name)}:${raw}`;
              const text =
                prevText === "" || prevText === "null"
                  ? `{${member}}`
                  : `${prevText.slice(0, -1)},${member}}`;
              h[fk] = toBytes(text);
            }
          } else sc.skipValue();
        } catch (e) {
          prefixPointer(e, name);
          throw e;
        }
      } while (sc.objectNext());
      return obj;
    }
    if (c === 0x6e) {
      sc.literal("null");
      return f.mergeWithLegacySemantics ? cur : zero(t);
    }
    return mismatch(sc, o, t, cur);
  };
}

function timeDecoder(t: GoType, o: ResolvedOptions, m: Mode): Dec {
  const f = o.flags;
  const fmt = m.format;
  if (fmt === "" || fmt === "RFC3339" || fmt === "RFC3339Nano") {
    return (sc, cur) => {
      const c = sc.ws();
      if (c === 0x6e) {
        sc.literal("null");
        return f.mergeWithLegacySemantics ? cur : zero(t);
      }
      if (c !== 0x22) return mismatch(sc, o, t, cur);
      const start = sc.i;
      const s = sc.readString();
      try {
        return GoTime.parse(s);
      } catch (e) {
        return fail(sc, o, afterErr(sc, t, '"', start, "", (e as Error).message), false, cur);
      }
    };
  }
  const scales: Record<string, bigint> = {
    unix: 1_000_000_000n,
    unixmilli: 1_000_000n,
    unixmicro: 1000n,
    unixnano: 1n,
  };
  const scale = scales[fmt];
  if (scale === undefined) return invalidFormat(t, fmt);
  return (sc, cur) => {
    const c = sc.ws();
    if (c === 0x6e) {
      sc.literal("null");
      return f.mergeWithLegacySemantics ? cur : zero(t);
    }
    if (!(c === 0x2d || (c >= 0x30 && c <= 0x39))) return mismatch(sc, o, t, cur);
    const start = sc.i;
    const lit = sc.readNumber();
    const ns = parseDurationNumber(lit, scale);
    if (typeof ns !== "bigint")
      return fail(
        sc,
        o,
        afterErr(sc, t, "0", start, lit, `invalid time ${JSON.stringify(lit)}: invalid syntax`),
        false,
        cur,
      );
    const sec = ns >= 0n ? ns / 1_000_000_000n : (ns - 999_999_999n) / 1_000_000_000n;
    return new GoTime(Number(sec), Number(ns - sec * 1_000_000_000n), 0);
  };
}

function durationDecoder(t: GoType, o: ResolvedOptions, m: Mode): Dec {
  const f = o.flags;
  let fmt = m.format;
  if (fmt === "" && f.formatDurationAsNano) fmt = "nano";
  if (fmt === "") {
    return (sc) => {
      const c = sc.ws();
      if (c === -1) throw sc.eof();
      throw new SemanticError({
        action: "unmarshal",
        goType: t,
        byteOffset: sc.offsetAt(sc.i),
        cause: "no default representation (see https://go.dev/issue/71631); specify an explicit format",
      });
    };
  }
  if (fmt === "units") {
    return (sc, cur) => {
      const c = sc.ws();
      if (c === 0x6e) {
        sc.literal("null");
        return f.mergeWithLegacySemantics ? cur : 0n;
      }
      if (c !== 0x22) return mismatch(sc, o, t, cur);
      const start = sc.i;
      const s = sc.readString();
      const r = parseDuration(s);
      if (typeof r === "string") return fail(sc, o, afterErr(sc, t, '"', start, "", r), false, cur);
      return r;
    };
  }
  const scale = DURATION_SCALES[fmt];
  if (scale === undefined) return invalidFormat(t, fmt);
  const allowStr = m.str || m.legacyStr;
  return (sc, cur) => {
    const c = sc.ws();
    if (c === 0x6e) {
      sc.literal("null");
      return f.mergeWithLegacySemantics ? cur : 0n;
    }
    const start = sc.i;
    let lit: string;
    let kind: JsonKind = "0";
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) lit = sc.readNumber();
    else if (c === 0x22 && allowStr) {
      lit = sc.readString();
      kind = '"';
    } else return mismatch(sc, o, t, cur);
    const r = parseDurationNumber(lit, scale);
    if (typeof r !== "bigint") {
      const cause =
        r === "range"
          ? `invalid duration ${JSON.stringify(lit)}: value out of range`
          : `invalid duration ${JSON.stringify(lit)}: invalid syntax`;
      return fail(
        sc,
        o,
        afterErr(sc, t, kind, start, kind === "0" ? lit : JSON.stringify(lit), cause),
        false,
        cur,
      );
    }
    return r;
  };
}
