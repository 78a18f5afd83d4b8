/**
 * The map key -0. Go's map[float64]V (and map[float32]V) can hold the key -0, which json
 * writes as "-0"; a JavaScript Map cannot: Map keys compare with SameValueZero, so `set(-0, v)`
 * stores the key 0. codec-v2 (and codec-v1) represent the key -0 by this registered symbol, the
 * same object in every copy of gojson: `new Map([[NEGATIVE_ZERO_KEY, 1]])` marshals as
 * `{"-0":1}`, and unmarshal gives it for a name that is -0 (`"-0"`, `"-0.0"`, `"-0e3"`).
 * As in Go, -0 and 0 are one key: an entry under one replaces an entry under the other (Go
 * updates a float key's spelling on assignment).
 */
export const NEGATIVE_ZERO_KEY: unique symbol = Symbol.for("gojson.negativeZeroKey") as never;

/** The Map key for a float map key (the symbol for -0). */
export function floatMapKey(x: number): number | typeof NEGATIVE_ZERO_KEY {
  return x === 0 && 1 / x < 0 ? NEGATIVE_ZERO_KEY : x;
}

/** The other spelling of the zero key (0 ↔ -0), or undefined for any other key. */
export function otherZero(key: unknown): unknown {
  return key === 0 ? NEGATIVE_ZERO_KEY : key === NEGATIVE_ZERO_KEY ? 0 : undefined;
}
