/**
 * Seed 000's cost.go in TypeScript: the price of one five-field struct —
 * codec-v1 marshal, the same bytes built by hand, unmarshal into the struct
 * and into map[string]any — ns/op, bytes/op and the three ratios. cost.go took
 * the best of 15 interleaved rounds; here rounds are ABBA-interleaved, 15
 * pairs, and best-of sits beside the median and the paired ratios.
 */
import { marshal, unmarshal } from "@gojson/codec-v1";
import { COST_ORDER_GO_SOURCE, COST_ORDER_JSON } from "@gojson/fixtures";
import { type BenchResult, formatSummary, runSuite, type Suite } from "@gojson/harness";
import { asBytes, bytesEqual, goTypeOf, isMain } from "./inputs.js";

/** cost.go's value in the contract's TypeScript form (int64 → bigint). */
export const ORDER = {
  ID: 90210n,
  Customer: "Ann Smith",
  Total: 12345n,
  Paid: true,
  Items: ["book", "pen", "lamp"],
};
/** What Go's json.Marshal(order) prints (recorded from `go run` of cost.go, kept in @gojson/fixtures). */
export const ORDER_JSON = COST_ORDER_JSON;

type OrderValue = typeof ORDER;

/** JSON string literal for ASCII text without quotes or backslashes (as cost.go's manual, same caveat). */
function q(s: string): string {
  return `"${s}"`;
}

const enc = new TextEncoder();

/** cost.go's manual(): the same bytes without reflection (one new buffer per call). */
export function manual(o: OrderValue): Uint8Array {
  let s = `{"id":${o.ID},"customer":${q(o.Customer)},"total":${o.Total},"paid":${o.Paid},"items":[`;
  for (let i = 0; i < o.Items.length; i++) s += (i ? "," : "") + q(o.Items[i] as string);
  return enc.encode(`${s}]}`);
}

function sameOrder(v: unknown): boolean {
  const o = v as OrderValue;
  return (
    o?.ID === 90210n &&
    o.Customer === "Ann Smith" &&
    o.Total === 12345n &&
    o.Paid === true &&
    JSON.stringify(o.Items) === JSON.stringify(ORDER.Items)
  );
}

export async function costSuite(): Promise<Suite<Uint8Array>> {
  const data = enc.encode(ORDER_JSON);
  const orderT = () => goTypeOf(COST_ORDER_GO_SOURCE, "Order");
  const mapT = () => goTypeOf("", "map[string]any");
  return {
    package: "@gojson/seed-bench",
    bench: "seed-000-cost",
    title:
      "What does one small order cost? codec-v1 marshal and unmarshal of a five-field struct beside hand-built bytes",
    description: "marshal, hand-built bytes, unmarshal into Order and into map[string]any",
    payloads: [{ id: "order", label: "Order (5 fields)", bytes: data.length, data }],
    candidates: [
      {
        id: "marshal",
        label: "marshal(Order)",
        prepare: () => ({ m: marshal as (t: unknown, v: unknown) => unknown, t: orderT() }),
        run: (s: { m: (t: unknown, v: unknown) => unknown; t: unknown }) => s.m(s.t, ORDER),
        check: (out) => bytesEqual(asBytes(out), data),
      },
      {
        id: "manual",
        label: "hand-built bytes",
        run: () => manual(ORDER),
        check: (out) => bytesEqual(asBytes(out), data),
      },
      {
        id: "unmarshal-struct",
        label: "unmarshal → Order",
        prepare: () => ({ u: unmarshal as (t: unknown, d: Uint8Array) => unknown, t: orderT() }),
        run: (s: { u: (t: unknown, d: Uint8Array) => unknown; t: unknown }, p) => s.u(s.t, p.data),
        check: (out) => sameOrder(out),
      },
      {
        id: "unmarshal-map",
        label: "unmarshal → map[string]any",
        prepare: () => ({ u: unmarshal as (t: unknown, d: Uint8Array) => unknown, t: mapT() }),
        run: (s: { u: (t: unknown, d: Uint8Array) => unknown; t: unknown }, p) => s.u(s.t, p.data),
        check: (out) => out instanceof Map && (out as Map<string, unknown>).get("id") === 90210,
      },
    ],
    comparisons: [
      { baseline: "manual", candidate: "marshal" },
      { baseline: "marshal", candidate: "unmarshal-struct" },
      { baseline: "unmarshal-struct", candidate: "unmarshal-map" },
    ],
    settings: { pairs: 15, sampleTimeMs: 40 },
    module: { url: import.meta.url, exportName: "costSuite" },
    notes: [
      "Go (cost.go, go1.24.7 linux/amd64, 2 cores): Marshal 1.8× manual; Unmarshal→struct 6.0× Marshal; →map 1.2× →struct; Marshal 1 alloc 96 B.",
    ],
  };
}

/** Runs the cost table and adds seed 000's table (ns best/median, B/op, the three ratios). */
export async function runCost(): Promise<BenchResult> {
  const r = await runSuite(await costSuite());
  const m = (id: string) => r.measurements.find((x) => x.candidate === id);
  const ratio = (a: string, b: string) => r.comparisons.find((x) => x.candidate === a && x.baseline === b);
  r.tables.push({
    id: "cost",
    title: "Cost of one five-field struct (codec-v1)",
    columns: ["way", "ns/op best", "ns/op median", "B/op (GC profiler)", "B/op (plain heap delta)"],
    rows: ["marshal", "manual", "unmarshal-struct", "unmarshal-map"].map((id) => [
      id,
      m(id)?.stats.nsPerOp.min ?? null,
      m(id)?.stats.nsPerOp.median ?? null,
      m(id)?.memory?.bytesPerOp ?? null,
      m(id)?.memory?.heapDeltaBytesPerOp ?? null,
    ]),
  });
  const best = (a: string, b: string) => {
    const x = m(a)?.stats.nsPerOp.min;
    const y = m(b)?.stats.nsPerOp.min;
    return x && y ? x / y : null;
  };
  r.tables.push({
    id: "cost-ratios",
    title: "The three ratios (Go cost.go: 1.8, 6.0, 1.2)",
    columns: ["ratio", "best-of / best-of", "paired geomean", "95% CI low", "95% CI high"],
    rows: [
      ["marshal / manual", "marshal", "manual"],
      ["unmarshal→struct / marshal", "unmarshal-struct", "marshal"],
      ["unmarshal→map / unmarshal→struct", "unmarshal-map", "unmarshal-struct"],
    ].map(([label, a, b]) => {
      const c = ratio(a as string, b as string);
      return [
        label as string,
        best(a as string, b as string),
        c?.geomean ?? null,
        c?.ci.low ?? null,
        c?.ci.high ?? null,
      ];
    }),
  });
  return r;
}

if (isMain(import.meta.url)) console.log(formatSummary(await runCost()));
