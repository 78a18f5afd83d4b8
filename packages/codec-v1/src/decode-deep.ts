/**
 * The deep path of the typed decoder: past DEEP_DEPTH levels of nesting the
 * compiled (recursive) container decoders hand over to this loop, which keeps
 * its own stack of frames, so valid input nested up to Go's 10000 levels
 * decodes as Go does without exhausting the JavaScript stack. It follows the
 * compiled decoders' rules and shares their plans and helpers (struct plans,
 * field lookup, map key conversion); scalars, `any`, `,string` fields and
 * types with methods are leaves and run through the compiled decoders, which
 * never recurse into containers.
 */

import { Abort, type DecodeState, partialOf, SYNTAX_BAIL } from "./decode-state.js";
import type { GoType } from "./deps.js";
import { GoError } from "./errors.js";
import { findMethod } from "./methods.js";
import { type Decoder, decoderFor, hasMethods, MAX_POINTER_CHAIN } from "./unmarshal-common.js";
import { type KeyConv, mapKeyConv, plainStringKeys } from "./unmarshal-map.js";
import {
  type FieldDec,
  fieldHolder,
  readFieldKey,
  type StructPlan,
  skipUnknownMember,
  structPlan,
} from "./unmarshal-struct.js";
import { zeroFn, zeroValue } from "./zero.js";

export { DEEP_DEPTH } from "./decode-state.js";

/** Marks a frame with no element in progress. */
const NOTHING: unique symbol = Symbol("gojson.v1.nothing");

const K = { Slice: 0, Array: 1, Map: 2, Struct: 3 } as const;
type K = (typeof K)[keyof typeof K];

interface Frame {
  readonly k: K;
  readonly t: GoType;
  /** The container being filled: array (slice, array), Map, or the struct object. */
  readonly box: any;
  /** Element index (slice, array). */
  i: number;
  /** What the element being decoded was handed (Go leaves it in place when an error aborts). */
  given: unknown;
  // maps
  readonly conv: KeyConv | null;
  readonly stringKeys: boolean;
  key: string;
  keyStart: number;
  keyEnd: number;
  // structs
  readonly plan: StructPlan | null;
  next: number;
  fd: FieldDec | undefined;
  holder: any;
  readonly stackLen: number;
  readonly prevStruct: GoType | null;
}

function isContainer(t: GoType): boolean {
  switch (t.kind) {
    case "slice":
      return t.elem.kind !== "uint8";
    case "array":
    case "map":
    case "struct":
      return true;
    default:
      return false;
  }
}

/** Whether the deep path must hand `t` to its compiled decoder (no container of its own to open). */
function isLeaf(t: GoType): boolean {
  // (a pointer chain that never ends, `type P *P`, is left to the compiled decoder's cycle guard)
  for (let i = 0; t.kind === "pointer"; i++) {
    if (i >= MAX_POINTER_CHAIN) return true;
    t = t.elem;
  }
  if (!isContainer(t)) return true;
  return (
    hasMethods(t) && (findMethod(t, "UnmarshalJSON") !== null || findMethod(t, "UnmarshalText") !== null)
  );
}

function newFrame(
  d: DecodeState,
  k: K,
  t: GoType,
  box: any,
  plan: StructPlan | null,
  conv: KeyConv | null,
): Frame {
  return {
    k,
    t,
    box,
    i: 0,
    given: NOTHING,
    conv,
    stringKeys: t.kind === "map" ? plainStringKeys(t.key) : false,
    key: "",
    keyStart: 0,
    keyEnd: 0,
    plan,
    next: 0,
    fd: undefined,
    holder: undefined,
    stackLen: d.fsLen,
    prevStruct: d.ctxStruct,
  };
}

function elemType(f: Frame): GoType {
  const t = f.t;
  if (t.kind === "slice" || t.kind === "array" || t.kind === "map") return t.elem;
  return (f.fd as FieldDec).f.type;
}

/** The member's own decoder when its `,string` option applies (a leaf, quoted scalar); else null. */
function quotedDec(f: Frame): Decoder | null {
  return f.k === K.Struct && (f.fd as FieldDec).quoted ? (f.fd as FieldDec).dec : null;
}

/**
 * Positions the decoder on the next member of a struct or map frame (pos at
 * its key); returns false when the member is skipped (unknown field, nil
 * embedded pointer to an unexported struct) and another must be read.
 */
function beginMember(d: DecodeState, f: Frame): boolean {
  const text = d.text;
  if (text.charCodeAt(d.pos) !== 0x22) throw SYNTAX_BAIL;
  if (f.k === K.Map) {
    f.keyStart = d.pos;
    f.key = d.readString();
    f.keyEnd = d.pos;
  } else {
    f.fd = readFieldKey(d, f.plan as StructPlan, f.next);
  }
  d.ws();
  if (text.charCodeAt(d.pos) !== 0x3a) throw SYNTAX_BAIL;
  d.pos++;
  d.ws();
  if (f.k === K.Map) {
    f.given = zeroFn(f.t.kind === "map" ? f.t.elem : f.t)();
    return true;
  }
  const fd = f.fd;
  if (fd === undefined) {
    skipUnknownMember(d);
    return false;
  }
  f.next = fd.idx + 1;
  const o = fd.f.hops.length === 1 ? f.box : fieldHolder(d, f.box, fd, f.stackLen);
  if (o === undefined) {
    d.skip();
    return false;
  }
  d.ctxStruct = f.t;
  d.fieldStack[d.fsLen++] = fd.f.name;
  f.holder = o;
  f.given = o[fd.last];
  return true;
}

/** Stores a decoded element into its frame. */
function store(d: DecodeState, f: Frame, v: unknown): void {
  switch (f.k) {
    case K.Slice:
      if (f.i < f.box.length) f.box[f.i] = v;
      else f.box.push(v);
      break;
    case K.Array:
      f.box[f.i] = v;
      break;
    case K.Map:
      if (f.stringKeys) f.box.set(f.key, v);
      else {
        const k = (f.conv as KeyConv)(d, f.key, f.keyStart, f.keyEnd);
        if (k.ok) f.box.set(k.v, v);
      }
      break;
    case K.Struct:
      f.holder[(f.fd as FieldDec).last] = v;
      d.fsLen = f.stackLen;
      d.ctxStruct = f.prevStruct;
      break;
  }
}

/** The frame's container when an Abort passes through it, with the element in progress (`has`) recorded as Go leaves it. */
function storePartial(f: Frame, v: unknown, has: boolean): unknown {
  switch (f.k) {
    case K.Slice:
      if (has) f.box[f.i] = v;
      return f.box;
    case K.Array:
      if (has && f.i < (f.t as GoType & { kind: "array" }).len) f.box[f.i] = v;
      return f.box;
    case K.Map:
      return f.box;
    case K.Struct:
      if (has && f.holder !== undefined) f.holder[(f.fd as FieldDec).last] = v;
      return f.box;
  }
}

/** The value of a frame once its closing bracket is read. */
function finish(f: Frame): unknown {
  if (f.k === K.Slice) {
    const arr = f.box as unknown[];
    if (f.i < arr.length) arr.length = f.i;
    return f.i === 0 ? [] : arr;
  }
  if (f.k === K.Array) {
    const n = (f.t as GoType & { kind: "array" }).len;
    const ez = zeroFn((f.t as GoType & { kind: "array" }).elem);
    for (let i = f.i; i < n; i++) f.box[i] = ez();
  }
  return f.box;
}

/**
 * Decodes the value at pos into a destination of type `t` holding `cur`
 * (what the compiled decoder for `t` does), with an explicit stack.
 */
export function decodeDeep(d: DecodeState, t: GoType, cur: any): any {
  const text = d.text;
  const stack: Frame[] = [];
  let value: unknown;
  // Set while the value begun is a `,string` member (decoded by its field's decoder).
  let quoted: Decoder | null = null;
  try {
    for (;;) {
      // Begin a value of type t whose destination holds cur.
      let chain = 0;
      while (quoted === null && t.kind === "pointer" && !isLeaf(t) && text.charCodeAt(d.pos) !== 0x6e) {
        if (++chain > MAX_POINTER_CHAIN)
          throw new Abort(new GoError("panic", "json: endless pointer type cycle"));
        // Go allocates the pointer before decoding into it.
        cur = cur === null || cur === undefined ? zeroValue(t.elem) : cur;
        const top = stack[stack.length - 1];
        if (top !== undefined) top.given = cur;
        t = t.elem;
      }
      const c = text.charCodeAt(d.pos);
      let f: Frame | null = null;
      if (quoted === null && !isLeaf(t)) {
        if (c === 0x5b && t.kind === "slice") f = newFrame(d, K.Slice, t, cur ?? [], null, null);
        else if (c === 0x5b && t.kind === "array")
          f = newFrame(
            d,
            K.Array,
            t,
            Array.isArray(cur) && cur.length === t.len ? cur : zeroValue(t),
            null,
            null,
          );
        else if (c === 0x7b && t.kind === "struct") f = newFrame(d, K.Struct, t, cur, structPlan(t), null);
        else if (c === 0x7b && t.kind === "map") {
          const conv = mapKeyConv(t.key);
          if (conv !== null) f = newFrame(d, K.Map, t, cur instanceof Map ? cur : new Map(), null, conv);
        }
      }
      if (f === null) {
        value = (quoted ?? decoderFor(t))(d, cur);
        quoted = null;
      } else {
        d.enter();
        d.pos++;
        d.ws();
        stack.push(f);
        if (text.charCodeAt(d.pos) !== closeOf(f) && startElement(d, f)) {
          t = elemType(f);
          quoted = quotedDec(f);
          cur = f.given;
          continue;
        }
      }
      // A value is complete, or a container has no element in progress: store it and read on.
      for (;;) {
        const top = stack[stack.length - 1];
        if (top === undefined) return value;
        if (top.given !== NOTHING) {
          store(d, top, value);
          top.given = NOTHING;
          top.i++;
        }
        if (nextElement(d, top)) {
          t = elemType(top);
          quoted = quotedDec(top);
          cur = top.given;
          break;
        }
        d.pos++;
        d.depth--;
        stack.pop();
        value = finish(top);
      }
    }
  } catch (e) {
    if (e instanceof Abort && stack.length > 0) {
      let p: unknown = NOTHING;
      for (let i = stack.length - 1; i >= 0; i--) {
        const f = stack[i] as Frame;
        if (p === NOTHING) p = f.given === NOTHING ? NOTHING : partialOf(e, f.given);
        p = storePartial(f, p === NOTHING ? undefined : p, p !== NOTHING);
      }
      e.partial = p;
    }
    throw e;
  }
}

function closeOf(f: Frame): number {
  return f.k === K.Slice || f.k === K.Array ? 0x5d : 0x7d;
}

/**
 * After an element (or at the start of a container whose first members were
 * skipped): `,` starts the next element, the closing bracket ends the frame
 * (false, pos at the bracket).
 */
function nextElement(d: DecodeState, f: Frame): boolean {
  const text = d.text;
  const close = closeOf(f);
  for (;;) {
    d.ws();
    const e = text.charCodeAt(d.pos);
    if (e === close) return false;
    if (e !== 0x2c) throw SYNTAX_BAIL;
    d.pos++;
    d.ws();
    if (startElement(d, f)) return true;
  }
}

/**
 * Starts the element at pos in frame f: array slots past the length are
 * skipped, object members are matched. True when an element value must be
 * decoded (its destination is in f.given).
 */
function startElement(d: DecodeState, f: Frame): boolean {
  if (f.k === K.Slice) {
    f.given = f.i < f.box.length ? f.box[f.i] : zeroFn((f.t as GoType & { kind: "slice" }).elem)();
    return true;
  }
  if (f.k === K.Array) {
    if (f.i < (f.t as GoType & { kind: "array" }).len) {
      f.given = f.box[f.i];
      return true;
    }
    d.skip();
    f.i++;
    return false;
  }
  return beginMember(d, f);
}
