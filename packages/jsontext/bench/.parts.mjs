import { corpusBytes as cb, payload, PAYLOAD_NAMES } from "@gojson/fixtures";
const M = await import("/work/main/packages/jsontext/dist/index.js");
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e3; };
const td = new TextDecoder();
for (const n of (process.env.NAMES ?? "flat-records,twitter").split(",")) {
  const b = PAYLOAD_NAMES.includes(n) ? payload(n).bytes : cb(n);
  const text = td.decode(b);
  const fns = {
    skip: () => { const d = new M.Decoder(b); d.skipValue(); d.checkEOF(); },
    tdDecode: () => td.decode(b),
    bufUtf8: () => Buffer.from(b.buffer, b.byteOffset, b.length).utf8Slice(0, b.length),
    bufToString: () => Buffer.from(b.buffer, b.byteOffset, b.length).toString("utf8"),
    jsonParse: () => JSON.parse(text),
    json: () => JSON.parse(td.decode(b)),
    parse: () => M.parseValue(b),
  };
  const res = {};
  for (let r = 0; r < 5; r++) for (const [k, f] of Object.entries(fns)) { const t0 = cpu(); let c = 0; while (cpu() - t0 < 30) { f(); c++; } const ns = (cpu() - t0) * 1e6 / c; res[k] = Math.min(res[k] ?? 1e12, ns); }
  console.log(n, Object.entries(res).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}us`).join("  "));
}
