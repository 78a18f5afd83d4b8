import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import * as net from "node:net";
import { type ReadJsonOptions, readJson, type StrictBodyError, sendProblem } from "../src/index.js";

/** What one request ended with on the server side. */
export interface Outcome {
  value?: unknown;
  error?: StrictBodyError;
  listenersLeft: number;
}

export interface TestServer {
  port: number;
  outcomes: Outcome[];
  nextOutcome(): Promise<Outcome>;
  close(): Promise<void>;
}

const EVENTS = ["data", "end", "aborted", "error", "close"] as const;

export function bigintJson(v: unknown): string {
  return JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? x.toString() : x));
}

/** startServer starts a node:http server on 127.0.0.1 that answers readJson's value or its problem details. */
export async function startServer(options?: ReadJsonOptions): Promise<TestServer> {
  const outcomes: Outcome[] = [];
  const waiters: ((o: Outcome) => void)[] = [];
  const record = (o: Outcome) => {
    const w = waiters.shift();
    if (w) w(o);
    else outcomes.push(o);
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const before = EVENTS.reduce((n, e) => n + req.listenerCount(e), 0);
    readJson(req, options).then(
      (value) => {
        record({ value, listenersLeft: EVENTS.reduce((n, e) => n + req.listenerCount(e), 0) - before });
        const body = bigintJson({ value });
        res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
        res.end(body);
      },
      (error: StrictBodyError) => {
        // readJson leaves one no-op error listener behind on an early stop, on purpose.
        const left = EVENTS.reduce((n, e) => n + req.listenerCount(e), 0) - before;
        record({ error, listenersLeft: error.closeConnection ? left - 1 : left });
        sendProblem(res, error);
      },
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    outcomes,
    nextOutcome: () => {
      const o = outcomes.shift();
      if (o) return Promise.resolve(o);
      return new Promise((r) => waiters.push(r));
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A raw HTTP answer. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  raw: string;
}

export function parseResponse(raw: string, head = false): RawResponse | undefined {
  const end = raw.indexOf("\r\n\r\n");
  if (end < 0) return undefined;
  const lines = raw.slice(0, end).split("\r\n");
  const status = Number((lines[0] ?? "").split(" ")[1]);
  const headers: Record<string, string> = {};
  for (const l of lines.slice(1)) {
    const c = l.indexOf(":");
    headers[l.slice(0, c).trim().toLowerCase()] = l.slice(c + 1).trim();
  }
  const len = head ? 0 : Number(headers["content-length"] ?? -1);
  const body = raw.slice(end + 4);
  if (len >= 0 && Buffer.byteLength(body) < len) return undefined;
  return { status, headers, body: len >= 0 ? body.slice(0, len) : body, raw };
}

/**
 * rawRequest writes bytes on a fresh socket and resolves with the first
 * complete answer (or undefined when the server closed without answering).
 * `write` may keep writing until the answer comes.
 */
export function rawRequest(
  port: number,
  head: string | Buffer,
  write?: (sock: net.Socket, answered: () => boolean) => void | Promise<void>,
): Promise<RawResponse | undefined> {
  return new Promise((resolve) => {
    const sock = net.connect(port, "127.0.0.1");
    const isHead = (typeof head === "string" ? head : head.toString("latin1")).startsWith("HEAD ");
    let raw = "";
    let done = false;
    const finish = (r: RawResponse | undefined) => {
      if (done) return;
      done = true;
      sock.destroy();
      resolve(r);
    };
    sock.on("data", (c) => {
      raw += c.toString("latin1");
      const r = parseResponse(raw, isHead);
      if (r) finish(r);
    });
    sock.on("error", () => finish(parseResponse(raw, isHead)));
    sock.on("close", () => finish(parseResponse(raw, isHead)));
    sock.on("connect", () => {
      sock.write(head);
      if (write) void write(sock, () => done);
    });
  });
}

export function jsonHead(extra: Record<string, string | number>, path = "/"): string {
  let h = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n`;
  const all: Record<string, string | number> = { "content-type": "application/json", ...extra };
  for (const [k, v] of Object.entries(all)) h += `${k}: ${v}\r\n`;
  return `${h}\r\n`;
}

export function post(
  port: number,
  body: string | Uint8Array,
  headers: Record<string, string> = { "content-type": "application/json" },
): Promise<{ status: number; headers: Headers; json: Record<string, unknown> }> {
  return fetch(`http://127.0.0.1:${port}/`, { method: "POST", body: body as BodyInit, headers }).then(
    async (r) => ({
      status: r.status,
      headers: r.headers,
      json: (await r.json()) as Record<string, unknown>,
    }),
  );
}

/** caught types a rejection as the StrictBodyError the test expects. */
export const caught = (x: unknown): StrictBodyError => x as StrictBodyError;

/** fails resolves with the rejection of p, typed as a StrictBodyError (and fails the test if p resolves). */
export function fails(p: Promise<unknown>): Promise<StrictBodyError> {
  return p.then(() => {
    throw new Error("expected a rejection");
  }, caught);
}
