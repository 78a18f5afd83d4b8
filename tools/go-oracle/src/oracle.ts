import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from "node:fs";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { normalizeGoMessage } from "./normalize.js";
import type { Engine, OracleRequest, OracleResponse, Tagged } from "./protocol.js";

/** Directory of this package (works from src/ under vitest and from dist/, ESM and CJS). */
function packageRoot(): string {
  const here = typeof __dirname === "string" ? __dirname : dirname(fileURLToPath(import.meta.url));
  return join(here, "..");
}

/** The Go sources of the oracle program. */
export function oracleSourceDir(): string {
  return join(packageRoot(), "go");
}

let goChecked: boolean | undefined;

/** Whether a `go` toolchain is on PATH (checked once). */
export function hasGo(): boolean {
  if (goChecked === undefined) {
    try {
      execFileSync("go", ["version"], { stdio: "pipe" });
      goChecked = true;
    } catch {
      goChecked = false;
    }
  }
  return goChecked;
}

function goVersion(): string {
  return execFileSync("go", ["version"], { encoding: "utf8" }).trim();
}

/**
 * Builds both oracle binaries (plain and GOEXPERIMENT=jsonv2) into a cache
 * directory keyed by the Go sources and the toolchain version; returns their paths.
 */
export function buildOracle(cacheDir = join(packageRoot(), "node_modules", ".cache", "go-oracle")): {
  v1: string;
  v2: string;
} {
  const src = oracleSourceDir();
  const h = createHash("sha256").update(goVersion());
  for (const f of readdirSync(src).sort()) {
    if (f.endsWith(".go") || f === "go.mod") h.update(f).update(readFileSync(join(src, f)));
  }
  const key = h.digest("hex").slice(0, 16);
  mkdirSync(cacheDir, { recursive: true });
  const out = { v1: join(cacheDir, `oracle-v1-${key}`), v2: join(cacheDir, `oracle-v2-${key}`) };
  for (const [which, path] of Object.entries(out)) {
    if (existsSync(path)) continue;
    const tmp = `${path}.${process.pid}.tmp`;
    const env = { ...process.env, CGO_ENABLED: "0" } as Record<string, string>;
    if (which === "v2") env.GOEXPERIMENT = "jsonv2";
    else delete env.GOEXPERIMENT;
    execFileSync("go", ["build", "-o", tmp, "."], { cwd: src, env, stdio: "pipe" });
    renameSync(tmp, path);
  }
  return out;
}

interface Pending {
  resolve: (r: OracleResponse) => void;
  reject: (e: Error) => void;
}

class OracleProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  constructor(binary: string) {
    this.child = spawn(binary, [], { stdio: ["pipe", "pipe", "pipe"] });
    this.child.stderr.setEncoding("utf8");
    let stderr = "";
    this.child.stderr.on("data", (d: string) => {
      stderr += d;
    });
    const rl = createInterface({ input: this.child.stdout });
    rl.on("line", (line) => {
      let raw: RawResponse;
      try {
        raw = JSON.parse(line) as RawResponse;
      } catch {
        return; // not an answer line (never expected: the oracle always answers with JSON)
      }
      const p = this.pending.get(raw.id);
      if (!p) return;
      this.pending.delete(raw.id);
      if (this.pending.size === 0) this.setRef(false);
      p.resolve(decodeResponse(raw));
    });
    this.child.on("exit", (code) => {
      this.closed = true;
      for (const p of this.pending.values())
        p.reject(new Error(`go-oracle exited (${code}): ${stderr.slice(0, 2000)}`));
      this.pending.clear();
    });
    this.child.stdin.on("error", () => {});
    this.setRef(false);
  }

  /** Keeps the event loop alive only while answers are awaited, so an unclosed oracle never holds a test run open. */
  private setRef(on: boolean): void {
    for (const h of [this.child, this.child.stdout, this.child.stderr, this.child.stdin] as unknown as {
      ref?: () => void;
      unref?: () => void;
    }[]) {
      if (on) h.ref?.();
      else h.unref?.();
    }
  }

  send(req: OracleRequest): Promise<OracleResponse> {
    if (this.closed) return Promise.reject(new Error("go-oracle is closed"));
    const id = this.nextId++;
    const line = JSON.stringify(encodeRequest(id, req));
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.setRef(true);
      this.pending.set(id, { resolve, reject });
      this.child.stdin.write(`${line}\n`);
    });
  }

  close(): void {
    if (!this.closed) this.child.stdin.end();
    this.closed = true;
  }
}

interface RawResponse {
  id: number;
  engine: Engine;
  output?: string;
  error?: { type: string; message: string };
  value?: Tagged;
  valueOmitted?: string;
  panic?: string;
  oracleError?: string;
}

function encodeRequest(id: number, req: OracleRequest): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id,
    engine: req.engine,
    op: req.op,
    goSource: req.goSource ?? "",
    type: req.type ?? "",
  };
  if (req.input !== undefined) {
    const bytes = typeof req.input === "string" ? new TextEncoder().encode(req.input) : req.input;
    out.input = Buffer.from(bytes).toString("base64");
  }
  if (req.value !== undefined) out.value = req.value;
  if (req.into !== undefined) out.into = req.into;
  if (req.options) out.options = req.options;
  return out;
}

function decodeResponse(raw: RawResponse): OracleResponse {
  const r: OracleResponse = { engine: raw.engine };
  if (raw.output !== undefined) r.output = new Uint8Array(Buffer.from(raw.output, "base64"));
  if (raw.error) r.error = { type: raw.error.type, message: normalizeGoMessage(raw.error.message) };
  if (raw.value !== undefined) r.value = raw.value;
  if (raw.valueOmitted) r.valueOmitted = raw.valueOmitted;
  if (raw.panic) r.panic = raw.panic;
  if (raw.oracleError) r.oracleError = raw.oracleError;
  return r;
}

/** A running oracle: one process per binary, requests answered in order with promises. */
export interface Oracle {
  /** Sends one request to the binary serving `req.engine`. */
  run(req: OracleRequest): Promise<OracleResponse>;
  /** Ends both processes. */
  close(): void;
}

let shared: Oracle | undefined;

/**
 * Starts the oracle (building it first if needed). The instance is shared by
 * every caller in the process, so a test run starts Go once.
 */
export function startOracle(): Oracle {
  if (shared) return shared;
  if (!hasGo()) throw new Error("go-oracle: `go` is not on PATH");
  const bins = buildOracle();
  const procs: Partial<Record<"v1" | "v2", OracleProcess>> = {};
  const proc = (which: "v1" | "v2"): OracleProcess => {
    let p = procs[which];
    if (!p) {
      p = new OracleProcess(bins[which]);
      procs[which] = p;
    }
    return p;
  };
  const oracle: Oracle = {
    run(req) {
      return proc(req.engine === "v1" ? "v1" : "v2").send(req);
    },
    close() {
      procs.v1?.close();
      procs.v2?.close();
      if (shared === oracle) shared = undefined;
    },
  };
  shared = oracle;
  return oracle;
}
