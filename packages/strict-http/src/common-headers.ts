/**
 * The common request, read without allocating: one Content-Type line of an
 * accepted media type, no Content-Encoding, and either one Content-Length
 * line within the limit or one `Transfer-Encoding: chunked` line (a client
 * that streams its body, such as Node's http.request with write()). Such a
 * request passes every header check (framing, media type, charset, coding,
 * declared length), so readJson only needs its declared length, if any.
 * Anything else (and every rejection) takes the full checks in read-json.ts,
 * which report in order.
 */
import { checkContentType } from "./content-type.js";
import { splitList } from "./request-headers.js";

/** What {@link commonLength} returns when the full header checks must run. */
export const NOT_COMMON = -1;

/** What {@link commonLength} returns for a common chunked request (no declared length). */
export const CHUNKED = -2;

/**
 * Content-Type values that passed the media type and charset checks, per
 * list of accepted types (a server sends the same few values over and over).
 */
const passed = new WeakMap<readonly string[], Set<string>>();
/** Values kept per list: clients send a handful; a client that varies them only misses the cache. */
const MAX_PASSED = 16;

/** isName reports whether a raw field name is `lower` in any case (lower: letters and '-'). */
function isName(s: string, lower: string): boolean {
  if (s === lower) return true;
  for (let i = 0; i < lower.length; i++) {
    // ASCII letters fold with 0x20; '-' stays itself ('\r' would fold to it, and cannot be in a name).
    if ((s.charCodeAt(i) | 0x20) !== lower.charCodeAt(i)) return false;
  }
  return true;
}

/** typeAccepted reports whether one Content-Type line passes checks 1 and 2 (cached per accepted list). */
function typeAccepted(value: string, accepted: readonly string[]): boolean {
  let seen = passed.get(accepted);
  if (seen?.has(value)) return true;
  // A list of elements is the full check's to read (it may disagree with itself).
  if (value.indexOf(",") >= 0) return false;
  try {
    checkContentType(splitList(value), accepted);
  } catch {
    return false;
  }
  if (seen === undefined) passed.set(accepted, (seen = new Set()));
  if (seen.size < MAX_PASSED) seen.add(value);
  return true;
}

/** digits reads a Content-Length value of 1 to 16 ASCII digits (the full check's grammar), else NOT_COMMON. */
function digits(v: string): number {
  if (v.length === 0 || v.length > 16) return NOT_COMMON;
  let n = 0;
  for (let i = 0; i < v.length; i++) {
    const d = v.charCodeAt(i) - 0x30;
    if (d < 0 || d > 9) return NOT_COMMON;
    n = n * 10 + d;
  }
  return n;
}

/**
 * commonLength returns the declared length (at least 1, at most maxBytes) of
 * a request whose raw field lines are the common case, {@link CHUNKED} for a
 * common chunked one, or {@link NOT_COMMON}.
 */
export function commonLength(raw: readonly string[], accepted: readonly string[], maxBytes: number): number {
  let type: string | undefined;
  let length: string | undefined;
  let coding: string | undefined;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    switch (name.length) {
      case 12:
        if (isName(name, "content-type")) {
          if (type !== undefined) return NOT_COMMON;
          type = raw[i + 1] as string;
        }
        break;
      case 14:
        if (isName(name, "content-length")) {
          if (length !== undefined) return NOT_COMMON;
          length = raw[i + 1] as string;
        }
        break;
      case 16:
        if (isName(name, "content-encoding")) return NOT_COMMON;
        break;
      case 17:
        if (isName(name, "transfer-encoding")) {
          if (coding !== undefined) return NOT_COMMON;
          coding = raw[i + 1] as string;
        }
        break;
    }
  }
  if (type === undefined) return NOT_COMMON;
  if (coding !== undefined) {
    // Exactly chunked, alone: a list, another coding or a Content-Length beside it is the full check's.
    if (length !== undefined || coding.length !== 7 || !isName(coding, "chunked")) return NOT_COMMON;
    return typeAccepted(type, accepted) ? CHUNKED : NOT_COMMON;
  }
  if (length === undefined) return NOT_COMMON;
  const n = digits(length);
  if (n < 1 || n > maxBytes || !typeAccepted(type, accepted)) return NOT_COMMON;
  return n;
}
