/**
 * The Standard Schema validators against Go's recorded verdicts: the
 * validator backed by codec-v1 accepts what `go run` accepts, the one
 * backed by codec-v2 what `GOEXPERIMENT=jsonv2 go run` accepts, and an
 * issue's message is Go's error text.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import * as codecV1 from "@gojson/codec-v1";
import * as codecV2 from "@gojson/codec-v2";
import { goType, parseGo } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { type StandardSchemaResult, toStandardSchema } from "../src/index.js";
import { loadVerdicts } from "./verdicts.js";

const decls = parseGo(readFileSync(resolve(import.meta.dirname, "verdicts/types.go"), "utf8"));
const { go, rows } = loadVerdicts();
/**
 * Where a codec disagrees with Go today (reported to the codec owners): the
 * test fails on any other disagreement.
 */
const KNOWN_CODEC_DISAGREEMENTS: Readonly<Record<"v1" | "v2", readonly RegExp[]>> = {
  v1: [
    // codec-v1 reads a map[uint8] member name with strconv.ParseInt rules (a `+` sign); Go uses ParseUint.
    /^Collections \{"MU":\{"\+1":null\}\}$/,
    // Non-empty interfaces and func fields still decode as any (gotype's notes, section 3, for the codec owners);
    // v1 matches their names case-insensitively.
    /^Ifaces \{"(E|S|Fn)":/i,
  ],
  v2: [
    // codec-v2 keeps unix seconds of a GoTime as a safe integer: format:unix numbers past 2^53 are out of its range.
    /^Formats \{"T":(9007199254740993|9223372036854775807)\}$/,
    /^Ifaces \{"(E|S|Fn)":/,
  ],
};

/** v2 picks "cannot" or "unable to" once per process; gojson writes "cannot". */
const norm = (s: string | undefined) => s?.replace("unable to", "cannot");

describe(`Standard Schema against Go's verdicts (${go}, ${rows.length} payloads)`, () => {
  for (const [version, codec, strictOptions] of [
    ["v1", codecV1, { disallowUnknownFields: true }],
    ["v2", codecV2, { rejectUnknownMembers: true }],
  ] as const) {
    for (const strict of [false, true]) {
      it(`${version}${strict ? " strict" : ""}: accepts what Go accepts, with Go's error text otherwise`, () => {
        const schemas = new Map<string, ReturnType<typeof toStandardSchema>>();
        const disagreements: string[] = [];
        let texts = 0;
        let errors = 0;
        for (const r of rows) {
          let s = schemas.get(r.target);
          if (s === undefined) {
            // The table is Go 1.26's; the codecs default to the newest release they know.
            s = toStandardSchema(goType(r.target, decls), {
              codec,
              input: "json",
              options: { goVersion: "1.26", ...(strict ? strictOptions : {}) },
            });
            schemas.set(r.target, s);
          }
          const res = s["~standard"].validate(r.payload) as StandardSchemaResult<unknown>;
          const goError = norm(strict ? r[version].strict : r[version].err);
          const got = norm(res.issues?.[0]?.message);
          if ((goError === undefined) !== (got === undefined)) {
            if (!KNOWN_CODEC_DISAGREEMENTS[version].some((k) => k.test(`${r.target} ${r.payload}`)))
              disagreements.push(`${r.target} ${r.payload}: go ${goError ?? "ok"}, gojson ${got ?? "ok"}`);
          } else if (goError !== undefined) {
            errors++;
            // Recorded texts are cut at 160 characters.
            if (goError.slice(0, 160) === got?.slice(0, 160)) texts++;
          }
        }
        expect(disagreements).toEqual([]);
        // The issue's message is Go's error text (the codecs' own fidelity, measured here through the validator).
        expect(texts / errors).toBeGreaterThan(0.95);
      });
    }
  }
});
