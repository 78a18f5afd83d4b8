/**
 * One value or a sequence of values from a stream, as a Decoder reads them:
 * unmarshalRead (one value, then the end of the input) and decodeValues
 * (whitespace-separated values: NDJSON, concatenated JSON; an async iterator).
 */
import { checkType } from "./arguments.js";
import { Decoder, type StreamLimits } from "./decoder.js";
import { isEOF } from "./decoder-core.js";
import { type GoType, quoteCharV1 } from "./deps.js";
import { JsonSyntaxError } from "./errors.js";
import { canDecodeLarge, unmarshalLarge } from "./large-document.js";
import { checkUnmarshal, type DecodeOptions, type UnmarshalOptions } from "./options.js";
import type { DecoderSource } from "./stream-source.js";

/**
 * Reads one JSON value of type `type` from `source` (a Uint8Array, a string, a Node Readable,
 * a web ReadableStream or an (async) iterable of chunks) as Go's Decoder.Decode does, then
 * requires the end of the input: anything but whitespace after the value is Go's Unmarshal
 * error `invalid character 'x' after top-level value` (a SyntaxError whose `value` holds the
 * decoded value). An empty input is Go's io.EOF (see isEOF). With `into`, decodes into it.
 * A document past MAX_INPUT_BYTES (the longest JavaScript string) that is an array into a Go
 * slice is read element by element on its bytes (see large-document.ts); any other is a typed
 * GoError (`GOJSON_ERR_V1_TOO_LARGE`).
 */
export async function unmarshalRead<T>(
  type: GoType<T>,
  source: DecoderSource,
  options?: UnmarshalOptions<NoInfer<T>>,
  limits?: StreamLimits,
): Promise<T> {
  checkType("unmarshalRead", type);
  const { into, ...decodeOptions } = checkUnmarshal(options, "unmarshalRead");
  // A whole document past the longest string: read element by element in place (no copy).
  const max = limits?.maxBytes;
  if (
    source instanceof Uint8Array &&
    into === undefined &&
    !(typeof max === "number" && source.length > max) &&
    canDecodeLarge(type as GoType, source.length)
  )
    return unmarshalLarge(type as GoType, source, decodeOptions, false) as T;
  const d = new Decoder(source, decodeOptions, limits);
  const v = await d.decode(type, into === undefined ? undefined : { into });
  const end = await d.run(d.core.atEnd());
  if (end !== true) {
    const err = new JsonSyntaxError(
      `invalid character ${quoteCharV1(end)} after top-level value`,
      d.inputOffset() + 1,
    );
    err.value = v;
    throw err;
  }
  return v;
}

/**
 * The JSON values of `source`, one after another (whitespace between them: NDJSON, JSON lines,
 * concatenated values), each decoded into a value of type `type` as Go's Decoder.Decode loop
 * does; the iteration ends at the end of the input and throws Go's error for a bad value.
 * Memory stays bounded by the largest value, whatever the stream's length.
 *
 * ```ts
 * for await (const order of decodeValues(Order, fs.createReadStream("orders.ndjson"))) ...
 * ```
 */
export async function* decodeValues<T>(
  type: GoType<T>,
  source: DecoderSource,
  options?: DecodeOptions,
  limits?: StreamLimits,
): AsyncIterableIterator<T> {
  checkType("decodeValues", type);
  const d = new Decoder(source, options, limits);
  for (;;) {
    let v: T;
    try {
      v = await d.decode(type);
    } catch (e) {
      if (isEOF(e)) return;
      throw e;
    }
    yield v;
  }
}
