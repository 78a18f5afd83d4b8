/**
 * Fast-path pieces shared by every type: `any` (Go's interface{}) values and
 * integer text as Go's strconv reads it for quoted numbers and map keys.
 * Anything the exact engine would reject bails (see unmarshal-fast.ts).
 */
import {
  bail,
  C,
  colon,
  enter,
  leave,
  literal,
  readFloat,
  readList,
  readString,
  ws,
} from "./unmarshal-fast-scan.js";

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

/**
 * anyValue decodes the value whose first char code is c into `any`: plain
 * objects (a `__proto__` member an own property), arrays, float64 numbers,
 * strings, booleans and null. Duplicate names and overflowing numbers bail.
 */
export function anyValue(c: number): unknown {
  switch (c) {
    case 0x22:
      return readString();
    case 0x7b:
      return anyObject();
    case 0x5b:
      return readList(anyValue);
    case 0x74:
    case 0x66:
      literal(c);
      return c === 0x74;
    case 0x6e:
      literal(c);
      return null;
    default:
      return readFloat();
  }
}

function anyObject(): Record<string, unknown> {
  enter();
  C.p++;
  const o: Record<string, unknown> = {};
  let k = ws();
  if (k === 0x7d) {
    C.p++;
    leave();
    return o;
  }
  for (;;) {
    if (k !== 0x22) bail();
    const name = readString();
    if (Object.hasOwn(o, name)) bail();
    const v = anyValue(colon());
    if (name === "__proto__")
      Object.defineProperty(o, name, { value: v, writable: true, enumerable: true, configurable: true });
    else o[name] = v;
    k = ws();
    C.p++;
    if (k === 0x2c) {
      k = ws();
      continue;
    }
    if (k !== 0x7d) bail();
    leave();
    return o;
  }
}
