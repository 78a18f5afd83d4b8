/**
 * String quoting for marshal: jsontext's v2 escaping policy (minimal escaping,
 * EscapeForHTML, EscapeForJS, AllowInvalidUTF8) resolved once per options.
 */
import { JsonError } from "@gojson/jsontext";
import { type QuotePolicy, quotePolicy, quoteString } from "@gojson/jsontext/internal";
import { syntacticError } from "./errors.js";
import type { ResolvedOptions } from "./options.js";

const policies = new WeakMap<ResolvedOptions, QuotePolicy>();

/** quotePolicyFor returns the jsontext quoting policy of resolved options (cached). */
export function quotePolicyFor(o: ResolvedOptions): QuotePolicy {
  let p = policies.get(o);
  if (p === undefined) {
    p = quotePolicy("v2", {
      escapeHTML: o.flags.escapeForHTML,
      escapeForJS: o.flags.escapeForJS,
      allowInvalidUTF8: o.flags.allowInvalidUTF8,
    });
    policies.set(o, p);
  }
  return p;
}

/** Characters that may need escaping under a v2 policy without EscapeForHTML (JS line separators are checked by quoteString). */
const NEEDS_MINIMAL =
  /[\u0000-\u001f"\\\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** quoteWith quotes s under policy p; invalid UTF-8 (a lone surrogate) becomes Go's SyntacticError. */
export function quoteWith(s: string, p: QuotePolicy): string {
  // Adapter: jsontext's quoteString takes its slow path (ByteWriter + TextDecoder) for
  // `<`, `>`, `&` even when the policy does not escape them, and for every surrogate pair
  // (emoji); under v2 such strings need no escaping.
  if (!p.escapeHTML && !NEEDS_MINIMAL.test(s)) return `"${s}"`;
  try {
    return quoteString(s, p);
  } catch (e) {
    if (JsonError.isInstance(e) && e.code === "GOJSON_ERR_INVALID_UTF8")
      throw syntacticError("invalid UTF-8", 0);
    throw e;
  }
}
