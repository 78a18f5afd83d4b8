import cliProgress from "cli-progress";

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

/** A cli-progress bar on stderr, or a no-op reporter when not on a terminal / in CI. */
export function createProgress(enabled = progressEnabled()): Progress {
  if (!enabled) return { start() {}, tick() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: " {bar} {percentage}% | {value}/{total} | {label}", hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  let value = 0;
  return {
    start(total, label) {
      value = 0;
      bar.start(total, 0, { label });
    },
    tick(label) {
      value++;
      bar.update(value, label ? { label } : {});
    },
    stop() {
      bar.stop();
    },
  };
}
