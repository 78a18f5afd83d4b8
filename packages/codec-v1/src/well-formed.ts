/**
 * ES2024 String.prototype.isWellFormed / toWellFormed (Node 20 has them):
 * lone UTF-16 surrogates become U+FFFD, as Go's UTF-8 conversion does.
 */
interface Es2024String {
  isWellFormed(): boolean;
  toWellFormed(): string;
}

/** `s` with every lone surrogate replaced by U+FFFD. */
export function wellFormed(s: string): string {
  const w = s as unknown as Es2024String;
  return w.isWellFormed() ? s : w.toWellFormed();
}

/** Whether `s` has no lone surrogate (ES2024 String.prototype.isWellFormed). */
export function isWellFormed(s: string): boolean {
  return (s as unknown as Es2024String).isWellFormed();
}
