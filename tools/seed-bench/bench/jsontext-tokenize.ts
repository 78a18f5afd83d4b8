/**
 * Tokenizing throughput (MB/s) of the syntax layer on the corpora of
 * @gojson/fixtures against TextDecoder + JSON.parse.
 */
import { CORPUS_NAMES, corpusBytes, PAYLOAD_NAMES, payload } from "@gojson/fixtures";
import { isQuick, type Suite } from "@gojson/harness";
import { checkValidV1, Decoder, parseValue, valid } from "@gojson/jsontext";

/** One input: its bytes. */
export interface TokenizeInput {
  id: string;
  bytes: Uint8Array;
}

/** The inputs: every corpus (GOJSON_BENCH_QUICK: two small generated payloads). */
export function tokenizeInputs(quick = isQuick()): TokenizeInput[] {
  if (quick) return PAYLOAD_NAMES.slice(0, 2).map((n) => ({ id: n, bytes: payload(n).bytes }));
  return CORPUS_NAMES.map((n) => ({ id: n, bytes: corpusBytes(n) }));
}

/** Suite factory (exported by name for worker isolation). */
export async function tokenizeSuite(): Promise<Suite<TokenizeInput>> {
  return {
    package: "@gojson/jsontext",
    bench: "tokenize",
    title: "How fast is the syntax layer? jsontext tokenizing and parseValue vs TextDecoder + JSON.parse",
    payloads: tokenizeInputs().map((p) => ({ id: p.id, label: p.id, bytes: p.bytes.length, data: p })),
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
        run: (_s, p) => {
          const d = new Decoder(p.data.bytes);
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
        run: (_s, p) => {
          const d = new Decoder(p.data.bytes);
          d.skipValue();
          return d.inputOffset;
        },
        check: (out, p) => typeof out === "number" && out >= p.data.bytes.length - 2,
      },
      {
        id: "valid",
        label: "valid(bytes)",
        run: (_s, p) => valid(p.data.bytes),
        check: (out) => out === true,
      },
      {
        id: "parse-value",
        label: "parseValue(bytes) (plain values, Go's rules)",
        run: (_s, p) => parseValue(p.data.bytes),
        check: (out) => out !== undefined,
      },
      {
        id: "check-valid-v1",
        label: "checkValidV1(bytes) (v1 scanner)",
        run: (_s, p) => checkValidV1(p.data.bytes),
      },
    ],
    settings: { pairs: 8, sampleTimeMs: 40, isolation: "worker" },
    module: { url: import.meta.url, exportName: "tokenizeSuite" },
  };
}
