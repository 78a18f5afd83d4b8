import * as v1 from "@gojson/codec-v1";
import * as v2 from "@gojson/codec-v2";
import type { GoType } from "@gojson/gotype";
import { CliError, EXIT } from "./exit-codes.js";

/** Which of Go's encoding/json versions a command speaks. */
export type Version = "v1" | "v2";

/** v1's options split by the operation they affect (Go's Decoder vs Encoder settings). */
const V1_UNMARSHAL = new Set(["useNumber", "disallowUnknownFields"]);
const V1_MARSHAL = new Set(["escapeHTML", "prefix", "indent"]);

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
      if (V1_UNMARSHAL.has(k)) u[k] = v;
      else if (V1_MARSHAL.has(k)) m[k] = v;
      else {
        throw new CliError(
          `unknown v1 option ${k}: v1 knows ${[...V1_UNMARSHAL, ...V1_MARSHAL].join(", ")} (use --v2 for json/v2 options)`,
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
  return {
    version,
    marshal: (t, v) => v2.marshal(t, v, options as never),
    unmarshal: (t, d) => v2.unmarshal(t, d, options as never),
  };
}

/** Whether an error is one of Go's errors (a JsonError), rather than a bug. */
export function isGoError(e: unknown): e is Error {
  const code = (e as { code?: unknown } | null)?.code;
  return e instanceof Error && typeof code === "string" && code.startsWith("GOJSON_ERR_");
}
