import { execFileSync } from "node:child_process";

/** The Go releases the oracle runs: Go's supported releases are the last two. */
export type GoVersion = "1.26" | "1.27";

/** Every Go release the oracle knows, oldest first. */
export const GO_VERSIONS: readonly GoVersion[] = ["1.26", "1.27"];

/** The newest release (the codecs' default `goVersion`). */
export const NEWEST_GO: GoVersion = "1.27";

/**
 * The exact toolchain the oracle uses for each release (obtained with
 * `GOTOOLCHAIN=<name>` from the Go module proxy when the `go` on PATH is another release).
 */
export const GO_TOOLCHAINS: Readonly<Record<GoVersion, string>> = Object.freeze({
  "1.26": "go1.26.8",
  "1.27": "go1.27.3",
});

/** How long `go version` may take to download a toolchain (about 76 MB) before the release counts as absent. */
export const TOOLCHAIN_DOWNLOAD_TIMEOUT_MS = 180_000;

/**
 * How to build one engine family on one release: which GOEXPERIMENT gives the
 * classic encoding/json ("classic") and which gives encoding/json on the v2
 * engine plus encoding/json/v2 ("v2"). Go 1.26: plain = classic, `jsonv2` = v2.
 * Go 1.27: the default is v2, `nojsonv2` = classic.
 */
export const GO_EXPERIMENTS: Readonly<Record<GoVersion, { classic: string; v2: string }>> = Object.freeze({
  "1.26": { classic: "", v2: "jsonv2" },
  "1.27": { classic: "nojsonv2", v2: "" },
});

/** Parses a `--go` value: one release or `both`. Throws on anything else. */
export function parseGoFlag(s: string): GoVersion[] {
  if (s === "both" || s === "all") return [...GO_VERSIONS];
  if ((GO_VERSIONS as readonly string[]).includes(s)) return [s as GoVersion];
  throw new Error(`--go must be ${GO_VERSIONS.join(", ")} or both, got ${JSON.stringify(s)}`);
}

let pathGo: string | null | undefined;

/** The `go version` of the go on PATH without toolchain switching (`go1.26.8`), or null when absent. */
export function pathGoVersion(): string | null {
  if (pathGo === undefined) {
    try {
      const out = execFileSync("go", ["env", "GOVERSION"], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, GOTOOLCHAIN: "local" },
      });
      pathGo = out.trim() || null;
    } catch {
      pathGo = null;
    }
  }
  return pathGo;
}

/** The release (`1.26`) of a Go version string (`go1.26.8`, `go1.27.3-X:nojsonv2`). */
export function releaseOf(goVersion: string): string {
  const m = /^go(\d+)\.(\d+)/.exec(goVersion);
  return m ? `${m[1]}.${m[2]}` : "";
}

/**
 * Environment for running `go` as release `v`: the go on PATH when it is that
 * release (GOTOOLCHAIN=local), else `GOTOOLCHAIN=<pinned toolchain>`.
 */
export function goEnv(v: GoVersion, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const local = pathGoVersion();
  const env = { ...base };
  env.GOTOOLCHAIN = local && releaseOf(local) === v ? "local" : GO_TOOLCHAINS[v];
  return env;
}

const available = new Map<GoVersion, { ok: true; version: string } | { ok: false; reason: string }>();

/**
 * Whether release `v` can run here (`go` on PATH, and the pinned toolchain
 * already downloaded or downloadable), with the exact version or the reason it cannot.
 */
export function goAvailable(v: GoVersion): { ok: true; version: string } | { ok: false; reason: string } {
  let r = available.get(v);
  if (r) return r;
  if (pathGoVersion() === null) r = { ok: false, reason: "`go` is not on PATH" };
  else {
    try {
      const out = execFileSync("go", ["env", "GOVERSION"], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
        env: goEnv(v),
        timeout: TOOLCHAIN_DOWNLOAD_TIMEOUT_MS,
      }).trim();
      r =
        releaseOf(out) === v
          ? { ok: true, version: out }
          : { ok: false, reason: `GOTOOLCHAIN=${GO_TOOLCHAINS[v]} runs ${out}` };
    } catch (e) {
      const msg = String((e as { stderr?: unknown }).stderr ?? (e as Error).message)
        .trim()
        .split("\n")
        .filter(Boolean)
        .pop();
      r = { ok: false, reason: `GOTOOLCHAIN=${GO_TOOLCHAINS[v]} is not obtainable: ${msg}` };
    }
  }
  available.set(v, r);
  return r;
}

/** The release of the go on PATH when the oracle knows it, else the newest release. */
export function defaultGoVersion(): GoVersion {
  const local = pathGoVersion();
  const rel = local ? releaseOf(local) : "";
  return (GO_VERSIONS as readonly string[]).includes(rel) ? (rel as GoVersion) : NEWEST_GO;
}
