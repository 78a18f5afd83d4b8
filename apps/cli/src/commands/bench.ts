import { resolve } from "node:path";
import * as v1 from "@gojson/codec-v1";
import * as v2 from "@gojson/codec-v2";
import { PAYLOAD_NAMES, type PayloadName, payload } from "@gojson/fixtures";
import { goType, parseGo } from "@gojson/gotype";
import { formatSummary, runSuite, type Suite, writeResult } from "@gojson/harness";
import { CliError, EXIT, type ExitCode } from "../exit-codes.js";
import { writeErr, writeLine } from "../io.js";

interface BenchFlags {
  out: string;
  quick?: boolean;
  payload?: string[];
  json?: boolean;
}

/**
 * `gojson bench`: typed unmarshal and marshal of the five seed payloads with
 * codec-v1, codec-v2 (v2 defaults and defaultOptionsV1) and JSON.parse /
 * JSON.stringify as the peer, paired and ABBA-ordered by the harness.
 */
export async function benchCommand(flags: BenchFlags): Promise<ExitCode> {
  const names = (flags.payload ?? [...PAYLOAD_NAMES]) as PayloadName[];
  for (const n of names) {
    if (!PAYLOAD_NAMES.includes(n))
      throw new CliError(`unknown payload ${n}: choose from ${PAYLOAD_NAMES.join(", ")}`, EXIT.usage);
  }
  if (flags.quick) process.env.GOJSON_BENCH_QUICK = "1";
  const size = flags.quick ? "small" : "medium";
  const payloads = names.map((n) => {
    const p = payload(n, { size });
    const type = goType(p.goType, parseGo(p.goSource));
    return { id: n, bytes: p.bytes.byteLength, data: { bytes: p.bytes, type }, description: p.description };
  });
  type Data = (typeof payloads)[number]["data"];
  const v1opts = v2.defaultOptionsV1();
  const decoder = new TextDecoder();
  const unmarshal: Suite<Data> = {
    package: "@gojson/cli",
    bench: "unmarshal",
    title: "Typed unmarshal of the seed payloads: codec-v1, codec-v2 and JSON.parse",
    payloads,
    candidates: [
      {
        id: "json-parse",
        label: "TextDecoder + JSON.parse",
        run: (_s, p) => JSON.parse(decoder.decode(p.data.bytes)),
      },
      {
        id: "codec-v1",
        label: "codec-v1 unmarshal",
        run: (_s, p) => v1.unmarshal(p.data.type, p.data.bytes),
      },
      {
        id: "codec-v2",
        label: "codec-v2 unmarshal",
        run: (_s, p) => v2.unmarshal(p.data.type, p.data.bytes),
      },
      {
        id: "codec-v2-v1opts",
        label: "codec-v2 unmarshal, defaultOptionsV1()",
        run: (_s, p) => v2.unmarshal(p.data.type, p.data.bytes, v1opts),
      },
    ],
    comparisons: [
      { baseline: "json-parse", candidate: "codec-v1" },
      { baseline: "json-parse", candidate: "codec-v2" },
      { baseline: "codec-v1", candidate: "codec-v2-v1opts" },
    ],
  };
  const marshal: Suite<Data> = {
    package: "@gojson/cli",
    bench: "marshal",
    title: "Marshal of the seed payloads: codec-v1, codec-v2 and JSON.stringify",
    payloads,
    candidates: [
      {
        id: "json-stringify",
        label: "Buffer.from(JSON.stringify)",
        prepare: (p) => JSON.parse(decoder.decode(p.data.bytes)),
        run: (s) => Buffer.from(JSON.stringify(s)),
      },
      {
        id: "codec-v1",
        label: "codec-v1 marshal",
        prepare: (p) => v1.unmarshal(p.data.type, p.data.bytes),
        run: (s, p) => v1.marshal(p.data.type, s),
      },
      {
        id: "codec-v2",
        label: "codec-v2 marshal",
        prepare: (p) => v1.unmarshal(p.data.type, p.data.bytes),
        run: (s, p) => v2.marshal(p.data.type, s),
      },
    ],
    comparisons: [
      { baseline: "json-stringify", candidate: "codec-v1" },
      { baseline: "json-stringify", candidate: "codec-v2" },
    ],
  };
  const dir = resolve(flags.out);
  const written: string[] = [];
  for (const suite of [unmarshal, marshal]) {
    const result = await runSuite(suite as Suite);
    written.push(writeResult(result, dir));
    if (!flags.json) writeErr(`${formatSummary(result)}\n`);
  }
  if (flags.json) writeLine(JSON.stringify({ results: written }));
  else for (const f of written) writeLine(f);
  return EXIT.ok;
}
