/**
 * toJsonSchema: a JSON Schema (2020-12) document for a Go type under v1 or
 * v2 rules, unmarshal side (what Go accepts) or marshal side (what Go
 * writes). Named types become `$defs` (recursion works through `$ref`).
 * Where JSON Schema cannot say what Go checks (see the README's table), the
 * schema accepts more than Go, never less.
 */
import { type GoType, hasMethod, type JsonField, lookupTag, structFields, typeString } from "@gojson/gotype";
import {
  type JsonSchema,
  type JsonSchemaObject,
  type JsonSchemaOptions,
  type ResolvedJsonSchemaOptions,
  resolveJsonSchemaOptions,
} from "./json-schema-options.js";
import { foldPattern, hasFoldVariants } from "./name-patterns.js";
import {
  base16Pattern,
  base64Pattern,
  GO_DURATION_PATTERN,
  GO_PARSE_FLOAT_PATTERN,
  GO_PARSE_INT_PATTERN,
  GO_PARSE_UINT_PATTERN,
  GO_QUOTED_FLOAT_PATTERN,
  GO127_QUOTED_FLOAT_PATTERN,
  JSON_INT_PATTERN,
  JSON_NUMBER_PATTERN,
  JSON_STRING_LITERAL_PATTERN,
  JSON_UINT_PATTERN,
  RFC3339_PATTERN,
} from "./string-patterns.js";

/** The JSON Schema dialect of every document toJsonSchema returns. */
export const JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";

const INT_RANGE: Readonly<Record<string, readonly [number, number]>> = {
  int8: [-128, 127],
  int16: [-32768, 32767],
  int32: [-2147483648, 2147483647],
  // 64-bit limits as the float64 values validators compare with (±2^63, 2^64): exact limits cannot be said.
  int: [-(2 ** 63), 2 ** 63],
  int64: [-(2 ** 63), 2 ** 63],
  uint8: [0, 255],
  uint16: [0, 65535],
  uint32: [0, 4294967295],
  uint: [0, 2 ** 64],
  uint64: [0, 2 ** 64],
  uintptr: [0, 2 ** 64],
};

/** The float32 values strconv.ParseFloat(s, 32) accepts lie strictly inside ±(2^128 − 2^103) (the rounding midpoint). */
const FLOAT32_LIMIT = 2 ** 128 - 2 ** 103;

/** v1 fixed arrays up to this length are open tuples (prefixItems); longer ones are checked only when not too long. */
export const V1_TUPLE_LIMIT = 256;

/** How a value is being written or read: modifiers a struct field's tag puts on its value. */
interface Mods {
  /** v2: numbers are JSON strings (StringifyNumbers or a `string` tag option; applies to nested values). */
  readonly stringify: boolean;
  /** v1: the `string` tag option on this value (bool, number, string or a pointer to one). */
  readonly quoted: boolean;
  /** v2: `format:...` of this value (not nested values). */
  readonly format: string | undefined;
}

const PLAIN: Mods = { stringify: false, quoted: false, format: undefined };

interface Def {
  readonly key: string;
  schema: JsonSchema;
}

/**
 * A JSON Schema 2020-12 document accepting the JSON that Go's Unmarshal
 * accepts for `type` (or, with `direction: "marshal"`, describing what Go's
 * Marshal writes), under v1 or v2 rules and options. Usable as an OpenAPI
 * 3.1 schema (set `refPrefix` to `#/components/schemas/` and place `$defs`
 * there).
 */
export function toJsonSchema(type: GoType, options: JsonSchemaOptions): JsonSchemaObject {
  if (typeof type !== "object" || type === null || typeof (type as { kind?: unknown }).kind !== "string")
    throw new TypeError("toJsonSchema: want a GoType (from parseGo, goType or a generated module)");
  const o = resolveJsonSchemaOptions(options);
  const b = new Builder(o);
  const root = b.schemaOf(type, { ...PLAIN, stringify: o.stringifyNumbers });
  const doc: JsonSchemaObject = { $schema: JSON_SCHEMA_DIALECT };
  if (o.id !== undefined) doc.$id = o.id;
  doc.title = typeString(type);
  if (typeof root === "boolean") {
    if (!root) doc.not = {};
  } else Object.assign(doc, root);
  if (b.defs.size > 0) {
    const defs: Record<string, JsonSchema> = {};
    for (const d of b.defs.values()) defs[d.key] = d.schema;
    doc.$defs = defs;
  }
  return doc;
}

/**
 * JSON Schemas for many Go types at once, keyed by type name, sharing one
 * set of definitions: every named type reachable from `types` gets an entry,
 * and `$ref`s point at `refPrefix` (default `#/components/schemas/`), so the
 * result is an OpenAPI 3.1 `components.schemas` object. An unnamed type in
 * `types` is an entry under its record key.
 */
export function toJsonSchemaDefs(
  types: Readonly<Record<string, GoType>>,
  options: JsonSchemaOptions,
): Record<string, JsonSchema> {
  if (typeof types !== "object" || types === null)
    throw new TypeError(
      "toJsonSchemaDefs: want a record of GoTypes (parseGo's result or a generated module's goTypes)",
    );
  const o = resolveJsonSchemaOptions({ refPrefix: "#/components/schemas/", ...options });
  const b = new Builder(o);
  const out: Record<string, JsonSchema> = {};
  for (const [key, t] of Object.entries(types)) {
    const s = b.schemaOf(t, { ...PLAIN, stringify: o.stringifyNumbers });
    if (typeof s === "object" && typeof s.$ref === "string") continue; // a named type: its definition is below
    out[key] = s;
  }
  for (const d of b.defs.values()) out[d.key] = d.schema;
  return out;
}

class Builder {
  readonly defs = new Map<string, Def>();
  /** The struct whose fields foldGroups is looking at (for their raw tags). */
  private structOfField: GoType | undefined;
  private readonly byType = new Map<GoType, Map<string, Def>>();
  private readonly keys = new Set<string>();
  constructor(private readonly o: ResolvedJsonSchemaOptions) {}

  private get v1(): boolean {
    return this.o.version === "v1";
  }
  private get unmarshal(): boolean {
    return this.o.direction === "unmarshal";
  }
  /** v1 on Go 1.27: encoding/json runs on the v2 engine with v1 options. */
  private get v1on127(): boolean {
    return this.v1 && this.o.goVersion === "1.27";
  }

  /**
   * Whether the v2 engine runs (json/v2, or v1 on Go 1.27): it also calls v2's streaming methods
   * (MarshalJSONTo, UnmarshalJSONFrom) and Go 1.24's AppendText, which classic v1 ignores.
   */
  private get v2engine(): boolean {
    return !this.v1 || this.v1on127;
  }

  /** Whether `t` has a method that writes (or reads) any JSON: MarshalJSONTo or MarshalJSON (their unmarshal twins). */
  private hasJsonMethod(t: GoType): boolean {
    const opts = { addressable: true };
    return this.unmarshal
      ? (this.v2engine && hasMethod(t, "UnmarshalJSONFrom", opts)) || hasMethod(t, "UnmarshalJSON", opts)
      : (this.v2engine && hasMethod(t, "MarshalJSONTo", opts)) || hasMethod(t, "MarshalJSON", opts);
  }

  /** Whether `t` has a method that writes (or reads) a JSON string: AppendText or MarshalText (UnmarshalText). */
  private hasTextMethod(t: GoType): boolean {
    const opts = { addressable: true };
    return this.unmarshal
      ? hasMethod(t, "UnmarshalText", opts)
      : (this.v2engine && hasMethod(t, "AppendText", opts)) || hasMethod(t, "MarshalText", opts);
  }

  /** The schema of values of `t` read or written with `m`. */
  schemaOf(t: GoType, m: Mods): JsonSchema {
    if (t.name !== undefined && m.format === undefined && !m.quoted && defWorthy(t)) return this.ref(t, m);
    return this.inline(t, m);
  }

  private ref(t: GoType, m: Mods): JsonSchema {
    const variant = m.stringify && !this.v1 ? "string" : "";
    let byVariant = this.byType.get(t);
    if (byVariant === undefined) {
      byVariant = new Map();
      this.byType.set(t, byVariant);
    }
    let d = byVariant.get(variant);
    if (d === undefined) {
      d = { key: this.keyFor(t, variant), schema: true };
      byVariant.set(variant, d);
      this.defs.set(d.key, d);
      d.schema = this.inline(t, m);
    }
    return { $ref: `${this.o.refPrefix}${encodePointerToken(d.key)}` };
  }

  private keyFor(t: GoType, variant: string): string {
    const base = (t.name ?? "T").replace(/[^\p{L}\p{N}_.-]/gu, "_");
    const suffix = variant === "" ? "" : `.${variant}`;
    let key = `${base}${suffix}`;
    if (this.keys.has(key) && t.pkg !== undefined) key = `${t.pkg}.${base}${suffix}`;
    for (let i = 2; this.keys.has(key); i++) key = `${base}${suffix}.${i}`;
    this.keys.add(key);
    return key;
  }

  private inline(t: GoType, m: Mods): JsonSchema {
    // An unnamed pointer: null or what the element accepts (Go allocates, then the element's rules apply).
    if (t.kind === "pointer" && t.name === undefined && !m.quoted)
      return orNull(this.schemaOf(t.elem, { ...m, quoted: false }));
    // Methods and the standard library's special types decide before the kind does.
    const known = this.knownSchema(t, m);
    if (known !== undefined) return known;
    const method = this.methodSchema(t);
    if (method !== undefined) return method;
    if (m.quoted) return this.quotedSchema(t);
    switch (t.kind) {
      case "bool":
        return this.onRead({ type: "boolean" });
      case "int":
      case "int8":
      case "int16":
      case "int32":
      case "int64":
      case "uint":
      case "uint8":
      case "uint16":
      case "uint32":
      case "uint64":
      case "uintptr":
        return this.onRead(this.integerSchema(t.kind, m));
      case "float32":
      case "float64":
        return this.onRead(this.floatSchema(t.kind, m));
      case "string":
        return this.onRead({ type: "string" });
      case "interface":
        return this.interfaceSchema(t);
      case "pointer": {
        const elem = this.schemaOf(t.elem, { ...m, quoted: false });
        return orNull(elem);
      }
      case "slice":
        return this.sliceSchema(t.elem, m);
      case "array":
        return this.arraySchema(t.elem, t.len, m);
      case "map":
        return this.mapSchema(t.key, t.elem, m);
      case "struct":
        return this.structSchema(t, m);
      default:
        // A kind Go never encodes or decodes (func, chan): the codecs refuse it.
        return false;
    }
  }

  /**
   * `any`: any JSON. A non-empty interface (`error`, `fmt.Stringer`): Go can
   * decode only null into it (a nil interface has no concrete type to fill),
   * and writes whatever its dynamic value writes. An opaque type (func, chan,
   * complex, unsafe.Pointer) that JSON can see: Go writes nothing of it (an
   * error), v1 reads only null into it, v2 nothing at all.
   */
  private interfaceSchema(t: GoType): JsonSchema {
    const x = t as { opaque?: unknown; interfaceMethods?: readonly unknown[] };
    if (x.opaque !== undefined) return this.unmarshal && this.v1 ? { type: "null" } : false;
    if (x.interfaceMethods !== undefined && x.interfaceMethods.length > 0)
      return this.unmarshal ? { type: "null" } : true;
    return true;
  }

  /** Unmarshal accepts null for every type (v1: no effect; v2: the zero value); marshal writes the value itself. */
  private onRead(s: JsonSchema): JsonSchema {
    return this.unmarshal ? orNull(s) : s;
  }

  private knownSchema(t: GoType, m: Mods): JsonSchema | undefined {
    switch (t.known) {
      case "time.Time":
        return this.timeSchema(m);
      case "time.Duration":
        return this.durationSchema(m);
      case "json.Number":
        return this.numberSchema(m);
      case "json.RawMessage":
      case "jsontext.Value":
        return true;
      default:
        return undefined;
    }
  }

  /**
   * A type whose own methods decide its JSON (Go's order: JSON methods before text methods): any
   * JSON (MarshalJSONTo, MarshalJSON; UnmarshalJSONFrom, UnmarshalJSON) or a string (AppendText,
   * MarshalText; UnmarshalText, which also takes null).
   */
  private methodSchema(t: GoType): JsonSchema | undefined {
    if (this.hasJsonMethod(t)) return true;
    if (this.hasTextMethod(t)) return this.unmarshal ? { type: ["string", "null"] } : { type: "string" };
    return undefined;
  }

  private integerSchema(kind: string, m: Mods): JsonSchemaObject {
    const unsigned = kind.startsWith("uint");
    if (m.stringify && !this.v1)
      return { type: "string", pattern: unsigned ? JSON_UINT_PATTERN : JSON_INT_PATTERN };
    const [min, max] = INT_RANGE[kind] ?? [0, 0];
    return { type: "integer", minimum: min, maximum: max };
  }

  private floatSchema(kind: "float32" | "float64", m: Mods): JsonSchema {
    if (m.format === "nonfinite") {
      return {
        anyOf: [
          this.floatSchema(kind, { ...m, format: undefined }),
          { enum: ["NaN", "Infinity", "-Infinity"] },
        ],
      };
    }
    if (m.stringify && !this.v1) return { type: "string", pattern: JSON_NUMBER_PATTERN };
    if (kind === "float32")
      return { type: "number", exclusiveMinimum: -FLOAT32_LIMIT, exclusiveMaximum: FLOAT32_LIMIT };
    return { type: "number", minimum: -Number.MAX_VALUE, maximum: Number.MAX_VALUE };
  }

  /** v1's `,string`: the value is a JSON string holding the literal (or a quoted `null`); an unquoted null is no-op. */
  private quotedSchema(t: GoType): JsonSchema {
    const base = t.kind === "pointer" ? t.elem : t;
    let pattern: string;
    switch (base.kind) {
      case "bool":
        pattern = this.unmarshal ? "^(?:true|false|null)$" : "^(?:true|false)$";
        break;
      case "string":
        pattern = this.unmarshal
          ? `^(?:null|${JSON_STRING_LITERAL_PATTERN.slice(1, -1)})$`
          : JSON_STRING_LITERAL_PATTERN;
        break;
      case "float32":
      case "float64":
        // Go 1.26 wants a leading '-' or digit before strconv.ParseFloat; 1.27 hands it any text.
        if (!this.unmarshal) pattern = JSON_NUMBER_PATTERN;
        else pattern = this.v1on127 ? GO127_QUOTED_FLOAT_PATTERN : GO_QUOTED_FLOAT_PATTERN;
        break;
      default:
        if (!this.unmarshal) pattern = JSON_INT_PATTERN;
        else if (base.kind.startsWith("uint")) pattern = "^(?:[0-9]+|null)$";
        else pattern = this.v1on127 ? "^(?:[+-]?[0-9]+|null)$" : "^(?:-?[0-9]+|null)$";
    }
    const s: JsonSchemaObject = { type: "string", pattern };
    return this.unmarshal || t.kind === "pointer" ? orNull(s) : s;
  }

  private timeSchema(m: Mods): JsonSchema {
    const f = this.v1 ? undefined : m.format;
    let s: JsonSchema;
    if (f === undefined || f === "RFC3339" || f === "RFC3339Nano")
      s = { type: "string", pattern: RFC3339_PATTERN };
    else if (f === "unix" || f === "unixmilli" || f === "unixmicro" || f === "unixnano")
      s = m.stringify ? { type: "string", pattern: JSON_NUMBER_PATTERN } : { type: "number" };
    else s = { type: "string" }; // A Go layout: the text is checked by time.Parse, which JSON Schema cannot mirror.
    return this.onRead(s);
  }

  private durationSchema(m: Mods): JsonSchema {
    const nano = this.v1 || (m.format === undefined && this.o.formatDurationAsNano) || m.format === "nano";
    if (nano && m.format === undefined) return this.onRead(this.integerSchema("int64", m));
    if (!this.v1 && m.format === undefined) {
      // json/v2 (Go 1.26) has no default representation for time.Duration: every value is an error, null too.
      return false;
    }
    switch (m.format) {
      case "units":
        return this.onRead({ type: "string", pattern: GO_DURATION_PATTERN });
      case "nano":
      case "sec":
      case "milli":
      case "micro":
        return this.onRead(
          m.stringify ? { type: "string", pattern: JSON_NUMBER_PATTERN } : { type: "number" },
        );
      case "iso8601":
        return this.onRead({ type: "string" });
      default:
        return false;
    }
  }

  /**
   * json.Number keeps the literal, so a number beyond float64's range (which
   * a validator parses to Infinity, and `type: "number"` refuses) is fine:
   * "not anything else" says number without that limit.
   */
  private numberSchema(m: Mods): JsonSchema {
    const anyNumber: JsonSchemaObject = {
      not: { anyOf: ["boolean", "object", "array", "string", "null"].map((type) => ({ type })) },
    };
    if (this.unmarshal) {
      // A JSON number, null, or a string holding a number.
      return { anyOf: [anyNumber, { type: ["string", "null"], pattern: JSON_NUMBER_PATTERN }] };
    }
    return m.stringify ? { type: "string", pattern: JSON_NUMBER_PATTERN } : anyNumber;
  }

  private isBytes(elem: GoType): boolean {
    if (elem.kind !== "uint8") return false;
    // An element with methods of either side makes a list of elements (the engine's method set).
    const opts = { addressable: true };
    const v2e = this.v2engine;
    if (
      (v2e && hasMethod(elem, "UnmarshalJSONFrom", opts)) ||
      hasMethod(elem, "UnmarshalJSON", opts) ||
      hasMethod(elem, "UnmarshalText", opts)
    )
      return false;
    if (
      (v2e && (hasMethod(elem, "MarshalJSONTo", opts) || hasMethod(elem, "AppendText", opts))) ||
      hasMethod(elem, "MarshalJSON", opts) ||
      hasMethod(elem, "MarshalText", opts)
    )
      return false;
    // v2 treats a slice of a named byte type as a list of numbers.
    return this.v1 || elem.name === undefined;
  }

  private bytesSchema(m: Mods, len: number | undefined): JsonSchemaObject {
    const f = this.v1 ? undefined : m.format;
    const lenient = this.v1 && this.unmarshal;
    let pattern: string;
    switch (f) {
      case undefined:
      case "base64":
        pattern = base64Pattern({ lenient, ...(len !== undefined ? { bytes: len } : {}) });
        break;
      case "base64url":
        pattern = base64Pattern({ url: true, ...(len !== undefined ? { bytes: len } : {}) });
        break;
      case "base16":
      case "hex":
        pattern = base16Pattern(len);
        break;
      default:
        return { type: "string" };
    }
    return { type: "string", pattern, contentEncoding: f === "base16" || f === "hex" ? "base16" : "base64" };
  }

  private sliceSchema(elem: GoType, m: Mods): JsonSchema {
    const nilAsNull = this.v1 || this.o.formatNilSliceAsNull || m.format === "emitnull";
    if (this.isBytes(elem) && m.format !== "array") {
      const bytes = this.bytesSchema(m, undefined);
      if (this.unmarshal) {
        // v1 also fills a []byte element by element from a JSON array.
        return this.v1 ? orNull({ anyOf: [bytes, this.listOf(elem, m, undefined)] }) : orNull(bytes);
      }
      return nilAsNull ? orNull(bytes) : bytes;
    }
    const list = this.listOf(elem, m, undefined);
    return this.unmarshal || nilAsNull ? orNull(list) : list;
  }

  private arraySchema(elem: GoType, len: number, m: Mods): JsonSchema {
    if (!this.v1 && this.isBytes(elem) && m.format !== "array") return this.onRead(this.bytesSchema(m, len));
    if (this.v1 && this.unmarshal) {
      // v1 reads a JSON array of any length: missing elements are zero, extra ones skipped unread (any JSON).
      // That is an open tuple (ajv: strictTuples: false). Past V1_TUPLE_LIMIT elements the schema would carry len
      // copies: then an array of up to len elements is checked and a longer one is not.
      if (len === 0) return orNull({ type: "array" });
      const items = this.schemaOf(elem, nested(m));
      if (len <= V1_TUPLE_LIMIT) return orNull({ type: "array", prefixItems: new Array(len).fill(items) });
      return orNull({ type: "array", anyOf: [{ maxItems: len, items }, { minItems: len + 1 }] });
    }
    // v2 wants exactly len elements (marshal writes len too).
    return this.onRead(this.listOf(elem, m, len));
  }

  private listOf(elem: GoType, m: Mods, len: number | undefined): JsonSchemaObject {
    const s: JsonSchemaObject = { type: "array", items: this.schemaOf(elem, nested(m)) };
    if (len !== undefined) {
      s.minItems = len;
      s.maxItems = len;
    }
    return s;
  }

  private mapSchema(key: GoType, elem: GoType, m: Mods): JsonSchema {
    const names = this.keyNames(key);
    if (names === false) {
      // v1 refuses such a map whatever the object holds; only null leaves it alone.
      return this.unmarshal ? { type: "null" } : false;
    }
    const s: JsonSchemaObject = { type: "object" };
    if (names !== true) s.propertyNames = names;
    s.additionalProperties = this.schemaOf(elem, nested(m));
    const nilAsNull = this.v1 || this.o.formatNilMapAsNull || m.format === "emitnull";
    return this.unmarshal || nilAsNull ? orNull(s) : s;
  }

  /** What member names a map key type takes: `true` (any), a schema, or `false` (the map cannot be used). */
  private keyNames(key: GoType): JsonSchema {
    // json/v2 calls a key's JSON methods too (v1 semantics only its text methods): any name.
    if (this.hasTextMethod(key) || (!this.v1 && this.hasJsonMethod(key))) return true;
    if (key.known === "time.Time") return this.v1 ? false : { pattern: RFC3339_PATTERN };
    const kind = key.kind;
    if (kind === "string") return true;
    const unsigned = kind.startsWith("uint");
    if (kind.startsWith("int") || unsigned) {
      if (this.v1 && this.unmarshal)
        return { pattern: unsigned ? GO_PARSE_UINT_PATTERN : GO_PARSE_INT_PATTERN };
      return { pattern: unsigned ? JSON_UINT_PATTERN : JSON_INT_PATTERN };
    }
    if (this.v1on127) {
      // Go 1.27's v1: float names read with strconv.ParseFloat; a bool-keyed map works only when empty.
      if (kind === "float32" || kind === "float64") return { pattern: GO_PARSE_FLOAT_PATTERN };
      if (kind === "bool") return { not: {} };
    }
    if (this.v1) return false;
    if (kind === "float32" || kind === "float64") return { pattern: JSON_NUMBER_PATTERN };
    // v2: other key kinds (bool, composite) cannot be member names: an empty object is all that decodes.
    return { not: {} };
  }

  private structSchema(t: GoType & { kind: "struct" }, m: Mods): JsonSchema {
    // Go 1.27's v1 refuses a struct whose fields carry a json/v2 `format` tag option: only null decodes.
    if (this.v1on127 && t.fields.some((f) => hasFormatOption(f.tag)))
      return this.unmarshal ? { type: "null" } : false;
    const sf = structFields(t, this.o.version);
    // A struct json/v2 refuses (a malformed tag, a name conflict Go reports): only null decodes (to the zero value).
    if (!this.v1 && sf.error !== undefined) return this.unmarshal ? { type: "null" } : false;
    const properties: Record<string, JsonSchema> = {};
    const patternProperties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    const exactNames = sf.fields.map((f) => f.name);
    const inline = sf.inlinedFallback;
    for (const f of sf.fields) {
      const s = this.fieldSchema(f, m);
      properties[f.name] = s;
      if (!this.unmarshal && this.alwaysWritten(f)) required.push(f.name);
    }
    if (this.unmarshal) {
      this.structOfField = t;
      for (const group of this.foldGroups(sf.fields)) {
        const target = group.target;
        const pattern = foldPattern(
          target.name,
          this.o.version,
          exactNames.filter((n) => group.names.has(n)),
        );
        patternProperties[pattern] = properties[target.name] ?? true;
      }
    }
    const s: JsonSchemaObject = { type: "object" };
    if (Object.keys(properties).length > 0) s.properties = properties;
    if (Object.keys(patternProperties).length > 0) s.patternProperties = patternProperties;
    if (required.length > 0) s.required = required;
    if (inline !== undefined) {
      s.additionalProperties = this.inlineFallback(inline);
    } else if (!this.unmarshal || this.o.rejectUnknown) {
      s.additionalProperties = false;
    }
    return this.onRead(s);
  }

  /** The members an `inline`/`unknown` field holds: a map's values, or any JSON (jsontext.Value). */
  private inlineFallback(f: JsonField): JsonSchema {
    let t = f.type;
    if (t.kind === "pointer" && t.name === undefined) t = t.elem;
    if (t.kind === "map" && t.known === undefined) return this.schemaOf(t.elem, PLAIN);
    return true;
  }

  private fieldSchema(f: JsonField, m: Mods): JsonSchema {
    if (this.unmarshal && this.unexportedPointerOnPath(f)) return false;
    const mods: Mods = this.v1
      ? { stringify: false, quoted: f.string, format: undefined }
      : { stringify: m.stringify || f.string || this.o.stringifyNumbers, quoted: false, format: f.format };
    return this.schemaOf(f.type, mods);
  }

  /** Go cannot allocate an embedded pointer to an unexported struct: a member under it is an error (null too). */
  private unexportedPointerOnPath(f: JsonField): boolean {
    for (let i = 0; i < f.path.length - 1; i++) {
      const step = f.path[i];
      if (step?.pointer && !step.exported) return true;
    }
    return false;
  }

  /** Marshal: whether Go writes the member for every value (no omitempty/omitzero, no nil embedded pointer on the way). */
  private alwaysWritten(f: JsonField): boolean {
    if (f.omitEmpty || f.omitZero) return false;
    for (let i = 0; i < f.path.length - 1; i++) if (f.path[i]?.pointer === true) return false;
    return true;
  }

  /** Go 1.27's v1 honours v2's `case:strict` tag option: such a field matches its exact name only. */
  private caseStrict(f: JsonField): boolean {
    let st: GoType | undefined = this.structOfField;
    for (const step of f.path.slice(0, -1)) {
      let next: GoType = step.type;
      if (next.kind === "pointer" && next.name === undefined) next = next.elem;
      st = next;
    }
    if (st?.kind !== "struct") return false;
    const last = f.path[f.path.length - 1];
    const tag = last === undefined ? undefined : st.fields[last.index]?.tag;
    const json = tag === undefined ? undefined : lookupTag(tag, "json");
    return json?.split(",").slice(1).includes("case:strict") === true;
  }

  /**
   * Groups of fields whose names match case-insensitively, each with the
   * field a non-exact name goes to (v1: the first in index order; v2: the
   * first by id that allows case-insensitive matching).
   */
  private foldGroups(fields: readonly JsonField[]): { target: JsonField; names: Set<string> }[] {
    const groups = new Map<string, JsonField[]>();
    for (const f of fields) {
      const g = groups.get(f.folded);
      if (g === undefined) groups.set(f.folded, [f]);
      else g.push(f);
    }
    const out: { target: JsonField; names: Set<string> }[] = [];
    for (const g of groups.values()) {
      let target: JsonField | undefined;
      if (this.v1on127) target = g.find((f) => !this.caseStrict(f));
      else if (this.v1) target = g[0];
      else
        target = [...g]
          .sort((a, b) => a.id - b.id)
          .find((f) => f.casing !== "strict" && (f.casing === "ignore" || this.o.matchCaseInsensitiveNames));
      if (target === undefined) continue;
      if (this.v1 && !g.some((f) => hasFoldVariants(f.name))) continue;
      out.push({ target, names: new Set(g.map((f) => f.name)) });
    }
    return out;
  }
}

/** Whether a struct tag's json options include `format:...`. */
function hasFormatOption(tag: string): boolean {
  const options = lookupTag(tag, "json")?.split(",").slice(1) ?? [];
  return options.some((o) => o.startsWith("format:"));
}

/** Values of a nested element keep v2's stringify, not the field's format or v1's `,string`. */
function nested(m: Mods): Mods {
  return m.stringify ? { stringify: true, quoted: false, format: undefined } : PLAIN;
}

/** Named types worth a `$defs` entry: structs, and composite types (they may be recursive). */
function defWorthy(t: GoType): boolean {
  if (t.known !== undefined) return false;
  switch (t.kind) {
    case "struct":
    case "slice":
    case "array":
    case "map":
    case "pointer":
      return true;
    default:
      return false;
  }
}

/** `s` or JSON null. */
export function orNull(s: JsonSchema): JsonSchema {
  if (s === true) return true;
  if (s === false) return { type: "null" };
  const type = s.type;
  if (typeof type === "string") return type === "null" ? s : { ...s, type: [type, "null"] };
  if (Array.isArray(type)) return type.includes("null") ? s : { ...s, type: [...type, "null"] };
  return { anyOf: [{ type: "null" }, s] };
}

function encodePointerToken(s: string): string {
  return s.replace(/~/g, "~0").replace(/\//g, "~1");
}
