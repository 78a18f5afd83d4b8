/**
 * The Map key that stands for a Go map key -0 of a float kind. A JavaScript
 * Map compares keys with SameValueZero, so -0 cannot be a key apart from 0;
 * gojson's codecs use this registered symbol (`Symbol.for`, the same in
 * codec-v2 and across installed copies) as that key. In classic v1, float map
 * keys exist only through MarshalText/UnmarshalText key types: marshal hands
 * the method -0 for this key. A map given as `into` keeps it where Go keeps
 * the map untouched.
 */
export const NEGATIVE_ZERO_KEY: unique symbol = Symbol.for("gojson.negativeZeroKey") as never;
