/**
 * What the byte encoders' builders share (marshal-fast-write*.ts): the build context, and the
 * generated code's compiler and its common pieces. Encoders of composite types are generated
 * code, one function per Go type, so that each call site sees one encoder.
 */
import type { GoType } from "@gojson/gotype";
import { safeBigint, writeFloat64, writeInt53 } from "@gojson/jsontext/internal";
import { bigIntFits } from "./marshal-fast-checks.js";
import { writeBool, writeF64, writeNull } from "./marshal-fast-scalars.js";
import { bail, FAST_MAX_DEPTH } from "./marshal-fast-shadow.js";
import type { StringWriter } from "./marshal-fast-strings.js";
import type { ByteEncoder } from "./marshal-fast-table.js";
import type { ResolvedOptions } from "./options.js";

/** The state of one byte encoder build (a root type under one set of options). */
export interface Ctx {
  readonly o: ResolvedOptions;
  /** The string writer of the options. */
  readonly ws: StringWriter;
  /** The options' string escaping mode (jsontext's STRING_* bits), or 0 for json/v2's minimal escaping (see stringModeOf). */
  readonly mode: number;
  readonly cache: Map<GoType, ByteEncoder | null>;
  /** Composite types being built above this one, and struct fields still compiled eagerly. */
  depth: number;
  budget: number;
  /** Compiles (or finds) the encoder of a type reached from the one being built; null: not served. */
  readonly compile: (t: GoType, c: Ctx) => ByteEncoder | null;
}

/** Whether Go kind k is an integer kind. */
export function isIntKind(k: string): boolean {
  switch (k) {
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
      return true;
    default:
      return false;
  }
}

/** Code writing value expression x of a type of kind k: inline for the common leaves, else by encoder E. */
export function elemCode(k: string, x: string): string {
  if (k === "string") return `const s = ${x};\nif (typeof s !== "string") BAILF();\nWS(w, s);\n`;
  if (k === "bool") return `WB(w, ${x});\n`;
  if (k === "float64") return `WF(w, ${x});\n`;
  return `E(w, ${x});\n`;
}

/**
 * Compiles generated encoder source (a function body returning the encoder) that may use
 * encoder E, MAX, BAILF, WN, WB, WF, F64, I53, BIG, FITS, string writer WS and the names of
 * `extra`; null when code generation is refused.
 */
export function generate(
  src: string,
  enc: ByteEncoder,
  ws: StringWriter,
  extra: Readonly<Record<string, unknown>> = {},
): ByteEncoder | null {
  try {
    return new Function(
      "E",
      "MAX",
      "BAILF",
      "WN",
      "WB",
      "WF",
      "F64",
      "I53",
      "BIG",
      "FITS",
      "WS",
      ...Object.keys(extra),
      `"use strict";\n${src}`,
    )(
      enc,
      FAST_MAX_DEPTH,
      bail,
      writeNull,
      writeBool,
      writeF64,
      writeFloat64,
      writeInt53,
      safeBigint,
      bigIntFits,
      ws,
      ...Object.values(extra),
    ) as ByteEncoder;
  } catch {
    // A Content-Security-Policy: the closure serves.
    return null;
  }
}
