/**
 * Options of codec-v1, with Go's names in camelCase, resolved once at the API
 * boundary into frozen values.
 */

/** Options for `marshal` (Go's Marshal / MarshalIndent / Encoder settings). */
export interface MarshalOptions {
  /** Escape `<`, `>` and `&` in strings (Go's default, Encoder.SetEscapeHTML). Default true. Affects marshal. */
  readonly escapeHTML?: boolean;
  /** Line prefix for indented output (Go's MarshalIndent prefix). Setting `prefix` or `indent` turns indentation on. */
  readonly prefix?: string;
  /** Indent unit for indented output (Go's MarshalIndent indent). */
  readonly indent?: string;
}

/** Options for `unmarshal` (Go's Unmarshal and Decoder settings); `T` is the destination's TypeScript type. */
export interface UnmarshalOptions<T = unknown> {
  /** An existing value to decode into, merged as Go merges into a non-zero destination. */
  readonly into?: T;
  /** Decode numbers into `any` as JsonNumber instead of float64 (Decoder.UseNumber). Affects unmarshal. */
  readonly useNumber?: boolean;
  /** Report object keys that match no struct field (Decoder.DisallowUnknownFields). Affects unmarshal. */
  readonly disallowUnknownFields?: boolean;
}

/** Resolved marshal options. */
export interface ResolvedMarshal {
  readonly escapeHTML: boolean;
  readonly indent: { readonly prefix: string; readonly indent: string } | null;
}

const DEFAULT_MARSHAL: ResolvedMarshal = Object.freeze({ escapeHTML: true, indent: null });

/** Resolves marshal options once. */
export function resolveMarshal(o: MarshalOptions | undefined): ResolvedMarshal {
  if (o === undefined) return DEFAULT_MARSHAL;
  const ind =
    o.prefix !== undefined || o.indent !== undefined
      ? { prefix: o.prefix ?? "", indent: o.indent ?? "" }
      : null;
  return Object.freeze({ escapeHTML: o.escapeHTML ?? true, indent: ind });
}
