/**
 * Bulk UTF-8 validation for the scanner: whole spans of input are checked at once
 * (Node's `buffer.isUtf8`, simdutf; elsewhere a fatal TextDecoder), and the scanner
 * remembers how far the input is known valid, so bytes >= 0x80 below that watermark
 * are skipped without decoding them one by one.
 */

/** UTF8_VALIDATE_CHUNK is how many bytes one bulk validation checks (a span that fails is then scanned byte by byte). */
export const UTF8_VALIDATE_CHUNK = 64 * 1024;

type IsUtf8 = (b: Uint8Array) => boolean;

const fatalDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** isUtf8Fallback is the portable check: a fatal TextDecoder throws on the first invalid sequence. */
function isUtf8Fallback(b: Uint8Array): boolean {
  try {
    fatalDecoder.decode(b);
    return true;
  } catch {
    return false;
  }
}

/** Node's `buffer.isUtf8` when the runtime offers it (process.getBuiltinModule: Node >= 20.16), else the fallback. */
const isUtf8: IsUtf8 = (() => {
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  const mod = proc?.getBuiltinModule?.("node:buffer") as { isUtf8?: IsUtf8 } | undefined;
  return typeof mod?.isUtf8 === "function" ? mod.isUtf8 : isUtf8Fallback;
})();

/**
 * Utf8Watermark tracks, for one input, the prefix of bytes known to be valid UTF-8
 * ([.., validEnd), starting at a sequence boundary the scanner reached) and how far
 * bulk checks have looked (checkedEnd), so no byte is bulk-checked twice.
 */
export class Utf8Watermark {
  /** Bytes before this index (from where the scanner asked) are valid UTF-8, ending on a sequence boundary. */
  validEnd = 0;
  /** Bulk checks have covered the input up to here; below it, failed spans are scanned byte by byte. */
  checkedEnd = 0;
  /**
   * When not null, the scanner records here the [start, end) of each run of valid non-ASCII
   * bytes it reads (pairs of indexes, runLength of them in use); see Utf8Watermark.recording.
   */
  runs: Int32Array | null = null;
  runLength = 0;
  /** How many bytes the recorded runs hold. */
  nonAsciiBytes = 0;

  /** recording returns a watermark that records the runs of non-ASCII bytes the scanner reads. */
  static recording(): Utf8Watermark {
    const w = new Utf8Watermark();
    w.runs = new Int32Array(64);
    return w;
  }

  /** record appends the run [a, b) of valid non-ASCII bytes (joined to the previous run when adjacent). */
  record(a: number, b: number): void {
    let r = this.runs!;
    const k = this.runLength;
    this.nonAsciiBytes += b - a;
    if (k > 0 && r[k - 1] === a) {
      r[k - 1] = b;
      return;
    }
    if (k + 2 > r.length) {
      const grown = new Int32Array(r.length * 2);
      grown.set(r);
      r = grown;
      this.runs = r;
    }
    r[k] = a;
    r[k + 1] = b;
    this.runLength = k + 2;
  }

  /**
   * extend bulk-checks the span from i (a sequence boundary, s[i] >= 0x80) to the next
   * chunk boundary (moved back to a sequence start) and reports whether it is valid
   * UTF-8; if so, validEnd moves to its end.
   */
  extend(s: Uint8Array, i: number): boolean {
    const n = s.length;
    let end = i + UTF8_VALIDATE_CHUNK;
    if (end >= n) end = n;
    else {
      // do not cut a sequence: stop before its continuation bytes (at most 3)
      for (let k = 0; k < 3 && end > i + 1 && (s[end]! & 0xc0) === 0x80; k++) end--;
    }
    this.checkedEnd = end;
    if (!isUtf8(s.subarray(i, end))) return false;
    this.validEnd = end;
    return true;
  }
}
