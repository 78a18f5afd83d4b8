import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from "node:fs";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import {
  defaultGoVersion,
  GO_EXPERIMENTS,
  type GoVersion,
  goAvailable,
  goEnv,
  pathGoVersion,
} from "./go-version.js";
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

/** Whether a `go` toolchain is on PATH (checked once); with a release, whether that release can run here. */
export function hasGo(version?: GoVersion): boolean {
  if (version !== undefined) return goAvailable(version).ok;
  return pathGoVersion() !== null;
}

let sourceHash: string | undefined;

/** A hash of the oracle's Go sources (go/ and go/core/): built programs are keyed by it. */
export function oracleSourceHash(): string {
  if (sourceHash === undefined) {
    const src = oracleSourceDir();
    const h = createHash("sha256");
    for (const dir of [src, join(src, "core")]) {
      for (const f of readdirSync(dir).sort()) {
        if (f.endsWith(".go") || f === "go.mod") h.update(f).update(readFileSync(join(dir, f)));
      }
    }
    sourceHash = h.digest("hex");
  }
  return sourceHash;
}

/** Binaries of one release: "classic" serves engine v1, "v2" serves v1v2 and v2. */
export interface OracleBinaries {
  go: GoVersion;
  /** The exact toolchain that built them (`go1.27.3`). */
  goVersion: string;
  classic: string;
  v2: string;
}

/** The default build cache of the oracle binaries. */
export function defaultCacheDir(): string {
  return join(packageRoot(), "node_modules", ".cache", "go-oracle");
}

/**
 * Builds both oracle binaries of a Go release (classic encoding/json, and the
 * v2 engine: GOEXPERIMENT=jsonv2 on 1.26, the default on 1.27, see
 * GO_EXPERIMENTS) into a cache directory keyed by the Go sources and the
 * toolchain version; returns their paths.
 */
export function buildOracle(opts: { go?: GoVersion; cacheDir?: string } = {}): OracleBinaries {
  const go = opts.go ?? defaultGoVersion();
  const avail = goAvailable(go);
  if (!avail.ok) throw new Error(`go-oracle: Go ${go}: ${avail.reason}`);
  const cacheDir = opts.cacheDir ?? defaultCacheDir();
  const src = oracleSourceDir();
  const key = createHash("sha256")
    .update(avail.version)
    .update(oracleSourceHash())
    .digest("hex")
    .slice(0, 16);
  mkdirSync(cacheDir, { recursive: true });
  const tag = go.replace(".", "");
  const out: OracleBinaries = {
    go,
    goVersion: avail.version,
    classic: join(cacheDir, `oracle-go${tag}-classic-${key}`),
    v2: join(cacheDir, `oracle-go${tag}-v2-${key}`),
  };
  for (const which of ["classic", "v2"] as const) {
    const path = out[which];
    if (existsSync(path)) continue;
    const tmp = `${path}.${process.pid}.tmp`;
    execFileSync("go", ["build", "-o", tmp, "."], { cwd: src, env: buildEnv(go, which), stdio: "pipe" });
    renameSync(tmp, path);
  }
  return out;
}

/** The environment of `go build` for one release and engine family. */
export function buildEnv(go: GoVersion, which: "classic" | "v2"): NodeJS.ProcessEnv {
  const env = goEnv(go, { ...process.env, CGO_ENABLED: "0" });
  const exp = GO_EXPERIMENTS[go][which];
  if (exp) env.GOEXPERIMENT = exp;
  else delete env.GOEXPERIMENT;
  return env;
}

interface Pending {
  resolve: (r: OracleResponse) => void;
  reject: (e: Error) => void;
}

/** One running oracle binary: requests are answered in order, one JSON line each. */
export class OracleProcess {
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
  compile?: { own: string; names: string[] };
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
  if (raw.compile) r.compile = raw.compile;
  return r;
}

/** A running oracle: one process per binary and Go release, requests answered in order with promises. */
export interface Oracle {
  /** The release a request without `go` runs on. */
  readonly go: GoVersion;
  /** Sends one request to the binary serving `req.engine` on release `req.go` (default: `go`). */
  run(req: OracleRequest): Promise<OracleResponse>;
  /** The exact toolchain of a release (`go1.27.3`), building its binaries if needed. */
  goVersion(go?: GoVersion): string;
  /** Ends every process. */
  close(): void;
}

const shared = new Map<GoVersion, Oracle>();

/**
 * Starts the oracle (binaries are built on first use of a release). One
 * instance per default release is shared by every caller in the process, so a
 * test run starts Go once. A request may name another release with `go`.
 */
export function startOracle(opts: { go?: GoVersion } = {}): Oracle {
  const dflt = opts.go ?? defaultGoVersion();
  const existing = shared.get(dflt);
  if (existing) return existing;
  if (!hasGo()) throw new Error("go-oracle: `go` is not on PATH");
  const bins = new Map<GoVersion, OracleBinaries>();
  const procs = new Map<string, OracleProcess>();
  const binaries = (go: GoVersion): OracleBinaries => {
    let b = bins.get(go);
    if (!b) {
      b = buildOracle({ go });
      bins.set(go, b);
    }
    return b;
  };
  // Sources reflect cannot build, compiled into a program of their own (kept on disk by source and release).
  const compiled = new Map<string, Promise<import("./fuzz/compiled.js").CompiledOracle>>();
  const compiledRun = async (
    go: GoVersion,
    req: OracleRequest,
    info: { own: string; names: string[] },
  ): Promise<OracleResponse> => {
    const key = `${go}\n${req.goSource}`;
    let co = compiled.get(key);
    if (!co) {
      // Set before any await: concurrent requests for the same source share one build.
      co = import("./fuzz/compiled.js").then(({ CompiledOracle }) =>
        CompiledOracle.build(
          oracle,
          go,
          [{ goSource: req.goSource as string, own: info.own, names: info.names, roots: [] }],
          ["classic", "v2"],
          join(defaultCacheDir(), "compiled"),
          true,
        ),
      );
      compiled.set(key, co);
    }
    let program: import("./fuzz/compiled.js").CompiledOracle;
    try {
      program = await co;
    } catch (e) {
      return { engine: req.engine, oracleError: `go build: ${(e as Error).message.slice(0, 2000)}` };
    }
    return program.run({ ...req, go });
  };
  const oracle: Oracle = {
    go: dflt,
    run(req) {
      const go = req.go ?? dflt;
      let b: OracleBinaries;
      try {
        b = binaries(go);
      } catch (e) {
        return Promise.reject(e);
      }
      const path = req.engine === "v1" ? b.classic : b.v2;
      let p = procs.get(path);
      if (!p) {
        p = new OracleProcess(path);
        procs.set(path, p);
      }
      return p.send(req).then((r) => (r.compile && req.goSource ? compiledRun(go, req, r.compile) : r));
    },
    goVersion(go = dflt) {
      return binaries(go).goVersion;
    },
    close() {
      for (const p of procs.values()) p.close();
      procs.clear();
      for (const c of compiled.values()) c.then((co) => co.close()).catch(() => {});
      compiled.clear();
      if (shared.get(dflt) === oracle) shared.delete(dflt);
    },
  };
  shared.set(dflt, oracle);
  return oracle;
}
