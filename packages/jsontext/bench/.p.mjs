import { corpusBytes } from "@gojson/fixtures";
const { Decoder } = await import("/work/main/packages/jsontext/dist/index.js");
for (const n of ["twitter","citm_catalog","canada"]) {
  const b = corpusBytes(n);
  const r = {};
  for (let rep=0; rep<5; rep++) for (const dup of [false,true]) {
    const t0 = performance.now(); let k=0;
    while (performance.now()-t0 < 80) { const d = new Decoder(b,{allowDuplicateNames:dup}); d.skipValue(); k++; }
    const ms = (performance.now()-t0)/k; r[dup] = Math.min(r[dup]??1e9, ms);
  }
  console.log(n, b.length, "dupcheck", (b.length/r[false]/1e3).toFixed(0), "nodup", (b.length/r[true]/1e3).toFixed(0));
}
