/**
 * Integer text as Go's strconv reads it for quoted numbers and map keys on the fast unmarshal path
 * (a Go kind's range is semantics, not syntax: the `any` builders are the syntax kernel's).
 * Anything the exact engine would reject bails (see unmarshal-fast.ts).
 */
import { bail } from "@gojson/jsontext/internal";

/** JSON number grammar (RFC 8259), for numbers held in strings (the `string` option, float map keys). */
export const NUMBER_SYNTAX = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

const INT_SYNTAX = /^-?(0|[1-9][0-9]*)$/;

const RANGE: Record<string, readonly [bigint, bigint]> = {
  int8: [-128n, 127n],
  int16: [-32768n, 32767n],
  int32: [-2147483648n, 2147483647n],
  int: [-(1n << 63n), (1n << 63n) - 1n],
  int64: [-(1n << 63n), (1n << 63n) - 1n],
  uint8: [0n, 255n],
  uint16: [0n, 65535n],
  uint32: [0n, 4294967295n],
  uint: [0n, (1n << 64n) - 1n],
  uint64: [0n, (1n << 64n) - 1n],
  uintptr: [0n, (1n << 64n) - 1n],
};

/**
 * fastParseGoInt reads an integer of Go kind `kind` from JSON integer text
 * (bigint for the 64-bit kinds when `big`); bails on bad syntax or overflow.
 */
export function fastParseGoInt(s: string, kind: string, big: boolean): number | bigint {
  if (s.length > 21 || !INT_SYNTAX.test(s) || (kind[0] === "u" && s[0] === "-")) bail();
  const [lo, hi] = RANGE[kind] as readonly [bigint, bigint];
  if (!big && s.length <= 15) {
    const n = Number(s);
    if (n < Number(lo) || n > Number(hi)) bail();
    return n === 0 ? 0 : n;
  }
  const b = BigInt(s);
  if (b < lo || b > hi) bail();
  return big ? b : Number(b);
}
