/**
 * Compiled marshal plans, the entry: `encoderFor` gives the encoder of a Go type under resolved
 * options, and `buildEncoder` dispatches on the type to the kinds' encoders (arshal-*.ts, one
 * module a kind, marshal beside unmarshal, as Go's json/v2 lays out arshal_default.go and its
 * siblings). Encoders are compiled once per (type, options, field overrides) by marshal-compile.ts.
 */

import { GoTime, type GoType } from "@gojson/gotype";
import { anyEncoder, opaqueEncoder } from "./arshal-any.js";
import { mapEncoder } from "./arshal-maps.js";
import { methodEncoder, rawValueEncoder } from "./arshal-methods.js";
import { pointerEncoder } from "./arshal-pointers.js";
import { boolEncoder, floatEncoder, intEncoder, jsonNumberEncoder, stringEncoder } from "./arshal-scalars.js";
import { arrayEncoder, sliceEncoder } from "./arshal-slices.js";
import { structEncoder } from "./arshal-structs.js";
import { durationEncoder, timeEncoder } from "./arshal-time.js";
import { indentMarshalError } from "./errors.js";
import { isBigInt } from "./invalid-value.js";
import {
  compileEncoder,
  type MarshalMode,
  NO_MARSHAL_MODE,
  registerEncoderBuild,
} from "./marshal-compile.js";
import type { Enc } from "./marshal-deep.js";
import { checked, FORMATLESS_KINDS, invalidFormatEncoder } from "./marshal-support.js";
import type { ResolvedOptions } from "./options.js";
import { indentCompact } from "./raw.js";

export type { Enc };

/** The encoder for t under options o (top-level values are not addressable). */
export function encoderFor(t: GoType, o: ResolvedOptions): Enc {
  const enc = compileEncoder(t, o, { ...NO_MARSHAL_MODE, str: o.flags.stringifyNumbers });
  const f = o.flags;
  if (!(f.multiline || f.spaceAfterColon || f.spaceAfterComma)) return enc;
  // Indented output: error offsets count the whitespace Go writes before the failing value.
  return (v) => {
    try {
      return enc(v);
    } catch (e) {
      throw indentMarshalError(e, (s) =>
        indentCompact(s, o.indentPrefix, o.indent, f.spaceAfterColon, f.spaceAfterComma, f.multiline),
      );
    }
  };
}

function buildEncoder(t: GoType, o: ResolvedOptions, m: MarshalMode): Enc {
  switch (t.known) {
    case "time.Time":
      return checked(t, timeEncoder(t, o, m), (v) => GoTime.isInstance(v));
    case "time.Duration":
      return checked(t, durationEncoder(t, o, m), (v) => isBigInt("int64", v));
    case "json.Number":
      return jsonNumberEncoder(t, o, m);
    case "json.RawMessage":
    case "jsontext.Value":
      return rawValueEncoder(t, o);
  }
  // A pointer's methods are its element's (Go has no methods on named pointer types): nil is null first.
  if (t.kind === "pointer") return pointerEncoder(t, o, m);
  // Methods first (v2: callable regardless of addressability; legacy: pointer receivers need an addressable value).
  const me = methodEncoder(t, o, m);
  if (me !== undefined) return me;
  // Kinds that take no `format` option: Go reports it before writing the value (Go 1.26; Go 1.27
  // rejects every `format` option up front).
  if (m.format !== "" && FORMATLESS_KINDS.has(t.kind)) return invalidFormatEncoder(t, m.format);
  switch (t.kind) {
    case "bool":
      return boolEncoder(t, o, m);
    case "string":
      return stringEncoder(t, o, m);
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
      return intEncoder(t, m);
    case "float32":
    case "float64":
      return floatEncoder(t, m);
    case "slice":
      return sliceEncoder(t, o, m);
    case "array":
      return arrayEncoder(t, o, m);
    case "map":
      return mapEncoder(t, o, m);
    case "interface":
      if (t.opaque !== undefined) return opaqueEncoder(t);
      return anyEncoder(o, m);
    case "struct":
      return structEncoder(t, o, m);
  }
}

registerEncoderBuild(buildEncoder);
