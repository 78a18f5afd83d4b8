import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** The built executable, run as a user runs it. */
export const BIN = resolve(__dirname, "../dist/bin.js");
/** Directory of the example files the help texts and the README use. */
export const EXAMPLES = resolve(__dirname, "../examples");

/** A directory with a `gojson` shim on PATH, so shell examples run verbatim. */
const shimDir = (() => {
  const dir = mkdtempSync(join(tmpdir(), "gojson-bin-"));
  const shim = join(dir, "gojson");
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(shim, 0o755);
  return dir;
})();

export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs a shell command line with `gojson` on PATH, in the examples directory. */
export function sh(command: string, env: Record<string, string> = {}): CliRun {
  const r = spawnSync("bash", ["-o", "pipefail", "-c", command], {
    cwd: EXAMPLES,
    encoding: "utf8",
    env: { ...process.env, PATH: `${shimDir}:${process.env.PATH}`, NO_COLOR: "1", CI: "true", ...env },
    timeout: 120_000,
  });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** Runs the binary with arguments and optional stdin. */
export function gojson(
  args: string[],
  input?: string | Uint8Array,
  env: Record<string, string> = {},
): CliRun {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: EXAMPLES,
    input,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", CI: "true", ...env },
    timeout: 120_000,
  });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
