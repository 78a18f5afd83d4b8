/**
 * Duplicate object member names (RFC 8259 §4 says names SHOULD be unique; Go's
 * jsontext rejects duplicates unless AllowDuplicateNames): the names seen in each open
 * object, compared after unescaping, without making strings.
 */
import { hex4 } from "./decoder-bytes.js";
import { F_ESC, F_INVALID } from "./scan-string.js";
import { stringTokenText } from "./unescape-string.js";

/** log2 of the slots of a new per-depth name table; a table grows when it is half full. */
export const NAME_TABLE_INITIAL_BITS = 4;
/** Tables smaller than 2**this slots grow four times over (fewer rehashes while a new Decoder warms up). */
const TABLE_QUICK_GROWTH_BITS = 8;
/** Ints per table slot: stamp, token start, token end (negated when the name is not plain), hash. */
const SLOT = 4;

const textEncoder = new TextEncoder();
const EMPTY = new Uint8Array(0);

/**
 * DuplicateNames records, per nesting depth, the names of the object open at that depth in
 * an open-addressing hash table of (stamp, start, ±end, hash) over the input bytes. A table
 * is never cleared: opening an object bumps its depth's stamp, and slots with an older stamp
 * are empty; a table is at most half full. Names are hashed and compared by their unescaped
 * UTF-8 bytes: plain names (no escape, valid UTF-8) as they are in the input, others decoded
 * into a scratch buffer first.
 */
export class DuplicateNames {
  private buf: Uint8Array;
  private view: DataView;
  /** Per depth: the hash table (SLOT ints a slot), made when the first object at that depth opens. */
  private tables: (Int32Array | undefined)[] = [];
  /** Per depth: the stamp of the open object (slots with another stamp are empty). */
  private stamps = new Int32Array(16);
  /** Per depth: names in the open object. */
  private counts = new Int32Array(16);
  /** Per depth: log2 of the slot count of tables[d]. */
  private bits = new Uint8Array(16);
  /** Scratch buffers for the unescaped bytes of two names (hashing, comparing). */
  private scratchA = EMPTY;
  private scratchB = EMPTY;
  private scratchView = new DataView(EMPTY.buffer);

  constructor(buf: Uint8Array) {
    this.buf = buf;
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  /** rebind reuses the tables for another input (every object is reset when it opens). */
  rebind(buf: Uint8Array): void {
    this.buf = buf;
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  }

  /** reset forgets the names of the object at depth d (a new object starts there). */
  reset(d: number): void {
    if (d >= this.stamps.length) this.grow(d);
    let st = this.stamps[d]! + 1;
    if (st === 0x7fffffff) {
      // the stamps wrapped: clear the table once
      this.tables[d]?.fill(0);
      st = 1;
    }
    this.stamps[d] = st;
    this.counts[d] = 0;
    if (this.tables[d] === undefined) {
      this.tables[d] = new Int32Array(SLOT << NAME_TABLE_INITIAL_BITS);
      this.bits[d] = NAME_TABLE_INITIAL_BITS;
    }
  }

  private grow(d: number): void {
    const size = Math.max(d + 1, this.stamps.length * 2);
    const st = new Int32Array(size);
    st.set(this.stamps);
    this.stamps = st;
    const c = new Int32Array(size);
    c.set(this.counts);
    this.counts = c;
    const b = new Uint8Array(size);
    b.set(this.bits);
    this.bits = b;
  }

  /**
   * add records the name token [a, b) (quotes included, scan flags given) of the object
   * at depth d and reports whether it is new: false when an equal name was seen.
   */
  add(d: number, a: number, b: number, flags: number): boolean {
    if ((flags & (F_ESC | F_INVALID)) !== 0) return this.addCanon(d, a, b, flags);
    // plain: hash the length, the first and last four bytes and the middle byte
    const len = b - a - 2;
    let h: number;
    if (len >= 4) {
      const v = this.view;
      h = mix(v.getInt32(a + 1, true), v.getInt32(b - 5, true), this.buf[a + 1 + (len >> 1)]!, len);
    } else h = this.plainHash(a + 1, b - 1);
    const table = this.tables[d]!;
    const bits = this.bits[d]!;
    const stamp = this.stamps[d]!;
    const mask = (1 << bits) - 1;
    let slot = Math.imul(h, 0x9e3779b1) >>> (32 - bits);
    for (;;) {
      const e = slot * SLOT;
      if (table[e] !== stamp) {
        table[e] = stamp;
        table[e + 1] = a;
        table[e + 2] = b;
        table[e + 3] = h;
        break;
      }
      if (table[e + 3] === h && this.same(table[e + 1]!, table[e + 2]!, a, b, true, 0)) return false;
      slot = (slot + 1) & mask;
    }
    return this.counted(d, table, stamp, bits);
  }

  /**
   * counted counts the name just added at depth d, growing the table when it is half full,
   * and returns true (kept out of add so that add stays small enough for V8 to inline).
   */
  private counted(d: number, table: Int32Array, stamp: number, bits: number): boolean {
    const count = this.counts[d]! + 1;
    this.counts[d] = count;
    if (count * 2 > 1 << bits)
      this.rehash(d, table, stamp, bits < TABLE_QUICK_GROWTH_BITS ? bits + 2 : bits + 1);
    return true;
  }

  /** addCanon is add for a name with an escape or invalid UTF-8: hashed and compared by its unescaped bytes. */
  private addCanon(d: number, a: number, b: number, flags: number): boolean {
    const canonLen = this.canon(a, b, flags, 0);
    const h = this.scratchHash(canonLen);
    const table = this.tables[d]!;
    const bits = this.bits[d]!;
    const stamp = this.stamps[d]!;
    const mask = (1 << bits) - 1;
    let slot = Math.imul(h, 0x9e3779b1) >>> (32 - bits);
    for (;;) {
      const e = slot * SLOT;
      if (table[e] !== stamp) {
        table[e] = stamp;
        table[e + 1] = a;
        table[e + 2] = -b;
        table[e + 3] = h;
        break;
      }
      if (table[e + 3] === h && this.same(table[e + 1]!, table[e + 2]!, a, b, false, canonLen)) return false;
      slot = (slot + 1) & mask;
    }
    const count = this.counts[d]! + 1;
    this.counts[d] = count;
    if (count * 2 > mask + 1)
      this.rehash(d, table, stamp, bits < TABLE_QUICK_GROWTH_BITS ? bits + 2 : bits + 1);
    return true;
  }

  /** plainHash hashes the bytes [c0, c1) of a plain name: its length, first and last four bytes, middle byte. */
  private plainHash(c0: number, c1: number): number {
    const len = c1 - c0;
    if (len >= 4) {
      const w1 = this.view.getInt32(c0, true);
      const w2 = this.view.getInt32(c1 - 4, true);
      return mix(w1, w2, this.buf[c0 + (len >> 1)]!, len);
    }
    const s = this.buf;
    let w = 0;
    for (let i = c0; i < c1; i++) w = (w << 8) | s[i]!;
    return mix(w, 0, 0, len);
  }

  /** scratchHash hashes the first len bytes of scratch A as plainHash hashes a plain name. */
  private scratchHash(len: number): number {
    const s = this.scratchA;
    if (len >= 4) {
      const v = this.scratchView;
      return mix(v.getInt32(0, true), v.getInt32(len - 4, true), s[len >> 1]!, len);
    }
    let w = 0;
    for (let i = 0; i < len; i++) w = (w << 8) | s[i]!;
    return mix(w, 0, 0, len);
  }

  /**
   * same compares the recorded name [a1, ±b1) with the new name [a2, b2), which hash alike;
   * a name that is not plain is compared by its unescaped bytes (the new one's are in scratch A).
   */
  private same(a1: number, b1: number, a2: number, b2: number, plain2: boolean, canonLen2: number): boolean {
    const s = this.buf;
    if (b1 > 0 && plain2) {
      if (b1 - a1 !== b2 - a2) return false;
      for (let i = 1; i < b1 - a1 - 1; i++) if (s[a1 + i] !== s[a2 + i]) return false;
      return true;
    }
    let x = s;
    let xi = a1 + 1;
    let xn = b1 - a1 - 2;
    if (b1 < 0) {
      x = this.scratchB;
      xi = 0;
      xn = this.canonOf(a1, -b1);
    }
    let y = s;
    let yi = a2 + 1;
    let yn = b2 - a2 - 2;
    if (!plain2) {
      y = this.scratchA;
      yi = 0;
      yn = canonLen2;
    }
    if (xn !== yn) return false;
    for (let i = 0; i < xn; i++) if (x[xi + i] !== y[yi + i]) return false;
    return true;
  }

  /** canonOf writes the unescaped bytes of the recorded name token [a, b) into scratch B. */
  private canonOf(a: number, b: number): number {
    const s = this.buf;
    let flags = F_ESC;
    for (let i = a + 1; i < b - 1; i++) if (s[i]! >= 0x80) flags |= F_INVALID; // may be invalid: Go's decoding
    return this.canon(a, b, flags, 1);
  }

  /**
   * canon writes the unescaped UTF-8 bytes of the name token [a, b) into scratch A (which 0)
   * or B (1) and returns their length. Escapes are decoded (a lone surrogate as U+FFFD),
   * invalid UTF-8 becomes U+FFFD per byte (Go's rule), valid bytes are copied.
   */
  private canon(a: number, b: number, flags: number, which: number): number {
    const s = this.buf;
    const need = 3 * (b - a) + 8;
    if (this.scratchA.length < need) {
      // grow both, keeping their bytes (scratch A may hold the name being compared)
      const x = new Uint8Array(need * 2);
      x.set(this.scratchA);
      const y = new Uint8Array(need * 2);
      y.set(this.scratchB);
      this.scratchA = x;
      this.scratchB = y;
      this.scratchView = new DataView(x.buffer);
    }
    const out = which === 0 ? this.scratchA : this.scratchB;
    if ((flags & F_INVALID) !== 0) {
      // invalid UTF-8 (or non-ASCII bytes of unknown validity): the decoded text, encoded again
      return textEncoder.encodeInto(stringTokenText(s, a, b, flags | F_ESC), out).written;
    }
    let k = 0;
    const end = b - 1;
    for (let i = a + 1; i < end; ) {
      const c = s[i]!;
      if (c !== 0x5c) {
        out[k++] = c;
        i++;
        continue;
      }
      const e = s[i + 1]!;
      if (e !== 0x75) {
        out[k++] = e === 0x62 ? 8 : e === 0x66 ? 12 : e === 0x6e ? 10 : e === 0x72 ? 13 : e === 0x74 ? 9 : e;
        i += 2;
        continue;
      }
      let r = hex4(s, i + 2);
      i += 6;
      if (r >= 0xd800 && r <= 0xdfff) {
        const r2 = r < 0xdc00 && i + 6 <= end && s[i] === 0x5c && s[i + 1] === 0x75 ? hex4(s, i + 2) : -1;
        if (r2 >= 0xdc00 && r2 <= 0xdfff) {
          r = 0x10000 + ((r - 0xd800) << 10) + (r2 - 0xdc00);
          i += 6;
        } else r = 0xfffd;
      }
      if (r < 0x80) out[k++] = r;
      else if (r < 0x800) {
        out[k++] = 0xc0 | (r >> 6);
        out[k++] = 0x80 | (r & 0x3f);
      } else if (r < 0x10000) {
        out[k++] = 0xe0 | (r >> 12);
        out[k++] = 0x80 | ((r >> 6) & 0x3f);
        out[k++] = 0x80 | (r & 0x3f);
      } else {
        out[k++] = 0xf0 | (r >> 18);
        out[k++] = 0x80 | ((r >> 12) & 0x3f);
        out[k++] = 0x80 | ((r >> 6) & 0x3f);
        out[k++] = 0x80 | (r & 0x3f);
      }
    }
    return k;
  }

  /** rehash moves the names of the open object at depth d into a new table of 2**bits slots. */
  private rehash(d: number, old: Int32Array, stamp: number, bits: number): void {
    const table = new Int32Array(SLOT << bits);
    const mask = (1 << bits) - 1;
    for (let e = 0; e < old.length; e += SLOT) {
      if (old[e] !== stamp) continue;
      let slot = Math.imul(old[e + 3]!, 0x9e3779b1) >>> (32 - bits);
      while (table[slot * SLOT] === stamp) slot = (slot + 1) & mask;
      const f = slot * SLOT;
      table[f] = stamp;
      table[f + 1] = old[e + 1]!;
      table[f + 2] = old[e + 2]!;
      table[f + 3] = old[e + 3]!;
    }
    this.tables[d] = table;
    this.bits[d] = bits;
  }
}

/** mix combines the sampled words, middle byte and length of a name into a 32-bit hash (its top bits pick the slot). */
function mix(w1: number, w2: number, mid: number, len: number): number {
  return w1 ^ Math.imul(w2 ^ (mid << 24) ^ len, 0x2c1b3c6d);
}
