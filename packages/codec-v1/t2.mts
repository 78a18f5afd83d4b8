import { parseGo, goType } from "@gojson/gotype";
import { unmarshal, marshal } from "./src/index.ts";
const D = parseGo(`type Node struct {
	N *Node \`json:"n"\`
	V int   \`json:"v"\`
}
type L []L
type M map[string]M
type A [1]A2
type A2 struct { X []A2 }`);
const td = new TextDecoder();
for (const n of [100, 9999, 10000, 10001]) {
  const cases: [string, string, string][] = [
    ["Node", '{"n":'.repeat(n) + "null" + "}".repeat(n), '{"n":'.repeat(n) + "null" + ',"v":0}'.repeat(n)],
    ["L", "[".repeat(n) + "]".repeat(n), "[".repeat(n) + "]".repeat(n)],
    ["M", '{"a":'.repeat(n) + "{}" + "}".repeat(n), '{"a":'.repeat(n) + "{}" + "}".repeat(n)],
  ];
  for (const [tn, inp, want] of cases) {
    try {
      const v = unmarshal(D[tn]!, inp);
      let m = "";
      try { m = td.decode(marshal(D[tn]!, v)) === want ? "marshal-same" : "marshal-DIFF"; } catch (e: any) { m = "marshal-ERR " + e.message; }
      console.log(tn, n, "ok", m);
    } catch (e: any) { console.log(tn, n, "ERR", e.message.slice(0, 80)); }
  }
}
