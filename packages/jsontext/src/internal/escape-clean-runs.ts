/**
 * The clean-run copiers of the string writer's escaping loop (write-string-escaped.ts): each
 * copies UTF-8 bytes four at a time while none needs a look, for one escaping mode. One
 * function per mode, so each tests only what its mode escapes with its constants in registers,
 * and the loop is small and call-free for the engine to compile tightly (measured: v2's
 * minimal mode copies escaped text at half the instructions of one loop for every mode).
 *
 * Each takes the output view, the distance d from an input index to its output index (both
 * advance together over clean bytes), the input view tv, the start j and the end m; it stores
 * every word it reads (bytes past a flagged one are written over by the caller) and returns
 * the index of the first byte that needs a look, or where fewer than four bytes are left. The
 * *Lone copiers also stop at EF, the lead byte of U+FFFD, which the native encoder writes for
 * a lone surrogate (for the modes that write one otherwise).
 * SWAR tests: a byte's flag is exact at the lowest set bit (borrows only run upwards).
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */

/** Index of the lowest flagged byte of a word's flags (little-endian: the first byte is the lowest). */
function lowest(j: number, f: number): number {
  return j + ((31 - Math.clz32(f & -f)) >> 3);
}

/** v2's minimal mode: below 0x20, `"`, `\`. */
export function runMinimal(view: DataView, d: number, tv: DataView, j: number, m: number): number {
  const end = m - 4;
  while (j <= end) {
    const w = tv.getInt32(j, true);
    const q = w ^ 0x22222222;
    const s = w ^ 0x5c5c5c5c;
    const f = (((w - 0x20202020) & ~w) | ((q - 0x01010101) & ~q) | ((s - 0x01010101) & ~s)) & 0x80808080;
    view.setInt32(j + d, w, true);
    if (f !== 0) return lowest(j, f);
    j += 4;
  }
  return j;
}

/** With U+2028/U+2029: also E2, their lead byte. */
export function runJS(view: DataView, d: number, tv: DataView, j: number, m: number): number {
  const end = m - 4;
  while (j <= end) {
    const w = tv.getInt32(j, true);
    const q = w ^ 0x22222222;
    const s = w ^ 0x5c5c5c5c;
    const e = w ^ (0xe2e2e2e2 | 0);
    const f =
      (((w - 0x20202020) & ~w) |
        ((q - 0x01010101) & ~q) |
        ((s - 0x01010101) & ~s) |
        ((e - 0x01010101) & ~e)) &
      0x80808080;
    view.setInt32(j + d, w, true);
    if (f !== 0) return lowest(j, f);
    j += 4;
  }
  return j;
}

/** For HTML: `"` and `&` in one test (the byte with bit 2 set equals `&`), `<` and `>` in one (bit 1 set equals `>`). */
export function runHTML(view: DataView, d: number, tv: DataView, j: number, m: number): number {
  const end = m - 4;
  while (j <= end) {
    const w = tv.getInt32(j, true);
    const a = (w | 0x04040404) ^ 0x26262626;
    const l = (w | 0x02020202) ^ 0x3e3e3e3e;
    const s = w ^ 0x5c5c5c5c;
    const f =
      (((w - 0x20202020) & ~w) |
        ((a - 0x01010101) & ~a) |
        ((l - 0x01010101) & ~l) |
        ((s - 0x01010101) & ~s)) &
      0x80808080;
    view.setInt32(j + d, w, true);
    if (f !== 0) return lowest(j, f);
    j += 4;
  }
  return j;
}

/** For HTML, with U+2028/U+2029. */
export function runHTMLJS(view: DataView, d: number, tv: DataView, j: number, m: number): number {
  const end = m - 4;
  while (j <= end) {
    const w = tv.getInt32(j, true);
    const a = (w | 0x04040404) ^ 0x26262626;
    const l = (w | 0x02020202) ^ 0x3e3e3e3e;
    const s = w ^ 0x5c5c5c5c;
    const e = w ^ (0xe2e2e2e2 | 0);
    const f =
      (((w - 0x20202020) & ~w) |
        ((a - 0x01010101) & ~a) |
        ((l - 0x01010101) & ~l) |
        ((s - 0x01010101) & ~s) |
        ((e - 0x01010101) & ~e)) &
      0x80808080;
    view.setInt32(j + d, w, true);
    if (f !== 0) return lowest(j, f);
    j += 4;
  }
  return j;
}

// The copiers above, also stopping at EF (the lead byte of U+FFFD, a lone surrogate's replacement), for modes that write a lone surrogate otherwise.

/** v2's minimal mode, and EF. */
export function runMinimalLone(view: DataView, d: number, tv: DataView, j: number, m: number): number {
  const end = m - 4;
  while (j <= end) {
    const w = tv.getInt32(j, true);
    const q = w ^ 0x22222222;
    const s = w ^ 0x5c5c5c5c;
    const r = w ^ (0xefefefef | 0);
    const f =
      (((w - 0x20202020) & ~w) |
        ((q - 0x01010101) & ~q) |
        ((s - 0x01010101) & ~s) |
        ((r - 0x01010101) & ~r)) &
      0x80808080;
    view.setInt32(j + d, w, true);
    if (f !== 0) return lowest(j, f);
    j += 4;
  }
  return j;
}

/** With U+2028/U+2029: also E2, their lead byte. */
export function runJSLone(view: DataView, d: number, tv: DataView, j: number, m: number): number {
  const end = m - 4;
  while (j <= end) {
    const w = tv.getInt32(j, true);
    const q = w ^ 0x22222222;
    const s = w ^ 0x5c5c5c5c;
    const e = w ^ (0xe2e2e2e2 | 0);
    const r = w ^ (0xefefefef | 0);
    const f =
      (((w - 0x20202020) & ~w) |
        ((r - 0x01010101) & ~r) |
        ((q - 0x01010101) & ~q) |
        ((s - 0x01010101) & ~s) |
        ((e - 0x01010101) & ~e)) &
      0x80808080;
    view.setInt32(j + d, w, true);
    if (f !== 0) return lowest(j, f);
    j += 4;
  }
  return j;
}

/** For HTML: `"` and `&` in one test (the byte with bit 2 set equals `&`), `<` and `>` in one (bit 1 set equals `>`). */
export function runHTMLLone(view: DataView, d: number, tv: DataView, j: number, m: number): number {
  const end = m - 4;
  while (j <= end) {
    const w = tv.getInt32(j, true);
    const a = (w | 0x04040404) ^ 0x26262626;
    const l = (w | 0x02020202) ^ 0x3e3e3e3e;
    const s = w ^ 0x5c5c5c5c;
    const r = w ^ (0xefefefef | 0);
    const f =
      (((w - 0x20202020) & ~w) |
        ((r - 0x01010101) & ~r) |
        ((a - 0x01010101) & ~a) |
        ((l - 0x01010101) & ~l) |
        ((s - 0x01010101) & ~s)) &
      0x80808080;
    view.setInt32(j + d, w, true);
    if (f !== 0) return lowest(j, f);
    j += 4;
  }
  return j;
}

/** For HTML, with U+2028/U+2029. */
export function runHTMLJSLone(view: DataView, d: number, tv: DataView, j: number, m: number): number {
  const end = m - 4;
  while (j <= end) {
    const w = tv.getInt32(j, true);
    const a = (w | 0x04040404) ^ 0x26262626;
    const l = (w | 0x02020202) ^ 0x3e3e3e3e;
    const s = w ^ 0x5c5c5c5c;
    const e = w ^ (0xe2e2e2e2 | 0);
    const r = w ^ (0xefefefef | 0);
    const f =
      (((w - 0x20202020) & ~w) |
        ((r - 0x01010101) & ~r) |
        ((a - 0x01010101) & ~a) |
        ((l - 0x01010101) & ~l) |
        ((s - 0x01010101) & ~s) |
        ((e - 0x01010101) & ~e)) &
      0x80808080;
    view.setInt32(j + d, w, true);
    if (f !== 0) return lowest(j, f);
    j += 4;
  }
  return j;
}
