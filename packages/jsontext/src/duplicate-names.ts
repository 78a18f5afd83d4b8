/**
 * Duplicate object member names (RFC 8259 §4 says names SHOULD be unique; Go's
 * jsontext rejects duplicates unless AllowDuplicateNames): the names seen in each open
 * object, compared after unescaping, without making strings for plain names.
 */
import { F_ESC, F_INVALID } from "./scan-string.js";
import { stringTokenText, unescapeString } from "./unescape-string.js";

/** NAME_SET_THRESHOLD: objects with more members than this keep their names in a Set of strings. */
export const NAME_SET_THRESHOLD = 4096;
/** NAME_TABLE_THRESHOLD: objects with more names than this find them through a hash table (fewer: a scan). */
export const NAME_TABLE_THRESHOLD = 12;
/** log2 of the slots of a new hash table; it doubles whenever it is half full. */
const TABLE_INITIAL_BITS = 6;

/** slotOf spreads a name hash over a table of 2**bits slots (Fibonacci hashing: the top bits of a multiply). */
function slotOf(h: number, bits: number): number {
  return Math.imul(h, 0x9e3779b1) >>> (32 - bits);
}

/**
 * DuplicateNames records, per nesting depth, the names of the object open at that depth.
 * Plain names (no escape, valid UTF-8) are (start, end, hash) triples over the input
 * bytes, compared as bytes: by a scan while the object is small, then through a hash
 * table. The first name with an escape or invalid UTF-8, or a very large object, moves
 * that object to a Set of unescaped strings.
 */
export class DuplicateNames {
  private buf: Uint8Array;
  /** Per depth: (start, end, hash) of each plain name of the open object. */
  private names: (number[] | null)[] = [];
  /** How many numbers of names[d] are in use. */
  private counts = new Int32Array(16);
  /** Per depth: unescaped names, once the open object uses a Set (non-empty then). */
  private sets: (Set<string> | null)[] = [];
  /** Per depth: open addressing on the hash (entry index + 1), once the object has many names. */
  private tables: (Int32Array | null)[] = [];
  /** Per depth: 0 while names are scanned, else log2 of the size of tables[d] in use. */
  private tableBits = new Uint8Array(16);

  constructor(buf: Uint8Array) {
    this.buf = buf;
  }

  /** rebind reuses the tables for another input (every object is reset when it opens). */
  rebind(buf: Uint8Array): void {
    this.buf = buf;
  }

  /** reset forgets the names of the object at depth d (a new object starts there). */
  reset(d: number): void {
    if (d >= this.counts.length) {
      const size = Math.max(d + 1, this.counts.length * 2);
      const c = new Int32Array(size);
      c.set(this.counts);
      this.counts = c;
      const t = new Uint8Array(size);
      t.set(this.tableBits);
      this.tableBits = t;
    }
    this.counts[d] = 0;
    this.tableBits[d] = 0;
    const set = this.sets[d];
    if (set && set.size > 0) set.clear();
  }

  /**
   * add records the name token [a, b) (quotes included, scan flags given) of the object
   * at depth d and reports whether it is new: false when an equal name was seen.
   */
  add(d: number, a: number, b: number, flags: number): boolean {
    const s = this.buf;
    const set = this.sets[d];
    if ((set && set.size > 0) || (flags & (F_ESC | F_INVALID)) !== 0) return this.addToSet(d, a, b, flags);
    let arr = this.names[d];
    if (!arr) {
      arr = [];
      this.names[d] = arr;
    }
    const count = this.counts[d]!;
    const len = b - a;
    // a cheap hash: the length and three bytes of the name
    const h = ((len << 24) ^ (s[a + 1]! << 16) ^ (s[b - 2]! << 8) ^ s[a + (len >> 1)]!) & 0x7fffffff;
    const bits = this.tableBits[d]!;
    if (bits === 0) {
      for (let i = 0; i < count; i += 3) {
        if (arr[i + 2] !== h) continue;
        const a2 = arr[i]!;
        if (arr[i + 1]! - a2 !== len) continue;
        let j = 1;
        while (j < len && s[a + j] === s[a2 + j]) j++;
        if (j === len) return false;
      }
      arr[count] = a;
      arr[count + 1] = b;
      arr[count + 2] = h;
      this.counts[d] = count + 3;
      if (count === NAME_TABLE_THRESHOLD * 3) this.buildTable(d, arr, count + 3, TABLE_INITIAL_BITS);
      return true;
    }
    const table = this.tables[d]!;
    const mask = (1 << bits) - 1;
    let slot = slotOf(h, bits);
    for (let e = table[slot]!; e !== 0; e = table[slot]!) {
      const i = (e - 1) * 3;
      const a2 = arr[i]!;
      if (arr[i + 2] === h && arr[i + 1]! - a2 === len) {
        let j = 1;
        while (j < len && s[a + j] === s[a2 + j]) j++;
        if (j === len) return false;
      }
      slot = (slot + 1) & mask;
    }
    table[slot] = count / 3 + 1;
    arr[count] = a;
    arr[count + 1] = b;
    arr[count + 2] = h;
    this.counts[d] = count + 3;
    const used = count / 3 + 1;
    if (used > NAME_SET_THRESHOLD) this.moveToSet(d);
    else if (used * 2 > mask + 1) this.buildTable(d, arr, count + 3, bits + 1);
    return true;
  }

  /** addToSet adds a name to the Set of depth d (moving the plain names there first). */
  private addToSet(d: number, a: number, b: number, flags: number): boolean {
    const set = this.moveToSet(d);
    const name = stringTokenText(this.buf, a, b, flags);
    if (set.has(name)) return false;
    set.add(name);
    return true;
  }

  /** moveToSet returns the Set of depth d, adding the plain names recorded so far to it. */
  private moveToSet(d: number): Set<string> {
    let set = this.sets[d];
    if (!set) {
      set = new Set();
      this.sets[d] = set;
    }
    const arr = this.names[d];
    const count = this.counts[d]!;
    if (arr) for (let i = 0; i < count; i += 3) set.add(unescapeString(this.buf, arr[i]!, arr[i + 1]!));
    this.counts[d] = 0;
    this.tableBits[d] = 0;
    return set;
  }

  /** buildTable puts the names recorded so far at depth d into a cleared hash table of 2**bits slots. */
  private buildTable(d: number, arr: number[], used: number, bits: number): void {
    const size = 1 << bits;
    let table = this.tables[d];
    if (!table || table.length < size) {
      table = new Int32Array(size);
      this.tables[d] = table;
    } else table.fill(0, 0, size);
    const mask = size - 1;
    for (let i = 0; i < used; i += 3) {
      let slot = slotOf(arr[i + 2]!, bits);
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = i / 3 + 1;
    }
    this.tableBits[d] = bits;
  }
}
