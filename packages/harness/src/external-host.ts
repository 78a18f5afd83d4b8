/**
 * The transport to an external candidate (a program of its own, e.g. a Go
 * binary): the same requests and replies as the worker and child-process hosts
 * (HostRequest, HostReply), one JSON object a line, requests on the program's
 * stdin and replies on its stdout; its stderr passes through. The program
 * answers:
 * - `prepare` {payloadId, targetMs}: run the body once and check it, then pick an
 *   iteration count for a sample of about targetMs → {iterations} or {skipped};
 * - `check` {payloadId}: run the body once and check it → {checked: true} or {skipped};
 * - `sample` {payloadId, iterations} → {iterations, wallNs, cpuNs};
 * - `memory` {payloadId, iterations} → MemoryStats (e.g. Go's {method: "go-benchmem",
 *   bytesPerOp, allocsPerOp}).
 * An error reply (`ok: false`) fails that candidate on that payload, as a throw does in-process.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import type { HostReply, HostRequest } from "./executor.js";
import type { ExternalCommand } from "./suite-types.js";

/** A started external host: send a request, stop the program. */
export interface ExternalTransport {
  send(m: HostRequest): void;
  stop(): Promise<void>;
}

/** Starts `cmd`; replies go to `onReply`, the program's end (code, or a start error) to `onExit`. */
export function startExternalHost(
  cmd: ExternalCommand,
  onReply: (m: HostReply) => void,
  onExit: (code: number | null, error?: string) => void,
): ExternalTransport {
  const child = spawn(cmd.command, cmd.args ?? [], {
    cwd: cmd.cwd,
    env: { ...process.env, ...cmd.env },
    stdio: ["pipe", "pipe", "inherit"],
  });
  let startError: string | undefined;
  child.on("error", (e) => {
    startError = e.message;
  });
  child.on("close", (code) => onExit(code, startError));
  createInterface({ input: child.stdout }).on("line", (line) => {
    if (line.trim() === "") return;
    let m: HostReply;
    try {
      m = JSON.parse(line) as HostReply;
    } catch {
      onExit(null, `not a reply: ${line.slice(0, 200)}`);
      return;
    }
    onReply(m);
  });
  // A program that died leaves a broken pipe: the close handler reports it, not an unhandled error.
  child.stdin.on("error", () => {});
  return {
    send: (m) => {
      child.stdin.write(`${JSON.stringify(m)}\n`);
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null || startError !== undefined)
          return resolve();
        child.once("close", () => resolve());
        child.stdin.end();
        // A program that ignores the end of its input is stopped.
        setTimeout(() => child.kill(), 2000).unref();
      }),
  };
}
