import { StrictBodyCode as C, StrictBodyError } from "./errors.js";

/** A parsed media type (RFC 9110 §8.3.1): lower-cased type/subtype and the charset parameter. */
export interface MediaType {
  readonly type: string;
  readonly charset: string | undefined;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** parseMediaType reads a Content-Type value; undefined when it is malformed. */
export function parseMediaType(value: string): MediaType | undefined {
  const parts = value.split(";");
  const type = (parts[0] ?? "").trim().toLowerCase();
  const slash = type.indexOf("/");
  if (slash <= 0 || !TOKEN.test(type.slice(0, slash)) || !TOKEN.test(type.slice(slash + 1))) return undefined;
  let charset: string | undefined;
  for (let k = 1; k < parts.length; k++) {
    const p = (parts[k] as string).trim();
    if (p === "") continue;
    const eq = p.indexOf("=");
    if (eq <= 0) return undefined;
    const name = p.slice(0, eq).trim().toLowerCase();
    let v = p.slice(eq + 1).trim();
    if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) v = v.slice(1, -1);
    if (name === "charset") charset = v.toLowerCase();
  }
  return { type, charset };
}

/** matchesMediaType reports whether type is in the list; an entry `type/*+suffix` matches structured suffixes. */
export function matchesMediaType(type: string, accepted: readonly string[]): boolean {
  for (const a of accepted) {
    if (a === type) return true;
    const star = a.indexOf("/*+");
    if (star > 0 && type.startsWith(a.slice(0, star + 1)) && type.endsWith(a.slice(star + 2))) return true;
  }
  return false;
}

/** checkContentType applies checks 1 and 2: media type (415) and charset (415, UTF-8 only per RFC 8259 §8.1). */
export function checkContentType(header: string | null | undefined, accepted: readonly string[]): void {
  const mt = header ? parseMediaType(header) : undefined;
  if (!mt || !matchesMediaType(mt.type, accepted)) {
    throw new StrictBodyError({
      code: C.UNSUPPORTED_MEDIA_TYPE,
      statusCode: 415,
      message: `unsupported Content-Type: expected ${accepted.join(" or ")}`,
    });
  }
  if (mt.charset !== undefined && mt.charset !== "utf-8" && mt.charset !== "utf8") {
    throw new StrictBodyError({
      code: C.UNSUPPORTED_CHARSET,
      statusCode: 415,
      message: "unsupported charset: JSON bodies must be UTF-8",
    });
  }
}

/** Content codings strict-http can undo. */
export type Inflater = "gzip" | "deflate" | "br";

/** checkContentEncoding applies check 3: identity passes, known codings only when inflating (415 otherwise). */
export function checkContentEncoding(
  header: string | null | undefined,
  inflate: boolean,
): Inflater | undefined {
  const v = (header ?? "").trim().toLowerCase();
  if (v === "" || v === "identity") return undefined;
  if (inflate) {
    if (v === "gzip" || v === "x-gzip") return "gzip";
    if (v === "deflate") return "deflate";
    if (v === "br") return "br";
  }
  throw new StrictBodyError({
    code: C.UNSUPPORTED_ENCODING,
    statusCode: 415,
    message: inflate
      ? "unsupported Content-Encoding: expected gzip, deflate, br or identity"
      : "unsupported Content-Encoding: compressed bodies are not accepted",
  });
}

/** checkContentLength applies check 4: a malformed length is 400, a declared length over the limit 413 at once. */
export function checkContentLength(header: string | null | undefined, maxBytes: number): number | undefined {
  if (header === null || header === undefined) return undefined;
  const v = header.trim();
  if (!/^[0-9]{1,16}$/.test(v)) {
    throw new StrictBodyError({
      code: C.BAD_CONTENT_LENGTH,
      statusCode: 400,
      message: "malformed Content-Length",
    });
  }
  const len = Number(v);
  if (len > maxBytes) {
    throw new StrictBodyError({
      code: C.BODY_TOO_LARGE,
      statusCode: 413,
      message: `request body too large: Content-Length ${len} exceeds the limit of ${maxBytes} bytes`,
      closeConnection: true,
    });
  }
  return len;
}
