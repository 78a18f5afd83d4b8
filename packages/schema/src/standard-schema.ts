/**
 * toStandardSchema: a Standard Schema (v1, standardschema.dev) validator
 * for a Go type that decodes with a real codec, so a GoType plugs into any
 * library that takes one (tRPC, Hono validators, Elysia, strict-http).
 */
import type { GoType } from "@gojson/gotype";
import { JsonError } from "@gojson/jsontext";
import { errorPointer, pointerPath } from "./error-path.js";

/** One issue of a Standard Schema v1 result. */
export interface StandardSchemaIssue {
  /** Go's error text, byte for byte. */
  readonly message: string;
  /** Where in the input: member names and array indices (absent for the whole value). */
  readonly path?: ReadonlyArray<PropertyKey>;
}

/** The result of a Standard Schema v1 `validate`. */
export type StandardSchemaResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<StandardSchemaIssue> };

/** The Standard Schema v1 interface, written out (the spec asks libraries not to need a package for it). */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (
      value: unknown,
    ) => StandardSchemaResult<Output> | Promise<StandardSchemaResult<Output>>;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}

/**
 * The part of a codec the validator uses: `@gojson/codec-v1` and
 * `@gojson/codec-v2` (the module objects) both fit.
 */
export interface SchemaCodec {
  unmarshal(type: GoType<any>, data: Uint8Array | string, options?: any): unknown;
}

/** Options of {@link toStandardSchema}. */
export interface StandardSchemaOptions {
  /** The codec that decides: `import * as v2 from "@gojson/codec-v2"`. */
  readonly codec: SchemaCodec;
  /** Options passed to the codec's unmarshal on every call (e.g. `{ rejectUnknownMembers: true }`). */
  readonly options?: Readonly<Record<string, unknown>>;
  /**
   * What `validate` receives. `"value"` (default): an already-parsed JSON
   * value (what frameworks pass) — it is written back to JSON text first, so
   * what the parse lost is lost (numbers past 2^53, duplicate names, `-0`);
   * a Uint8Array is always JSON text. `"json"`: a string is JSON text too.
   */
  readonly input?: "value" | "json";
}

const OPTION_NAMES: ReadonlySet<string> = new Set(["codec", "options", "input"]);
const encoder = new TextEncoder();

/** A Standard Schema v1 whose `validate` unmarshals with a gojson codec, typed by the Go type. */
export interface GoStandardSchema<T> extends StandardSchemaV1<unknown, T> {
  /** The Go type it validates. */
  readonly goType: GoType<T>;
}

/**
 * A Standard Schema v1 validator for `type` backed by a real codec:
 * `validate` returns `{ value }` (the decoded value, as `unmarshal` returns
 * it: bigint, Map, GoTime, ...) or `{ issues: [{ message, path }] }` with
 * Go's error text and the place from the error's JSON Pointer. Synchronous.
 */
export function toStandardSchema<T>(type: GoType<T>, options: StandardSchemaOptions): GoStandardSchema<T> {
  if (typeof type !== "object" || type === null || typeof (type as { kind?: unknown }).kind !== "string")
    throw new TypeError("toStandardSchema: want a GoType (from parseGo, goType or a generated module)");
  if (typeof options !== "object" || options === null)
    throw new TypeError("toStandardSchema: want options { codec }");
  for (const k of Object.keys(options))
    if (!OPTION_NAMES.has(k))
      throw new TypeError(
        `toStandardSchema: unknown option ${JSON.stringify(k)}; known: codec, options, input`,
      );
  const codec = options.codec;
  if (typeof codec?.unmarshal !== "function")
    throw new TypeError(
      'toStandardSchema: want options.codec with unmarshal (import * as v2 from "@gojson/codec-v2")',
    );
  const input = options.input ?? "value";
  if (input !== "value" && input !== "json")
    throw new TypeError('toStandardSchema: want options.input "value" or "json"');
  const codecOptions = options.options;

  const validate = (value: unknown): StandardSchemaResult<T> => {
    let data: Uint8Array | string;
    if (value instanceof Uint8Array) data = value;
    else if (input === "json" && typeof value === "string") data = value;
    else {
      const text = toJsonText(value);
      if (typeof text !== "string") return { issues: [{ message: text.error }] };
      data = encoder.encode(text);
    }
    try {
      return { value: codec.unmarshal(type, data, codecOptions) as T };
    } catch (e) {
      if (!JsonError.isInstance(e)) throw e;
      const pointer = errorPointer(e, data);
      const message = (e as Error).message;
      return {
        issues: [pointer === undefined ? { message } : { message, path: pointerPath(pointer, data) }],
      };
    }
  };
  return Object.freeze({
    goType: type,
    "~standard": Object.freeze({ version: 1 as const, vendor: "gojson", validate }),
  });
}

function toJsonText(value: unknown): string | { error: string } {
  try {
    const s = JSON.stringify(value);
    if (typeof s === "string") return s;
    return { error: `value is not JSON: ${typeof value}` };
  } catch (e) {
    return { error: `value is not JSON: ${(e as Error).message}` };
  }
}
