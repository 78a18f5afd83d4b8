import * as v1 from "@gojson/codec-v1";
import * as v2 from "@gojson/codec-v2";
import {
  fromTagged,
  type GoldenVector,
  goldenInput,
  goldenVectors,
  goValueHooks,
  withRegistryMethods,
} from "@gojson/fixtures";
import { type GoType, goType, parseGo } from "@gojson/gotype";
import { CliError, EXIT, type ExitCode } from "../exit-codes.js";
import { goLiteral } from "../go-literal.js";
import { cliIo, writeLine } from "../io.js";
import { shownName, suggestion } from "../nearest.js";
import { sameValue } from "../same-value.js";
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
  /** The golden vector's name (`Seed000/Internals/OmitEmpty/Bool`). */
  name: string;
  /** The name without the lesson's prefixes (`OmitEmpty/Bool`). */
  title: string;
  note?: string;
  goSource: string;
  type: string;
  op: string;
  input?: string;
  /** For marshal: the Go value, written as a Go literal (`T{V: true}`). */
  value?: string;
  outcomes: EngineOutcome[];
}

/** The lesson's prefixes, left out of the names shown. */
const PREFIXES = /^(Seed\d+\/)?(Internals\/)?/;

/** titleOf is an observation's name without the lesson's prefixes. */
export function titleOf(name: string): string {
  return name.replace(PREFIXES, "");
}

function goAnswer(v: GoldenVector, type: GoType): string {
  if (v.want.error) return `error: ${v.want.error.message}`;
  if (v.op === "unmarshal") return goLiteral(type, fromTagged(type, v.want.value ?? null, goValueHooks));
  return v.want.output ?? `(base64) ${v.want.outputBase64}`;
}

function resolveType(v: GoldenVector): GoType {
  const decls = withRegistryMethods(parseGo(v.goSource));
  return goType(v.type, decls);
}

/**
 * The v1 API's settings (json.Decoder.UseNumber, DisallowUnknownFields,
 * Encoder.SetEscapeHTML, SetIndent) as the v2 options Go's v1-on-v2 engine
 * turns them into.
 */
function v1SettingsAsV2(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(o)) {
    if (k === "useNumber") out.unmarshalAnyWithRawNumber = x;
    else if (k === "disallowUnknownFields") out.rejectUnknownMembers = x;
    else if (k === "escapeHTML") out.escapeForHTML = x;
    else if (k === "indent") out.withIndent = x;
    else if (k === "prefix") out.withIndentPrefix = x;
    else out[k] = x;
  }
  return out;
}

/** What gojson made of a vector: the text shown, and the value or error to compare with Go's. */
interface Run {
  shown: string;
  value?: unknown;
  error?: string;
}

function runVector(v: GoldenVector, type: GoType): Run {
  const opts = (
    v.engine === "v1v2" ? { ...v2.defaultOptionsV1(), ...v1SettingsAsV2(v.options) } : v.options
  ) as never;
  const codec =
    v.engine === "v1"
      ? {
          marshal: (t: GoType, x: unknown) => v1.marshal(t, x, v.options as never),
          unmarshal: (t: GoType, d: Uint8Array, o: object) =>
            v1.unmarshal(t, d, { ...v.options, ...o } as never),
        }
      : {
          marshal: (t: GoType, x: unknown) => v2.marshal(t, x, opts),
          unmarshal: (t: GoType, d: Uint8Array, o: object) =>
            v2.unmarshal(t, d, { ...(opts as object), ...o } as never),
        };
  try {
    if (v.op === "marshal") {
      const out = new TextDecoder().decode(
        codec.marshal(type, fromTagged(type, v.value ?? null, goValueHooks)),
      );
      return { shown: out, value: out };
    }
    const into = v.into !== undefined ? { into: fromTagged(type, v.into, goValueHooks) } : {};
    const value = codec.unmarshal(type, goldenInput(v), into);
    return { shown: goLiteral(type, value), value };
  } catch (e) {
    if (e instanceof Error && typeof (e as { code?: unknown }).code === "string") {
      return { shown: `error: ${e.message}`, error: e.message.replace("unable to", "cannot") };
    }
    throw e;
  }
}

/** Whether gojson's run gives Go's answer: same error text, same bytes, or the same value (map order and float spelling aside). */
function agreesWithGo(v: GoldenVector, type: GoType, r: Run): boolean {
  if (v.want.error) return r.error === v.want.error.message.replace("unable to", "cannot");
  if (r.error !== undefined) return false;
  if (v.op === "marshal") return r.value === v.want.output;
  return sameValue(r.value, fromTagged(type, v.want.value ?? null, goValueHooks));
}

/**
 * Replays the observations of seed 000 with the three engines; `only` keeps
 * those whose name contains it (case-insensitive), and matching none is a
 * usage error that suggests a name.
 */
export function observations(only?: string): Observation[] {
  const byName = new Map<string, GoldenVector[]>();
  const all = goldenVectors({ group: "seed000" });
  const needle = only?.toLowerCase();
  for (const v of all) {
    if (needle !== undefined && !v.name.toLowerCase().includes(needle)) continue;
    byName.set(v.name, [...(byName.get(v.name) ?? []), v]);
  }
  if (only !== undefined && byName.size === 0) {
    const words = new Set<string>();
    for (const v of all) for (const w of titleOf(v.name).split("/")) words.add(w);
    throw new CliError(
      `--only ${JSON.stringify(shownName(only))} matches no observation; ${suggestion(only, [...words]).replace("known:", "names contain, e.g.:")}`,
      EXIT.usage,
    );
  }
  return [...byName].map(([name, vs]) => {
    const first = vs[0] as GoldenVector;
    const firstType = resolveType(first);
    return {
      name,
      title: titleOf(name),
      ...(first.note ? { note: first.note } : {}),
      goSource: first.goSource,
      type: first.type,
      op: first.op,
      ...(first.input !== undefined ? { input: first.input } : {}),
      ...(first.op === "marshal" && first.value !== undefined
        ? { value: goLiteral(firstType, fromTagged(firstType, first.value, goValueHooks)) }
        : {}),
      outcomes: ENGINES.flatMap(({ engine }) => {
        const v = vs.find((x) => x.engine === engine);
        if (!v) return [];
        const type = resolveType(v);
        const r = runVector(v, type);
        return [{ engine, gojson: r.shown, go: goAnswer(v, type), agrees: agreesWithGo(v, type, r) }];
      }),
    };
  });
}

/** The Go declarations of an observation, without blank lines, cut at a dozen lines. */
function declarationLines(goSource: string): string[] {
  const lines = goSource.split("\n").filter((l) => l.trim() !== "" && !l.startsWith("package "));
  return lines.length <= 12 ? lines : [...lines.slice(0, 11), `… (${lines.length - 11} more lines)`];
}

/** `gojson observe`: the lesson's observations with v1 and v2 side by side, each checked against Go's recorded answer. */
export async function observeCommand(flags: { json?: boolean; only?: string }): Promise<ExitCode> {
  const obs = observations(flags.only);
  if (flags.json) {
    writeLine(JSON.stringify({ observations: obs }, null, 2));
    return obs.every((o) => o.outcomes.every((x) => x.agrees)) ? EXIT.ok : EXIT.failed;
  }
  const c = palette(useColor(cliIo().stdout));
  let disagree = 0;
  for (const o of obs) {
    writeLine(`${c.bold(o.title)} ${c.dim(`(${o.op})`)}`);
    if (o.note) writeLine(c.dim(`  ${o.note}`));
    for (const l of declarationLines(o.goSource)) writeLine(`  ${c.cyan(l.replace(/\t/g, "    "))}`);
    if (o.op === "marshal") writeLine(`  marshal ${o.value ?? o.type}`);
    else writeLine(`  unmarshal ${o.input ?? ""} into ${o.type}`);
    for (const x of o.outcomes) {
      const label = ENGINES.find((e) => e.engine === x.engine)!.label.padEnd(22);
      writeLine(`  ${label} ${x.gojson}${x.agrees ? c.green("  ✓ as Go") : c.red(`  ✗ Go: ${x.go}`)}`);
      if (!x.agrees) disagree += 1;
    }
    writeLine("");
  }
  writeLine(
    `${obs.length} observation${obs.length === 1 ? "" : "s"}; ${disagree === 0 ? "gojson agrees with Go on every one" : `${disagree} outcomes differ from Go`}`,
  );
  return disagree === 0 ? EXIT.ok : EXIT.failed;
}
