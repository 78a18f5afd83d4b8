/**
 * The Go releases codec-v1 reproduces and, in one place, what differs between
 * them for classic encoding/json. Go's supported releases are the last two:
 * 1.26 and 1.27 (`GOEXPERIMENT=nojsonv2` gives 1.27's classic engine).
 *
 * The classic encoding/json sources of 1.26.8 and 1.27.3 differ only in
 * comments (and an unused import), and so do encoding/base64, strconv's
 * number code and time's JSON and RFC 3339 code. What changes is Unicode:
 * Go 1.27's unicode and strconv tables follow Unicode 17.0 (1.26: 15.0). For
 * classic v1 that shows in:
 * - error texts that quote with strconv.Quote / %q (`json: unknown field "…"`,
 *   json.Number and `,string` errors): about 10,600 code points assigned since
 *   Unicode 15 are printable in 1.27, written as is instead of `\u…`
 *   (PRINT_ADDED_1_27, 90 ranges);
 * - case-insensitive matching of object names to struct fields (unicode.SimpleFold):
 *   58 code points fold differently (FOLD_1_27);
 * - which tag names are valid (unicode.IsLetter / IsDigit, about 9,700 new
 *   letters and digits): not reproduced (tags are read once per type by
 *   @gojson/gotype, with the JavaScript engine's Unicode tables).
 * The tables were recorded from Go itself (strconv.IsPrint, unicode.SimpleFold over every code point in
 * both releases; only the differences are kept).
 */
import { foldNameV1, goQuote } from "./deps.js";

/** Go releases codec-v1 reproduces (option `goVersion`). */
export const GO_VERSIONS = ["1.26", "1.27"] as const;

/** A Go release codec-v1 reproduces. */
export type GoVersion = (typeof GO_VERSIONS)[number];

/** The default `goVersion`: the newest release. */
export const DEFAULT_GO_VERSION: GoVersion = "1.27";

/** Code point ranges (pairs, inclusive) strconv.IsPrint accepts in Go 1.27 and not in 1.26. */
const PRINT_ADDED_1_27: readonly number[] = [
  0x88f, 0x88f, 0x897, 0x897, 0xc5c, 0xc5c, 0xcdc, 0xcdc, 0x1acf, 0x1add, 0x1ae0, 0x1aeb, 0x1b4e, 0x1b4f,
  0x1b7f, 0x1b7f, 0x1c89, 0x1c8a, 0x20c1, 0x20c1, 0x2427, 0x2429, 0x2b96, 0x2b96, 0x2ffc, 0x2fff, 0x31e4,
  0x31e5, 0x31ef, 0x31ef, 0xa7cb, 0xa7cf, 0xa7d2, 0xa7d2, 0xa7d4, 0xa7d4, 0xa7da, 0xa7dc, 0xa7f1, 0xa7f1,
  0xfbc3, 0xfbd2, 0xfd90, 0xfd91, 0xfdc8, 0xfdce, 0x105c0, 0x105f3, 0x10940, 0x10959, 0x10d40, 0x10d65,
  0x10d69, 0x10d85, 0x10d8e, 0x10d8f, 0x10ec2, 0x10ec7, 0x10ed0, 0x10ed8, 0x10efa, 0x10efc, 0x11380, 0x11389,
  0x1138b, 0x1138b, 0x1138e, 0x1138e, 0x11390, 0x113b5, 0x113b7, 0x113c0, 0x113c2, 0x113c2, 0x113c5, 0x113c5,
  0x113c7, 0x113ca, 0x113cc, 0x113d5,

  /** Pairs (code point, Go 1.27 foldRune) for the code points whose simple case folding changed in 1.27. */
  0x11bc0, 0x11be1, 0x11bf0, 0x11bf9, 0x11db0, 0x11ddb, 0x11de0, 0x11de9, 0x11f5a, 0x11f5a, 0x13460, 0x143fa,
  0x16100, 0x16139, 0x16d40, 0x16d79, 0x16ea0, 0x16eb8, 0x16ebb, 0x16ed3, 0x16ff2, 0x16ff6, 0x187f8, 0x187ff,
  0x18cff, 0x18cff, 0x18d09, 0x18d1e, 0x18d80, 0x18df2, 0x1cc00, 0x1ccfc, 0x1cd00, 0x1ceb3, 0x1ceba, 0x1ced0,
  0x1cee0, 0x1cef0, 0x1e5d0, 0x1e5fa, 0x1e5ff, 0x1e5ff, 0x1e6c0, 0x1e6de, 0x1e6e0, 0x1e6f5, 0x1e6fe, 0x1e6ff,
  0x1f6d8, 0x1f6d8, 0x1f777, 0x1f77a, 0x1f8b2, 0x1f8bb, 0x1f8c0, 0x1f8c1, 0x1f8d0, 0x1f8d8, 0x1fa54, 0x1fa57,
  0x1fa89, 0x1fa8a, 0x1fa8e, 0x1fa8f, 0x1fabe, 0x1fabe, 0x1fac6, 0x1fac6, 0x1fac8, 0x1fac8, 0x1facd, 0x1facd,
  0x1fadc, 0x1fadc, 0x1fadf, 0x1fadf, 0x1fae9, 0x1faea, 0x1faef, 0x1faef, 0x1fbcb, 0x1fbef, 0x1fbfa, 0x1fbfa,
  0x2b73a, 0x2b73f, 0x2cea2, 0x2cead, 0x2ebf0, 0x2ee5d, 0x323b0, 0x33479,
];

const FOLD_1_27: readonly number[] = [
  0x1c8a, 0x1c89, 0x1fd3, 0x390, 0x1fe3, 0x3b0, 0xa7cb, 0x264, 0xa7cd, 0xa7cc, 0xa7cf, 0xa7ce, 0xa7d3, 0xa7d2,
  0xa7d5, 0xa7d4, 0xa7db, 0xa7da, 0xa7dc, 0x19b, 0xfb06, 0xfb05, 0x10d70, 0x10d50, 0x10d71, 0x10d51, 0x10d72,
  0x10d52, 0x10d73, 0x10d53, 0x10d74, 0x10d54, 0x10d75, 0x10d55, 0x10d76, 0x10d56, 0x10d77, 0x10d57, 0x10d78,
  0x10d58, 0x10d79, 0x10d59, 0x10d7a, 0x10d5a, 0x10d7b, 0x10d5b, 0x10d7c, 0x10d5c, 0x10d7d, 0x10d5d, 0x10d7e,
  0x10d5e, 0x10d7f, 0x10d5f, 0x10d80, 0x10d60, 0x10d81, 0x10d61, 0x10d82, 0x10d62, 0x10d83, 0x10d63, 0x10d84,
  0x10d64, 0x10d85, 0x10d65, 0x16ebb, 0x16ea0, 0x16ebc, 0x16ea1, 0x16ebd, 0x16ea2, 0x16ebe, 0x16ea3, 0x16ebf,
  0x16ea4, 0x16ec0, 0x16ea5, 0x16ec1, 0x16ea6, 0x16ec2, 0x16ea7, 0x16ec3, 0x16ea8, 0x16ec4, 0x16ea9, 0x16ec5,
  0x16eaa, 0x16ec6, 0x16eab, 0x16ec7, 0x16eac, 0x16ec8, 0x16ead, 0x16ec9, 0x16eae, 0x16eca, 0x16eaf, 0x16ecb,
  0x16eb0, 0x16ecc, 0x16eb1, 0x16ecd, 0x16eb2, 0x16ece, 0x16eb3, 0x16ecf, 0x16eb4, 0x16ed0, 0x16eb5, 0x16ed1,
  0x16eb6, 0x16ed2, 0x16eb7, 0x16ed3, 0x16eb8,
];

function printAdded127(c: number): boolean {
  const t = PRINT_ADDED_1_27;
  let lo = 0;
  let hi = t.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (c < (t[2 * mid] as number)) hi = mid - 1;
    else if (c > (t[2 * mid + 1] as number)) lo = mid + 1;
    else return true;
  }
  return false;
}

/**
 * Go's strconv.Quote of `s` as release `v` writes it: gotype's goQuote (1.26's
 * tables), then for 1.27 the code points printable since are written as is.
 */
export function quoteFor(v: GoVersion, s: string): string {
  const q = goQuote(s);
  if (v === "1.26" || (q.indexOf("\\u") < 0 && q.indexOf("\\U") < 0)) return q;
  let out = "";
  let last = 0;
  for (let i = 0; i < q.length; i++) {
    if (q.charCodeAt(i) !== 0x5c) continue;
    const e = q[i + 1];
    const n = e === "u" ? 4 : e === "U" ? 8 : 0;
    if (n > 0) {
      const c = Number.parseInt(q.slice(i + 2, i + 2 + n), 16);
      if (printAdded127(c)) {
        out += q.slice(last, i) + String.fromCodePoint(c);
        last = i + 2 + n;
      }
      i += 1 + n;
    } else i++; // \\, \", \n, \xNN...: the character after the backslash is not an escape start
  }
  return out + q.slice(last);
}

/** Length of the valid UTF-8 sequence at b[i] (Go's utf8.DecodeRune rules), or 0 when it is invalid. */
function runeLength(b: Uint8Array, i: number): number {
  const c = b[i] as number;
  if (c < 0x80) return 1;
  const n = b.length;
  const cont = (j: number, lo = 0x80, hi = 0xbf) => j < n && (b[j] as number) >= lo && (b[j] as number) <= hi;
  if (c >= 0xc2 && c <= 0xdf) return cont(i + 1) ? 2 : 0;
  if (c >= 0xe0 && c <= 0xef) {
    const lo = c === 0xe0 ? 0xa0 : 0x80;
    const hi = c === 0xed ? 0x9f : 0xbf;
    return cont(i + 1, lo, hi) && cont(i + 2) ? 3 : 0;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    const lo = c === 0xf0 ? 0x90 : 0x80;
    const hi = c === 0xf4 ? 0x8f : 0xbf;
    return cont(i + 1, lo, hi) && cont(i + 2) && cont(i + 3) ? 4 : 0;
  }
  return 0;
}

const utf8d = new TextDecoder();

/** Go's strconv.Quote of the bytes `b` (Go's `%q` of a []byte): valid UTF-8 as quoteFor writes it, each invalid byte as `\xNN`. */
export function quoteBytesFor(v: GoVersion, b: Uint8Array): string {
  let out = "";
  let start = 0;
  const flush = (end: number) => {
    if (end > start) out += quoteFor(v, utf8d.decode(b.subarray(start, end))).slice(1, -1);
  };
  for (let i = 0; i < b.length; ) {
    const n = runeLength(b, i);
    if (n > 0) {
      i += n;
      continue;
    }
    flush(i);
    out += `\\x${(b[i] as number).toString(16).padStart(2, "0")}`;
    start = ++i;
  }
  flush(b.length);
  return `"${out}"`;
}

const FOLD_127 = new Map<number, number>();
for (let i = 0; i < FOLD_1_27.length; i += 2)
  FOLD_127.set(FOLD_1_27[i] as number, FOLD_1_27[i + 1] as number);
const FOLD_127_CHARS = new RegExp(
  `[${[...FOLD_127.keys()].map((c) => `\\u{${c.toString(16)}}`).join("")}]`,
  "u",
);

/** Whether `s` holds a code point whose case folding differs between 1.26 and 1.27. */
export function hasFoldChange(s: string): boolean {
  return FOLD_127_CHARS.test(s);
}

/** encoding/json's foldName as release `v` computes it (see FOLD_1_27). */
export function foldNameFor(v: GoVersion, s: string): string {
  if (v === "1.26" || !hasFoldChange(s)) return foldNameV1(s);
  let out = "";
  for (const ch of s) {
    const f = FOLD_127.get(ch.codePointAt(0) as number);
    out += f === undefined ? foldNameV1(ch) : String.fromCodePoint(f);
  }
  return out;
}
