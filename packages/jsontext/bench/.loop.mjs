import { corpusBytes as cb, payload, PAYLOAD_NAMES } from "@gojson/fixtures";
const M = await import("/work/main/packages/jsontext/dist/index.js");
const n = process.env.N ?? "flat-records";
const b = PAYLOAD_NAMES.includes(n) ? payload(n).bytes : cb(n);
const t0 = performance.now(); let k = 0;
while (performance.now() - t0 < (+process.env.MS || 3000)) { const d = new M.Decoder(b, process.env.DUP ? { allowDuplicateNames: true } : undefined); d.skipValue(); k++; }
console.log(n, ((performance.now() - t0) * 1000 / k).toFixed(2), "us/op");
