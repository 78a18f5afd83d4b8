/**
 * Go v1's json.Decoder (encoding/json stream.go) over a stream (Decoder,
 * asynchronous) or over bytes in memory (SyncDecoder, synchronous: Go's
 * `json.NewDecoder(bytes.NewReader(b))`, usable inside a MarshalJSON or
 * UnmarshalJSON twin). Both run the same state machine (./decoder-core.ts).
 */
import { checkType } from "./arguments.js";
import { type Chunk, DecoderCore, type Op, runAsync, runSync, type Token } from "./decoder-core.js";
import type { GoType } from "./deps.js";
import { InvalidArgumentError } from "./errors.js";
import { checkInto, type DecodeOptions, resolveDecode, type UnmarshalOptions } from "./options.js";
import { asyncReader, type DecoderSource, type SyncDecoderSource, syncReader } from "./stream-source.js";
import { NO_FAST } from "./unmarshal-fast.js";
import { describeValue } from "./value-check.js";

/** Limits of a Decoder (and of unmarshalRead and decodeValues), apart from Go's options. */
export interface StreamLimits {
  /**
   * The longest value (bytes) the Decoder reads; a longer one is a GoError
   * (`GOJSON_ERR_V1_TOO_LARGE`) once that many of its bytes are read, and the Decoder is done
   * (as after any read error). Default: no limit but the heap's, as Go.
   */
  readonly maxBytes?: number;
}

function applyLimits(core: DecoderCore, operation: string, limits: StreamLimits | undefined): void {
  const max = limits?.maxBytes;
  if (max === undefined) return;
  if (!(typeof max === "number" && max >= 0))
    throw new InvalidArgumentError(
      operation,
      "maxBytes",
      `must be a number of bytes, got ${describeValue(max)}`,
    );
  core.maxBytes = max;
}

/** The `into` option of Decoder.decode. */
export type DecodeIntoOptions<T> = Pick<UnmarshalOptions<T>, "into">;

/**
 * Go's json.Decoder: reads successive JSON values from a byte stream (a
 * Uint8Array, a string, a Node Readable, a web ReadableStream or an (async)
 * iterable of chunks, a FileHandle). Options set what Go's UseNumber and
 * DisallowUnknownFields set, and `goVersion`; `limits.maxBytes` bounds the longest value.
 */
export class Decoder {
  /** @internal */
  readonly core: DecoderCore;
  private readonly next: ReturnType<typeof asyncReader>;

  constructor(source: DecoderSource, options?: DecodeOptions, limits?: StreamLimits) {
    this.core = new DecoderCore(resolveDecode(options, "Decoder"));
    applyLimits(this.core, "Decoder", limits);
    this.next = asyncReader("Decoder", source);
  }

  /** Go's Decoder.UseNumber: numbers in `any` become JsonNumber. */
  useNumber(): void {
    this.core.useNumber = true;
  }

  /** Go's Decoder.DisallowUnknownFields. */
  disallowUnknownFields(): void {
    this.core.disallowUnknownFields = true;
  }

  /** Go's Decoder.Buffered: the bytes read from the source but not yet consumed. */
  buffered(): Uint8Array {
    return this.core.buffered();
  }

  /** Go's Decoder.InputOffset: the byte offset of the current position. */
  inputOffset(): number {
    return this.core.inputOffset();
  }

  /** @internal Runs one operation of the state machine over the source. */
  run<R>(op: Op<R>): Promise<R> {
    return runAsync(op, this.next);
  }

  /**
   * Go's Decoder.Decode: reads the next JSON value and unmarshals it into a
   * value of `type` (or into `options.into`). Throws Go's errors; `EOF` (see
   * isEOF) when the stream ends before a value.
   */
  decode<T>(type: GoType<T>, options?: DecodeIntoOptions<NoInfer<T>>): Promise<T> {
    try {
      checkType("Decoder.decode", type);
      const o = checkInto(options, "Decoder.decode");
      // A value whole in the buffer, or in it and the source's chunks read already: decoded now
      // (one settled promise, no state machine).
      const core = this.core;
      for (;;) {
        const v = core.decodeBuffered(type as GoType, o.into);
        if (v !== NO_FAST) return Promise.resolve(v as T);
        if (!core.waiting) break;
        // Only the source's next chunk is missing: read it, and go on without the state machine.
        let c: ReturnType<typeof this.next>;
        try {
          c = this.next();
        } catch (e) {
          core.supplyFailure(e);
          break;
        }
        if (c instanceof Promise)
          return c.then(
            this.onChunk(type as GoType, o.into),
            this.onFailure(type as GoType, o.into),
          ) as Promise<T>;
        core.supply(c);
      }
      return this.run(this.core.decode(type as GoType, o.into)) as Promise<T>;
    } catch (e) {
      return Promise.reject(e);
    }
  }

  /** After a chunk read for decode: decode goes on with it (the whole state machine if it must). */
  private onChunk(type: GoType, into: unknown): (c: Chunk) => unknown {
    return (c) => {
      this.core.supply(c);
      return this.decode(type, into === undefined ? undefined : { into });
    };
  }

  /** After a read that failed for decode: the state machine reports it as Go does. */
  private onFailure(type: GoType, into: unknown): (e: unknown) => unknown {
    return (e) => {
      this.core.supplyFailure(e);
      return this.run(this.core.decode(type, into));
    };
  }

  /** Go's Decoder.More: whether another element follows in the current array or object. */
  more(): Promise<boolean> {
    return this.run(this.core.more());
  }

  /** Go's Decoder.Token: the next token (delimiters, then values as `any` decodes them). */
  token(): Promise<Token> {
    return this.run(this.core.token());
  }
}

/**
 * Go's json.Decoder over bytes in memory (`json.NewDecoder(bytes.NewReader(b))`), synchronous:
 * the same operations as Decoder without promises, over a Uint8Array, a string or an iterable
 * of chunks. It reads its source as Go's Decoder reads a bytes.Reader (512 bytes first, then
 * a buffer that doubles), so `buffered()` and `inputOffset()` are Go's.
 */
export class SyncDecoder {
  private readonly core: DecoderCore;
  private readonly next: () => ReturnType<ReturnType<typeof syncReader>>;

  constructor(source: SyncDecoderSource, options?: DecodeOptions, limits?: StreamLimits) {
    this.core = new DecoderCore(resolveDecode(options, "SyncDecoder"));
    applyLimits(this.core, "SyncDecoder", limits);
    this.next = syncReader("SyncDecoder", source);
  }

  /** Go's Decoder.UseNumber. */
  useNumber(): void {
    this.core.useNumber = true;
  }

  /** Go's Decoder.DisallowUnknownFields. */
  disallowUnknownFields(): void {
    this.core.disallowUnknownFields = true;
  }

  /** Go's Decoder.Buffered. */
  buffered(): Uint8Array {
    return this.core.buffered();
  }

  /** Go's Decoder.InputOffset. */
  inputOffset(): number {
    return this.core.inputOffset();
  }

  /** Go's Decoder.Decode (see Decoder.decode), synchronously. */
  decode<T>(type: GoType<T>, options?: DecodeIntoOptions<NoInfer<T>>): T {
    checkType("SyncDecoder.decode", type);
    const o = checkInto(options, "SyncDecoder.decode");
    const v = this.core.decodeBuffered(type as GoType, o.into);
    if (v !== NO_FAST) return v as T;
    return runSync(this.core.decode(type as GoType, o.into), this.next) as T;
  }

  /** Go's Decoder.More, synchronously. */
  more(): boolean {
    return runSync(this.core.more(), this.next);
  }

  /** Go's Decoder.Token, synchronously. */
  token(): Token {
    return runSync(this.core.token(), this.next);
  }
}
