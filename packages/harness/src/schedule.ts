import type { RoundOrder } from "./result.js";

/**
 * Order of candidates in round `round`.
 * - ABBA: forward in even rounds, reversed in odd ones (A B | B A | A B ...),
 *   so a linear drift in machine speed cancels over each pair of rounds.
 * - rotate: a cyclic shift per round (each candidate takes each position).
 * - AB: always forward (only for checking what ABBA buys).
 */
export function roundOrder<T>(items: readonly T[], round: number, order: RoundOrder): T[] {
  if (order === "AB") return [...items];
  if (order === "ABBA") return round % 2 === 0 ? [...items] : [...items].reverse();
  const k = round % Math.max(items.length, 1);
  return [...items.slice(k), ...items.slice(0, k)];
}
