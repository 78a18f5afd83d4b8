/** A progress reporter; silent when stderr is not a TTY or CI=true. */
export interface Progress {
  start(total: number, label: string): void;
  tick(label?: string): void;
  stop(): void;
}

/** True when a live progress bar should be drawn. */
export function progressEnabled(): boolean {
  return Boolean(process.stderr.isTTY) && process.env.CI !== "true" && process.env.CI !== "1";
}

/** Width of the drawn bar, in characters. */
export const PROGRESS_BAR_WIDTH = 30;

/** One line of the bar: `█████░░░░░ 50% | 5/10 | label`. */
export function progressLine(
  value: number,
  total: number,
  label: string,
  width = PROGRESS_BAR_WIDTH,
): string {
  const frac = total > 0 ? Math.min(1, value / total) : 0;
  const full = Math.round(frac * width);
  return ` ${"█".repeat(full)}${"░".repeat(width - full)} ${Math.round(frac * 100)}% | ${value}/${total} | ${label}`;
}

/** A one-line progress bar redrawn in place on stderr, or a no-op reporter when not on a terminal / in CI. */
export function createProgress(enabled = progressEnabled()): Progress {
  if (!enabled) return { start() {}, tick() {}, stop() {} };
  const out = process.stderr;
  let value = 0;
  let total = 0;
  let label = "";
  const draw = () => {
    const cols = out.columns || 100;
    out.write(`\r${progressLine(value, total, label).slice(0, cols - 1)}\x1b[K`);
  };
  return {
    start(t, l) {
      value = 0;
      total = t;
      label = l;
      out.write("\x1b[?25l");
      draw();
    },
    tick(l) {
      value++;
      if (l) label = l;
      draw();
    },
    stop() {
      draw();
      out.write("\n\x1b[?25h");
    },
  };
}
