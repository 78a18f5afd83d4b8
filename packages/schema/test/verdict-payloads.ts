/**
 * The payloads whose Go verdicts are recorded: for each target type, short
 * objects that put one candidate value (numbers at every range edge, strings
 * in every format Go parses, arrays, objects) into one member, into a list
 * element, a map value or a map key; case variants and unknown members;
 * and whole values. Deterministic: the same list every run.
 */
import { type GoType, structFields } from "@gojson/gotype";

/** Candidate JSON values put into each position. */
export const CANDIDATES: readonly string[] = [
  "null",
  "true",
  "false",
  "0",
  "-0",
  "1",
  "-1",
  "1.5",
  "1.0",
  "1e2",
  "127",
  "128",
  "-129",
  "255",
  "256",
  "65536",
  "2147483648",
  "4294967296",
  "9007199254740993",
  "9223372036854775807",
  "9223372036854775808",
  "-9223372036854775809",
  "18446744073709551615",
  "18446744073709551616",
  "3.5e38",
  "1e400",
  '""',
  '"a"',
  '"0"',
  '"12"',
  '"-5"',
  '"007"',
  '"+5"',
  '"1.5"',
  '"1e3"',
  '"true"',
  '"null"',
  '"\\"q\\""',
  '"QUJD"',
  '"QUI="',
  '"QUJD\\n"',
  '"QQ"',
  '"414243"',
  '"2006-01-02T15:04:05Z"',
  '"2006-01-02T15:04:05.123+07:00"',
  '"2006-02-30T00:00:00Z"',
  '"2006-01-02t15:04:05z"',
  '"1h30m"',
  '"1.5s"',
  '"NaN"',
  '"Infinity"',
  "[]",
  "[1,2]",
  "[1,2,3]",
  '["a"]',
  "[null]",
  "{}",
  '{"a":1}',
  '{"1":"x"}',
];

/** Candidate member names put into maps. */
export const KEY_CANDIDATES: readonly string[] = [
  "k",
  "0",
  "1",
  "-1",
  "+1",
  "007",
  "256",
  "-0",
  "1.5",
  "1e2",
  "true",
  "2006-01-02T15:04:05Z",
];

/** One payload for one target. */
export interface Payload {
  /** Target: a Go type name of the verdict types, or a type expression over them. */
  readonly t: string;
  /** The JSON text. */
  readonly p: string;
}

function unwrap(t: GoType): GoType {
  return t.kind === "pointer" ? unwrap(t.elem) : t;
}

/** Where a candidate can sit inside a value of `t`: templates with one `@` hole. */
function holes(t: GoType, depth: number): string[] {
  const u = unwrap(t);
  const out = ["@"];
  if (depth <= 0) return out;
  switch (u.kind) {
    case "slice":
    case "array":
      for (const h of holes(u.elem, depth - 1)) out.push(`[${h}]`);
      break;
    case "map":
      for (const h of holes(u.elem, depth - 1)) out.push(`{"k":${h}}`, `{"1":${h}}`);
      break;
    case "struct":
      if (u.known !== undefined) break;
      for (const f of structFields(u, "v1").fields)
        for (const h of holes(f.type, depth - 1)) out.push(`{${JSON.stringify(f.name)}:${h}}`);
      break;
    default:
      break;
  }
  return out;
}

/** Member-name variants of a struct: case changes, separators, unknown and duplicate names. */
function nameVariants(t: GoType): string[] {
  const u = unwrap(t);
  if (u.kind !== "struct" || u.known !== undefined) return [];
  const out: string[] = ['{"zzz":1}', '{"zzz":{"a":[1]}}'];
  for (const f of structFields(u, "v1").fields) {
    const n = f.name;
    const variants = new Set([
      n.toUpperCase(),
      n.toLowerCase(),
      n.slice(0, 1).toLowerCase() + n.slice(1),
      `${n}_`,
      `_${n}`,
      n.replace(/_/g, ""),
      n.replace(/_/g, "-"),
      n.replace(/k/g, "\u212a").replace(/K/g, "\u212a"),
    ]);
    variants.delete(n);
    for (const v of variants) out.push(`{${JSON.stringify(v)}:0}`, `{${JSON.stringify(v)}:null}`);
    out.push(`{${JSON.stringify(n)}:null,${JSON.stringify(n)}:null}`);
  }
  return out;
}

/** Member names in maps of `t` (directly or one struct level down). */
function keyHoles(t: GoType, depth: number): string[] {
  const u = unwrap(t);
  const out: string[] = [];
  if (u.kind === "map") out.push("{@:null}");
  if (depth > 0 && u.kind === "struct" && u.known === undefined)
    for (const f of structFields(u, "v1").fields)
      for (const h of keyHoles(f.type, depth - 1)) out.push(`{${JSON.stringify(f.name)}:${h}}`);
  return out;
}

/** Every payload for target `t` (named `name`). */
export function payloadsFor(name: string, t: GoType): Payload[] {
  const seen = new Set<string>();
  const out: Payload[] = [];
  const add = (p: string) => {
    if (!seen.has(p)) {
      seen.add(p);
      out.push({ t: name, p });
    }
  };
  for (const h of holes(t, 2)) for (const c of CANDIDATES) add(h.replace("@", c));
  for (const h of keyHoles(t, 1)) for (const k of KEY_CANDIDATES) add(h.replace("@", JSON.stringify(k)));
  for (const v of nameVariants(t)) add(v);
  return out;
}
