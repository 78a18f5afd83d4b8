import { GoTime, type GoType, JsonNumber, typeString, zero } from "@gojson/gotype";
import { CliError, EXIT } from "./exit-codes.js";
import { type JsonLiteral, literalText, NumberText } from "./json-literal.js";
import { shownName } from "./nearest.js";

/** Longest piece of a value a message shows. */
const SHOWN_VALUE = 60;

/** The value as typed (numbers exactly as written), cut for a message. */
function shown(json: JsonLiteral | undefined): string {
  if (json === undefined) return "nothing";
  const text = literalText(json);
  return text.length <= SHOWN_VALUE ? text : `${text.slice(0, SHOWN_VALUE)}… (${text.length} characters)`;
}

/** Integer ranges of Go's sized kinds; int, uint and uintptr are 64-bit (Go on amd64/arm64). */
const INT_RANGE: Readonly<Record<string, readonly [bigint, bigint]>> = {
  int8: [-(1n << 7n), (1n << 7n) - 1n],
  int16: [-(1n << 15n), (1n << 15n) - 1n],
  int32: [-(1n << 31n), (1n << 31n) - 1n],
  int64: [-(1n << 63n), (1n << 63n) - 1n],
  int: [-(1n << 63n), (1n << 63n) - 1n],
  uint8: [0n, (1n << 8n) - 1n],
  uint16: [0n, (1n << 16n) - 1n],
  uint32: [0n, (1n << 32n) - 1n],
  uint64: [0n, (1n << 64n) - 1n],
  uint: [0n, (1n << 64n) - 1n],
  uintptr: [0n, (1n << 64n) - 1n],
};
/** The kinds whose values are a JS number (the others are bigint), per ../shared/CONTRACT.md. */
const SMALL_INTS = new Set(["int8", "int16", "int32", "uint8", "uint16", "uint32"]);

/** The text of an integer given as a JSON number or a string of digits, or undefined. */
function integerText(json: JsonLiteral): string | undefined {
  const text = json instanceof NumberText ? json.text : typeof json === "string" ? json : undefined;
  return text !== undefined && /^-?(0|[1-9][0-9]*)$/.test(text) ? text : undefined;
}

/**
 * Builds the TypeScript form of a Go value (../shared/CONTRACT.md) from JSON
 * keyed by Go field names, as `gojson encode` reads it: numbers are taken as
 * typed (integers beyond 2^53 exact, also as strings of digits; each kind's
 * range checked), []byte is base64, time.Time is RFC 3339, json.Number keeps
 * its text, json.RawMessage is any JSON value. Missing struct fields keep
 * their zero value; unknown ones are an error naming the path. Errors echo the
 * value exactly as typed, cut short.
 */
export function valueFromJson(t: GoType, json: JsonLiteral, path = "$", pointer = ""): unknown {
  const fail = (want: string): never => {
    throw new CliError(`${path}: want ${want} for ${typeString(t)}, got ${shown(json)}`, EXIT.input, {
      pointer,
    });
  };
  if (t.known === "time.Time") {
    if (typeof json !== "string") return fail("an RFC 3339 string");
    try {
      return GoTime.parse(json);
    } catch (e) {
      return fail(`an RFC 3339 string (${(e as Error).message})`);
    }
  }
  if (t.known === "json.Number") {
    if (json instanceof NumberText) return new JsonNumber(json.text);
    return typeof json === "string" ? new JsonNumber(json) : fail("a number");
  }
  if (t.known === "json.RawMessage" || t.known === "jsontext.Value") {
    return new TextEncoder().encode(literalText(json));
  }
  switch (t.kind) {
    case "bool":
      return typeof json === "boolean" ? json : fail("true or false");
    case "int8":
    case "int16":
    case "int32":
    case "uint8":
    case "uint16":
    case "uint32":
    case "int":
    case "int64":
    case "uint":
    case "uint64":
    case "uintptr": {
      const text = integerText(json);
      const range = INT_RANGE[t.kind] as readonly [bigint, bigint];
      if (text === undefined) return fail("an integer");
      const n = BigInt(text);
      if (n < range[0] || n > range[1]) return fail(`an integer from ${range[0]} to ${range[1]}`);
      return SMALL_INTS.has(t.kind) ? Number(n) : n;
    }
    case "float32":
    case "float64": {
      const text =
        json instanceof NumberText ? json.text : typeof json === "string" ? json.trim() : undefined;
      const n = text === undefined || text === "" ? Number.NaN : Number(text);
      if (!Number.isFinite(n)) return fail("a finite number");
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
        return Uint8Array.from(
          json.map((x, i) => valueFromJson(t.elem, x, `${path}[${i}]`, `${pointer}/${i}`) as number),
        );
      }
      return json.map((x, i) => valueFromJson(t.elem, x, `${path}[${i}]`, `${pointer}/${i}`));
    case "array": {
      if (!Array.isArray(json) || json.length !== t.len) return fail(`an array of length ${t.len}`);
      return json.map((x, i) => valueFromJson(t.elem, x, `${path}[${i}]`, `${pointer}/${i}`));
    }
    case "map": {
      if (json === null) return null;
      if (typeof json !== "object" || Array.isArray(json) || json instanceof NumberText)
        return fail("an object or null");
      const m = new Map<unknown, unknown>();
      for (const [k, v] of Object.entries(json)) {
        const at = `${path}.${shownName(k)}`;
        const ptr = `${pointer}/${pointerToken(k)}`;
        m.set(
          valueFromJson(t.key, t.key.kind === "string" ? k : new NumberText(k), at, ptr),
          valueFromJson(t.elem, v, at, ptr),
        );
      }
      return m;
    }
    case "pointer":
      return json === null ? null : valueFromJson(t.elem, json, path, pointer);
    case "interface":
      return anyValue(json);
    case "struct": {
      if (typeof json !== "object" || json === null || Array.isArray(json) || json instanceof NumberText)
        return fail("an object keyed by Go field names");
      const out = zero(t) as Record<string, unknown>;
      const byName = new Map(t.fields.map((f) => [f.name, f]));
      for (const [k, v] of Object.entries(json)) {
        const f = byName.get(k);
        if (f === undefined)
          throw new CliError(
            `${path}: ${typeString(t)} has no field ${shownName(k)} (keys are Go field names)`,
            EXIT.input,
            { pointer: `${pointer}/${pointerToken(k)}` },
          );
        out[k] = valueFromJson(f.type, v, `${path}.${k}`, `${pointer}/${pointerToken(k)}`);
      }
      return out;
    }
  }
  return fail("a value gojson encode can build");
}

/** pointerToken escapes a name for a JSON pointer (RFC 6901: `~` as `~0`, `/` as `~1`). */
function pointerToken(name: string): string {
  return name.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** The value of an `any` (interface{}): numbers as float64, as Go's Unmarshal would give them. */
function anyValue(json: JsonLiteral): unknown {
  if (json instanceof NumberText) return Number(json.text);
  if (Array.isArray(json)) return json.map(anyValue);
  if (json !== null && typeof json === "object") {
    const o: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(json))
      Object.defineProperty(o, k, {
        value: anyValue(v),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return o;
  }
  return json;
}
