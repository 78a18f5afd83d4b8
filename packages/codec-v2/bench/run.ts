/** `pnpm --filter @gojson/codec-v2 bench`: results/codec-v2-unmarshal.json and codec-v2-marshal.json. */
import { formatSummary, runSuite, writeResult } from "@gojson/harness";
import { PEER_KINDS, peerSuite } from "./peers.js";

for (const kind of PEER_KINDS) {
  if (process.argv[2] && process.argv[2] !== kind) continue;
  const r = await runSuite(await peerSuite(kind));
  const file = writeResult(r);
  console.log(`${formatSummary(r)}\n→ ${file}\n`);
}
