// A client that keeps sending a body after the server answered: the attack of issue "connection
// handling like Go's". Every loop is bounded in bytes (cap) and in time (STALL_MS).
import * as net from "node:net";

const KiB = 1024;
const MiB = 1024 * KiB;
/** The most a client sends in one test (the server must answer and stop it long before). */
export const SEND_CAP = 32 * MiB;
/** The longest a client waits for the server to take more bytes before it calls the connection stalled. */
const STALL_MS = 3000;

export interface Flood {
  status: number;
  /** How the connection ended: closed by the server (FIN, EPIPE or reset), or stalled (still open). */
  ended: "closed" | "stalled";
  sent: number;
}

/**
 * flood sends a request head, then body bytes in 64 KiB pieces until the server closes the
 * connection, the cap is reached or the server stops taking bytes for STALL_MS. With
 * `readDelayMs` the client reads nothing for that long (a client busy sending).
 */
export function flood(
  port: number,
  head: string,
  piece: Buffer,
  readDelayMs = 0,
  cap = SEND_CAP,
): Promise<Flood> {
  return new Promise((resolve) => {
    const sock = net.connect(port, "127.0.0.1");
    let raw = "";
    let sent = 0;
    let closed = false;
    let settled = false;
    const settle = (ended: Flood["ended"]) => {
      if (settled) return;
      settled = true;
      sock.destroy();
      resolve({ status: Number(raw.split(" ")[1] ?? 0) || 0, ended, sent });
    };
    if (readDelayMs > 0) {
      sock.pause();
      setTimeout(() => sock.resume(), readDelayMs);
    }
    sock.on("data", (c) => {
      raw += c.toString("latin1");
      // A late reader only wants the status; the others wait for the close as well.
      if (readDelayMs > 0 && raw.includes("\r\n\r\n")) settle("closed");
    });
    const onClosed = () => {
      closed = true;
      // Give a paused reader its delay to read what arrived before the close.
      setTimeout(() => settle("closed"), readDelayMs);
    };
    sock.on("end", onClosed);
    sock.on("error", onClosed);
    sock.on("close", onClosed);
    sock.on("connect", async () => {
      sock.write(head);
      while (!closed && sent < cap) {
        sent += piece.length;
        if (!sock.write(piece)) {
          const drained = await new Promise<boolean>((r) => {
            const t = setTimeout(() => r(false), STALL_MS);
            const done = () => {
              clearTimeout(t);
              r(true);
            };
            sock.once("drain", done);
            sock.once("close", done);
          });
          if (!drained) {
            settle("stalled");
            return;
          }
        }
      }
      if (!closed) setTimeout(() => settle("stalled"), STALL_MS);
    });
  });
}

export const spaces = Buffer.alloc(64 * KiB, 0x20);
export const chunk = Buffer.concat([Buffer.from("10000\r\n"), spaces, Buffer.from("\r\n")]);
export const head = (framing: string) =>
  `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nContent-Type: application/json\r\n${framing}\r\n`;
