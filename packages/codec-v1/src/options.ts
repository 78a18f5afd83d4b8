/**
 * Options of codec-v1, with Go's names in camelCase, checked and resolved once
 * at the API boundary: an unknown option name (the nearest known one is
 * suggested) or a value of the wrong type is an InvalidArgumentError, never
 * ignored.
 */
import { InvalidArgumentError } from "./errors.js";
import { DEFAULT_GO_VERSION, GO_VERSIONS, type GoVersion } from "./go-version.js";
import { describeValue } from "./value-check.js";

/** Options for `marshal` (Go's Marshal / MarshalIndent / Encoder settings). */
export interface MarshalOptions {
  /** Escape `<`, `>` and `&` in strings (Go's default, Encoder.SetEscapeHTML). Default true. Affects marshal. */
  readonly escapeHTML?: boolean;
  /** Line prefix for indented output (Go's MarshalIndent prefix). Setting `prefix` or `indent` turns indentation on. */
  readonly prefix?: string;
  /** Indent unit for indented output (Go's MarshalIndent indent). */
  readonly indent?: string;
  /** The Go release whose behaviour to reproduce (see go-version.ts). Default "1.27". Affects marshal and unmarshal. */
  readonly goVersion?: GoVersion;
}

/** Options of a Decoder and of unmarshalRead / decodeValues (Go's Decoder settings). */
export interface DecodeOptions {
  /** Decode numbers into `any` as JsonNumber instead of float64 (Decoder.UseNumber). Affects unmarshal. */
  readonly useNumber?: boolean;
  /** Report object keys that match no struct field (Decoder.DisallowUnknownFields). Affects unmarshal. */
  readonly disallowUnknownFields?: boolean;
  /** The Go release whose behaviour to reproduce (see go-version.ts). Default "1.27". */
  readonly goVersion?: GoVersion;
}

/** Options for `unmarshal` (Go's Unmarshal and Decoder settings); `T` is the destination's TypeScript type. */
export interface UnmarshalOptions<T = unknown> extends DecodeOptions {
  /** An existing value to decode into, merged as Go merges into a non-zero destination. */
  readonly into?: T;
}

/** Options of an Encoder (Go's Encoder settings; SetIndent and SetEscapeHTML may change them later). */
export interface EncoderOptions {
  /** Go's Encoder.SetEscapeHTML. Default true. */
  readonly escapeHTML?: boolean;
  /** Go's Encoder.SetIndent prefix. */
  readonly prefix?: string;
  /** Go's Encoder.SetIndent indent. */
  readonly indent?: string;
  /** The Go release whose behaviour to reproduce (see go-version.ts). Default "1.27". */
  readonly goVersion?: GoVersion;
}

/** Resolved marshal options. */
export interface ResolvedMarshal {
  readonly escapeHTML: boolean;
  readonly indent: { readonly prefix: string; readonly indent: string } | null;
  readonly goVersion: GoVersion;
}

/** Resolved decode options. */
export interface ResolvedDecode {
  readonly useNumber: boolean;
  readonly disallowUnknownFields: boolean;
  readonly goVersion: GoVersion;
}

type Kind = "boolean" | "string" | "goVersion" | "any";

const MARSHAL: Readonly<Record<string, Kind>> = {
  escapeHTML: "boolean",
  prefix: "string",
  indent: "string",
  goVersion: "goVersion",
};
const DECODE: Readonly<Record<string, Kind>> = {
  useNumber: "boolean",
  disallowUnknownFields: "boolean",
  goVersion: "goVersion",
};
const UNMARSHAL: Readonly<Record<string, Kind>> = { ...DECODE, into: "any" };
const INTO: Readonly<Record<string, Kind>> = { into: "any" };

/** The options of a call that gives none (one frozen object, not one per call). */
const NO_OPTIONS = Object.freeze({});

/**
 * Names of other codecs' options (json/v2, jsontext, JSON.parse habits) and the codec-v1 option
 * that does the same, suggested when they are passed here.
 */
const ALIASES: Readonly<Record<string, string>> = {
  rejectunknownmembers: "disallowUnknownFields",
  rejectunknownmember: "disallowUnknownFields",
  disallowunknownfield: "disallowUnknownFields",
  strict: "disallowUnknownFields",
  usenumbers: "useNumber",
  escapeforhtml: "escapeHTML",
  escapehtml: "escapeHTML",
  withindent: "indent",
  withindentprefix: "prefix",
  multiline: "indent",
  goversion: "goVersion",
  version: "goVersion",
};

/** Levenshtein distance of two short strings. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(
        (prev[j] as number) + 1,
        (cur[j - 1] as number) + 1,
        (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    prev = cur;
  }
  return prev[b.length] as number;
}

/** The known option name nearest to `name`, or undefined when none is near. */
function nearest(name: string, known: readonly string[]): string | undefined {
  const alias = ALIASES[name.toLowerCase()];
  if (alias !== undefined && known.includes(alias)) return alias;
  let best: string | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (const k of known) {
    const d = distance(name.toLowerCase(), k.toLowerCase());
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  }
  return bestD <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

/** Throws InvalidArgumentError unless `o` is undefined or an object whose keys are in `known` with values of their kinds. */
function check(operation: string, o: unknown, known: Readonly<Record<string, Kind>>): void {
  if (o === undefined) return;
  if (typeof o !== "object" || o === null || Array.isArray(o))
    throw new InvalidArgumentError(operation, "options", `must be an object, got ${describeValue(o)}`);
  // for-in, not Object.keys: no array allocated per call.
  for (const k in o) {
    if (!Object.hasOwn(o, k)) continue;
    const kind = known[k];
    const v = (o as Record<string, unknown>)[k];
    if (kind === undefined) {
      const names = Object.keys(known);
      const other = Object.hasOwn(MARSHAL, k) ? "marshal" : Object.hasOwn(UNMARSHAL, k) ? "unmarshal" : null;
      if (other !== null)
        throw new InvalidArgumentError(
          operation,
          `option ${JSON.stringify(k)}`,
          `is ${other === "unmarshal" ? "an" : "a"} ${other} option, not one of ${operation}'s (${names.join(", ")})`,
        );
      const near = nearest(k, names);
      throw new InvalidArgumentError(
        operation,
        `option ${JSON.stringify(k)}`,
        near !== undefined
          ? `is unknown (did you mean ${JSON.stringify(near)}?)`
          : `is unknown (known: ${names.join(", ")})`,
      );
    }
    if (v === undefined || kind === "any") continue;
    if (kind === "goVersion") {
      if (!(GO_VERSIONS as readonly unknown[]).includes(v))
        throw new InvalidArgumentError(
          operation,
          `option "goVersion"`,
          `must be one of ${GO_VERSIONS.map((x) => JSON.stringify(x)).join(", ")}, got ${describeValue(v)}`,
        );
    } else if (typeof v !== kind)
      throw new InvalidArgumentError(
        operation,
        `option ${JSON.stringify(k)}`,
        `must be a ${kind}, got ${describeValue(v)}`,
      );
  }
}

const DEFAULT_MARSHAL: ResolvedMarshal = Object.freeze({
  escapeHTML: true,
  indent: null,
  goVersion: DEFAULT_GO_VERSION,
});

/** Checks and resolves marshal options once (`operation` names the caller in errors). */
export function resolveMarshal(o: MarshalOptions | undefined, operation = "marshal"): ResolvedMarshal {
  if (o === undefined) return DEFAULT_MARSHAL;
  check(operation, o, MARSHAL);
  const ind =
    o.prefix !== undefined || o.indent !== undefined
      ? { prefix: o.prefix ?? "", indent: o.indent ?? "" }
      : null;
  return Object.freeze({
    escapeHTML: o.escapeHTML ?? true,
    indent: ind,
    goVersion: o.goVersion ?? DEFAULT_GO_VERSION,
  });
}

/** Checks the options of Decoder.decode (only `into`: the Decoder holds the others); returns them unchanged. */
export function checkInto<O extends { readonly into?: unknown }>(o: O | undefined, operation: string): O {
  check(operation, o, INTO);
  return o ?? (NO_OPTIONS as O);
}

/** Checks unmarshal options (`into` included); returns them unchanged. */
export function checkUnmarshal<O extends UnmarshalOptions<unknown>>(o: O | undefined, operation: string): O {
  check(operation, o, UNMARSHAL);
  return o ?? (NO_OPTIONS as O);
}

const DEFAULT_DECODE: ResolvedDecode = Object.freeze({
  useNumber: false,
  disallowUnknownFields: false,
  goVersion: DEFAULT_GO_VERSION,
});

/** Checks and resolves Decoder / unmarshalRead / decodeValues options. */
export function resolveDecode(o: DecodeOptions | undefined, operation: string): ResolvedDecode {
  if (o === undefined) return DEFAULT_DECODE;
  check(operation, o, DECODE);
  return Object.freeze({
    useNumber: o.useNumber ?? false,
    disallowUnknownFields: o.disallowUnknownFields ?? false,
    goVersion: o.goVersion ?? DEFAULT_GO_VERSION,
  });
}

/** Checks Encoder options. */
export function checkEncoder(o: EncoderOptions | undefined): EncoderOptions {
  check("Encoder", o, MARSHAL);
  return o ?? {};
}
