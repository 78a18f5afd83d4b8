/**
 * What a call answers, as a test compares it: its value, or `error: <message>`; and a call made
 * with a codec's fast-path switch turned off (its exact engine alone).
 */

/** The value f returns, or `error: <message>` when it throws. */
export function outcome(f: () => unknown): unknown {
  try {
    return f();
  } catch (e) {
    return `error: ${(e as Error).message}`;
  }
}

/** outcome(f) with `fast.enabled` false during the call (a codec's fast-path switch). */
export function outcomeWithout(fast: { enabled: boolean }, f: () => unknown): unknown {
  const was = fast.enabled;
  fast.enabled = false;
  try {
    return outcome(f);
  } finally {
    fast.enabled = was;
  }
}
