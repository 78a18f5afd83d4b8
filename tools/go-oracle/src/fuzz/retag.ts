/**
 * Re-tagging of a generated case's declared names. A compiled case's declared types carry a
 * tag drawn by the generator (`N1_0005`); fast-check favours small numbers, so the cases of one
 * block often share a tag and their declarations would clash in one program. The campaign
 * re-tags every case from its seed, which is unique within a campaign, so a block's compiled
 * cases always fit one program. Only the names change: the types, values and inputs do not.
 */
import { TAG_DIGITS } from "./spec.js";

/** The tag of the case generated from `seed`: its seed in base 36, the last TAG_DIGITS digits. */
export function seedTag(seed: number): string {
  const space = 36 ** TAG_DIGITS;
  return (((seed % space) + space) % space).toString(36).padStart(TAG_DIGITS, "0");
}

/**
 * The case with every declared name carrying `tag` (type names, embedded field names and the
 * keys that name them in tagged values). A case without tagged names is returned as it is.
 */
export function retag<T>(c: T, tag: string): T {
  let old: string | undefined;
  const find = (x: unknown): void => {
    if (old !== undefined || x === null || typeof x !== "object") return;
    const o = x as Record<string, unknown>;
    if ((o.k === "named" || o.k === "struct") && typeof o.name === "string") {
      const m = /^[NES][0-9]+_([0-9a-z]+)$/.exec(o.name);
      if (m) {
        old = m[1];
        return;
      }
    }
    for (const v of Array.isArray(x) ? x : Object.values(o)) find(v);
  };
  find((c as { spec?: unknown }).spec ?? c);
  if (old === undefined || old === tag) return c;
  const re = new RegExp(`^([NES][0-9]+)_${old}$`);
  const name = (s: string) => s.replace(re, `$1_${tag}`);
  const walk = (x: unknown): unknown => {
    if (typeof x === "string") return name(x);
    if (x === null || typeof x !== "object") return x;
    if (Array.isArray(x)) return x.map(walk);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(x)) out[name(k)] = walk(v);
    return out;
  };
  return walk(c) as T;
}
