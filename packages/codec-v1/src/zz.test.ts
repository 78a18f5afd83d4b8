import { test } from "vitest";
import { parseGo } from "@gojson/gotype";
import { unmarshal, marshal } from "./index.js";
test("x", () => {
  const { Root, Node } = parseGo("type Root *Root\ntype Node struct { V int; Next *Node }") as any;
  for (const inp of ["", "\u0000null", "null", "1"]) {
    try { console.log(unmarshal(Root, inp)); } catch (e: any) { console.log(e.name, e.message); }
  }
  for (const n of [1000, 3000, 5000, 9999]) {
    const s = '{"Next":'.repeat(n) + "null" + "}".repeat(n);
    try { const v = unmarshal(Node, s); console.log(n, "ok", marshal(Node, v).length); } catch (e: any) { console.log(n, e.name, e.message.slice(0, 80)); }
  }
});
