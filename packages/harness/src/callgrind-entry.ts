/** Child script of the callgrind mode: prepare a candidate and run it N times. */
import { CandidateHost } from "./candidate-host.js";
import { importBenchModule } from "./import-bench.js";
import type { Suite } from "./suite-types.js";

const o = JSON.parse(process.argv[2] ?? "{}") as {
  moduleUrl: string;
  exportName: string;
  args?: unknown;
  candidateId: string;
  payloadId: string;
  iterations: number;
  warmup?: number;
};
const mod = (await importBenchModule(o.moduleUrl)) as Record<string, (a?: unknown) => Suite | Promise<Suite>>;
const factory = mod[o.exportName] as (a?: unknown) => Suite | Promise<Suite>;
const host = new CandidateHost(await factory(o.args), o.candidateId);
host.prepareUncalibrated(o.payloadId);
// The same warm-up in both runs: it cancels in their difference, with the JIT's tier-up in it.
if (o.warmup) host.sample(o.payloadId, o.warmup);
host.sample(o.payloadId, o.iterations);
