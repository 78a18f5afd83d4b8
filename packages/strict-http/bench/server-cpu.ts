/**
 * Server CPU per request: each route in its own process on loopback, driven by
 * autocannon (a real HTTP load generator) with a fixed number of requests; the
 * figure is the server process's CPU time (user + system, from
 * `process.cpuUsage()` over IPC) divided by the requests it answered. CPU time
 * is what a route costs whatever else the machine runs, so the ratios hold on a
 * busy machine where requests per second do not. Rounds run the routes in ABBA
 * order; ratios are paired per round (route ÷ baseline in the same round).
 */
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import {
  type BenchResult,
  collectEnvironment,
  type Environment,
  geomean,
  roundOrder,
  type ScaleCheck,
  type ScaleRow,
  scaleResult,
  tIntervalLog,
} from "@gojson/harness";
import autocannon from "autocannon";
import { bodies, expectedAnswer } from "./throughput.js";

/** The routes, by server kind (bench/server.mjs); `pair` names the route each is compared with. */
export const CPU_ROUTES = [
  { kind: "strict", label: "readJson, strict parse", pair: "plain" },
  { kind: "plain", label: "JSON.parse handler, no checks", pair: undefined },
  { kind: "fastify", label: "fastify JSON route", pair: "strict" },
  { kind: "express", label: "express.json()", pair: "strict" },
  { kind: "strict-codec", label: "readJson + goDecoderV2 (codec-v2)", pair: "codec" },
  { kind: "codec", label: "codec-v2 unmarshal handler, no checks", pair: undefined },
] as const;

export type RouteKind = (typeof CPU_ROUTES)[number]["kind"];

export interface CpuOptions {
  /** Requests per measured run (default 4000; a body of 500 KB gets a tenth). */
  requests?: number;
  /** Measured rounds per body (default 6). */
  rounds?: number;
  /** Keep-alive connections (default 16). */
  connections?: number;
  /** Routes to run (default all). */
  kinds?: readonly RouteKind[];
  /** Bodies to send, by id (default all of `bodies()`). */
  bodyIds?: readonly string[];
}

export interface CpuRow {
  body: string;
  kind: RouteKind;
  /** Server CPU per request in µs, one per round. */
  usPerRequest: number[];
  /** Requests per second autocannon saw, one per round (wall clock: load-dependent). */
  requestsPerSecond: number[];
}

interface Server {
  kind: RouteKind;
  child: ChildProcess;
  port: number;
}

function startServer(kind: RouteKind): Promise<Server> {
  const serverPath = fileURLToPath(new URL("./server.mjs", import.meta.url));
  return new Promise((resolve, reject) => {
    const child = fork(serverPath, [kind], { stdio: ["ignore", "inherit", "inherit", "ipc"], execArgv: [] });
    child.once("message", (m) => resolve({ kind, child, port: (m as { port: number }).port }));
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`${kind} server exited (${code}) before listening`)));
  });
}

function serverCpuMicros(s: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      const cpu = (m as { cpu?: { user: number; system: number } }).cpu;
      if (cpu === undefined) return;
      s.child.off("message", onMessage);
      resolve(cpu.user + cpu.system);
    };
    s.child.on("message", onMessage);
    if (!s.child.send("cpu")) reject(new Error(`${s.kind}: IPC closed`));
  });
}

async function load(s: Server, body: string, amount: number, connections: number) {
  const r = await autocannon({
    url: `http://127.0.0.1:${s.port}/`,
    method: "POST",
    body,
    headers: { "content-type": "application/json" },
    connections,
    amount,
  });
  if (r.non2xx !== 0 || r.errors !== 0 || r.timeouts !== 0)
    throw new Error(`${s.kind}: ${r.non2xx} non-2xx answers, ${r.errors} errors, ${r.timeouts} timeouts`);
  return r;
}

/** checkAnswer sends one request and checks the route's answer (the bench refuses a wrong route). */
async function checkAnswer(s: Server, body: string): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${s.port}/`, {
    method: "POST",
    body,
    headers: { "content-type": "application/json" },
  });
  const text = await res.text();
  if (res.status !== 200 || text !== expectedAnswer(body))
    throw new Error(`${s.kind}: answered ${res.status} ${text.slice(0, 200)}`);
}

/** runServerCpu measures every route on every body; it starts and stops the servers itself. */
export async function runServerCpu(o: CpuOptions = {}): Promise<CpuRow[]> {
  const requests = o.requests ?? 4000;
  const rounds = o.rounds ?? 6;
  const connections = o.connections ?? 16;
  const kinds = o.kinds ?? CPU_ROUTES.map((r) => r.kind);
  const servers: Server[] = [];
  try {
    // Started together (each its own process); any that fails to start fails the run after all settled.
    const started = await Promise.allSettled(kinds.map((k) => startServer(k)));
    for (const s of started) if (s.status === "fulfilled") servers.push(s.value);
    const failed = started.find((s) => s.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
    const rows: CpuRow[] = [];
    for (const b of bodies().filter((x) => o.bodyIds === undefined || o.bodyIds.includes(x.id))) {
      const amount = Math.max(1, Buffer.byteLength(b.body) > 100_000 ? Math.round(requests / 10) : requests);
      const byKind = new Map<RouteKind, CpuRow>();
      for (const s of servers) {
        await checkAnswer(s, b.body);
        await load(s, b.body, Math.round(amount / 2), connections); // warm-up: JIT and keep-alive sockets
        const row = { body: b.id, kind: s.kind, usPerRequest: [], requestsPerSecond: [] };
        byKind.set(s.kind, row);
        rows.push(row);
      }
      for (let round = 0; round < rounds; round++) {
        for (const s of roundOrder(servers, round, "ABBA")) {
          const before = await serverCpuMicros(s);
          const r = await load(s, b.body, amount, connections);
          const after = await serverCpuMicros(s);
          const row = byKind.get(s.kind) as CpuRow;
          row.usPerRequest.push((after - before) / amount);
          const seconds = (new Date(r.finish).getTime() - new Date(r.start).getTime()) / 1000;
          row.requestsPerSecond.push(r.requests.total / Math.max(seconds, 1e-3));
        }
      }
    }
    return rows;
  } finally {
    await Promise.all(
      servers.map(
        (s) =>
          new Promise<void>((resolve) => {
            if (s.child.exitCode !== null || s.child.signalCode !== null) return resolve();
            s.child.once("exit", () => resolve());
            s.child.disconnect();
          }),
      ),
    );
  }
}

export interface CpuRatio {
  body: string;
  kind: RouteKind;
  versus: RouteKind;
  /** Geometric mean of the per-round ratios (route ÷ versus); below 1: the route costs less. */
  ratio: number;
  low: number;
  high: number;
}

/** cpuRatios pairs each route with the route it is compared with, round by round. */
export function cpuRatios(rows: readonly CpuRow[]): CpuRatio[] {
  const out: CpuRatio[] = [];
  for (const row of rows) {
    const route = CPU_ROUTES.find((r) => r.kind === row.kind);
    const versus = route?.pair;
    if (versus === undefined) continue;
    const base = rows.find((r) => r.body === row.body && r.kind === versus);
    if (base === undefined) continue;
    const ratios = row.usPerRequest.map((v, i) => v / (base.usPerRequest[i] as number));
    const ci = tIntervalLog(ratios);
    out.push({ body: row.body, kind: row.kind, versus, ratio: geomean(ratios), low: ci.low, high: ci.high });
  }
  return out;
}

/** formatCpu renders the rows and ratios as Markdown tables. */
export function formatCpu(rows: readonly CpuRow[]): string {
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
  const lines = [
    "| body | route | server CPU µs/request (median) | req/s (median, load-dependent) |",
    "| --- | --- | --- | --- |",
  ];
  for (const r of rows) {
    const label = CPU_ROUTES.find((x) => x.kind === r.kind)?.label ?? r.kind;
    lines.push(
      `| ${r.body} | ${label} | ${med(r.usPerRequest).toFixed(1)} | ${med(r.requestsPerSecond).toFixed(0)} |`,
    );
  }
  lines.push(
    "",
    "| body | route ÷ compared route (server CPU) | ratio | 95% interval |",
    "| --- | --- | --- | --- |",
  );
  for (const c of cpuRatios(rows)) {
    lines.push(
      `| ${c.body} | ${c.kind} ÷ ${c.versus} | ${c.ratio.toFixed(3)} | ${c.low.toFixed(3)}–${c.high.toFixed(3)} |`,
    );
  }
  return lines.join("\n");
}

/** The bounds of the bench (issue: readJson at least as fast as the bare handler and fastify; a codec route within 1.1× of the codec alone). */
const BOUNDS: ReadonlyArray<{
  kind: RouteKind;
  versus: RouteKind;
  max: number;
  subject: string;
  bound: string;
}> = [
  { kind: "strict", versus: "plain", max: 1, subject: "readJson", bound: "≤ JSON.parse handler" },
  {
    kind: "fastify",
    versus: "strict",
    max: Number.POSITIVE_INFINITY,
    subject: "readJson",
    bound: "≤ fastify",
  },
  {
    kind: "strict-codec",
    versus: "codec",
    max: 1.1,
    subject: "readJson + goDecoderV2",
    bound: "≤ 1.1× codec alone",
  },
];

/**
 * serverCpuResult is the run as a result document for the report: one scale row per route and
 * body (seconds = server CPU per request, MB/s = body bytes per server CPU second), and the
 * bounds checked on the upper end of each interval (an interval, not a point, must pass).
 * `env` is collectEnvironment() taken when the run started (its load average at the start).
 */
export function serverCpuResult(
  rows: readonly CpuRow[],
  startedAt: Date,
  command: string,
  env: Environment = collectEnvironment(),
): BenchResult {
  const sizes = new Map(bodies().map((b) => [b.id, Buffer.byteLength(b.body)]));
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
  const ratios = cpuRatios(rows);
  const scaleRows: ScaleRow[] = rows.map((r) => {
    const us = med(r.usPerRequest);
    const bytes = sizes.get(r.body) ?? 0;
    const ratio = ratios.find((c) => c.body === r.body && c.kind === r.kind);
    return {
      group: `server-cpu@${r.body}`,
      impl: r.kind,
      label: CPU_ROUTES.find((x) => x.kind === r.kind)?.label ?? r.kind,
      side: r.kind === "plain" ? "node" : "gojson",
      inputBytes: bytes,
      seconds: us / 1e6,
      mbPerSec: bytes / us,
      runs: r.usPerRequest.length,
      ...(ratio
        ? {
            note: `${ratio.ratio.toFixed(2)}× ${ratio.versus} (${ratio.low.toFixed(2)}–${ratio.high.toFixed(2)})`,
          }
        : {}),
      extra: { usPerRequest: us },
    };
  });
  const checks: ScaleCheck[] = [];
  for (const b of bodies()) {
    for (const bound of BOUNDS) {
      // fastify ÷ readJson ≥ 1 is readJson ≤ fastify: check the reciprocal's interval.
      const flipped = bound.max === Number.POSITIVE_INFINITY;
      const c = ratios.find((x) => x.body === b.id && x.kind === bound.kind && x.versus === bound.versus);
      const max = flipped ? 1 : bound.max;
      const high = c === undefined ? undefined : flipped ? 1 / c.low : c.high;
      const point = c === undefined ? undefined : flipped ? 1 / c.ratio : c.ratio;
      checks.push({
        id: `${bound.kind}-${bound.versus}@${b.id}`,
        statement: `${bound.subject}: server CPU per request ${bound.bound} on ${b.id} (interval's upper end)`,
        observed:
          point === undefined || high === undefined
            ? "not measured"
            : `${point.toFixed(2)}× (95% interval up to ${high.toFixed(2)}×)`,
        pass: high === undefined || !Number.isFinite(high) ? null : high <= max,
        subject: `${bound.subject} @ ${b.id}`,
        bound: bound.bound,
        figure: point === undefined ? "—" : `${point.toFixed(2)}×`,
      });
    }
  }
  return scaleResult({
    package: "@gojson/strict-http",
    bench: "server-cpu",
    title: "HTTP routes: server CPU per request under autocannon",
    description:
      "Each route in its own server process on loopback; autocannon sends a fixed number of requests and the server " +
      "reports its CPU time over IPC. seconds = server CPU per request; MB/s = request-body bytes per server CPU second.",
    startedAt,
    environment: env,
    notes: ["ratios are paired per ABBA round; a bound passes when its 95% interval's upper end meets it"],
    scale: { rows: scaleRows, checks, commands: [command] },
  });
}
