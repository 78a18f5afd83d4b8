import { corpusBytes } from "@gojson/fixtures";
const { Decoder } = await import("/work/main/packages/jsontext/dist/index.js");
const names = (process.env.NAMES ?? "twitter,citm_catalog,canada").split(",");
for (const n of names) {
  const b = corpusBytes(n);
  const t0 = performance.now(); let k = 0;
  while (performance.now() - t0 < 2000) { const d = new Decoder(b); while (d.peekKind() !== "") d.readToken(); k++; }
  console.log(n, (b.length * k / (performance.now() - t0) / 1e3).toFixed(0), "MB/s");
}
