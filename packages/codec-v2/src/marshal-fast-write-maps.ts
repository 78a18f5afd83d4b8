/**
 * The byte encoders of maps (a JS Map): string keys, and integer keys written as their quoted
 * decimal text, as json/v2 writes them; members in the Map's order, or sorted by their names'
 * bytes under the deterministic option (v1's order too: `"-1" < "-2" < "10" < "9"`). Two keys
 * never give one name here (strings are unique, and so are integers' decimals), so the
 * duplicate-name check the exact encoder makes has nothing to find.
 */
import type { GoType } from "@gojson/gotype";
import {
  type FastWriter,
  INT53_MAX_BYTES,
  safeBigint,
  tieredOver,
  writeInt53,
} from "@gojson/jsontext/internal";
import { compareUTF8 } from "./arshal-maps.js";
import { bigIntFits, isSmallIntKind, isUnsignedKind, smallIntTest } from "./marshal-fast-checks.js";
import { writeNull } from "./marshal-fast-scalars.js";
import { bail, FAST_MAX_DEPTH } from "./marshal-fast-shadow.js";
import type { StringWriter } from "./marshal-fast-strings.js";
import type { ByteEncoder } from "./marshal-fast-table.js";
import { type Ctx, elemCode, generate, isIntKind } from "./marshal-fast-write-gen.js";

/** Writes a map key (checked against the key type; else BAIL) as a member name. */
type KeyWriter = (w: FastWriter, k: unknown) => void;
/** A map key's name (checked against the key type; else BAIL), for sorting. */
type KeyText = (k: unknown) => string;

/** Writes integer n (|n| < 2^53) as a quoted decimal. */
function writeQuotedInt(w: FastWriter, n: number): void {
  w.room(INT53_MAX_BYTES + 2);
  const b = w.buf;
  b[w.pos] = 0x22;
  const p = writeInt53(b, w.pos + 1, n);
  b[p] = 0x22;
  w.pos = p + 1;
}

/** Writes ASCII text s (an integer's decimal) as a quoted name. */
function writeQuotedAscii(w: FastWriter, s: string): void {
  w.byte(0x22);
  w.ascii(s);
  w.byte(0x22);
}

/** The key writer and key text of each integer kind (one function per kind: a call site sees one). */
const intKeys = new Map<string, [KeyWriter, KeyText]>();

function intKey(kind: string): [KeyWriter, KeyText] {
  let pair = intKeys.get(kind);
  if (pair !== undefined) return pair;
  if (isSmallIntKind(kind)) {
    const ok = smallIntTest(kind);
    pair = [
      (w, k) => {
        if (!ok(k)) bail();
        writeQuotedInt(w, k as number);
      },
      (k) => {
        if (!ok(k)) bail();
        return String(k);
      },
    ];
  } else {
    const unsigned = isUnsignedKind(kind);
    const check = (k: unknown): bigint => {
      if (typeof k !== "bigint" || !bigIntFits(k, unsigned)) bail();
      return k;
    };
    pair = [
      (w, k) => {
        if (typeof k !== "bigint") bail();
        const n = safeBigint(k);
        if (!Number.isNaN(n) && (n >= 0 || !unsigned)) writeQuotedInt(w, n);
        else writeQuotedAscii(w, String(check(k)));
      },
      (k) => String(check(k)),
    ];
  }
  intKeys.set(kind, pair);
  return pair;
}

function stringKeyText(k: unknown): string {
  if (typeof k !== "string") bail();
  return k;
}

export function buildMap(t: Extract<GoType, { kind: "map" }>, c: Ctx): ByteEncoder | null {
  const kk = t.key.kind;
  const intKeyed = isIntKind(kk);
  if (kk !== "string" && !intKeyed) return null;
  const elem = c.compile(t.elem, c);
  if (elem === null) return null;
  const nilNull = c.o.flags.formatNilMapAsNull;
  const det = c.o.flags.deterministic;
  const ws = c.ws;
  const [kw, kt]: [KeyWriter, KeyText] = intKeyed
    ? intKey(kk)
    : [(w, k) => ws(w, stringKeyText(k)), stringKeyText];
  // The sorted members' names, written from their text.
  const kq: StringWriter = intKeyed ? writeQuotedAscii : ws;
  // Generated per type, as lists are (one element encoder a call site).
  const src = `return function writeMap(w, v) {
if (v === null) {\n${nilNull ? "WN(w);" : 'w.ascii("{}");'}\nreturn;\n}
if (!(v instanceof Map) || ++w.depth > MAX) BAILF();
w.byte(0x7b);
${det ? "if (v.size > 1) SM(w, v, E, KT, KQ);\nelse " : ""}{
let first = true;
// Keys and values by two iterators in step (no user code runs here to change the map): an
// entries loop allocates a [key, value] array per member (about 64 bytes each).
const xs = v.values();
for (const k of v.keys()) {
const x = xs.next().value;
${intKeyed ? "" : 'if (typeof k !== "string") BAILF();\n'}if (first) first = false;
else w.byte(0x2c);
${intKeyed ? "KW" : "WS"}(w, k);
w.byte(0x3a);
${elemCode(t.elem.kind, "x")}}
}
w.byte(0x7d);
w.depth--;
};`;
  const loop: ByteEncoder = (w, v) => {
    if (v === null) {
      if (nilNull) writeNull(w);
      else w.ascii("{}");
      return;
    }
    if (!(v instanceof Map)) bail();
    if (++w.depth > FAST_MAX_DEPTH) bail();
    w.byte(0x7b);
    if (det && v.size > 1) writeSortedMap(w, v, elem, kt, kq);
    else {
      let first = true;
      const xs = v.values();
      for (const k of v.keys()) {
        const x = xs.next().value;
        if (first) first = false;
        else w.byte(0x2c);
        kw(w, k);
        w.byte(0x3a);
        elem(w, x);
      }
    }
    w.byte(0x7d);
    w.depth--;
  };
  // Over a struct (tiered: generated from its second write), the map is tiered with it.
  return tieredOver(elem, loop, (e) => generate(src, e, ws, { SM: writeSortedMap, KW: kw, KT: kt, KQ: kq }));
}

/**
 * Writes the members of map v (more than one) sorted by name (the deterministic option), without
 * the braces: each key's name by kt, sorted, written by kq.
 */
function writeSortedMap(
  w: FastWriter,
  v: Map<unknown, unknown>,
  elem: ByteEncoder,
  kt: KeyText,
  kq: StringWriter,
): void {
  const entries: [string, unknown][] = [];
  for (const e of v) {
    const k = kt(e[0]);
    entries.push(k === e[0] ? (e as [string, unknown]) : [k, e[1]]);
  }
  entries.sort((a, b) => compareUTF8(a[0], b[0]));
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i] as [string, unknown];
    if (i > 0) w.byte(0x2c);
    kq(w, e[0]);
    w.byte(0x3a);
    elem(w, e[1]);
  }
}
