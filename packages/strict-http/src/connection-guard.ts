import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** Sockets already guarded (a request is guarded once, whatever rejects it). */
const guarded = new WeakSet<Socket>();

/**
 * responseOf finds the ServerResponse node:http made for req: the outgoing
 * message its socket is answering, when that answer belongs to req (a
 * pipelined request waiting behind another answer has none yet).
 */
export function responseOf(req: IncomingMessage): ServerResponse | undefined {
  const res = (req.socket as { _httpMessage?: unknown } | null)?._httpMessage as ServerResponse | undefined;
  return res !== undefined && res !== null && res.req === req ? res : undefined;
}

/**
 * stopReading keeps node:http from reading the rest of a body nobody wants.
 * A request whose body was never read is "dumped" by node:http once the
 * answer ends (every remaining byte read and thrown away, 200 MiB included);
 * one read of zero bytes marks it as consumed, so node:http leaves it paused
 * after at most one buffer (16 KiB) and the kernel's window holds the sender.
 */
function stopReading(req: IncomingMessage): void {
  if (!(req as { _consuming?: boolean })._consuming && !req.readableEnded && !req.destroyed) req.read(0);
  req.pause();
}

/**
 * closeAfterResponse leaves the connection of a request whose body was not
 * read to its end in a safe state, whatever the handler writes next (Go's
 * MaxBytesReader + server): the body is not read any further; the answer is
 * marked `Connection: close` (`shouldKeepAlive = false` also covers a handler
 * that answers without strict-http's helpers); once the answer is written the
 * write side is shut (FIN) even when the handler asked for keep-alive; and the
 * socket is destroyed only `lingerMs` later, so that a client still sending
 * reads the status instead of a TCP reset (Go lingers 500 ms for the same
 * reason). Without a response (a pipelined request) it only stops reading.
 */
export function closeAfterResponse(
  req: IncomingMessage,
  res: ServerResponse | undefined,
  lingerMs: number,
): void {
  stopReading(req);
  const socket = req.socket as Socket | null;
  if (!res || !socket || socket.destroyed) return;
  if (!res.headersSent) {
    res.shouldKeepAlive = false;
    res.setHeader("connection", "close");
  }
  if (guarded.has(socket)) return;
  guarded.add(socket);
  const linger = () => {
    if (socket.destroyed) return;
    // node:http's own close (destroySoon) would destroy the socket as soon as
    // the FIN is written, while the client's unread bytes make that a reset.
    socket.removeListener("finish", socket.destroy);
    if (!socket.writableEnded) socket.end();
    // Read nothing more: a server that "drains" the request after the answer
    // (@hono/node-server reads up to 64 MiB) would otherwise resume the socket.
    // `_paused` is node:http's own flag for this (its readStop), which its
    // request stream honours before resuming the socket.
    socket.pause();
    (socket as { _paused?: boolean })._paused = true;
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
  };
  if (res.writableFinished) linger();
  else {
    // Registered after node:http's own "finish" listener: runs after it closed or kept the socket.
    res.once("finish", linger);
    res.once("close", () => {
      if (!res.writableFinished && !socket.destroyed) socket.destroy();
    });
  }
}
