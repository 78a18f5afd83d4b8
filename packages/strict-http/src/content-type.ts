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

/**
 * checkContentType applies checks 1 and 2 to every Content-Type element sent
 * (repeated lines included): none is 415; elements that name different media
 * types or charsets are 400 CONFLICTING_HEADERS (node:http would have kept the
 * first one, a Fetch `Headers` joins them); then the media type (415) and the
 * charset (415, UTF-8 only per RFC 8259 §8.1).
 */
export function checkContentType(values: readonly string[], accepted: readonly string[]): void {
  let mt: MediaType | undefined;
  for (const v of values) {
    const m = parseMediaType(v);
    if (m === undefined) {
      mt = undefined;
      break;
    }
    if (mt !== undefined && (m.type !== mt.type || m.charset !== mt.charset)) {
      throw new StrictBodyError({
        code: C.CONFLICTING_HEADERS,
        statusCode: 400,
        message: "conflicting Content-Type headers: a request body has one media type",
      });
    }
    mt = m;
  }
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

/**
 * checkContentEncoding applies check 3 to the list of codings (repeated lines
 * included, `identity` elements dropped): none passes; one known coding passes
 * when inflating; several stacked codings, or any coding when not inflating, are 415.
 */
export function checkContentEncoding(values: readonly string[], inflate: boolean): Inflater | undefined {
  const codings = values.map((v) => v.toLowerCase()).filter((v) => v !== "identity");
  if (codings.length === 0) return undefined;
  const v = codings[0] as string;
  if (inflate && codings.length === 1) {
    if (v === "gzip" || v === "x-gzip") return "gzip";
    if (v === "deflate") return "deflate";
    if (v === "br") return "br";
  }
  throw new StrictBodyError({
    code: C.UNSUPPORTED_ENCODING,
    statusCode: 415,
    message: !inflate
      ? "unsupported Content-Encoding: compressed bodies are not accepted"
      : codings.length > 1
        ? `unsupported Content-Encoding: ${codings.length} stacked codings; send one of gzip, deflate, br or identity`
        : "unsupported Content-Encoding: expected gzip, deflate, br or identity",
  });
}
