/**
 * encodeValues: a sequence of values written as NDJSON (Go's Encoder.Encode in a loop), at the
 * rate of marshal: a Node Writable's lines are gathered into ~60 KiB writes (Encoder.setBuffered),
 * and the loop waits only when the sink asks it to (backpressure), not at every value.
 */
import { checkType } from "./arguments.js";
import type { GoType } from "./deps.js";
import { Encoder, type EncoderSink, tookSynchronously } from "./encoder.js";
import type { EncoderOptions } from "./options.js";

/**
 * Writes each value of `values` (an iterable or an async iterable) to `sink` (a Node Writable, a
 * web WritableStream, an object with write(chunk) or a function) as Go's Encoder.Encode does,
 * each followed by a newline, and resolves once the sink has taken every line (a stream is left
 * open). The first value that does not fit `type` rejects with Go's error after the lines before
 * it were written, as Go's loop stops at the first failing Encode.
 */
export async function encodeValues<T>(
  type: GoType<T>,
  values: Iterable<NoInfer<T>> | AsyncIterable<NoInfer<T>>,
  sink: EncoderSink,
  options?: EncoderOptions,
): Promise<void> {
  checkType("encodeValues", type);
  const enc = new Encoder(sink, options);
  enc.setBuffered(true);
  try {
    if (typeof (values as AsyncIterable<T>)[Symbol.asyncIterator] === "function") {
      for await (const v of values as AsyncIterable<T>) {
        const r = enc.encode(type, v);
        if (!tookSynchronously(r)) await r;
      }
    } else {
      for (const v of values as Iterable<T>) {
        const r = enc.encode(type, v);
        if (!tookSynchronously(r)) await r;
      }
    }
  } catch (e) {
    // The lines before the failing value are the sink's, as Go's earlier Encodes wrote them.
    await enc.flush().catch(() => undefined);
    throw e;
  }
  await enc.flush();
}
