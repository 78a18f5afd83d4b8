import * as v1 from "@gojson/codec-v1";
import * as v2 from "@gojson/codec-v2";
import { type GoldenVector, goldenInput, goldenVectors, fromTagged, registryTypes, toTagged } from "@gojson/fixtures";
import { type GoType, goType, parseGo } from "@gojson/gotype";
import { EXIT, type ExitCode } from "../exit-codes.js";
import { writeLine } from "../io.js";
import { palette, useColor } from "../style.js";

/** The three engines of an observation, in the order they are shown. */
const ENGINES = [
  { engine: "v1", label: "v1 (encoding/json)" },
  { engine: "v1v2", label: "v1 on the v2 engine" },
  { engine: "v2", label: "v2 (encoding/json/v2)" },
] as const;

/** What gojson did for one engine of an observation, beside Go's recorded answer. */
export interface EngineOutcome {
  engine: string;
  gojson: string;
  go: string;
  agrees: boolean;
}

/** One observation of the Go JSON lesson, replayed in TypeScript. */
export interface Observation {
  name: string;
  note?: string;
  goSource: string;
  type: string;
  op: string;
  input?: string;
  outcomes: EngineOutcome[];
}

function goAnswer(v: GoldenVector): string {
  if (v.want.error) return `error: ${v.want.error.message}`;
  if (v.op === "unmarshal") return `value: ${JSON.stringify(v.want.value)}`;
  return v.want.output ?? `(base64) ${v.want.outputBase64}`;
}

function resolveType(v: GoldenVector): GoType {
  const decls = { ...registryTypes(), ...parseGo(v.goSource) };
  return goType(v.type, decls);
}

function runVector(v: GoldenVector): string {
  const type = resolveType(v);
  const opts = { ...(v.engine === "v1v2" ? v2.defaultOptionsV1() : {}), ...v.options } as never;
  const codec =
    v.engine === "v1"
      ? { marshal: (t: GoType, x: unknown) => v1.marshal(t, x, v.options as never), unmarshal: (t: GoType, d: Uint8Array, o: object) => v1.unmarshal(t, d, { ...v.options, ...o } as never) }
      : { marshal: (t: GoType, x: unknown) => v2.marshal(t, x, opts), unmarshal: (t: GoType, d: Uint8Array, o: object) => v2.unmarshal(t, d, { ...(opts as object), ...o } as never) };
  try {
    if (v.op === "marshal") return new TextDecoder().decode(codec.marshal(type, fromTagged(type, v.value ?? null)));
    const into = v.into !== undefined ? { into: fromTagged(type, v.into) } : {};
    const value = codec.unmarshal(type, goldenInput(v), into);
    return `value: ${JSON.stringify(toTagged(type, value))}`;
  } catch (e) {
    if (e instanceof Error && typeof (e as { code?: unknown }).code === "string") {
      const after = (e as { value?: unknown }).value;
      return `error: ${e.message}${after !== undefined && v.op === "unmarshal" && v.want.value !== undefined ? "" : ""}`;
    }
    throw e;
  }
}

/** Replays every observation of seed 000 with the three engines. */
export function observations(only?: string): Observation[] {
  const byName = new Map<string, GoldenVector[]>();
  for (const v of goldenVectors({ group: "seed000" })) {
    if (only && !v.name.toLowerCase().includes(only.toLowerCase())) continue;
    byName.set(v.name, [...(byName.get(v.name) ?? []), v]);
  }
  return [...byName].map(([name, vs]) => {
    const first = vs[0]!;
    return {
      name,
      ...(first.note ? { note: first.note } : {}),
      goSource: first.goSource,
      type: first.type,
      op: first.op,
      ...(first.input !== undefined ? { input: first.input } : {}),
      outcomes: ENGINES.flatMap(({ engine }) => {
        const v = vs.find((x) => x.engine === engine);
        if (!v) return [];
        const gojson = runVector(v);
        const go = goAnswer(v);
        return [{ engine, gojson, go, agrees: gojson.replace("unable to", "cannot") === go.replace("unable to", "cannot") }];
      }),
    };
  });
}

/** `gojson observe`: the lesson's observations with v1 and v2 side by side, each checked against Go's recorded answer. */
export async function observeCommand(flags: { json?: boolean; only?: string }): Promise<ExitCode> {
  const obs = observations(flags.only);
  if (flags.json) {
    writeLine(JSON.stringify({ observations: obs }, null, 2));
    return obs.every((o) => o.outcomes.every((x) => x.agrees)) ? EXIT.ok : EXIT.failed;
  }
  const c = palette(useColor(process.stdout));
  let disagree = 0;
  for (const o of obs) {
    writeLine(c.bold(o.name));
    if (o.note) writeLine(c.dim(`  ${o.note}`));
    writeLine(c.dim(`  ${o.op} ${o.type}${o.input !== undefined ? ` ← ${o.input}` : ""}`));
    for (const x of o.outcomes) {
      const label = ENGINES.find((e) => e.engine === x.engine)!.label.padEnd(22);
      writeLine(`  ${label} ${x.gojson}${x.agrees ? c.green("  ✓ as Go") : c.red(`  ✗ Go: ${x.go}`)}`);
      if (!x.agrees) disagree += 1;
    }
    writeLine("");
  }
  writeLine(`${obs.length} observations; ${disagree === 0 ? "gojson agrees with Go on every one" : `${disagree} outcomes differ from Go`}`);
  return disagree === 0 ? EXIT.ok : EXIT.failed;
}
