import { formatGo, GoTime, type GoType, isZero, JsonNumber } from "@gojson/gotype";
import { goQuote } from "@gojson/jsontext/internal";

/** Longest literal shown before it is cut with `…`. */
export const MAX_LITERAL = 240;

/**
 * goLiteral writes a value of a Go type (in its TypeScript form, see
 * ../shared/CONTRACT.md) as a Go composite literal, the way a Go program
 * would spell it: `Order{ID: 7, Items: []string{"book"}}` (zero fields left
 * out), `nil`, `&T{...}`; a time.Time as `time.Time(2026-10-01T12:00:00Z)`.
 * Long literals are cut at MAX_LITERAL characters.
 */
export function goLiteral(t: GoType, v: unknown): string {
  const out = lit(t, v, 0);
  return out.length <= MAX_LITERAL ? out : `${out.slice(0, MAX_LITERAL)}…`;
}

const MAX_DEPTH = 12;

function typeText(t: GoType): string {
  return formatGo(t, { localPackage: t.pkg ?? "main" });
}

function lit(t: GoType, v: unknown, depth: number): string {
  if (depth > MAX_DEPTH) return "…";
  if (t.known === "time.Time") return v instanceof GoTime ? `time.Time(${v.toString()})` : String(v);
  if (t.known === "json.Number")
    return `json.Number(${goQuote(v instanceof JsonNumber ? v.toString() : String(v))})`;
  if (t.known === "json.RawMessage" || t.known === "jsontext.Value")
    return v == null ? "nil" : `${typeText(t)}(${goQuote(new TextDecoder().decode(v as Uint8Array))})`;
  switch (t.kind) {
    case "bool":
      return String(v);
    case "string":
      return typeof v === "string" ? goQuote(v) : String(v);
    case "float32":
    case "float64":
      return Object.is(v, -0) ? "-0" : String(v);
    case "pointer":
      if (v === null || v === undefined) return "nil";
      return t.elem.kind === "struct" ? `&${lit(t.elem, v, depth + 1)}` : `ptr(${lit(t.elem, v, depth + 1)})`;
    case "slice":
      if (v === null || v === undefined) return "nil";
      if (v instanceof Uint8Array) {
        const text = new TextDecoder("utf-8", { fatal: false }).decode(v);
        return `${typeText(t)}(${goQuote(text)})`;
      }
      return `${typeText(t)}{${(v as unknown[]).map((x) => lit(t.elem, x, depth + 1)).join(", ")}}`;
    case "array":
      return `${typeText(t)}{${(v as unknown[]).map((x) => lit(t.elem, x, depth + 1)).join(", ")}}`;
    case "map": {
      if (v === null || v === undefined) return "nil";
      const parts: string[] = [];
      for (const [k, x] of v as Map<unknown, unknown>)
        parts.push(`${lit(t.key, k, depth + 1)}: ${lit(t.elem, x, depth + 1)}`);
      return `${typeText(t)}{${parts.join(", ")}}`;
    }
    case "struct": {
      const o = v as Record<string, unknown>;
      const parts: string[] = [];
      for (const f of t.fields) {
        const x = o[f.name];
        if (x === undefined || isZero(f.type, x)) continue;
        parts.push(`${f.name}: ${lit(f.type, x, depth + 1)}`);
      }
      return `${typeText(t)}{${parts.join(", ")}}`;
    }
    case "interface":
      return anyLit(v, depth);
    default:
      return typeof v === "bigint" ? v.toString() : String(v);
  }
}

/** anyLit writes the value of an interface (JSON's kinds in Go: float64, string, []any, map[string]any). */
function anyLit(v: unknown, depth: number): string {
  if (depth > MAX_DEPTH) return "…";
  if (v === null || v === undefined) return "nil";
  if (typeof v === "string") return goQuote(v);
  if (v instanceof JsonNumber) return `json.Number(${goQuote(v.toString())})`;
  if (Array.isArray(v)) return `[]any{${v.map((x) => anyLit(x, depth + 1)).join(", ")}}`;
  if (typeof v === "object")
    return `map[string]any{${Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${goQuote(k)}: ${anyLit(x, depth + 1)}`)
      .join(", ")}}`;
  return String(v);
}
