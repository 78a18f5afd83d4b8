/**
 * codec-v1 and codec-v2 against the peers a user would pick (candidates and
 * payloads in ./peer-suites.ts); results keep the codec's name
 * (results/codec-v1-unmarshal.json, ...).
 */
import { createRequire } from "node:module";
import * as codecV1 from "@gojson/codec-v1";
import * as codecV2 from "@gojson/codec-v2";
import { goType, parseGo } from "@gojson/gotype";
import { isQuick, type Suite } from "@gojson/harness";
import Ajv from "ajv/dist/jtd.js";
import fastJson from "fast-json-stringify";
import JSONbig from "json-bigint";
import * as LosslessJSON from "lossless-json";
import { z } from "zod";
import { type CodecUnderTest, marshalSuite, type PeerLibs, unmarshalSuite } from "./peer-suites.js";

const require = createRequire(import.meta.url);
const devDeps = (require("../../package.json") as { devDependencies: Record<string, string> })
  .devDependencies;
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

function goTypeCached(source: string, expr: string): unknown {
  const key = `${source}\u0000${expr}`;
  let t = types.get(key);
  if (t === undefined) {
    t = goType(expr, source ? parseGo(source) : {});
    types.set(key, t);
  }
  return t;
}

/** The codecs as the peer suites call them (GoTypes cached per source and expression). */
export const CODECS: Readonly<Record<"codec-v1" | "codec-v2", CodecUnderTest>> = {
  "codec-v1": {
    unmarshal: codecV1.unmarshal as CodecUnderTest["unmarshal"],
    marshal: codecV1.marshal as CodecUnderTest["marshal"],
    goType: goTypeCached,
  },
  "codec-v2": {
    unmarshal: codecV2.unmarshal as CodecUnderTest["unmarshal"],
    marshal: codecV2.marshal as CodecUnderTest["marshal"],
    goType: goTypeCached,
  },
};

/** The peer suites: each codec, unmarshal and marshal (`codec-v1:unmarshal`, ...). */
export const PEER_KINDS = [
  "codec-v1:unmarshal",
  "codec-v1:marshal",
  "codec-v2:unmarshal",
  "codec-v2:marshal",
] as const;

/** Suite factory (exported by name: workers rebuild it from here with the same argument). */
export async function peerSuite(kind: unknown): Promise<Suite> {
  const [name, op] = String(kind).split(":") as ["codec-v1" | "codec-v2", string];
  const codec = CODECS[name];
  if (!codec) throw new Error(`peerSuite: unknown codec in ${String(kind)}`);
  const o = {
    pkg: `@gojson/${name}`,
    name,
    codec,
    libs: peerLibs(),
    module: { url: import.meta.url, exportName: "peerSuite" },
    hypothesesAt: "2026-12-02T16:46:00.000Z",
  };
  return (op === "marshal" ? marshalSuite(o, isQuick()) : unmarshalSuite(o, isQuick())) as Suite;
}
