import { corpusBytes } from "@gojson/fixtures";
const { Decoder, parseValue } = await import("/work/main/packages/jsontext/dist/index.js");
const names = (process.env.NAMES ?? "twitter,citm_catalog,canada").split(",");
const w = process.env.W ?? "skip";
for (const n of names) {
  const b = corpusBytes(n);
  const t0 = performance.now(); let k = 0;
  while (performance.now() - t0 < 2000) { if (w === "skip") { const d = new Decoder(b); d.skipValue(); } else parseValue(b); k++; }
  console.log(n, (b.length * k / (performance.now() - t0) / 1e3).toFixed(0), "MB/s");
}
