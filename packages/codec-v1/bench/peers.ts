/**
 * codec-v1 against the peers a user would pick (see
 * packages/harness/bench/shared/peers.ts for the candidates and payloads).
 */
import { createRequire } from "node:module";
import { isQuick, type Suite } from "@gojson/harness";
import Ajv from "ajv/dist/jtd.js";
import fastJson from "fast-json-stringify";
import JSONbig from "json-bigint";
import * as LosslessJSON from "lossless-json";
import { z } from "zod";
import { loadCodecs } from "../../harness/bench/shared/codecs.js";
import { marshalSuite, type PeerLibs, unmarshalSuite } from "../../harness/bench/shared/peers.js";

const require = createRequire(import.meta.url);
const devDeps = (require("../package.json") as { devDependencies: Record<string, string> }).devDependencies;
const version = (name: string): string => devDeps[name] ?? "unknown";

export function peerLibs(): PeerLibs {
  return {
    losslessJson: LosslessJSON as unknown as PeerLibs["losslessJson"],
    jsonBig: JSONbig({ useNativeBigInt: true }),
    ajvJtd: new Ajv() as unknown as PeerLibs["ajvJtd"],
    fastJsonStringify: fastJson as unknown as PeerLibs["fastJsonStringify"],
    z: z as unknown as PeerLibs["z"],
    versions: Object.fromEntries(
      ["ajv", "zod", "lossless-json", "json-bigint", "fast-json-stringify"].map((n) => [n, version(n)]),
    ),
  };
}

/** Suite factory (exported by name: workers rebuild it from here). */
export async function peerSuite(kind: unknown): Promise<Suite> {
  const o = {
    pkg: "@gojson/codec-v1",
    name: "codec-v1",
    codecs: await loadCodecs(),
    codec: "v1" as const,
    libs: peerLibs(),
    module: { url: import.meta.url, exportName: "peerSuite" },
    hypothesesAt: "2026-12-02T16:46:00.000Z",
  };
  return (kind === "marshal" ? marshalSuite(o, isQuick()) : unmarshalSuite(o, isQuick())) as Suite;
}
