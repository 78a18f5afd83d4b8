/**
 * marshal straight to UTF-8 bytes, for the common types: structs, slices,
 * arrays, maps with string or integer keys, pointers, scalars and `any`,
 * with no methods, no known types (time.Time, json.Number, ...) and no
 * `,string` options anywhere in the type; recursive types too (a value
 * nested past BYTES_MAX_DEPTH, a cycle among them, bails). Encoders
 * are compiled once per type (cached on the type object) and write into one
 * reused buffer: keys pre-encoded with their separators, short strings
 * encoded by hand, long ones by Buffer's native UTF-8 writer.
 *
 * This path writes only what it knows to be Go's bytes. Anything else in a
 * value (NaN or ±Inf, -0 in a numeric slice, a value that does not fit its Go
 * type — the same typeof and range tests the writers make anyway —, a Map or
 * class instance in an `any`, nesting past BYTES_MAX_DEPTH)
 * makes it bail out (it calls no user code, so nothing runs twice), and
 * marshal runs the general string encoder (./marshal-plan.ts), which writes the
 * same bytes or Go's error.
 */
import { type GoType, tieredOver } from "./deps.js";
import { encodeAnyBytes } from "./marshal-any.js";
import { type ByteEncoder, byteEncoderFor, hasMarshalMethods, registerBuilders } from "./marshal-common.js";
import { buildMapBytes } from "./marshal-map.js";
import { scalarByteEncoder } from "./marshal-scalar.js";
import { buildList } from "./marshal-slice.js";
import { buildStructBytes } from "./marshal-struct.js";

function buildBytes(t: GoType): ByteEncoder | null {
  if (t.known !== undefined || hasMarshalMethods(t)) return null;
  switch (t.kind) {
    case "interface":
      return t.methods === undefined && t.opaque === undefined ? encodeAnyBytes : null;
    case "pointer": {
      if (t.elem.kind === "pointer" || t.elem.kind === "interface" || hasMarshalMethods(t.elem)) return null;
      const elem = byteEncoderFor(t.elem);
      if (elem === null) return null;
      // Generated per type (tiered with a struct pointee): a shared closure's call site would see
      // every pointee's encoder.
      return tieredOver(
        elem,
        (w, v) => {
          if (v === null) w.ascii("null");
          else elem(w, v);
        },
        generatePointer,
      );
    }
    case "slice":
    case "array":
      return buildList(t);
    case "map":
      return buildMapBytes(t);
    case "struct":
      return buildStructBytes(t);
    default:
      return scalarByteEncoder(t);
  }
}

/** The generated writer of a pointer type over pointee encoder `elem` (null where code generation is not allowed). */
function generatePointer(elem: ByteEncoder): ByteEncoder | null {
  try {
    return new Function(
      "E",
      '"use strict";\nreturn function writePointer(w, v) {\nif (v === null) w.nul();\nelse E(w, v);\n};',
    )(elem) as ByteEncoder;
  } catch {
    return null;
  }
}

registerBuilders({ fast: buildBytes });

/**
 * The byte encoder of a value marshalled itself, or null when the type is outside the byte path.
 * Entry points get plans here, so that loading them loads this module and its builder registration.
 */
export function rootByteEncoderFor(t: GoType): ByteEncoder | null {
  return byteEncoderFor(t);
}
