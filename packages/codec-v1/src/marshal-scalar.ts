/**
 * Marshal of bool, the integer kinds, float32/float64, string and json.Number
 * (with `,string`): the general encoder's, then the byte path's.
 */

import { type GoType, isIntegerKind, JsonNumber, writeStringV1 } from "./deps.js";
import { GoError, UnsupportedValueError } from "./errors.js";
import { formatFloat32, formatFloat64, isValidNumber, nonFiniteText, quoteString } from "./format.js";
import { quoteFor } from "./go-version.js";
import { BAIL, type ByteEncoder, type Encoder, writeBig } from "./marshal-common.js";
import { intCheck, isBigKind, mismatch } from "./value-check.js";

/** bool: true/false (quoted under `,string`). */
export function boolEncoder(t: GoType, quoted: boolean): Encoder {
  const [yes, no] = quoted ? ['"true"', '"false"'] : ["true", "false"];
  return (e, v) => {
    if (v === true) e.out += yes;
    else if (v === false) e.out += no;
    else throw mismatch(t, v);
  };
}

/** Integer kinds: decimal digits (quoted under `,string`); the value's type and range checked. */
export function intEncoder(t: GoType, quoted: boolean): Encoder {
  const fits = intCheck(t.kind);
  return quoted
    ? (e, v) => {
        if (!fits(v)) throw mismatch(t, v);
        e.out += `"${String(v)}"`;
      }
    : (e, v) => {
        if (!fits(v)) throw mismatch(t, v);
        e.out += String(v);
      };
}

/** float32/float64: Go's formatting (strconv 'f' or 'e' by magnitude); NaN and ±Inf unsupported. */
export function floatEncoder(t: GoType, quoted: boolean): Encoder {
  const fmt = t.kind === "float32" ? formatFloat32 : formatFloat64;
  return (e, v) => {
    if (typeof v !== "number") throw mismatch(t, v);
    if (!Number.isFinite(v)) throw new UnsupportedValueError(nonFiniteText(v));
    e.out += quoted ? `"${fmt(v)}"` : fmt(v);
  };
}

/** string (v1's escaping) and json.Number (checked literal). */
export function stringEncoder(t: GoType, quoted: boolean): Encoder {
  if (t.known === "json.Number") {
    return (e, v) => {
      let s: string;
      if (typeof v === "string") s = v;
      else if (JsonNumber.isInstance(v)) s = v.text;
      else throw mismatch(t, v);
      if (s === "") s = "0";
      if (!isValidNumber(s))
        throw new GoError("number-literal", `json: invalid number literal ${quoteFor(e.goVersion, s)}`);
      e.out += quoted ? `"${s}"` : s;
    };
  }
  if (quoted)
    return (e, v) => {
      if (typeof v !== "string") throw mismatch(t, v);
      e.out += quoteString(quoteString(v, e.html), false);
    };
  return (e, v) => {
    if (typeof v !== "string") throw mismatch(t, v);
    e.out += quoteString(v, e.html);
  };
}

/** The byte path of bool, string, float64 and the integer kinds (null for float32 and the rest). */
export function scalarByteEncoder(t: GoType): ByteEncoder | null {
  switch (t.kind) {
    case "bool":
      return (w, v) => {
        if (v === true) w.ascii("true");
        else if (v === false) w.ascii("false");
        else throw BAIL;
      };
    case "string":
      return (w, v) => {
        if (typeof v !== "string") throw BAIL;
        writeStringV1(w, v);
      };
    case "float64":
      return (w, v) => {
        if (typeof v !== "number" || v - v !== 0) throw BAIL;
        w.ascii(v === 0 ? (1 / v < 0 ? "-0" : "0") : String(v));
      };
    default:
      if (isIntegerKind(t.kind)) {
        if (isBigKind(t.kind)) {
          const unsigned = t.kind !== "int" && t.kind !== "int64";
          return (w, v) => {
            if (typeof v !== "bigint") throw BAIL;
            writeBig(w, v, unsigned);
          };
        }
        const fits = intCheck(t.kind);
        return (w, v) => {
          if (!fits(v)) throw BAIL;
          w.int53(v);
        };
      }
      return null; // float32, complex, chan, func, ...
  }
}
