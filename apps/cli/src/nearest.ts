/** Longest name a message shows before cutting it (a 1 MB identifier is echoed as its first 64 characters). */
export const MAX_SHOWN_NAME = 64;

/** shownName cuts a name for a message: `AAAA…` with its length when longer than MAX_SHOWN_NAME. */
export function shownName(name: string): string {
  if (name.length <= MAX_SHOWN_NAME) return name;
  return `${name.slice(0, MAX_SHOWN_NAME)}… (${name.length} characters)`;
}

/** Edit distance (Levenshtein) between a and b, giving up above `limit` (returns limit + 1). */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      cur.push(v);
      if (v < best) best = v;
    }
    if (best > limit) return limit + 1;
    prev = cur;
  }
  return prev[b.length] as number;
}

/**
 * nearest returns the candidate closest to `input` (case-insensitive equality
 * first, then the smallest edit distance within a third of the length, at
 * least 2), or undefined when none is close. Inputs longer than
 * MAX_SHOWN_NAME are never close to anything.
 */
export function nearest(input: string, candidates: Iterable<string>): string | undefined {
  if (input.length > MAX_SHOWN_NAME) return undefined;
  const lower = input.toLowerCase();
  const limit = Math.max(2, Math.floor(input.length / 3));
  let best: string | undefined;
  let bestD = limit + 1;
  for (const c of candidates) {
    if (c.toLowerCase() === lower) return c;
    const d = editDistance(lower, c.toLowerCase(), Math.min(limit, bestD - 1));
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best;
}

/**
 * suggestion says what to try instead of an unknown name: `did you mean X?`
 * when one is close, else a few of the known names (all of them when there
 * are at most `few`) and how many there are.
 */
export function suggestion(input: string, known: readonly string[], few = 5): string {
  const near = nearest(input, known);
  if (near !== undefined) return `did you mean ${near}?`;
  if (known.length === 0) return "none is declared";
  if (known.length <= few) return `known: ${known.join(", ")}`;
  return `known: ${known.slice(0, 3).join(", ")} and ${known.length - 3} more`;
}
