/**
 * Canonical text of JSON values (sorted object keys), shared by the input
 * model and the difference table.
 */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Renders any JSON value as short text: strings as they are, everything else as canonical JSON. */
export function textOf(v: unknown): string {
  if (v === undefined) return "";
  if (typeof v === "string") return v;
  return stableStringify(v);
}

/** JSON.stringify with object keys sorted, so equal values print equal bytes. */
export function stableStringify(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableStringify).join(",")}]`;
  if (isObj(v)) {
    const keys = Object.keys(v).sort();
    return `{${keys
      .filter((k) => v[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableStringify(v[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(v) ?? "null";
}
