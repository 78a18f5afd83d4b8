/**
 * Entry of a worker thread or child process that hosts one candidate
 * (see executor.ts). It imports the bench module, builds the suite with the
 * named factory, and answers prepare/check/sample/memory requests.
 */
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import { CandidateHost } from "./candidate-host.js";
import type { HostInit, HostReply, HostRequest } from "./executor.js";
import { importBenchModule } from "./import-bench.js";
import type { Suite } from "./suite-types.js";

async function load(init: HostInit): Promise<CandidateHost> {
  const mod = (await importBenchModule(init.moduleUrl)) as Record<
    string,
    (args?: unknown) => Suite | Promise<Suite>
  >;
  const factory = mod[init.exportName];
  if (typeof factory !== "function") throw new Error(`${init.moduleUrl} has no export ${init.exportName}`);
  return new CandidateHost(await factory(init.args), init.candidateId);
}

function main(): void {
  const init: HostInit = isMainThread ? JSON.parse(process.argv[2] ?? "{}") : workerData;
  const ready = load(init);
  ready.catch(() => {});
  const send = (m: HostReply) => (isMainThread ? process.send?.(m) : parentPort?.postMessage(m));
  const onRequest = async (req: HostRequest) => {
    try {
      const host = await ready;
      const value =
        req.cmd === "prepare"
          ? host.prepare(req.payloadId, req.targetMs)
          : req.cmd === "check"
            ? (host.prepareUncalibrated(req.payloadId) ?? { checked: true })
            : req.cmd === "sample"
              ? host.sample(req.payloadId, req.iterations)
              : host.memory(req.payloadId, req.iterations);
      send({ id: req.id, ok: true, value });
    } catch (e) {
      send({ id: req.id, ok: false, error: e instanceof Error ? e.message : String(e) });
    }
  };
  if (isMainThread) process.on("message", (m) => onRequest(m as HostRequest));
  else parentPort?.on("message", onRequest);
}

main();
