/**
 * The exact unmarshal engine's entry (Go's decode.go `value`/`indirect`): Go
 * v1's decoder compiled once per type into closures (cached on the type
 * object) that read the input text directly, with Go's merge rules, `null`
 * rules, type errors (saved, decoding continues) and method calls. This file
 * holds the switch over kinds, methods and pointers; each kind's rules live in
 * its module (unmarshal-scalar, -slice, -map, -struct, -string-tag, -any),
 * beside that kind's fast path.
 */
import { Abort, partialOf, SYNTAX_BAIL } from "./decode-state.js";
import { type GoType, typeString } from "./deps.js";
import { GoError } from "./errors.js";
import { findMethod } from "./methods.js";
import { PlanCache } from "./plan-cache.js";
import { interfaceDecoder } from "./unmarshal-any.js";
import {
  C_F,
  C_LBRACE,
  C_LBRACKET,
  C_N,
  C_QUOTE,
  C_T,
  type Decoder,
  decoderFor,
  hasMethods,
  MAX_POINTER_CHAIN,
  mismatch,
  registerBuilders,
} from "./unmarshal-common.js";
import { buildMap, mapKeyConv } from "./unmarshal-map.js";
import { callUnmarshalJSON, callUnmarshalText } from "./unmarshal-methods.js";
import { boolDecoder, floatDecoder, intDecoder, stringDecoder } from "./unmarshal-scalar.js";
import { buildArray, buildSlice } from "./unmarshal-slice.js";
import { buildStruct } from "./unmarshal-struct.js";
import { zeroFn } from "./zero.js";

const bareCache = new PlanCache<Decoder>();

/**
 * The decoder for `t` without its own UnmarshalJSON/UnmarshalText: the value a
 * named pointer type points at (`type PT *time.Time`). Go's indirect looks for
 * methods only on the pointers it walks, and a named pointer type has none (it
 * does not inherit those of `*time.Time`), so the pointed-to value is decoded
 * by its kind: a time string is `cannot unmarshal string into Go value of type
 * time.Time`, a json.RawMessage takes base64.
 */
function bareDecoderFor(t: GoType): Decoder {
  let dec = bareCache.get(t);
  if (dec === undefined) {
    dec = build(t, undefined, false);
    bareCache.set(t, dec);
  }
  return dec;
}

const topCache = new PlanCache<Decoder>();

/**
 * The decoder for the destination of Unmarshal itself. Go reports the type of
 * the pointer it was given when a TextUnmarshaler meets a non-string
 * (`json: cannot unmarshal object into Go value of type *main.T`), so types
 * that reach UnmarshalText through pointers get one more `*` at the top.
 */
export function topDecoderFor(t: GoType): Decoder {
  let u = t;
  // (bounded: `type P *P` points at itself forever)
  for (let i = 0; u.kind === "pointer" && i < MAX_POINTER_CHAIN; i++) u = u.elem;
  if (!(hasMethods(u) && findMethod(u, "UnmarshalJSON") === null && findMethod(u, "UnmarshalText") !== null))
    return decoderFor(t);
  let dec = topCache.get(t);
  if (dec === undefined) {
    dec = build(t, `*${typeString(t)}`);
    topCache.set(t, dec);
  }
  return dec;
}

function build(t: GoType, outerTs: string | undefined, methods = true): Decoder {
  if (methods && hasMethods(t)) {
    const mj = findMethod(t, "UnmarshalJSON");
    if (mj !== null) return (d, cur) => callUnmarshalJSON(d, mj, cur);
    const mt = findMethod(t, "UnmarshalText");
    if (mt !== null) {
      const ts = outerTs ?? typeString(t);
      // Go's indirect does not return a TextUnmarshaler for null: null is stored by kind
      // (a map or slice becomes nil, other kinds are left alone).
      const nilOnNull = t.kind === "map" || t.kind === "slice";
      return (d, cur) => {
        const c = d.text.charCodeAt(d.pos);
        if (c === C_QUOTE) return callUnmarshalText(d, mt, cur, d.readString());
        if (c === C_N && nilOnNull) {
          d.readLiteral();
          return null;
        }
        return mismatch(d, ts, cur);
      };
    }
  }
  switch (t.kind) {
    case "bool":
      return boolDecoder(t);
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
    case "uintptr":
      return intDecoder(t);
    case "float32":
    case "float64":
      return floatDecoder(t);
    case "string":
      return stringDecoder(t);
    case "interface":
      return interfaceDecoder(t);
    case "pointer":
      return pointerDecoder(t, outerTs);
    case "slice":
      return buildSlice(t);
    case "array":
      return buildArray(t);
    case "map":
      return buildMap(t);
    case "struct":
      return buildStruct(t);
  }
}

/** Pointers: null sets nil; anything else allocates (Go's indirect) and decodes into the pointee. */
function pointerDecoder(t: GoType & { kind: "pointer" }, outerTs: string | undefined): Decoder {
  const elemT = t.elem;
  // Go names the type where the value sits (`**main.T`), not the pointer UnmarshalText is on,
  // when a TextUnmarshaler reached through any number of pointers meets a non-string.
  let u = elemT;
  // (bounded: `type P *P` points at itself forever)
  for (let i = 0; u.kind === "pointer" && i < MAX_POINTER_CHAIN; i++) u = u.elem;
  // A named pointer type hides the methods of what it points at (see bareDecoderFor).
  const hidden = t.name !== undefined && elemT.kind !== "pointer";
  const needsOuter =
    !hidden &&
    hasMethods(u) &&
    findMethod(u, "UnmarshalJSON") === null &&
    findMethod(u, "UnmarshalText") !== null;
  const elem = hidden
    ? bareDecoderFor(elemT)
    : needsOuter
      ? build(elemT, outerTs ?? typeString(t))
      : decoderFor(elemT);
  // Go allocates the pointer, then refuses a map whose key kind it cannot decode and leaves
  // the map nil. A non-nil pointer to such a nil map cannot be told from a nil pointer in
  // TypeScript (both null), but Go's Marshal of the two differs (`unsupported type` against
  // `null`): an empty Map stands for it, so marshal of the result says what Go's says.
  const ez =
    elemT.kind === "map" &&
    findMethod(elemT, "UnmarshalJSON") === null &&
    findMethod(elemT, "UnmarshalText") === null &&
    mapKeyConv(elemT.key) === null
      ? () => new Map()
      : zeroFn(elemT);
  const selfRef = elemT.kind === "pointer";
  return (d, cur) => {
    const c = d.text.charCodeAt(d.pos);
    if (c === C_N) {
      // A pointer to a pointer to a type with UnmarshalJSON still ends as nil: Go stops at the settable pointer.
      d.readLiteral();
      return null;
    }
    const inner = cur === null || cur === undefined ? ez() : cur;
    if (!selfRef) {
      try {
        return elem(d, inner);
      } catch (e) {
        // Go allocated the pointer before the error: the destination points at what was filled.
        if (e instanceof Abort) e.partial = partialOf(e, inner);
        throw e;
      }
    }
    // Pointer-to-pointer chains allocate without consuming input: check the value start first,
    // and stop a chain that never ends (type P *P), where Go would allocate forever.
    if (
      !(
        c === C_QUOTE ||
        c === C_LBRACE ||
        c === C_LBRACKET ||
        c === C_T ||
        c === C_F ||
        c === 0x2d ||
        (c >= 0x30 && c <= 0x39)
      )
    ) {
      throw SYNTAX_BAIL;
    }
    if (++d.ptrChain > MAX_POINTER_CHAIN)
      throw new Abort(new GoError("panic", "json: endless pointer type cycle"));
    let r: any;
    try {
      r = elem(d, inner);
    } catch (e) {
      if (e instanceof Abort) e.partial = partialOf(e, inner);
      throw e;
    }
    d.ptrChain--;
    return r;
  };
}

registerBuilders({ exact: (t) => build(t, undefined) });
