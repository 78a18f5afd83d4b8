import type { IncomingMessage } from "node:http";
import * as zlib from "node:zlib";
import type { Inflater } from "./content-type.js";
import { StrictBodyCode as C, StrictBodyError } from "./errors.js";

/** Limits of one body read, already resolved. */
export interface ReadLimits {
  readonly maxBytes: number;
  readonly timeoutMs: number;
  readonly declaredLength: number | undefined;
  readonly inflater: Inflater | undefined;
}

const tooLarge = (maxBytes: number, inflated: boolean) =>
  new StrictBodyError({
    code: C.BODY_TOO_LARGE,
    statusCode: 413,
    message: `request body too large: more than ${maxBytes} ${inflated ? "inflated " : ""}bytes`,
    closeConnection: true,
  });

const timedOut = (ms: number) =>
  new StrictBodyError({
    code: C.BODY_TIMEOUT,
    statusCode: 408,
    message: `request body not received within ${ms} ms`,
    closeConnection: true,
  });

export const aborted = (): StrictBodyError =>
  new StrictBodyError({
    code: C.BODY_ABORTED,
    statusCode: 400,
    message: "request body aborted by the client",
    closeConnection: true,
  });

function createInflater(kind: Inflater): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress {
  if (kind === "gzip") return zlib.createGunzip();
  if (kind === "deflate") return zlib.createInflate();
  return zlib.createBrotliDecompress();
}

/**
 * ByteCollector keeps the bytes of one body. With a declared length (and no
 * inflating) it keeps the chunks until half the body has come, then copies
 * them into one buffer of exactly that length and copies the rest in as it
 * comes: every byte is copied once, the finished body is that buffer (peak
 * 1.5× the body), and memory is never more than twice what was received (a
 * client that declares a megabyte and sends a byte costs that byte). Without
 * one it keeps the chunks and joins them once at the end (peak 2×).
 */
class ByteCollector {
  private readonly chunks: Uint8Array[] = [];
  private buf: Uint8Array | undefined;
  total = 0;

  constructor(private readonly expected: number | undefined) {}

  add(c: Uint8Array): void {
    const expected = this.expected;
    const need = this.total + c.length;
    const buf = this.buf;
    if (buf !== undefined) {
      buf.set(c, this.total);
      this.total = need;
      return;
    }
    if (expected !== undefined && need === expected && this.total === 0) {
      // The whole body in one chunk (the common case for small bodies): keep it, do not copy it.
      this.buf = c;
      this.total = need;
      return;
    }
    this.chunks.push(c);
    this.total = need;
    if (expected !== undefined && 2 * need >= expected && need <= expected) {
      // Not zeroed: only the bytes written (0..total) are ever read.
      const b: Uint8Array = Buffer.allocUnsafe(expected);
      let at = 0;
      for (const k of this.chunks) {
        b.set(k, at);
        at += k.length;
      }
      this.chunks.length = 0;
      this.buf = b;
    }
  }

  bytes(): Uint8Array {
    if (this.buf !== undefined) {
      const b = this.buf;
      this.buf = undefined;
      return b.length === this.total ? b : b.subarray(0, this.total);
    }
    const body = concat(this.chunks, this.total);
    this.chunks.length = 0;
    return body;
  }

  clear(): void {
    this.chunks.length = 0;
    this.buf = undefined;
  }
}

/**
 * BodySink counts and keeps the bytes of one body: raw bytes (compared with
 * Content-Length), and the bytes after inflating (compared with the limit).
 * It stops at limit + 1 and settles exactly once.
 */
class BodySink {
  private readonly kept: ByteCollector;
  raw = 0;
  private readonly inflater: zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined;
  private timer: NodeJS.Timeout | undefined;
  settled = false;

  constructor(
    private readonly limits: ReadLimits,
    private readonly settle: (err: StrictBodyError | undefined, body?: Uint8Array) => void,
    onDrain: () => void,
  ) {
    this.kept = new ByteCollector(limits.inflater ? undefined : limits.declaredLength);
    if (limits.inflater) {
      const z = createInflater(limits.inflater);
      this.inflater = z;
      z.on("data", (c: Buffer) => this.keep(c));
      z.on("end", () => this.finish());
      z.on("error", () =>
        this.fail(
          new StrictBodyError({
            code: C.BAD_ENCODING_DATA,
            statusCode: 400,
            message: `request body is not valid ${limits.inflater} data`,
          }),
        ),
      );
      z.on("drain", onDrain);
    }
    if (limits.timeoutMs > 0 && Number.isFinite(limits.timeoutMs)) {
      this.timer = setTimeout(() => this.fail(timedOut(limits.timeoutMs)), limits.timeoutMs);
    }
  }

  /** write takes raw bytes; it returns false when the source should pause. */
  write(c: Uint8Array): boolean {
    if (this.settled) return false;
    this.raw += c.length;
    const { declaredLength, maxBytes } = this.limits;
    if (declaredLength !== undefined && this.raw > declaredLength) {
      this.fail(lengthMismatch(declaredLength, this.raw));
      return false;
    }
    if (this.inflater) {
      if (this.raw > maxBytes) {
        this.fail(tooLarge(maxBytes, false));
        return false;
      }
      return this.inflater.write(c);
    }
    this.keep(c);
    return !this.settled;
  }

  private keep(c: Uint8Array): void {
    if (this.settled) return;
    if (this.kept.total + c.length > this.limits.maxBytes) {
      this.fail(tooLarge(this.limits.maxBytes, this.inflater !== undefined));
      return;
    }
    this.kept.add(c);
  }

  /** end marks the end of the raw bytes. */
  end(): void {
    if (this.settled) return;
    const { declaredLength } = this.limits;
    if (declaredLength !== undefined && this.raw !== declaredLength) {
      this.fail(lengthMismatch(declaredLength, this.raw));
      return;
    }
    if (this.inflater) this.inflater.end();
    else this.finish();
  }

  private finish(): void {
    if (this.settled) return;
    const body = this.kept.bytes();
    this.close();
    this.settle(undefined, body);
  }

  fail(err: StrictBodyError): void {
    if (this.settled) return;
    this.kept.clear();
    this.close();
    this.settle(err);
  }

  private close(): void {
    this.settled = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.inflater) {
      this.inflater.removeAllListeners("data");
      this.inflater.removeAllListeners("end");
      this.inflater.removeAllListeners("drain");
      this.inflater.on("error", noop);
      this.inflater.destroy();
    }
  }
}

function noop(): void {}

function lengthMismatch(declared: number, got: number): StrictBodyError {
  return new StrictBodyError({
    code: C.LENGTH_MISMATCH,
    statusCode: 400,
    message: `request body length ${got > declared ? "exceeds" : "is short of"} the declared Content-Length ${declared}`,
    closeConnection: true,
  });
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * streamNodeBody reads the body of a node:http request under the limits, as
 * it arrives, and calls `done` once with the body or the error. On an early
 * stop it pauses the request and removes its listeners without destroying the
 * socket, so that the answer can still be written; the error says
 * `closeConnection` so that the answer closes the connection.
 */
export function streamNodeBody(
  req: IncomingMessage,
  limits: ReadLimits,
  done: (err: StrictBodyError | undefined, body?: Uint8Array) => void,
): void {
  const onData = (c: Buffer) => {
    if (!sink.write(c)) {
      if (!sink.settled) req.pause();
    }
  };
  const onEnd = () => sink.end();
  const onError = () => sink.fail(aborted());
  const onClose = () => {
    if (!req.complete) sink.fail(aborted());
  };
  const cleanup = () => {
    req.removeListener("data", onData);
    req.removeListener("end", onEnd);
    req.removeListener("error", onError);
    req.removeListener("close", onClose);
  };
  const sink = new BodySink(
    limits,
    (err, body) => {
      cleanup();
      if (err) {
        // Stop reading: the rest of the body stays on the wire until the answer closes the connection.
        req.pause();
        // Late socket errors must not crash the process once nobody listens.
        req.on("error", noop);
      }
      done(err, body);
    },
    () => req.resume(),
  );
  req.on("data", onData);
  req.on("end", onEnd);
  req.on("error", onError);
  req.on("close", onClose);
  // Gone before a listener was there (the socket failed while the request was being parsed).
  if (req.destroyed && !req.complete) sink.fail(aborted());
}

/**
 * readWebBody reads the body of a Fetch Request under the limits; on an early
 * stop it cancels the stream.
 */
export async function readWebBody(request: Request, limits: ReadLimits): Promise<Uint8Array> {
  if (request.bodyUsed) throw new TypeError("strict-http: the request body was already read");
  const stream = request.body;
  if (stream === null) {
    if (limits.declaredLength !== undefined && limits.declaredLength !== 0)
      throw lengthMismatch(limits.declaredLength, 0);
    return new Uint8Array(0);
  }
  const reader = stream.getReader();
  let drainWaiter: (() => void) | undefined;
  let outcome: { err?: StrictBodyError; body?: Uint8Array } | undefined;
  let wake: (() => void) | undefined;
  const sink = new BodySink(
    limits,
    (err, body) => {
      outcome = err ? { err } : { body: body as Uint8Array };
      if (err) reader.cancel().catch(noop);
      wake?.();
      drainWaiter?.();
    },
    () => drainWaiter?.(),
  );
  const settled = new Promise<void>((r) => {
    wake = r;
  });
  let ended = false;
  try {
    while (!sink.settled) {
      const read = reader.read();
      read.catch(noop);
      const next = await Promise.race([read, settled.then(() => undefined)]);
      if (next === undefined) break;
      if (next.done) {
        ended = true;
        sink.end();
        break;
      }
      if (!sink.write(next.value) && !sink.settled) {
        await Promise.race([new Promise<void>((r) => (drainWaiter = r)), settled]);
      }
    }
  } catch {
    sink.fail(aborted());
  }
  if (!ended && !sink.settled) sink.fail(aborted());
  await settled;
  try {
    reader.releaseLock();
  } catch {
    // a read may still be pending after cancel
  }
  const o = outcome as { err?: StrictBodyError; body?: Uint8Array };
  if (o.err) throw o.err;
  return o.body as Uint8Array;
}
