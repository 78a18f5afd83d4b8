import { corpusBytes as cb, payload, PAYLOAD_NAMES } from "@gojson/fixtures";
const corpusBytes = (n) => PAYLOAD_NAMES.includes(n) ? payload(n).bytes : cb(n);
const A = await import(process.env.A ?? "/tmp/jt-distA/index.js");
const B = await import(process.env.B ?? "/work/main/packages/jsontext/dist/index.js");
const names = (process.env.NAMES ?? "twitter,citm_catalog,canada").split(",");
const w = process.env.W ?? "skip";
const td = new TextDecoder();
const mk = (M) => ({
  skip: (b) => { const d = new M.Decoder(b); d.skipValue(); },
  token: (b) => { const d = new M.Decoder(b); while (d.peekKind() !== "") d.readToken(); },
  parse: (b) => M.parseValue(b),
  json: (b) => JSON.parse(td.decode(b)),
})[w];
const fa = process.env.WA ? ({ json: (b) => JSON.parse(td.decode(b)) })[process.env.WA] : mk(A), fb = mk(B);
for (const n of names) {
  const b = corpusBytes(n);
  const ra = [], rb = [];
  const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e3; };
  const time = (f) => { const t0 = cpu(); let k = 0; while (cpu() - t0 < (+process.env.MS || 40)) { f(b); k++; } return (cpu() - t0) / k; };
  for (let r = 0; r < (+process.env.R || 12); r++) { if (r & 1) { rb.push(time(fb)); ra.push(time(fa)); } else { ra.push(time(fa)); rb.push(time(fb)); } }
  const ratios = ra.map((x, i) => rb[i] / x).sort((x, y) => x - y);
  const minA = Math.min(...ra), minB = Math.min(...rb);
  console.log(`${w} ${n}: A ${(b.length/minA/1e3).toFixed(0)} MB/s  B ${(b.length/minB/1e3).toFixed(0)} MB/s  B/A median ${ratios[ratios.length>>1].toFixed(3)} [${ratios[Math.floor(ratios.length/6)].toFixed(3)}..${ratios[Math.ceil(ratios.length*5/6)-1].toFixed(3)}]`);
}
