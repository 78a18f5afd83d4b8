/** `pnpm --filter @gojson/jsontext bench`: results/jsontext-tokenize.json. */
import { formatSummary, runSuite, writeResult } from "@gojson/harness";
import { tokenizeSuite } from "./tokenize.js";

const r = await runSuite(await tokenizeSuite());
const file = writeResult(r);
console.log(`${formatSummary(r)}\n→ ${file}`);
