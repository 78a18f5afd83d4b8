/**
 * Where a candidate runs: in the measuring process ("none"), in its own
 * worker_thread ("worker"), or in its own child process ("process"). With
 * isolation, each candidate's JIT feedback, inline caches and heap are its
 * own, so one codec's megamorphic call sites cannot slow another.
 */
import { type ChildProcess, fork } from "node:child_process";
import { Worker } from "node:worker_threads";
import { CandidateHost } from "./candidate-host.js";
import { startExternalHost } from "./external-host.js";
import type { RawSample } from "./measure.js";
import type { Isolation, MemoryStats } from "./result.js";
import { type ExternalCommand, isExternal, type Suite } from "./suite-types.js";

export type PrepareReply = { iterations: number } | { skipped: string };
/** Answer of a check: the body ran once and passed its check, or the candidate does not apply. */
export type CheckReply = { checked: true } | { skipped: string };

/** The measuring side's handle on one candidate. */
export interface Executor {
  /** Prepares, runs the body once with its check, then calibrates the iteration count. */
  prepare(payloadId: string, targetMs: number): Promise<PrepareReply>;
  /** Prepares and runs the body once with its check; never times or calibrates. */
  check(payloadId: string): Promise<CheckReply>;
  sample(payloadId: string, iterations: number): Promise<RawSample>;
  memory(payloadId: string, iterations: number): Promise<MemoryStats>;
  close(): Promise<void>;
}

/** Message sent to a remote candidate host. */
export type HostRequest =
  | { id: number; cmd: "prepare"; payloadId: string; targetMs: number }
  | { id: number; cmd: "check"; payloadId: string }
  | { id: number; cmd: "sample" | "memory"; payloadId: string; iterations: number };
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type HostReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

/** Workerdata / argv handed to runner-entry. */
export interface HostInit {
  moduleUrl: string;
  exportName: string;
  args?: unknown;
  candidateId: string;
}

class LocalExecutor implements Executor {
  readonly #host: CandidateHost;
  constructor(suite: Suite, candidateId: string) {
    this.#host = new CandidateHost(suite, candidateId);
  }
  async prepare(p: string, t: number) {
    return this.#host.prepare(p, t);
  }
  async check(p: string): Promise<CheckReply> {
    return this.#host.prepareUncalibrated(p) ?? { checked: true };
  }
  async sample(p: string, n: number) {
    return this.#host.sample(p, n);
  }
  async memory(p: string, n: number) {
    return this.#host.memory(p, n);
  }
  async close() {}
}

/** The built host entry (also when this file runs from source under tsx: workers get no TS loader). */
function entryUrl(): URL {
  const self = import.meta.url;
  return new URL(self.endsWith(".ts") ? "../dist/runner-entry.js" : "./runner-entry.js", self);
}

class RemoteExecutor implements Executor {
  #next = 1;
  readonly #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  readonly #send: (m: HostRequest) => void;
  readonly #stop: () => Promise<void>;

  constructor(kind: "worker" | "process" | "external", init: HostInit | ExternalCommand) {
    const onReply = (m: HostReply) => {
      const p = this.#pending.get(m.id);
      if (!p) return;
      this.#pending.delete(m.id);
      if (m.ok) p.resolve(m.value);
      else p.reject(new Error(m.error));
    };
    let lastError = "";
    const onExit = (code: number | null, error?: string) => {
      if (error) lastError = error;
      for (const p of this.#pending.values()) {
        p.reject(new Error(`candidate host exited (${code})${lastError ? `: ${lastError}` : ""}`));
      }
      this.#pending.clear();
    };
    if (kind === "external") {
      const t = startExternalHost(init as ExternalCommand, onReply, onExit);
      this.#send = t.send;
      this.#stop = t.stop;
    } else if (kind === "worker") {
      const w = new Worker(entryUrl(), { workerData: init });
      w.on("message", onReply);
      w.on("error", (e) => {
        lastError = e instanceof Error ? e.message : String(e);
        onExit(null);
      });
      w.on("exit", onExit);
      this.#send = (m) => w.postMessage(m);
      this.#stop = async () => {
        await w.terminate();
      };
    } else {
      const c: ChildProcess = fork(entryUrl(), [JSON.stringify(init as HostInit)], {
        execArgv: process.execArgv,
        stdio: ["ignore", "inherit", "inherit", "ipc"],
        serialization: "advanced",
      });
      c.on("message", (m) => onReply(m as HostReply));
      c.on("exit", onExit);
      this.#send = (m) => c.send(m);
      this.#stop = () =>
        new Promise((resolve) => {
          if (c.exitCode !== null) return resolve();
          c.once("exit", () => resolve());
          c.kill();
        });
    }
  }

  #call<T>(req: DistributiveOmit<HostRequest, "id">): Promise<T> {
    const id = this.#next++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.#send({ ...req, id } as HostRequest);
    });
  }
  prepare(payloadId: string, targetMs: number) {
    return this.#call<PrepareReply>({ cmd: "prepare", payloadId, targetMs });
  }
  check(payloadId: string) {
    return this.#call<CheckReply>({ cmd: "check", payloadId });
  }
  sample(payloadId: string, iterations: number) {
    return this.#call<RawSample>({ cmd: "sample", payloadId, iterations });
  }
  memory(payloadId: string, iterations: number) {
    return this.#call<MemoryStats>({ cmd: "memory", payloadId, iterations });
  }
  close() {
    return this.#stop();
  }
}

/**
 * Creates the executor for one candidate under the chosen isolation (or the
 * candidate's own); an external candidate always runs in its own program.
 */
export function createExecutor(suite: Suite, candidateId: string, isolation: Isolation): Executor {
  const c = suite.candidates.find((x) => x.id === candidateId);
  if (c && isExternal(c)) return new RemoteExecutor("external", c.external);
  if (c?.isolation) isolation = c.isolation;
  if (isolation === "none") return new LocalExecutor(suite, candidateId);
  if (!suite.module) {
    throw new Error(
      `isolation "${isolation}" needs suite.module (the URL and export name of the suite factory)`,
    );
  }
  return new RemoteExecutor(isolation, {
    moduleUrl: suite.module.url,
    exportName: suite.module.exportName,
    args: suite.module.args,
    candidateId,
  });
}
