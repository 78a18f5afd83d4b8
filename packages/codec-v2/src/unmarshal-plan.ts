/**
 * Compiled unmarshal plans, the entry: `decoderFor` gives the decoder of a Go type under resolved
 * options, and `buildDecoder` dispatches on the type to the kinds' decoders (arshal-*.ts, one
 * module a kind, unmarshal beside marshal). A decoder reads one value through the jsontext Decoder
 * and returns the new value of the destination (merging into `cur` where v2 merges: objects only).
 */

import type { GoType } from "@gojson/gotype";
import { anyDecoder, opaqueDecoder } from "./arshal-any.js";
import { mapDecoder } from "./arshal-maps.js";
import { unmarshalJSONDecoder, unmarshalJSONFromDecoder, unmarshalTextDecoder } from "./arshal-methods.js";
import { pointerDecoder } from "./arshal-pointers.js";
import { boolDecoder, floatDecoder, intDecoder, jsonNumberDecoder, stringDecoder } from "./arshal-scalars.js";
import { arrayDecoder, sliceDecoder } from "./arshal-slices.js";
import { structDecoder } from "./arshal-structs.js";
import { durationDecoder, timeDecoder } from "./arshal-time.js";
import { lookupMethod } from "./go-values.js";
import type { ResolvedOptions } from "./options.js";
import {
  compileDecoder,
  NO_UNMARSHAL_MODE,
  registerDecoderBuild,
  type UnmarshalMode,
} from "./unmarshal-compile.js";
import type { Dec } from "./unmarshal-deep.js";
import { FORMATLESS_KINDS_U, invalidFormatDecoder } from "./unmarshal-support.js";

export type { Dec };

/** decoderFor returns the decoder for t under options o. */
export function decoderFor(t: GoType, o: ResolvedOptions): Dec {
  return compileDecoder(t, o, { ...NO_UNMARSHAL_MODE, str: o.flags.stringifyNumbers });
}

function buildDecoder(t: GoType, o: ResolvedOptions, m: UnmarshalMode): Dec {
  switch (t.known) {
    case "time.Time":
      return timeDecoder(t, o, m);
    case "time.Duration":
      return durationDecoder(t, o, m);
    case "json.Number":
      return jsonNumberDecoder(t, o, m);
    case "json.RawMessage":
    case "jsontext.Value":
      return (r) => r.d.readValue();
  }
  // A pointer's methods are its element's: null clears the pointer before any method is called.
  if (t.kind === "pointer") return pointerDecoder(t, o, m);
  // Go's order: UnmarshalJSONFrom, UnmarshalJSON, UnmarshalText.
  const uf = lookupMethod(t, "UnmarshalJSONFrom");
  if (uf) return unmarshalJSONFromDecoder(t, o, uf);
  const uj = lookupMethod(t, "UnmarshalJSON");
  if (uj) return unmarshalJSONDecoder(t, o, uj);
  const ut = lookupMethod(t, "UnmarshalText");
  if (ut) return unmarshalTextDecoder(t, o, ut);
  // Kinds that take no `format` option (floats take "nonfinite" only): Go reports it before
  // reading the value (Go 1.26; Go 1.27 rejects every `format` option up front).
  if (
    m.format !== "" &&
    (FORMATLESS_KINDS_U.has(t.kind) ||
      ((t.kind === "float32" || t.kind === "float64") && m.format !== "nonfinite"))
  )
    return invalidFormatDecoder(t, m.format, o);
  switch (t.kind) {
    case "bool":
      return boolDecoder(t, o, m);
    case "string":
      return stringDecoder(t, o, m);
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
      return intDecoder(t, o, m);
    case "float32":
    case "float64":
      return floatDecoder(t, o, m);
    case "slice":
      return sliceDecoder(t, o, m);
    case "array":
      return arrayDecoder(t, o, m);
    case "map":
      return mapDecoder(t, o, m);
    case "interface":
      if (t.opaque !== undefined || (t.interfaceMethods?.length ?? 0) > 0) return opaqueDecoder(t, o);
      return anyDecoder(o, m.str, t.name !== undefined);
    case "struct":
      return structDecoder(t, o, m);
  }
}

registerDecoderBuild(buildDecoder);
