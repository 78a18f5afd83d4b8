import { formatFloat } from "@gojson/jsontext";
import {
  type FastWriter,
  FLOAT64_MAX_BYTES,
  INT53_MAX_BYTES,
  NUM_IN,
  safeBigint,
  writeFloat64,
  writeFloat64ShortIn,
  writeInt53,
  writeStringV2,
} from "@gojson/jsontext/internal";
import { bigIntFits, float32Fits } from "./marshal-fast-checks.js";
import { bail } from "./marshal-fast-shadow.js";
import type { ByteEncoder } from "./marshal-fast-write.js";

const TRUE = 0x74;

export function writeBool(w: FastWriter, v: unknown): void {
  if (v === true) {
    w.room(4);
    const b = w.buf;
    let p = w.pos;
    b[p++] = TRUE;
    b[p++] = 0x72;
    b[p++] = 0x75;
    b[p++] = 0x65;
    w.pos = p;
  } else if (v === false) w.ascii("false");
  else bail();
}

export function writeString(w: FastWriter, v: unknown): void {
  if (typeof v !== "string") bail();
  writeStringV2(w, v);
}

/** Writes an integer number its Go kind was checked to hold (int8 … uint32: |n| < 2^32). */
function writeIntNumber(w: FastWriter, n: number): void {
  if (n >= 0 && n < 1e9) writeSmall(w, n);
  else {
    w.room(INT53_MAX_BYTES);
    w.pos = writeInt53(w.buf, w.pos, n);
  }
}

/** Writes a bigint of a 64-bit Go integer kind (int, int64: signed; uint, uint64, uintptr: unsigned). */
function writeBig(w: FastWriter, v: unknown, unsigned: boolean): void {
  if (typeof v !== "bigint") bail();
  // safeBigint reads the bigint's words (Number(v) is a runtime call per value): NaN past 2^53.
  const n = safeBigint(v);
  if (n >= 0 && n < 1e9) writeSmall(w, n);
  else if (n >= 0 || (n < 0 && !unsigned)) {
    w.room(INT53_MAX_BYTES);
    w.pos = writeInt53(w.buf, w.pos, n);
  } else if (bigIntFits(v, unsigned)) w.ascii(String(v));
  else bail();
}

function writeBigSigned(w: FastWriter, v: unknown): void {
  writeBig(w, v, false);
}

function writeBigUnsigned(w: FastWriter, v: unknown): void {
  writeBig(w, v, true);
}

function writeInt8(w: FastWriter, v: unknown): void {
  if (typeof v !== "number" || (v << 24) >> 24 !== v) bail();
  writeIntNumber(w, v);
}
function writeInt16(w: FastWriter, v: unknown): void {
  if (typeof v !== "number" || (v << 16) >> 16 !== v) bail();
  writeIntNumber(w, v);
}
function writeInt32(w: FastWriter, v: unknown): void {
  if (typeof v !== "number" || (v | 0) !== v) bail();
  writeIntNumber(w, v);
}
function writeUint8(w: FastWriter, v: unknown): void {
  if (typeof v !== "number" || (v & 255) !== v) bail();
  writeIntNumber(w, v);
}
function writeUint16(w: FastWriter, v: unknown): void {
  if (typeof v !== "number" || (v & 65535) !== v) bail();
  writeIntNumber(w, v);
}
function writeUint32(w: FastWriter, v: unknown): void {
  if (typeof v !== "number" || v >>> 0 !== v) bail();
  writeIntNumber(w, v);
}

/** The writer of each Go integer kind (the value checked against the kind as it is written). */
export const INT_WRITERS: Readonly<Record<string, ByteEncoder>> = {
  int8: writeInt8,
  int16: writeInt16,
  int32: writeInt32,
  uint8: writeUint8,
  uint16: writeUint16,
  uint32: writeUint32,
  int: writeBigSigned,
  int64: writeBigSigned,
  uint: writeBigUnsigned,
  uint64: writeBigUnsigned,
  uintptr: writeBigUnsigned,
};

/** Writes a non-negative integer below 1e9 digit by digit. */
function writeSmall(w: FastWriter, n: number): void {
  w.room(10);
  const b = w.buf;
  let p = w.pos;
  if (n < 10) {
    b[p] = 0x30 + n;
    w.pos = p + 1;
    return;
  }
  let d =
    n < 100
      ? 2
      : n < 1000
        ? 3
        : n < 10000
          ? 4
          : n < 100000
            ? 5
            : n < 1000000
              ? 6
              : n < 1e7
                ? 7
                : n < 1e8
                  ? 8
                  : 9;
  p += d;
  w.pos = p;
  while (d-- > 0) {
    const q = (n / 10) | 0;
    b[--p] = 0x30 + (n - q * 10);
    n = q;
  }
}

export function writeF64(w: FastWriter, v: unknown): void {
  if (typeof v !== "number" || v - v !== 0) bail();
  w.room(FLOAT64_MAX_BYTES);
  // Small integers (Smis) apart: the float writer's type feedback stays on doubles (see floatListCode).
  w.pos = v !== 0 && (v | 0) === v ? writeInt53(w.buf, w.pos, v) : writeFloat64(w.buf, w.pos, v);
}

/**
 * A lone float64 (a struct field, an `any` number): the same bytes as writeF64, with short
 * decimals (multiples of 0.001: prices, scores) written without the shortest-digits search
 * (jsontext's writeFloat64ShortIn). Not String(x): a miss of V8's number-string cache makes the
 * string in old space (the cache lives there), garbage that only a mark-compact frees
 * (nested-orders marshal: 30 % more CPU time).
 */
export function writeF64Lone(w: FastWriter, v: unknown): void {
  if (typeof v !== "number" || v - v !== 0) bail();
  w.room(FLOAT64_MAX_BYTES);
  NUM_IN[0] = v;
  w.pos = writeFloat64ShortIn(w.buf, w.pos);
}

export function writeF32(w: FastWriter, v: unknown): void {
  if (typeof v !== "number" || v - v !== 0 || !float32Fits(v)) bail();
  w.ascii(formatFloat(v, 32));
}

export function writeNull(w: FastWriter): void {
  w.room(4);
  const b = w.buf;
  let p = w.pos;
  b[p++] = 0x6e;
  b[p++] = 0x75;
  b[p++] = 0x6c;
  b[p++] = 0x6c;
  w.pos = p;
}
