import * as v1 from "@gojson/codec-v1";
import * as v2 from "@gojson/codec-v2";
import type { GoType } from "@gojson/gotype";
import { caseInsensitiveMatches } from "./case-matches.js";
import { isGoError } from "./codecs.js";
import { DIFFERENCES, type Difference } from "./differences.js";
import { sameValue } from "./same-value.js";

/** What one codec made of a payload. */
export interface Outcome {
  readonly ok: boolean;
  readonly value?: unknown;
  readonly error?: string;
  /** Go's error itself (its code, offset and pointer), when the codec rejected the payload. */
  readonly failure?: Error;
}

/** One difference that explains why v1 and v2 disagree on a payload. */
export interface Cause {
  readonly id: string;
  readonly title: string;
  readonly detail: string;
}

/** The migration verdict for one payload. */
export interface PayloadVerdict {
  /** v1 and v2 disagree: one accepts what the other rejects, or they decode different values. */
  readonly differs: boolean;
  /** Both v1 and v2 reject the payload (not a migration difference, but not a payload of this type either). */
  readonly bothReject: boolean;
  readonly v1: Outcome;
  readonly v2: Outcome;
  readonly causes: readonly Cause[];
}

const UNMARSHAL_DIFFERENCES = DIFFERENCES.filter((d) => d.affects !== "marshal");

function run(f: () => unknown): Outcome {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    // Go's errors are an outcome; an unusable input (Go source, missing twin) or a bug is not.
    if (isGoError(e)) return { ok: false, error: e.message, failure: e };
    throw e;
  }
}

function agree(a: Outcome, b: Outcome): boolean {
  return a.ok === b.ok && (a.ok ? sameValue(a.value, b.value) : true);
}

/**
 * Decodes a payload with codec-v1 and codec-v2 and, when they disagree,
 * finds which of the sixteen differences explain it: the smallest set of v2
 * legacy options (tried one at a time, then accumulated) under which v2
 * agrees with v1.
 */
export function comparePayload(type: GoType, bytes: Uint8Array): PayloadVerdict {
  const r1 = run(() => v1.unmarshal(type, bytes));
  const r2 = run(() => v2.unmarshal(type, bytes));
  if (agree(r1, r2)) return { differs: false, bothReject: !r1.ok && !r2.ok, v1: r1, v2: r2, causes: [] };

  const single = UNMARSHAL_DIFFERENCES.filter((d) =>
    agree(
      r1,
      run(() => v2.unmarshal(type, bytes, d.legacyOptions as never)),
    ),
  );
  let found: Difference[] = single;
  if (found.length === 0) {
    // Several differences at once: add options while each one changes v2's answer.
    const acc: Record<string, unknown> = {};
    found = [];
    let last = r2;
    for (const d of UNMARSHAL_DIFFERENCES) {
      const next = run(() => v2.unmarshal(type, bytes, { ...acc, ...d.legacyOptions } as never));
      if (!agree(next, last) || (last.ok === false && next.ok === false && next.error !== last.error)) {
        Object.assign(acc, d.legacyOptions);
        found.push(d);
        last = next;
        if (agree(r1, next)) break;
      }
    }
  }
  const causes = found.map((d) => ({ id: d.id, title: d.title, detail: describe(d, type, bytes, r2) }));
  if (causes.length === 0)
    causes.push({ id: "unexplained", title: "unexplained", detail: r2.error ?? "values differ" });
  return { differs: true, bothReject: false, v1: r1, v2: r2, causes };
}

function describe(d: Difference, type: GoType, bytes: Uint8Array, r2: Outcome): string {
  if (d.id === "case-sensitivity") {
    const matches = caseInsensitiveMatches(type, bytes);
    if (matches.length > 0)
      return matches
        .map((m) => `case-insensitive match of ${JSON.stringify(m.key)} to ${m.field}`)
        .join("; ");
  }
  return r2.error ?? d.title;
}
