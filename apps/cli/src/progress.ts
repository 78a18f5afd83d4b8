/**
 * A one-line progress indicator on a terminal: `diff 120/400 payloads, 3 differ`,
 * redrawn in place with a carriage return. It writes only when the stream is
 * a TTY (never into a pipe, a file or CI logs) and clears its line before
 * other output is printed, so that it never mixes with results.
 */
export interface ProgressLine {
  /** Redraws the line with the current count. */
  update(done: number, differ: number): void;
  /** Erases the line (before printing a result, and at the end). */
  clear(): void;
}

/** Writes at most one redraw per this many milliseconds. */
const REDRAW_EVERY_MS = 100;

/** A ProgressLine that does nothing: for pipes, files, CI and JSON output. */
export const NO_PROGRESS: ProgressLine = { update() {}, clear() {} };

/**
 * progressLine returns a ProgressLine on `stream` for `total` items (undefined
 * when the count is not known ahead, as for NDJSON lines), or NO_PROGRESS
 * when the stream is not a TTY.
 */
export function progressLine(
  stream: { isTTY?: boolean; write(s: string): unknown },
  total: number | undefined,
  now: () => number = Date.now,
): ProgressLine {
  if (!stream.isTTY) return NO_PROGRESS;
  let shown = false;
  let last = Number.NEGATIVE_INFINITY;
  return {
    update(done, differ) {
      const t = now();
      if (done !== total && t - last < REDRAW_EVERY_MS) return;
      last = t;
      const count = total === undefined ? `${done}` : `${done}/${total}`;
      stream.write(`\r\x1b[2Kdiff ${count} payloads, ${differ} differ`);
      shown = true;
    },
    clear() {
      if (!shown) return;
      stream.write("\r\x1b[2K");
      shown = false;
    },
  };
}
