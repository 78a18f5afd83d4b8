/** `pnpm --filter @gojson/codec-v1 bench`: results/codec-v1-unmarshal.json and codec-v1-marshal.json. */
import { formatSummary, runSuite, writeResult } from "@gojson/harness";
import { PEER_KINDS, peerSuite } from "./peers.js";

for (const kind of PEER_KINDS) {
  if (process.argv[2] && process.argv[2] !== kind) continue;
  const r = await runSuite(await peerSuite(kind));
  const file = writeResult(r);
  console.log(`${formatSummary(r)}\n→ ${file}\n`);
}
