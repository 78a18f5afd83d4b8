/**
 * Unmarshal of maps (Go's object() for maps): key conversion (string keys,
 * UnmarshalText keys, integer keys by strconv's grammar), merging into an
 * existing map, the exact engine's decoder, then the fast path's.
 */
import { Abort, DEEP_DEPTH, type DecodeState, SYNTAX_BAIL } from "./decode-state.js";
import {
  beginObject,
  colon,
  END,
  type GoType,
  isIntegerKind,
  nextMember,
  readNull,
  readString,
  typeString,
} from "./deps.js";
import { findMethod } from "./methods.js";
import {
  C_LBRACE,
  C_N,
  C_QUOTE,
  type Decoder,
  decoderFor,
  type FDec,
  fastDecoderFor,
  GIVE_UP,
  hasMethods,
  hasUnmarshalMethod,
  LBRACE,
  mismatch,
  NOT_PRIMITIVE,
  primitiveZero,
} from "./unmarshal-common.js";
import { callUnmarshalJSONRaw, callUnmarshalText } from "./unmarshal-methods.js";
import { intFromText, intParser } from "./unmarshal-scalar.js";
import { zeroFn, zeroValue } from "./zero.js";

/** Converts a map key text to the key value (ok false: Go saved an error and drops the member). */
export type KeyConv = (
  d: DecodeState,
  key: string,
  keyStart: number,
  keyEnd: number,
) => { ok: boolean; v?: unknown };

/**
 * Go's map key conversion for key type `kt` (UnmarshalText, string, or
 * integer kinds); null when unsupported. A key type with UnmarshalText goes
 * through Go's literalStore, which prefers UnmarshalJSON when the type has
 * it too and hands it the raw key, quotes and escapes included.
 */
export function mapKeyConv(kt: GoType): KeyConv | null {
  const tu = hasMethods(kt) ? findMethod(kt, "UnmarshalText") : null;
  if (tu !== null) {
    const uj = findMethod(kt, "UnmarshalJSON");
    if (uj !== null)
      return (d, _key, at, end) => ({
        ok: true,
        v: callUnmarshalJSONRaw(d, uj, zeroValue(kt), d.raw(at, end)),
      });
    return (d, key) => ({ ok: true, v: callUnmarshalText(d, tu, zeroValue(kt), key) });
  }
  if (kt.kind === "string") return (_d, key) => ({ ok: true, v: key });
  if (/^u?int(\d+|ptr)?$/.test(kt.kind)) {
    const parse = intParser(kt.kind);
    return (d, key, at) => {
      const v = parse(key);
      if (v === undefined) {
        d.typeError(`number ${key}`, kt, at + 1);
        return { ok: false };
      }
      return { ok: true, v };
    };
  }
  return null;
}

/** Whether map keys of type `kt` are stored as the decoded string itself. */
export function plainStringKeys(kt: GoType): boolean {
  return kt.kind === "string" && !(hasMethods(kt) && findMethod(kt, "UnmarshalText") !== null);
}

export function buildMap(t: GoType & { kind: "map" }): Decoder {
  const kt = t.key;
  const elemT = t.elem;
  const elem = decoderFor(elemT);
  const ez = zeroFn(elemT);
  const conv = mapKeyConv(kt);
  const ts = typeString(t);
  const stringKeys = plainStringKeys(kt);
  return (d, cur) => {
    const c = d.text.charCodeAt(d.pos);
    if (c === C_LBRACE) {
      if (conv === null) return mismatch(d, ts, cur);
      if (d.depth >= DEEP_DEPTH) return d.deep(d, t, cur);
      d.enter();
      d.pos++;
      d.ws();
      const m: Map<unknown, unknown> = cur instanceof Map ? cur : new Map();
      if (d.text.charCodeAt(d.pos) !== 0x7d) {
        try {
          decodeMapMembers(d, m, elem, ez, conv, stringKeys);
        } catch (e) {
          // Go made the map first and stores an element only after it decoded.
          if (e instanceof Abort) e.partial = m;
          throw e;
        }
      }
      d.pos++;
      d.depth--;
      return m;
    }
    if (c === C_N) {
      d.readLiteral();
      return null;
    }
    return mismatch(d, t, cur);
  };
}

function decodeMapMembers(
  d: DecodeState,
  m: Map<unknown, unknown>,
  elem: Decoder,
  ez: () => unknown,
  conv: KeyConv,
  stringKeys: boolean,
): void {
  for (;;) {
    if (d.text.charCodeAt(d.pos) !== C_QUOTE) throw SYNTAX_BAIL;
    const keyStart = d.pos;
    const key = d.readString();
    const keyEnd = d.pos;
    d.ws();
    if (d.text.charCodeAt(d.pos) !== 0x3a) throw SYNTAX_BAIL;
    d.pos++;
    d.ws();
    const v = elem(d, ez());
    if (stringKeys) m.set(key, v);
    else {
      const k = conv(d, key, keyStart, keyEnd);
      if (k.ok) m.set(k.v, v);
    }
    d.ws();
    const e = d.text.charCodeAt(d.pos);
    if (e === 0x2c) {
      d.pos++;
      d.ws();
      continue;
    }
    if (e === 0x7d) break;
    throw SYNTAX_BAIL;
  }
}

/** Map keys: the key text as the key value (string keys), or Go's integer parse. */
export function mapDecoder(t: GoType & { kind: "map" }): FDec {
  const kt = t.key;
  if (hasUnmarshalMethod(kt) && findMethod(kt, "UnmarshalText") !== null) return GIVE_UP;
  let key: ((s: string) => unknown) | null = null;
  const kind = kt.kind;
  if (isIntegerKind(kind)) key = (s) => intFromText(s, kind);
  else if (kind !== "string") return GIVE_UP;
  const val = fastDecoderFor(t.elem);
  const ez = zeroFn(t.elem);
  const z = primitiveZero(t.elem);
  return (c, cur) => {
    if (c !== LBRACE) {
      readNull(c);
      return null;
    }
    // A repeated member stores a fresh value, as in Go (the map is merged into, its values are not).
    const m: Map<unknown, unknown> = cur instanceof Map ? cur : new Map();
    if (beginObject() !== END)
      do {
        const name = readString();
        const v = val(colon(), z === NOT_PRIMITIVE ? ez() : z);
        m.set(key === null ? name : key(name), v);
      } while (nextMember());
    return m;
  };
}
