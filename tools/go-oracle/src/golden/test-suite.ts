import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ALL, type GoldenCase, type GoldenGroup } from "./spec.js";

/**
 * JSONTestSuite (github.com/nst/JSONTestSuite) test_parsing: every i_ file
 * (implementation-defined) as `valid` and `unmarshal` into any; y_ and n_
 * files up to 4 KiB as `valid` only. Returns undefined when the suite is absent.
 */
export function testSuite(dir: string): GoldenGroup | undefined {
  if (!existsSync(dir)) return undefined;
  const cases: GoldenCase[] = [];
  for (const f of readdirSync(dir).sort()) {
    if (!f.endsWith(".json")) continue;
    const bytes = new Uint8Array(readFileSync(join(dir, f)));
    const base = f.slice(0, -5);
    const verdict = f.slice(0, 1);
    if (verdict === "i") {
      cases.push({ name: `JSONTestSuite/${base}/Valid`, op: "valid", input: bytes });
      cases.push({ name: `JSONTestSuite/${base}/UnmarshalAny`, op: "unmarshal", type: "any", input: bytes });
    } else if ((verdict === "y" || verdict === "n") && bytes.length <= 4096) {
      cases.push({ name: `JSONTestSuite/${base}/Valid`, op: "valid", input: bytes });
    }
  }
  return { group: "jsontestsuite", cases: cases.map((c) => ({ engines: ALL, ...c })) };
}
