import type { IncomingMessage } from "node:http";

/**
 * The four request headers whose duplicates change what the body means
 * (RFC 9110 §8.3, §8.4, §8.6; RFC 9112 §6.1), each as the list of its
 * comma-separated elements in the order they were sent, across every field
 * line of that name. An absent header is an empty list.
 */
export interface BodyHeaders {
  readonly contentType: readonly string[];
  readonly contentLength: readonly string[];
  readonly contentEncoding: readonly string[];
  readonly transferEncoding: readonly string[];
}

const NAMES = ["content-type", "content-length", "content-encoding", "transfer-encoding"] as const;
type Name = (typeof NAMES)[number];

/**
 * splitList splits a field value into its comma-separated elements (RFC 9110
 * §5.6.1), keeping commas inside quoted strings, trimming spaces and dropping
 * empty elements. A Fetch `Headers` object joins repeated field lines with
 * ", ", so the same split reads node:http's raw lines and a joined value alike.
 */
export function splitList(value: string): string[] {
  const out: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (quoted) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) quoted = false;
    } else if (c === 0x22) quoted = true;
    else if (c === 0x2c /* , */) {
      push(value.slice(start, i));
      start = i + 1;
    }
  }
  push(value.slice(start));
  return out;

  function push(s: string): void {
    const t = s.trim();
    if (t !== "") out.push(t);
  }
}

function empty(): Record<Name, string[]> {
  return { "content-type": [], "content-length": [], "content-encoding": [], "transfer-encoding": [] };
}

function toBodyHeaders(h: Record<Name, string[]>): BodyHeaders {
  return {
    contentType: h["content-type"],
    contentLength: h["content-length"],
    contentEncoding: h["content-encoding"],
    transferEncoding: h["transfer-encoding"],
  };
}

/**
 * nodeBodyHeaders reads the body headers of a node:http request from its raw
 * field lines (`rawHeaders`): `req.headers` keeps only the first of two
 * Content-Type lines, which would let `application/json` hide a second
 * `text/plain`.
 */
export function nodeBodyHeaders(req: IncomingMessage): BodyHeaders {
  const h = empty();
  const raw = req.rawHeaders;
  if (!Array.isArray(raw)) return fromHeaderObject(req.headers);
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase() as Name;
    const list = h[name];
    if (list !== undefined) list.push(...splitList(raw[i + 1] as string));
  }
  return toBodyHeaders(h);
}

function fromHeaderObject(headers: IncomingMessage["headers"]): BodyHeaders {
  const h = empty();
  for (const name of NAMES) {
    const v = headers[name];
    for (const line of Array.isArray(v) ? v : v === undefined ? [] : [v]) h[name].push(...splitList(line));
  }
  return toBodyHeaders(h);
}

/** webBodyHeaders reads the body headers of a Fetch Request (repeated lines arrive joined with ", "). */
export function webBodyHeaders(req: Request): BodyHeaders {
  const h = empty();
  for (const name of NAMES) {
    const v = req.headers.get(name);
    if (v !== null) h[name].push(...splitList(v));
  }
  return toBodyHeaders(h);
}
