/**
 * gojson ÷ Go for the syntax helpers, paired as in vs-go.ts: v1's Valid, Compact and Indent
 * (codec-v1 against encoding/json, classic and on the v2 engine) and jsontext's
 * Value.IsValid, Compact and Indent (gojson's jsontext against Go's, under the jsonv2
 * experiment and in Go 1.27), on the twitter, citm_catalog and canada corpora. Indent reads
 * the compact form of each corpus, as MarshalIndent does with Marshal's output.
 */
import { compact as compactV1, indent as indentV1, valid as validV1 } from "@gojson/codec-v1";
import type { BenchResult, InProcessCandidate, Suite } from "@gojson/harness";
import { compact as compactV2, indent as indentV2, valid as validV2 } from "@gojson/jsontext";
import { type BenchInput, corpusInput } from "./inputs.js";
import { pairWithGo, runPairedWithGo, type VsGoArgs } from "./vs-go.js";

/** Go's operation → gojson's candidate. */
export const SYNTAX_COUNTERPARTS: Readonly<Record<string, string>> = {
  Valid: "v1-valid",
  Compact: "v1-compact",
  Indent: "v1-indent",
  V2Valid: "v2-valid",
  V2Compact: "v2-compact",
  V2Indent: "v2-indent",
};

/** The inputs: large corpora of three shapes (long strings, many small objects, numbers). */
export function syntaxInputs(): BenchInput[] {
  return [corpusInput("twitter"), corpusInput("citm_catalog"), corpusInput("canada")];
}

const text = new TextDecoder();
/** Whether `out` is `p`'s JSON value (same value, whatever the layout). */
const sameValue = (out: unknown, p: { data: BenchInput }) =>
  out instanceof Uint8Array &&
  JSON.stringify(JSON.parse(text.decode(out))) === JSON.stringify(JSON.parse(text.decode(p.data.bytes)));

/** gojson's side: codec-v1's valid/compact/indent and jsontext's. */
export function syntaxCandidates(): InProcessCandidate<BenchInput, any>[] {
  return [
    {
      id: "v1-valid",
      label: "codec-v1 valid",
      run: (_s, p) => validV1(p.data.bytes),
      check: (out) => out === true,
    },
    {
      id: "v1-compact",
      label: "codec-v1 compact",
      run: (_s, p) => compactV1(p.data.bytes),
      check: sameValue,
    },
    {
      id: "v1-indent",
      label: 'codec-v1 indent ("", "  ") of the compact form',
      prepare: (p) => compactV1(p.data.bytes),
      run: (c: Uint8Array) => indentV1(c, "", "  "),
      check: sameValue,
    },
    {
      id: "v2-valid",
      label: "jsontext valid (Value.IsValid)",
      run: (_s, p) => validV2(p.data.bytes),
      check: (out) => out === true,
    },
    {
      id: "v2-compact",
      label: "jsontext compact (Value.Compact)",
      run: (_s, p) => compactV2(p.data.bytes),
      check: sameValue,
    },
    {
      id: "v2-indent",
      label: "jsontext indent (Value.Indent) of the compact form",
      prepare: (p) => compactV2(p.data.bytes),
      run: (c: Uint8Array) => indentV2(c),
      check: sameValue,
    },
  ];
}

/** The paired suite (the Go drivers are built once, before any worker starts). */
export async function syntaxVsGoSuite(args: VsGoArgs): Promise<Suite<BenchInput>> {
  const inputs = syntaxInputs();
  const ts = syntaxCandidates();
  const { candidates, comparisons } = pairWithGo(
    ts,
    args,
    (_b, op) => SYNTAX_COUNTERPARTS[op],
    (op) => (op.startsWith("V2") ? `jsontext ${op.slice(2)}` : `json.${op}`),
  );
  return {
    package: "@gojson/seed-bench",
    bench: "syntax-vs-go",
    title: "gojson ÷ Go, paired: Valid, Compact and Indent (v1 and jsontext) on the corpora",
    description:
      "Each round samples every candidate once, gojson and the Go builds it is compared with next to each other; ratios are gojson ÷ Go per round (below 1: gojson faster).",
    payloads: inputs.map((p) => ({ id: p.id, label: p.label, bytes: p.bytes.length, data: p })),
    candidates,
    comparisons,
    settings: { pairs: 12, sampleTimeMs: 30, isolation: "worker" },
    module: { url: import.meta.url, exportName: "syntaxVsGoSuite", args },
    notes: [
      "Go runs as external candidates (the seed-bench Go driver's Valid, Compact, Indent and, under jsonv2, jsontext's V2Valid, V2Compact, V2Indent), its samples timed by Go; each op writes into a fresh buffer.",
      "Indent reads the corpus's compact form; v1's with prefix \"\" and indent two spaces, jsontext's with its defaults (a tab).",
    ],
  };
}

/** The job: builds the Go drivers that can be built here and runs the paired suite; undefined without Go. */
export function runSyntaxVsGo(): Promise<BenchResult | undefined> {
  return runPairedWithGo("syntax-vs-go", syntaxInputs(), syntaxVsGoSuite);
}
