/** JSON Pointer (RFC 6901) helpers. */

/** escapePointerToken escapes `~` and `/` in a JSON Pointer reference token (RFC 6901, section 3). */
export function escapePointerToken(name: string): string {
  if (name.indexOf("~") < 0 && name.indexOf("/") < 0) return name;
  return name.replace(/~/g, "~0").replace(/\//g, "~1");
}
