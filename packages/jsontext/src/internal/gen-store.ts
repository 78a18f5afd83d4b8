/**
 * What the codecs' generated struct writers share: code that stores constant bytes (member
 * names, braces) four at a time through a DataView of the output buffer, and that DataView,
 * remembered for the buffer last written to (a generated writer reads `DV.b === b ? DV.v : VIEW(b)`).
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */

/**
 * Code storing bytes k at p and moving p past them: four bytes a store through the buffer's
 * DataView `d`, the last four overlapping the word before when the length is no multiple of
 * four (the same bytes twice, one store instead of up to three); under four bytes one by one.
 */
export function storeBytesCode(k: Uint8Array): string {
  const n = k.length;
  const word = (j: number): number =>
    ((k[j] as number) |
      ((k[j + 1] as number) << 8) |
      ((k[j + 2] as number) << 16) |
      ((k[j + 3] as number) << 24)) >>>
    0;
  let code = "";
  if (n < 4) for (let j = 0; j < n; j++) code += `b[p${j ? ` + ${j}` : ""}] = ${k[j]};\n`;
  else {
    for (let j = 0; j + 4 <= n; j += 4) code += `d.setUint32(p${j ? ` + ${j}` : ""}, ${word(j)}, true);\n`;
    if (n % 4 !== 0) code += `d.setUint32(p + ${n - 4}, ${word(n - 4)}, true);\n`;
  }
  return `${code}p += ${n};\n`;
}

/** The DataView of the output buffer a generated struct writer last wrote to. */
export const outView: { b: Uint8Array | null; v: DataView } = {
  b: null,
  v: new DataView(new ArrayBuffer(0)),
};

/** The DataView of buffer b (remembered in outView). */
export function viewOf(b: Uint8Array): DataView {
  outView.b = b;
  outView.v = new DataView(b.buffer, b.byteOffset, b.length);
  return outView.v;
}
