/**
 * Test support: the codec's entry points pinned to Go 1.26 (`goVersion: "1.26"` before the
 * caller's options), for the test files whose expected answers were recorded from Go 1.26.8
 * (`GOEXPERIMENT=jsonv2 go run`). The default release is Go 1.27; see go-version.ts.
 */
import type { GoType } from "@gojson/gotype";
import * as api from "./index.js";
import type { Options, OptionsInput } from "./options.js";

const GO126: Options = Object.freeze({ goVersion: "1.26" });

/** pin puts Go 1.26 in front of the caller's options (which never set goVersion themselves). */
export function pin(o?: OptionsInput): OptionsInput {
  if (o === undefined) return GO126;
  return [GO126, ...(Array.isArray(o) ? o : [o])] as OptionsInput;
}

/** marshal as Go 1.26's json/v2 Marshal. */
export const marshal = (t: GoType, v: unknown, o?: OptionsInput): Uint8Array => api.marshal(t, v, pin(o));
/** marshalToString as Go 1.26's json/v2 Marshal. */
export const marshalToString = (t: GoType, v: unknown, o?: OptionsInput): string =>
  api.marshalToString(t, v, pin(o));
/** unmarshal as Go 1.26's json/v2 Unmarshal. */
export const unmarshal = (t: GoType, data: Uint8Array | string, o?: api.UnmarshalOptionsInput): unknown =>
  api.unmarshal(t, data, pin(o as OptionsInput) as api.UnmarshalOptionsInput);

/** A ValueStream whose values are decoded as Go 1.26 does. */
export class ValueStream extends api.ValueStream {
  constructor(input: Uint8Array | string, options?: OptionsInput) {
    super(input, pin(options));
  }
}

/** unmarshalDecode as Go 1.26's UnmarshalDecode. */
export const unmarshalDecode = (dec: api.ValueStream, t: GoType, o?: api.UnmarshalOptionsInput): unknown =>
  api.unmarshalDecode(
    dec,
    t,
    o === undefined ? undefined : (pin(o as OptionsInput) as api.UnmarshalOptionsInput),
  );
