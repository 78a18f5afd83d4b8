import { execFileSync } from "node:child_process";
import os from "node:os";
import type { Environment } from "./result.js";

function loadavg(): [number, number, number] {
  const [a = 0, b = 0, c = 0] = os.loadavg();
  return [a, b, c];
}

/** Output of `go version` (and GOEXPERIMENT when given), or undefined when Go is absent. */
export function goVersion(goexperiment?: string): { version: string; goexperiment?: string } | undefined {
  try {
    const version = execFileSync("go", ["version"], {
      encoding: "utf8",
      env: { ...process.env, ...(goexperiment ? { GOEXPERIMENT: goexperiment } : {}) },
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    return goexperiment ? { version, goexperiment } : { version };
  } catch {
    return undefined;
  }
}

/** Collects the environment block of a result: CPU, cores, memory, OS, Node/V8, flags, load. */
export function collectEnvironment(): Environment {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    logicalCpus: cpus.length,
    availableParallelism:
      typeof os.availableParallelism === "function" ? os.availableParallelism() : cpus.length,
    cpuMHz: cpus[0]?.speed ?? 0,
    totalMemoryBytes: os.totalmem(),
    os: { platform: process.platform, release: os.release(), arch: process.arch, type: os.type() },
    node: process.version,
    v8: process.versions.v8,
    nodeFlags: [...process.execArgv],
    loadAverage: { start: loadavg() },
    ci: process.env.CI === "true" || process.env.CI === "1",
  };
}

/** Records the end-of-run load average into an environment block. */
export function finishEnvironment(env: Environment): Environment {
  env.loadAverage.end = loadavg();
  return env;
}
