// The load generator of the throughput suite, run in a worker thread: keep-alive sockets to each
// server, raw HTTP/1.1 requests prepared once, and one "batch" (N requests over the candidate's
// sockets, one request in flight per socket) per command. The measuring thread sends a command
// through a SharedArrayBuffer and blocks in Atomics.wait until the batch is done, so the harness's
// synchronous op times whole batches while this thread's event loop does the I/O.
import * as net from "node:net";
import { workerData } from "node:worker_threads";

/** @type {{ control: SharedArrayBuffer, slot: Record<string, number>, ports: number[], connections: number, bodies: string[], answers: string[] }} */
const init = workerData;
const SLOT = init.slot;
const ctrl = new Int32Array(init.control);

/** requests[payload] = the bytes of one POST with that body. */
const requests = init.bodies.map((body) => {
  const b = Buffer.from(body);
  return Buffer.concat([
    Buffer.from(
      `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${b.length}\r\nConnection: keep-alive\r\n\r\n`,
    ),
    b,
  ]);
});

/** One keep-alive connection; `send` resolves with [status, body] of the next answer. */
class Conn {
  constructor(port) {
    this.port = port;
    this.sock = undefined;
    this.buf = Buffer.alloc(0);
    this.pending = undefined;
  }
  open() {
    return new Promise((resolve, reject) => {
      const s = net.connect(this.port, "127.0.0.1");
      s.setNoDelay(true);
      s.once("connect", () => resolve());
      s.once("error", reject);
      s.on("data", (c) => this.#onData(c));
      s.on("close", () => {
        this.sock = undefined;
        this.pending?.reject(new Error("connection closed by the server"));
        this.pending = undefined;
      });
      this.sock = s;
    });
  }
  #onData(c) {
    this.buf = this.buf.length === 0 ? c : Buffer.concat([this.buf, c]);
    if (!this.pending) return;
    const end = this.buf.indexOf("\r\n\r\n");
    if (end < 0) return;
    const head = this.buf.toString("latin1", 0, end);
    const m = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!m) {
      const p = this.pending;
      this.pending = undefined;
      p.reject(new Error("answer without Content-Length"));
      return;
    }
    const len = Number(m[1]);
    if (this.buf.length < end + 4 + len) return;
    const status = Number(head.slice(9, 12));
    const body = this.buf.toString("utf8", end + 4, end + 4 + len);
    this.buf = this.buf.subarray(end + 4 + len);
    const p = this.pending;
    this.pending = undefined;
    p.resolve([status, body]);
  }
  async send(req) {
    if (!this.sock) await this.open();
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.sock.write(req);
    });
  }
}

const pools = init.ports.map((port) => Array.from({ length: init.connections }, () => new Conn(port)));

async function batch(candidate, payload, count) {
  const req = requests[payload];
  const want = init.answers[payload];
  let left = count;
  let ok = 0;
  let bad = 0;
  const lane = async (conn) => {
    while (left > 0) {
      left--;
      try {
        const [status, body] = await conn.send(req);
        if (status === 200 && body === want) ok++;
        else bad++;
      } catch {
        bad++;
      }
    }
  };
  await Promise.all(pools[candidate].map(lane));
  return [ok, bad];
}

let seen = 0;
for (;;) {
  const r = Atomics.waitAsync(ctrl, SLOT.SEQ, seen);
  if (r.async) await r.value;
  const seq = Atomics.load(ctrl, SLOT.SEQ);
  if (seq === seen) continue;
  seen = seq;
  if (seq < 0) break; // stop
  const [ok, bad] = await batch(ctrl[SLOT.CANDIDATE], ctrl[SLOT.PAYLOAD], ctrl[SLOT.COUNT]);
  Atomics.store(ctrl, SLOT.OK, ok);
  Atomics.store(ctrl, SLOT.BAD, bad);
  Atomics.store(ctrl, SLOT.DONE, seq);
  Atomics.notify(ctrl, SLOT.DONE);
}
for (const pool of pools) for (const c of pool) c.sock?.destroy();
