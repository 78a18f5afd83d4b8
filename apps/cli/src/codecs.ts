import * as v1 from "@gojson/codec-v1";
import * as v2 from "@gojson/codec-v2";
import type { GoType } from "@gojson/gotype";
import { CliError, EXIT, INPUT_ERROR_CODES } from "./exit-codes.js";
import { nearest, shownName } from "./nearest.js";

/** Which of Go's encoding/json versions a command speaks. */
export type Version = "v1" | "v2";

/** v1's options split by the operation they affect (Go's Decoder vs Encoder settings). */
const V1_UNMARSHAL = new Set(["useNumber", "disallowUnknownFields"]);
const V1_MARSHAL = new Set(["escapeHTML", "prefix", "indent"]);
/** v1's options that take a string; the others are booleans. */
const V1_STRING = new Set(["prefix", "indent"]);
/** v2's options that take a string (jsontext.WithIndent, WithIndentPrefix); the others are booleans. */
const V2_STRING = new Set(["withIndent", "withIndentPrefix"]);
const V2_BOOLEAN: ReadonlySet<string> = new Set(v2.BOOLEAN_OPTIONS);

/**
 * checkOptionValue rejects, as a usage error (exit 2), a value the codec
 * would misread: a boolean option must be `true` or `false` (a bare
 * `--option name` means true), a string option needs `=value`, and an
 * indentation (v2's withIndent/withIndentPrefix) is only spaces and tabs.
 */
function checkOptionValue(name: string, value: unknown, isString: boolean, spacesOnly: boolean): void {
  if (isString) {
    if (typeof value !== "string" && typeof value !== "boolean") return;
    if (typeof value === "boolean" && value) {
      throw new CliError(`--option ${name}: want ${name}=TEXT (a string option)`, EXIT.usage);
    }
    const text = String(value);
    if (spacesOnly && /[^ \t]/.test(text)) {
      throw new CliError(
        `--option ${name}=${JSON.stringify(text).slice(1, -1)}: want only spaces and tabs (\\t for a tab)`,
        EXIT.usage,
      );
    }
    return;
  }
  if (typeof value !== "boolean") {
    throw new CliError(
      `--option ${name}=${String(value)}: want ${name}=true or ${name}=false (a boolean option)`,
      EXIT.usage,
    );
  }
}

/** stringValue gives back the text of a string option (`--option indent=false` is the text "false"). */
function stringValue(v: unknown): unknown {
  return typeof v === "boolean" ? String(v) : v;
}

/** A codec bound to a version and a set of options. */
export interface BoundCodec {
  readonly version: Version;
  marshal(type: GoType, value: unknown): Uint8Array;
  unmarshal(type: GoType, data: Uint8Array): unknown;
}

/** Binds codec-v1 or codec-v2 to the options given with --option. */
export function bindCodec(version: Version, options: Record<string, unknown>): BoundCodec {
  if (version === "v1") {
    const u: Record<string, unknown> = {};
    const m: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(options)) {
      if (V1_UNMARSHAL.has(k) || V1_MARSHAL.has(k)) checkOptionValue(k, v, V1_STRING.has(k), false);
      if (V1_UNMARSHAL.has(k)) u[k] = v;
      else if (V1_MARSHAL.has(k)) m[k] = V1_STRING.has(k) ? stringValue(v) : v;
      else {
        const near = nearest(k, [...V1_UNMARSHAL, ...V1_MARSHAL]);
        throw new CliError(
          V2_BOOLEAN.has(k) || V2_STRING.has(k)
            ? `unknown v1 option ${k}: it is a json/v2 option (add --v2)`
            : `unknown v1 option ${shownName(k)}: ${near !== undefined ? `did you mean ${near}?` : `v1 knows ${[...V1_UNMARSHAL, ...V1_MARSHAL].join(", ")}`} (use --v2 for json/v2 options)`,
          EXIT.usage,
        );
      }
    }
    return {
      version,
      marshal: (t, v) => v1.marshal(t, v, m as never),
      unmarshal: (t, d) => v1.unmarshal(t, d, u as never),
    };
  }
  const o2: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) {
    if (V2_STRING.has(k)) {
      checkOptionValue(k, v, true, true);
      o2[k] = stringValue(v);
    } else if (V2_BOOLEAN.has(k)) {
      checkOptionValue(k, v, false, false);
      o2[k] = v;
    } else {
      const known = [...V2_BOOLEAN, ...V2_STRING];
      const near = nearest(k, known);
      throw new CliError(
        `unknown v2 option ${shownName(k)}: ${near !== undefined ? `did you mean ${near}?` : `v2 knows ${known.length} options, json/v2 and jsontext names in camelCase such as ${known.slice(0, 3).join(", ")}`}`,
        EXIT.usage,
      );
    }
  }
  return {
    version,
    marshal: (t, v) => v2.marshal(t, v, o2 as never),
    unmarshal: (t, d) => v2.unmarshal(t, d, o2 as never),
  };
}

/** Whether an error is one of Go's errors (a JsonError), rather than a bug or an unusable input. */
export function isGoError(e: unknown): e is Error {
  const code = (e as { code?: unknown } | null)?.code;
  return (
    e instanceof Error &&
    typeof code === "string" &&
    code.startsWith("GOJSON_ERR_") &&
    !INPUT_ERROR_CODES.has(code)
  );
}
