/**
 * The general marshal engine's entry (Go's encode.go `newTypeEncoder`): Go
 * v1's encoder, compiled once per (type, addressability, `,string`) into a
 * tree of closures cached on the type object. This file holds the switch over
 * kinds, methods and pointers; each kind's rules live in its module
 * (marshal-scalar, -slice, -map, -struct, -any, -empty), beside that kind's
 * byte path (marshal-fast.ts is the byte path's entry).
 */
import { isRecursiveType } from "@gojson/gotype";
import { type GoType, typeString } from "./deps.js";
import { UnsupportedValueError } from "./errors.js";
import { interfaceEncoder } from "./marshal-any.js";
import {
  DEEP_ENCODE_DEPTH,
  deferDeep,
  type Encoder,
  encoderFor,
  enterCycleCheck,
  pointerKey,
  registerBuilders,
  START_DETECTING_CYCLES_AFTER,
} from "./marshal-common.js";
import { buildMap } from "./marshal-map.js";
import { methodEncoder } from "./marshal-methods.js";
import { boolEncoder, floatEncoder, intEncoder, stringEncoder } from "./marshal-scalar.js";
import { arrayEncoder, sliceEncoder } from "./marshal-slice.js";
import { buildStruct } from "./marshal-struct.js";
import { mismatch } from "./value-check.js";

function build(t: GoType, addr: boolean, quoted: boolean): Encoder {
  const m = methodEncoder(t, addr);
  if (m !== null) return m;
  switch (t.kind) {
    case "bool":
      return boolEncoder(t, quoted);
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
      return intEncoder(t, quoted);
    case "float32":
    case "float64":
      return floatEncoder(t, quoted);
    case "string":
      return stringEncoder(t, quoted);
    case "interface":
      return interfaceEncoder(t);
    case "pointer":
      return pointerEncoder(t, quoted);
    case "array":
      return arrayEncoder(t, addr);
    case "slice":
      return sliceEncoder(t);
    case "map":
      return buildMap(t);
    case "struct":
      return buildStruct(t, addr);
  }
}

/** Pointers: null for nil, else the pointee (addressable), with Go's cycle check past 1000 levels. */
function pointerEncoder(t: GoType & { kind: "pointer" }, quoted: boolean): Encoder {
  const elem = encoderFor(t.elem, true, quoted);
  // The type's text and whether it is recursive are asked for past START_DETECTING_CYCLES_AFTER
  // levels only: made then (a first marshal over many types reaches none of them).
  let ts: string | undefined;
  let recursive: boolean | undefined;
  // A value nests this deep through a recursive type or a long chain of declared types (T1 holds *T2, …):
  // either way the rest is encoded on the deferred path, off the JS stack.
  const deep = DEEP_ENCODE_DEPTH;
  const self: Encoder = (e, v) => {
    if (v === null) {
      e.out += "null";
      return;
    }
    if (v === undefined) throw mismatch(t, v);
    if (++e.depth > deep) return deferDeep(e, self, v);
    // gotype answers a whole cycle of types at once (marshal-common's isRecursive walks the graph per type).
    if (
      ++e.ptrLevel > START_DETECTING_CYCLES_AFTER &&
      (typeof v === "object" || (recursive ??= isRecursiveType(t)))
    ) {
      ts ??= typeString(t);
      // A recursive pointer type cannot hold a primitive (ill-typed, e.g. 1n for `type P *P`):
      // it would dereference to itself forever; report it as the cycle it is.
      if (typeof v !== "object") throw new UnsupportedValueError(`encountered a cycle via ${ts}`);
      const key = pointerKey(v, ts);
      enterCycleCheck(e, key, ts);
      elem(e, v);
      e.ptrSeen?.delete(key);
    } else elem(e, v);
    e.ptrLevel--;
    e.depth--;
  };
  return self;
}

registerBuilders({ exact: build });

/**
 * The general encoder of a value marshalled itself (not addressable, no `,string`). Entry points
 * get plans here, so that loading them loads this module and its builder registration.
 */
export function rootEncoderFor(t: GoType): Encoder {
  return encoderFor(t, false, false);
}
