/**
 * `pnpm --filter @gojson/jsontext bench`: tokenizing throughput (MB/s) of the
 * syntax layer on twitter, citm and canada against TextDecoder + JSON.parse.
 * Writes results/jsontext-tokenize.json.
 */
import { formatSummary, isQuick, runSuite, type Suite, writeResult } from "@gojson/harness";
import { type BenchInput, corpora, seedPayloads } from "../../harness/bench/shared/payloads.js";
import { isMain, loadWorkspace, type Module } from "../../harness/bench/shared/workspace.js";

type DecoderLike = { peekKind(): string; readToken(): unknown; skipValue(): void; inputOffset: number };

function need(m: Module | undefined, name: string): never | ((...a: unknown[]) => unknown) {
  const f = m?.[name];
  if (!f) throw new Error(`@gojson/jsontext ${m ? `has no export ${name}` : "is not built"}`);
  return f;
}

/** Suite factory (exported by name for worker isolation). */
export async function tokenizeSuite(): Promise<Suite<BenchInput>> {
  const jt = await loadWorkspace("jsontext");
  const inputs = isQuick() ? seedPayloads().slice(0, 2) : corpora();
  const Decoder = () => need(jt, "Decoder") as unknown as new (b: Uint8Array) => DecoderLike;
  return {
    package: "@gojson/jsontext",
    bench: "tokenize",
    title: "jsontext tokenizing and parseValue throughput vs TextDecoder + JSON.parse",
    payloads: inputs.map((p) => ({ id: p.id, label: p.label, bytes: p.bytes.length, data: p })),
    candidates: [
      {
        id: "json-parse",
        label: "TextDecoder + JSON.parse",
        prepare: () => new TextDecoder(),
        run: (d: TextDecoder, p) => JSON.parse(d.decode(p.data.bytes)),
        check: (out) => out !== undefined,
      },
      {
        id: "read-token",
        label: "Decoder.readToken() to the end",
        prepare: () => Decoder(),
        run: (D: new (b: Uint8Array) => DecoderLike, p) => {
          const d = new D(p.data.bytes);
          let n = 0;
          while (d.peekKind() !== "") {
            d.readToken();
            n++;
          }
          return n;
        },
        check: (out) => typeof out === "number" && out > 0,
      },
      {
        id: "skip-value",
        label: "Decoder.skipValue() (validate)",
        prepare: () => Decoder(),
        run: (D: new (b: Uint8Array) => DecoderLike, p) => {
          const d = new D(p.data.bytes);
          d.skipValue();
          return d.inputOffset;
        },
        check: (out, p) => typeof out === "number" && out >= p.data.bytes.length - 2,
      },
      {
        id: "valid",
        label: "valid(bytes)",
        prepare: () => need(jt, "valid"),
        run: (f: (b: Uint8Array) => unknown, p) => f(p.data.bytes),
        check: (out) => out === true,
      },
      {
        id: "parse-value",
        label: "parseValue(bytes) (plain values, Go's rules)",
        prepare: () => need(jt, "parseValue"),
        run: (f: (b: Uint8Array) => unknown, p) => f(p.data.bytes),
        check: (out) => out !== undefined,
      },
      {
        id: "check-valid-v1",
        label: "checkValidV1(bytes) (v1 scanner)",
        prepare: () => need(jt, "checkValidV1"),
        run: (f: (b: Uint8Array) => unknown, p) => f(p.data.bytes),
      },
    ],
    settings: { pairs: 8, sampleTimeMs: 40, isolation: "worker" },
    module: { url: import.meta.url, exportName: "tokenizeSuite" },
  };
}

if (isMain(import.meta.url)) {
  const r = await runSuite(await tokenizeSuite());
  const file = writeResult(r);
  console.log(`${formatSummary(r)}\n→ ${file}`);
}
