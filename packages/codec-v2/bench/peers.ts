/**
 * codec-v2 against the peers a user would pick (candidates and payloads in
 * ./peer-suites.ts).
 */
import { createRequire } from "node:module";
import { marshal, unmarshal } from "@gojson/codec-v2";
import { goType, parseGo } from "@gojson/gotype";
import { isQuick, type Suite } from "@gojson/harness";
import Ajv from "ajv/dist/jtd.js";
import fastJson from "fast-json-stringify";
import JSONbig from "json-bigint";
import * as LosslessJSON from "lossless-json";
import { z } from "zod";
import { type CodecUnderTest, marshalSuite, type PeerLibs, unmarshalSuite } from "./peer-suites.js";

const require = createRequire(import.meta.url);
const devDeps = (require("../package.json") as { devDependencies: Record<string, string> }).devDependencies;
const version = (name: string): string => devDeps[name] ?? "unknown";

/** The peer libraries as installed in this package. */
export function peerLibs(): PeerLibs {
  return {
    losslessJson: LosslessJSON as unknown as PeerLibs["losslessJson"],
    // json-bigint's default (bignumber.js): its useNativeBigInt mode throws on floats of more than 15 digits.
    jsonBig: JSONbig(),
    ajvJtd: new Ajv() as unknown as PeerLibs["ajvJtd"],
    fastJsonStringify: fastJson as unknown as PeerLibs["fastJsonStringify"],
    z: z as unknown as PeerLibs["z"],
    versions: Object.fromEntries(
      ["ajv", "zod", "lossless-json", "json-bigint", "fast-json-stringify"].map((n) => [n, version(n)]),
    ),
  };
}

const types = new Map<string, unknown>();

/** codec-v2 as the peer suites call it (GoTypes cached per source and expression). */
export const codec: CodecUnderTest = {
  unmarshal: unmarshal as CodecUnderTest["unmarshal"],
  marshal: marshal as CodecUnderTest["marshal"],
  goType(source, expr) {
    const key = `${source}\u0000${expr}`;
    let t = types.get(key);
    if (t === undefined) {
      t = goType(expr, source ? parseGo(source) : {});
      types.set(key, t);
    }
    return t;
  },
};

/** Suite factory (exported by name: workers rebuild it from here). */
export async function peerSuite(kind: unknown): Promise<Suite> {
  const o = {
    pkg: "@gojson/codec-v2",
    name: "codec-v2",
    codec,
    libs: peerLibs(),
    module: { url: import.meta.url, exportName: "peerSuite" },
    hypothesesAt: "2026-12-02T16:46:00.000Z",
  };
  return (kind === "marshal" ? marshalSuite(o, isQuick()) : unmarshalSuite(o, isQuick())) as Suite;
}

/** The two peer suites of this package. */
export const PEER_KINDS = ["unmarshal", "marshal"] as const;
