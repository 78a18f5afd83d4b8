import { GoTime, type GoType, JsonNumber, typeString, zero } from "@gojson/gotype";
import { CliError, EXIT } from "./exit-codes.js";

/**
 * Builds the TypeScript form of a Go value (../shared/CONTRACT.md) from JSON
 * keyed by Go field names, as `gojson encode` reads it: integers beyond 2^53
 * may be strings, []byte is base64, time.Time is RFC 3339, json.RawMessage is
 * any JSON value. Missing struct fields keep their zero value; unknown ones
 * are an error naming the path.
 */
export function valueFromJson(t: GoType, json: unknown, path = "$"): unknown {
  const fail = (want: string): never => {
    throw new CliError(
      `${path}: want ${want} for ${typeString(t)}, got ${JSON.stringify(json)?.slice(0, 40)}`,
      EXIT.input,
    );
  };
  if (t.known === "time.Time") {
    if (typeof json !== "string") return fail("an RFC 3339 string");
    try {
      return GoTime.parse(json);
    } catch (e) {
      return fail(`an RFC 3339 string (${(e as Error).message})`);
    }
  }
  if (t.known === "json.Number")
    return new JsonNumber(
      typeof json === "number" || typeof json === "string" ? String(json) : fail("a number"),
    );
  if (t.known === "json.RawMessage" || t.known === "jsontext.Value") {
    return json === undefined ? null : new TextEncoder().encode(JSON.stringify(json));
  }
  switch (t.kind) {
    case "bool":
      return typeof json === "boolean" ? json : fail("true or false");
    case "int8":
    case "int16":
    case "int32":
    case "uint8":
    case "uint16":
    case "uint32": {
      const n = typeof json === "string" ? Number(json) : json;
      return typeof n === "number" && Number.isInteger(n) ? n : fail("an integer");
    }
    case "int":
    case "int64":
    case "uint":
    case "uint64":
    case "uintptr":
      if (typeof json === "number" && Number.isSafeInteger(json)) return BigInt(json);
      if (typeof json === "string" && /^-?\d+$/.test(json)) return BigInt(json);
      return fail("an integer (as a string beyond 2^53)");
    case "float32":
    case "float64": {
      const n = typeof json === "string" ? Number(json) : json;
      if (typeof n !== "number" || (typeof json === "string" && json.trim() === "")) return fail("a number");
      return t.kind === "float32" ? Math.fround(n) : n;
    }
    case "string":
      return typeof json === "string" ? json : fail("a string");
    case "slice":
      if (json === null) return null;
      if (t.elem.kind === "uint8" && typeof json === "string")
        return new Uint8Array(Buffer.from(json, "base64"));
      if (!Array.isArray(json)) return fail("an array or null");
      if (t.elem.kind === "uint8" && !t.elem.name) {
        return Uint8Array.from(json.map((x, i) => valueFromJson(t.elem, x, `${path}[${i}]`) as number));
      }
      return json.map((x, i) => valueFromJson(t.elem, x, `${path}[${i}]`));
    case "array": {
      if (!Array.isArray(json) || json.length !== t.len) return fail(`an array of length ${t.len}`);
      return json.map((x, i) => valueFromJson(t.elem, x, `${path}[${i}]`));
    }
    case "map": {
      if (json === null) return null;
      if (typeof json !== "object" || Array.isArray(json)) return fail("an object or null");
      const m = new Map<unknown, unknown>();
      for (const [k, v] of Object.entries(json))
        m.set(
          valueFromJson(t.key, keyJson(t.key, k), `${path}.${k}`),
          valueFromJson(t.elem, v, `${path}.${k}`),
        );
      return m;
    }
    case "pointer":
      return json === null ? null : valueFromJson(t.elem, json, path);
    case "interface":
      return json ?? null;
    case "struct": {
      if (typeof json !== "object" || json === null || Array.isArray(json))
        return fail("an object keyed by Go field names");
      const out = zero(t) as Record<string, unknown>;
      const names = new Set(t.fields.map((f) => f.name));
      for (const [k, v] of Object.entries(json)) {
        if (!names.has(k))
          throw new CliError(
            `${path}: ${typeString(t)} has no field ${k} (keys are Go field names)`,
            EXIT.input,
          );
        const f = t.fields.find((x) => x.name === k)!;
        out[k] = valueFromJson(f.type, v, `${path}.${k}`);
      }
      return out;
    }
  }
}

function keyJson(key: GoType, k: string): unknown {
  if (key.kind === "string") return k;
  return k;
}
