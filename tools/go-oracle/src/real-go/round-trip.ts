import * as v1 from "@gojson/codec-v1";
import * as v2 from "@gojson/codec-v2";
import {
  type RealGoConfig,
  type RealGoResult,
  realGoFixture,
  realGoModule,
  realGoRecorded,
  realGoTypes,
  type TwinCodec,
} from "@gojson/fixtures";
import { type GoType, zero } from "@gojson/gotype";
import { normalizeGoMessage } from "../normalize.js";

/** How gojson stands in for one recorded Go configuration. */
export interface Side {
  /** The codec used for the outer unmarshal/marshal. */
  codec: "codec-v1" | "codec-v2 defaultOptionsV1" | "codec-v2";
  /** The recorded Go configuration it must match. */
  config: RealGoConfig;
}

/** Every pairing: codec-v1 ↔ classic v1, codec-v2 + defaultOptionsV1 ↔ v1 on the v2 engine, codec-v2 ↔ json/v2. */
export const SIDES: readonly Side[] = [
  { codec: "codec-v1", config: "go1.26/v1" },
  { codec: "codec-v2 defaultOptionsV1", config: "go1.26/v1v2" },
  { codec: "codec-v2", config: "go1.26/v2" },
  { codec: "codec-v1", config: "go1.27/v1" },
  { codec: "codec-v2 defaultOptionsV1", config: "go1.27/v1v2" },
  { codec: "codec-v2", config: "go1.27/v2" },
];

type Codec = {
  unmarshal: (t: GoType, d: Uint8Array | string, o?: object) => unknown;
  marshal: (t: GoType, v: unknown, o?: object) => Uint8Array;
};

/** Whether a codec takes the goVersion option (probed once). */
function takesGoVersion(c: Codec): boolean {
  try {
    c.marshal({ kind: "bool" } as GoType, true, { goVersion: "1.26" });
    return true;
  } catch {
    return false;
  }
}

/** The outer codec and options of a side, and the encoding/json its methods call. */
function sideCodecs(side: Side): { outer: Codec; opts: Record<string, unknown>; inner: TwinCodec } {
  const go = side.config.startsWith("go1.27") ? "1.27" : "1.26";
  const c1 = v1 as unknown as Codec;
  const c2 = v2 as unknown as Codec;
  const gv1 = takesGoVersion(c1) ? { goVersion: go } : {};
  const gv2 = takesGoVersion(c2) ? { goVersion: go } : {};
  const v1opts = { ...(v2.defaultOptionsV1() as Record<string, unknown>), ...gv2 };
  // Go's methods call encoding/json: classic in the classic build, v1 on the v2 engine in the others.
  const inner: TwinCodec =
    side.codec === "codec-v1"
      ? { unmarshal: (t, d) => c1.unmarshal(t, d, gv1), marshal: (t, v) => c1.marshal(t, v, gv1) }
      : { unmarshal: (t, d) => c2.unmarshal(t, d, v1opts), marshal: (t, v) => c2.marshal(t, v, v1opts) };
  if (side.codec === "codec-v1") return { outer: c1, opts: gv1, inner };
  if (side.codec === "codec-v2 defaultOptionsV1") return { outer: c2, opts: v1opts, inner };
  return { outer: c2, opts: { deterministic: true, ...gv2 }, inner };
}

/** gojson's answer for one fixture: unmarshal into the root type, marshal it back. */
export interface Answer {
  unmarshalError?: string;
  output?: string;
  marshalError?: string;
}

const text = (b: Uint8Array) => Buffer.from(b).toString("latin1");

function goAnswer(r: RealGoResult): Answer {
  const a: Answer = {};
  if (r.unmarshalError !== undefined) a.unmarshalError = r.unmarshalError;
  if (r.output !== undefined) a.output = text(r.output);
  if (r.marshalError !== undefined) a.marshalError = r.marshalError;
  return a;
}

/** Runs every fixture of a module through gojson on one side and pairs each answer with Go's. */
export function roundTrip(id: string, side: Side): { file: string; type: string; go: Answer; ts: Answer }[] {
  const m = realGoModule(id);
  const rec = realGoRecorded(id)[side.config];
  const { outer, opts, inner } = sideCodecs(side);
  const typeOf = realGoTypes(id, inner);
  return m.fixtures.map((f, i) => {
    const ts: Answer = {};
    let t: GoType;
    try {
      t = typeOf(f.type);
    } catch (e) {
      return {
        file: f.file,
        type: f.type,
        go: goAnswer(rec.results[i] as RealGoResult),
        ts: { unmarshalError: `gotype: ${(e as Error).message}` },
      };
    }
    let v: unknown;
    try {
      v = outer.unmarshal(t, realGoFixture(id, f.file), opts);
    } catch (e) {
      ts.unmarshalError = normalizeGoMessage((e as Error).message);
      v = (e as { value?: unknown }).value ?? zero(t);
    }
    try {
      ts.output = text(outer.marshal(t, v, opts));
    } catch (e) {
      ts.marshalError = normalizeGoMessage((e as Error).message);
    }
    return { file: f.file, type: f.type, go: goAnswer(rec.results[i] as RealGoResult), ts };
  });
}
