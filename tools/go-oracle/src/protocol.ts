import type { GoVersion } from "./go-version.js";

/** The engines the oracle runs: classic v1, v1 on the v2 engine, and v2. */
export type Engine = "v1" | "v1v2" | "v2";

/** Operations the oracle performs. */
export type OracleOp = "marshal" | "unmarshal" | "valid" | "compact" | "indent";

/**
 * A tagged value tree: the JSON form of a Go value that keeps nil vs empty,
 * exact integers and float specials. See README "Tagged values".
 */
export type Tagged = null | boolean | string | Tagged[] | { [key: string]: Tagged };

/** One request to the oracle. */
export interface OracleRequest {
  engine: Engine;
  /** The Go release that answers (default: the oracle's). */
  go?: GoVersion;
  op: OracleOp;
  /** Go type declarations (the subset @gojson/gotype's parseGo reads). */
  goSource?: string;
  /** Root type expression (`Order`, `*Invoice`, `map[string]any`). */
  type?: string;
  /** Input bytes (unmarshal, valid, compact, indent). */
  input?: Uint8Array | string;
  /** Value to marshal, as a tagged tree. */
  value?: Tagged;
  /** Existing destination for unmarshal, as a tagged tree. */
  into?: Tagged;
  /** v1: useNumber, disallowUnknownFields, escapeHTML, prefix, indent; v2: json/v2 + jsontext options in camelCase. */
  options?: Record<string, boolean | string>;
}

/** An error Go returned: its dynamic type (`*json.SyntaxError`) and `err.Error()`. */
export interface OracleError {
  type: string;
  message: string;
}

/** The oracle's answer. */
export interface OracleResponse {
  engine: Engine;
  /** Output bytes (marshal, compact, indent; "true"/"false" for valid). */
  output?: Uint8Array;
  error?: OracleError;
  /** The destination after unmarshal (also after an error), tagged. */
  value?: Tagged;
  /** Why `value` is missing after an unmarshal (a destination nested too deep for the response line). */
  valueOmitted?: string;
  /** A Go panic (recovered) — never expected. */
  panic?: string;
  /** The request could not be served (bad type, unknown engine...). */
  oracleError?: string;
  /**
   * With an oracleError: reflect cannot build the source's types (declared non-struct types,
   * methods, generic or recursive types): its own declarations and names, for the Go compiler.
   * `Oracle.run` compiles such sources itself; callers never see this.
   */
  compile?: { own: string; names: string[] };
}
