const { Decoder } = await import("/work/main/packages/jsontext/dist/index.js");
const O = await import("/tmp/jt-orig/dist/index.js");
const b = new TextEncoder().encode('{"a":1}');
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e3; };
for (let r = 0; r < 3; r++) for (const [nm, D] of [["new", Decoder], ["orig", O.Decoder]]) {
  const t0 = cpu(); let k = 0; while (cpu() - t0 < 200) { for (let i = 0; i < 1000; i++) { const d = new D(b); d.skipValue(); } k += 1000; }
  console.log(nm, ((cpu() - t0) * 1e6 / k).toFixed(0), "ns per tiny decode");
}
