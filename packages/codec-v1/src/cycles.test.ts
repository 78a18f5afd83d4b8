/**
 * Which type a cycle is reported "via", against Go 1.26.8. In TypeScript a
 * pointer is the value it points to, so a pointer to a map or slice is the
 * same object as that map or slice; Go keys its seen set by (pointer type,
 * address) for pointers and by the data pointer for maps and slices, so the
 * first repeat Go meets decides the type named. Recorded with
 * /tmp/aud/cyc/main.go and main2.go (program quoted below).
 */
import { goType, parseGo } from "@gojson/gotype";
import { expect, test } from "vitest";
import { marshal } from "./index.js";

const D = parseGo(`
type MN map[string]*MN
type SL []*SL
type PP struct{ P **PP }
type MS map[string][]MS
type Box struct{ M map[string]*Box }
type Node struct { V int; Next *Node }`);
const ty = (x: string) => goType(x, D);

function errOf(t: string, v: unknown): string {
  try {
    return String(marshal(ty(t), v).length);
  } catch (e) {
    return (e as Error).message;
  }
}

const mn = new Map<string, unknown>();
mn.set("a", mn);
const sl: unknown[] = [null];
sl[0] = sl;
const pp: { P: unknown } = { P: null };
pp.P = pp;
const ms = new Map<string, unknown>();
ms.set("a", [ms]);
const box: { M: Map<string, unknown> } = { M: new Map() };
box.M.set("x", box);
const node: { V: bigint; Next: unknown } = { V: 1n, Next: null };
node.Next = node;

test.each([
  ["MN", mn, "json: unsupported value: encountered a cycle via main.MN"],
  ["SL", sl, "json: unsupported value: encountered a cycle via main.SL"],
  ["*SL", sl, "json: unsupported value: encountered a cycle via *main.SL"],
  ["*PP", pp, "json: unsupported value: encountered a cycle via *main.PP"],
  ["PP", pp, "json: unsupported value: encountered a cycle via **main.PP"],
  ["MS", ms, "json: unsupported value: encountered a cycle via main.MS"],
  ["*Box", box, "json: unsupported value: encountered a cycle via *main.Box"],
  ["Box", box, "json: unsupported value: encountered a cycle via map[string]*main.Box"],
  ["*Node", node, "json: unsupported value: encountered a cycle via *main.Node"],
  ["Node", node, "json: unsupported value: encountered a cycle via *main.Node"],
] as const)("%s", (t, v, want) => {
  expect(errOf(t, v)).toBe(want);
});

/*
type MN map[string]*MN      mn := MN{}; mn["a"] = &mn; json.Marshal(mn)
type SL []*SL               s := SL{nil}; s[0] = &s; json.Marshal(s); json.Marshal(&s)
type PP struct{ P **PP }    pp := &PP{}; ptr := &pp; pp.P = ptr; json.Marshal(pp); json.Marshal(*pp)
type MS map[string][]MS     ms := MS{}; ms["a"] = []MS{ms}; json.Marshal(ms)
type Box struct{ M map[string]*Box }   b := &Box{M: map[string]*Box{}}; b.M["x"] = b; json.Marshal(b); json.Marshal(*b)
type Node struct{ V int; Next *Node }  n := &Node{V: 1}; n.Next = n; json.Marshal(n); json.Marshal(*n)
*/
