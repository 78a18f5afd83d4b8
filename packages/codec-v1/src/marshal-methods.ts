/**
 * Marshal through user methods (Go's marshalerEncoder and textMarshalerEncoder,
 * with v1's addressability rules): MarshalJSON output compacted and written
 * byte for byte, MarshalText output quoted, their errors wrapped as Go's
 * MarshalerError.
 */
import { GoMethodMissingError, GoTime, type GoType, typeString } from "./deps.js";
import { errorText, GoError, JsonSyntaxError, MarshalerError } from "./errors.js";
import { quoteString } from "./format.js";
import type { Encoder } from "./marshal-common.js";
import {
  type FoundMethod,
  findMethod,
  NIL_DEREFERENCE,
  NIL_PANIC,
  NIL_RECEIVER,
  walkHops,
} from "./methods.js";
import { lossyText, rawText } from "./raw-bytes.js";
import { compactBytes } from "./syntax.js";
import { mismatch } from "./value-check.js";

export function methodOf(
  t: GoType,
  name: "MarshalJSON" | "MarshalText",
  addr: boolean,
): { m: FoundMethod; ptr: boolean } | null {
  if (t.kind === "pointer") {
    if (t.name !== undefined || t.elem.kind === "pointer" || t.elem.kind === "interface") return null;
    const m = findMethod(t.elem, name);
    return m === null ? null : { m, ptr: true };
  }
  const m = findMethod(t, name);
  if (m === null) return null;
  if (m.inValueSet || addr) return { m, ptr: false };
  return null;
}

function callMarshal(
  m: FoundMethod,
  t: GoType,
  v: any,
  which: "MarshalJSON" | "MarshalText",
): Uint8Array | string {
  const found = walkHops(v, m);
  const recv = found === NIL_RECEIVER ? null : found;
  if (recv === NIL_PANIC) {
    // Go panics here (the promoted method dereferences a nil embedded pointer).
    throw new GoError("panic", NIL_DEREFERENCE);
  }
  try {
    return m.fn(recv);
  } catch (err) {
    // A method declared in Go source without a TypeScript twin: a usage error, not Go's output.
    if (GoMethodMissingError.isInstance(err)) throw err;
    throw new MarshalerError(typeString(t), errorText(err), which, err);
  }
}

const utf8 = new TextEncoder();

/** A type's MarshalJSON or MarshalText (Go's addressability rules), or null when it has neither. */
export function methodEncoder(t: GoType, addr: boolean): Encoder | null {
  const mj = methodOf(t, "MarshalJSON", addr);
  if (mj !== null) {
    const { m, ptr } = mj;
    const ts = typeString(t);
    const fits = knownFits(t);
    return (e, v) => {
      if (ptr && v === null) {
        e.out += "null";
        return;
      }
      if (fits !== null && !fits(v)) throw mismatch(t, v);
      const r = callMarshal(m, t, v, "MarshalJSON");
      const b = typeof r === "string" ? utf8.encode(r) : r;
      try {
        // Byte for byte, invalid UTF-8 included (surrogate escapes: ./raw-bytes.ts).
        e.out += rawText(compactBytes(b, e.html));
      } catch (err) {
        if (JsonSyntaxError.isInstance(err)) throw new MarshalerError(ts, err.message, "MarshalJSON", err);
        throw err;
      }
    };
  }
  const mt = methodOf(t, "MarshalText", addr);
  if (mt !== null) {
    const { m, ptr } = mt;
    return (e, v) => {
      if (ptr && v === null) {
        e.out += "null";
        return;
      }
      const r = callMarshal(m, t, v, "MarshalText");
      e.out += quoteString(typeof r === "string" ? r : lossy(r), e.html);
    };
  }
  return null;
}

/** For the known types whose MarshalJSON the codec supplies: the check that a value is theirs, or null. */
function knownFits(t: GoType): ((v: unknown) => boolean) | null {
  switch (t.known) {
    case "time.Time":
      return (v) => GoTime.isInstance(v);
    case "json.RawMessage":
    case "jsontext.Value":
      return (v) => v === null || v instanceof Uint8Array;
    default:
      return null;
  }
}

export function lossy(b: Uint8Array): string {
  return lossyText(b);
}
