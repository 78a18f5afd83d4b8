// scratch A/B benchmark (deleted after use)
import { corpusBytes, corpusInfo } from "../fixtures/dist/index.js";
import { parseGo } from "@gojson/gotype";
import * as NEW from "./src/index.ts";
// @ts-ignore
import * as OLD from "/tmp/cv1old/src/index.ts";
const names = (process.env.CORPORA ?? "twitter,citm_catalog,canada").split(",");
const reps = Number(process.env.REPS ?? 15);
function minTime(f: () => unknown, n: number): number {
  let best = Infinity;
  for (let i = 0; i < n; i++) { const t = performance.now(); f(); const d = performance.now() - t; if (d < best) best = d; }
  return best;
}
for (const name of names) {
  const info = corpusInfo(name as any);
  const bytes = corpusBytes(name as any);
  const T = parseGo(info.goSource)[info.goType]!;
  const base = () => JSON.parse(new TextDecoder().decode(bytes));
  const plain = base();
  const vNew = NEW.unmarshal(T, bytes); const vOld = OLD.unmarshal(T, bytes);
  for (let i = 0; i < 5; i++) { base(); NEW.unmarshal(T, bytes); OLD.unmarshal(T, bytes); NEW.marshal(T, vNew); OLD.marshal(T, vOld); Buffer.from(JSON.stringify(plain)); }
  const r: Record<string, number> = {};
  for (let round = 0; round < 3; round++) {
    const m = {
      base: minTime(base, reps), uOld: minTime(() => OLD.unmarshal(T, bytes), reps), uNew: minTime(() => NEW.unmarshal(T, bytes), reps),
      sBase: minTime(() => Buffer.from(JSON.stringify(plain)), reps), mOld: minTime(() => OLD.marshal(T, vOld), reps), mNew: minTime(() => NEW.marshal(T, vNew), reps),
    };
    for (const [k, v] of Object.entries(m)) r[k] = Math.min(r[k] ?? Infinity, v);
  }
  console.log(`${name.padEnd(13)} unmarshal base ${r.base!.toFixed(2)}ms old ${(r.uOld!/r.base!).toFixed(2)}x new ${(r.uNew!/r.base!).toFixed(2)}x | marshal base ${r.sBase!.toFixed(2)}ms old ${(r.mOld!/r.sBase!).toFixed(2)}x new ${(r.mNew!/r.sBase!).toFixed(2)}x`);
}
