/**
 * UTF-8 encoding of marshal's output. Long outputs are written into one reused
 * scratch buffer (a single transcoding pass: TextEncoder.encode and Buffer.from
 * first measure the UTF-8 length, a second pass that is slow on two-byte
 * strings) and copied out at their exact length; text split around raw markers
 * is written part by part, never joined into one string first.
 */
const textEncoder = new TextEncoder();
/** Outputs shorter than this are encoded by TextEncoder.encode directly. */
const SCRATCH_MIN = 4096;
/** The largest scratch buffer kept between calls (bytes); longer outputs are encoded by TextEncoder.encode. */
const SCRATCH_MAX = 1 << 22;

/** Node's Buffer (its UTF-8 writer is the fastest on one-byte strings), when there is one. */
interface NodeBufferLike extends Uint8Array {
  write(s: string, offset: number, encoding: "utf8"): number;
}
const NodeBuffer = (
  globalThis as {
    Buffer?: { allocUnsafeSlow(n: number): NodeBufferLike; allocUnsafe(n: number): Uint8Array };
  }
).Buffer;

let scratch: Uint8Array = new Uint8Array(0);

function growScratch(need: number): void {
  if (scratch.length >= need) return;
  const n = Math.min(SCRATCH_MAX, Math.max(need, scratch.length * 2, 1 << 16));
  scratch = NodeBuffer !== undefined ? NodeBuffer.allocUnsafeSlow(n) : new Uint8Array(n);
}

/** writeUtf8 writes s as UTF-8 into scratch at offset off (room checked by the caller) and returns the byte count. */
function writeUtf8(s: string, off: number): number {
  if (NodeBuffer !== undefined) return (scratch as NodeBufferLike).write(s, off, "utf8");
  return textEncoder.encodeInto(s, off === 0 ? scratch : scratch.subarray(off)).written;
}

/** A copy of the first n scratch bytes (a plain Uint8Array of its own). */
function takeScratch(n: number): Uint8Array {
  const head = new Uint8Array(scratch.buffer, scratch.byteOffset, n);
  if (NodeBuffer === undefined || n < SCRATCH_MIN) return head.slice();
  // Not zero-filled first; a buffer this long is never carved from Node's shared pool.
  const b = NodeBuffer.allocUnsafe(n);
  b.set(head);
  return new Uint8Array(b.buffer, b.byteOffset, n);
}

/**
 * utf8Bytes encodes marshal's output to UTF-8. A long string is written into a
 * reused scratch buffer (one transcoding pass; TextEncoder.encode and Buffer.from
 * first measure the UTF-8 length, a second pass that is slow on two-byte strings)
 * and copied out at its exact length.
 */
export function utf8Bytes(s: string): Uint8Array {
  const need = s.length * 3;
  if (s.length < SCRATCH_MIN || need > SCRATCH_MAX) return textEncoder.encode(s);
  growScratch(need);
  return takeScratch(writeUtf8(s, 0));
}

/** partsBytes encodes the concatenation of parts (of total length n) to UTF-8 without joining them first. */
export function partsBytes(parts: readonly string[], n: number): Uint8Array {
  if (n * 3 > SCRATCH_MAX) return textEncoder.encode(parts.join(""));
  growScratch(n * 3);
  let off = 0;
  for (const p of parts) off += writeUtf8(p, off);
  return takeScratch(off);
}
