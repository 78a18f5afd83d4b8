/**
 * The throughput suite: a strict-http route, a plain node:http handler that
 * only runs JSON.parse, fastify's JSON route and `express.json()` on the same bodies, each server in its own process on
 * loopback, driven by one load-generating worker thread over keep-alive
 * connections. One op is a batch of requests, so ns/op is the wall time of a
 * whole batch and req/s = batch / (ns/op); rounds in ABBA order and the paired
 * ratios (candidate / strict-http) come from @gojson/harness.
 */
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { type Candidate, isQuick, type Payload, type Suite } from "@gojson/harness";

/** Requests in one op (one batch). */
export const BATCH_REQUESTS = 200;
/** Requests in one op in quick mode (GOJSON_BENCH_QUICK=1). */
export const QUICK_BATCH_REQUESTS = 40;
/** Keep-alive connections per server, one request in flight on each. */
export const CONNECTIONS = 32;
/** Longest a batch may take before the op fails (a hung server must not hang the bench). */
export const BATCH_TIMEOUT_MS = 60_000;

/** The servers under test, in candidate order (the first is the baseline). */
export const SERVERS = [
  {
    id: "strict-http",
    kind: "strict",
    label: "strict-http readJson (node:http)",
    library: "@gojson/strict-http",
  },
  {
    id: "json-parse",
    kind: "plain",
    label: "JSON.parse handler (node:http, no checks)",
    library: "node:http + JSON.parse",
  },
  { id: "fastify", kind: "fastify", label: "fastify JSON route", library: "fastify@4.29.1" },
  { id: "express", kind: "express", label: "express.json()", library: "express@5.3.0" },
] as const;

/** Slots of the control block shared with bench/http-client.mjs. */
const SLOT = Object.freeze({ SEQ: 0, CANDIDATE: 1, PAYLOAD: 2, COUNT: 3, DONE: 4, OK: 5, BAD: 6 });

/** The request bodies: an order (as before), and a 16 KB list of orders. */
export function bodies(): Array<{ id: string; body: string; description: string }> {
  const order = {
    id: 90210,
    customer: "Ann Smith",
    total: 12345,
    paid: true,
    items: ["book", "pen", "lamp"],
    address: { street: "Bahnhofstrasse 1", city: "Zürich", zip: "8001" },
    notes: "leave at the door",
  };
  const orders: unknown[] = [];
  for (let i = 0; JSON.stringify(orders).length < 16_000; i++) {
    orders.push({ ...order, id: i, customer: `Customer ${i}`, total: i * 37 });
  }
  const many: unknown[] = [];
  for (let i = 0; JSON.stringify(many).length < 500_000; i += 40) {
    for (let j = 0; j < 40; j++)
      many.push({ ...order, id: i + j, customer: `Customer ${i + j}`, total: j * 37 });
  }
  const small = JSON.stringify(order);
  const large = JSON.stringify(orders);
  return [
    { id: "order", body: small, description: "one order object, 7 members" },
    { id: "orders-16KB", body: large, description: `an array of ${orders.length} orders` },
    { id: "orders-500KB", body: JSON.stringify(many), description: `an array of ${many.length} orders` },
  ];
}

/** The answer every route gives for a body: its number of top-level members. */
export function expectedAnswer(body: string): string {
  return JSON.stringify({ members: Object.keys(JSON.parse(body) as object).length });
}

/** Result of one op: answers that were 200 with the right body, and the others. */
export interface BatchResult {
  ok: number;
  bad: number;
}

/** A started suite: the suite itself and the servers/worker behind it. */
export interface ThroughputRun {
  suite: Suite<string>;
  batch: number;
  close(): Promise<void>;
}

function startServer(kind: string): Promise<{ child: ChildProcess; port: number }> {
  const serverPath = fileURLToPath(new URL("./server.mjs", import.meta.url));
  return new Promise((resolve, reject) => {
    const child = fork(serverPath, [kind], { stdio: ["ignore", "inherit", "inherit", "ipc"], execArgv: [] });
    child.once("message", (m) => resolve({ child, port: (m as { port: number }).port }));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`${kind} server exited (${code}) before listening`)));
  });
}

/**
 * throughputSuite starts the three servers and the load generator and returns
 * the suite; call `close()` after `runSuite` (also when it throws).
 */
export async function throughputSuite(
  opts: { batch?: number; connections?: number } = {},
): Promise<ThroughputRun> {
  const batch = opts.batch ?? (isQuick() ? QUICK_BATCH_REQUESTS : BATCH_REQUESTS);
  const connections = opts.connections ?? CONNECTIONS;
  const all = bodies();
  const children: ChildProcess[] = [];
  let worker: Worker | undefined;
  const control = new SharedArrayBuffer(8 * Int32Array.BYTES_PER_ELEMENT);
  const ctrl = new Int32Array(control);
  let seq = 0;

  const close = async () => {
    if (worker) {
      Atomics.store(ctrl, SLOT.SEQ, -1);
      Atomics.notify(ctrl, SLOT.SEQ);
      await worker.terminate();
      worker = undefined;
    }
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve();
            c.once("exit", () => resolve());
            c.kill();
          }),
      ),
    );
    children.length = 0;
  };

  try {
    const ports: number[] = [];
    for (const s of SERVERS) {
      const { child, port } = await startServer(s.kind);
      children.push(child);
      ports.push(port);
    }
    worker = new Worker(new URL("./http-client.mjs", import.meta.url), {
      workerData: {
        control,
        slot: SLOT,
        ports,
        connections,
        bodies: all.map((b) => b.body),
        answers: all.map((b) => expectedAnswer(b.body)),
      },
    });
    worker.unref();
  } catch (e) {
    await close();
    throw e;
  }

  /** One op: a batch of requests to one server, waited for synchronously (the harness's op is synchronous). */
  const runBatch = (candidate: number, payload: number): BatchResult => {
    Atomics.store(ctrl, SLOT.CANDIDATE, candidate);
    Atomics.store(ctrl, SLOT.PAYLOAD, payload);
    Atomics.store(ctrl, SLOT.COUNT, batch);
    const mine = ++seq;
    Atomics.store(ctrl, SLOT.SEQ, mine);
    Atomics.notify(ctrl, SLOT.SEQ);
    const deadline = Date.now() + BATCH_TIMEOUT_MS;
    for (;;) {
      const done = Atomics.load(ctrl, SLOT.DONE);
      if (done === mine) break;
      if (Date.now() > deadline)
        throw new Error(`batch of ${batch} requests took over ${BATCH_TIMEOUT_MS} ms`);
      Atomics.wait(ctrl, SLOT.DONE, done, 1000);
    }
    return { ok: Atomics.load(ctrl, SLOT.OK), bad: Atomics.load(ctrl, SLOT.BAD) };
  };

  const payloads: Payload<string>[] = all.map((b) => ({
    id: b.id,
    label: `${b.id} (${Buffer.byteLength(b.body)} B) ×${batch}`,
    // MB/s counts request bodies: one op sends the body `batch` times.
    bytes: Buffer.byteLength(b.body) * batch,
    data: b.body,
    description: b.description,
  }));
  const payloadIndex = new Map(payloads.map((p, i) => [p.id, i]));
  const candidates: Candidate<string, number>[] = SERVERS.map((s, ci) => ({
    id: s.id,
    label: s.label,
    library: s.library,
    description: `POST / on its own loopback server process; ${batch} requests per op over ${connections} keep-alive connections`,
    prepare: (p) => payloadIndex.get(p.id) as number,
    run: (pi) => runBatch(ci, pi),
    // The benchmark body as a test: every answer must be 200 with the right member count.
    check: (out) => {
      const r = out as BatchResult;
      if (r.ok !== batch || r.bad !== 0) {
        throw new Error(`${s.id}: ${r.ok} of ${batch} answers right, ${r.bad} wrong or failed`);
      }
      return true;
    },
  }));

  const suite: Suite<string> = {
    package: "@gojson/strict-http",
    bench: "throughput",
    title: "JSON request bodies over loopback: strict-http vs fastify vs express.json()",
    description:
      "Each op is a batch of POST requests with the same JSON body to one server (its own process); " +
      "req/s = batch × 1e9 / (ns/op). Ratios are candidate / strict-http time (below 1: faster than strict-http).",
    payloads,
    candidates,
    settings: { memory: false },
    notes: [
      `batch = ${batch} requests per op, ${connections} keep-alive connections, one request in flight per connection`,
      "cpuNsPerOp counts the measuring process (load generator), not the server processes",
      "the servers share the machine's cores with the load generator (loopback)",
    ],
  };
  return { suite, batch, close };
}
