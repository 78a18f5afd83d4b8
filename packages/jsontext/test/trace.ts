/** Test helpers: token traces of the whole-input and streaming decoders, and byte splitting. */
import { Decoder } from "../src/decoder.js";
import { type ByteSource, StreamDecoder } from "../src/stream-decoder.js";

/** trace reads tokens to the end with the whole-input Decoder: tokens with offsets, then the error text or "EOF". */
export function traceWhole(bytes: Uint8Array, readValues = false): string[] {
  const d = new Decoder(bytes);
  const out: string[] = [];
  try {
    while (d.peekKind() !== "") {
      if (readValues && d.stackDepth === 0)
        out.push(`V${Buffer.from(d.readValue()).toString("base64")}@${d.inputOffset}`);
      else {
        const t = d.readToken();
        out.push(`${t.kind}${t.raw}@${d.inputOffset}`);
      }
    }
    out.push("EOF");
  } catch (e) {
    out.push(`ERR ${(e as Error).message}`);
  }
  return out;
}

export async function traceStream(chunks: ByteSource, readValues = false): Promise<string[]> {
  const d = new StreamDecoder(chunks);
  const out: string[] = [];
  try {
    while ((await d.peekKind()) !== "") {
      if (readValues && d.stackDepth === 0)
        out.push(`V${Buffer.from(await d.readValue()).toString("base64")}@${d.inputOffset}`);
      else {
        const t = await d.readToken();
        out.push(`${t.kind}${t.raw}@${d.inputOffset}`);
      }
    }
    out.push("EOF");
  } catch (e) {
    out.push(`ERR ${(e as Error).message}`);
  }
  return out;
}

export function split(b: Uint8Array, cuts: number[]): Uint8Array[] {
  const pts = [...new Set(cuts.map((c) => c % (b.length + 1)))].sort((x, y) => x - y);
  const out: Uint8Array[] = [];
  let last = 0;
  for (const p of pts) {
    out.push(b.slice(last, p));
    last = p;
  }
  out.push(b.slice(last));
  return out;
}
