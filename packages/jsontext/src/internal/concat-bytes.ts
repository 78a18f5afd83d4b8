/** concatBytes joins byte chunks into one new array of their total length (Buffer.concat without Node's Buffer). */
export function concatBytes(parts: readonly Uint8Array[], total?: number): Uint8Array {
  let n = total ?? 0;
  if (total === undefined) for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}
