/**
 * The kernel by name, for decoders the codecs generate as source code: the generated body takes
 * this one object and destructures what it uses (`const { C, colon, nextMember } = K;`), so a
 * generator names no kernel function twice.
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */
import { bail, C } from "./cursor.js";
import { matchAt } from "./names.js";
import { colon, readNull, skipValue, ws } from "./scan.js";
import { beginObject, END, nextMember } from "./scan-steps.js";
import { readString } from "./scan-string.js";

export const KERNEL = {
  C,
  bail,
  beginObject,
  colon,
  END,
  matchAt,
  nextMember,
  readNull,
  readString,
  skipValue,
  ws,
} as const;
