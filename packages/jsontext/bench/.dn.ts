import { payload } from "@gojson/fixtures";
import { DuplicateNames } from "../src/duplicate-names.js";
const b = payload("flat-records").bytes;
// collect name ranges at depth 2
const ranges: number[] = [];
{ const s = new TextDecoder().decode(b); const re = /"([a-z_]+)":/g; let m; while ((m = re.exec(s))) ranges.push(m.index, m.index + m[0].length - 1); }
console.log("names", ranges.length / 2);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e3; };
for (let r = 0; r < 5; r++) {
  const t0 = cpu(); let k = 0;
  while (cpu() - t0 < 200) {
    const dn = new DuplicateNames(b);
    for (let i = 0; i < ranges.length; i += 2) { if (i % 16 === 0) dn.reset(2); dn.add(2, ranges[i]!, ranges[i + 1]!, 0); }
    k++;
  }
  console.log(((cpu() - t0) * 1e6 / k / (ranges.length / 2)).toFixed(1), "ns/add (incl. ctor)");
}
const dn = new DuplicateNames(b);
for (let r = 0; r < 3; r++) {
  const t0 = cpu(); let k = 0;
  while (cpu() - t0 < 200) {
    for (let i = 0; i < ranges.length; i += 2) { if (i % 16 === 0) dn.reset(2); dn.add(2, ranges[i]!, ranges[i + 1]!, 0); }
    k++;
  }
  console.log(((cpu() - t0) * 1e6 / k / (ranges.length / 2)).toFixed(1), "ns/add (reused)");
}
