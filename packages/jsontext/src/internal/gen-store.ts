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

/**
 * A piece of a generated struct writer: its code, the bytes of room it needs at most (made
 * before it), and whether a call writes its value (a call may move the buffer: a run of pieces
 * ends there, and the room of the next run is made after it).
 */
export interface CodePiece {
  readonly code: string;
  readonly room: number;
  readonly call: boolean;
}

/** In a piece's code, where room for the rest of its run is made again (after a rare call). */
export const REST = "/*REST*/";

/** Code making room for n more bytes at p (b and d follow a new buffer). */
export function roomCode(n: number): string {
  return n <= 0 ? "" : `if (p + ${n} > b.length) {\nw.pos = p;\nw.room(${n});\nb = w.buf;\nd = VIEW(b);\n}\n`;
}

/** Code reading the position back after a call that wrote (b and d follow a new buffer). */
export const AFTER_CALL = "p = w.pos;\nif (w.buf !== b) {\nb = w.buf;\nd = VIEW(b);\n}\n";

/**
 * The pieces' code in runs: each run (up to and including the first piece written by a call)
 * makes its room once, and each piece's REST mark becomes the room of what is left of its run.
 */
export function joinPieces(pieces: readonly CodePiece[]): string {
  let body = "";
  for (let i = 0; i < pieces.length; ) {
    let j = i;
    while (j < pieces.length - 1 && !(pieces[j] as CodePiece).call) j++;
    let rest = 0;
    for (let k = i; k <= j; k++) rest += (pieces[k] as CodePiece).room;
    body += roomCode(rest);
    for (let k = i; k <= j; k++) {
      const piece = pieces[k] as CodePiece;
      rest -= piece.room;
      body += piece.code.replaceAll(REST, roomCode(rest));
    }
    i = j + 1;
  }
  return body;
}
