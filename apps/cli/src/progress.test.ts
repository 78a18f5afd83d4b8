import { describe, expect, it } from "vitest";
import { NO_PROGRESS, progressLine } from "./progress.js";

function sink(isTTY: boolean) {
  const written: string[] = [];
  return { isTTY, written, write: (s: string) => written.push(s) };
}

describe("progressLine", () => {
  it("writes nothing when the stream is not a TTY", () => {
    const s = sink(false);
    const p = progressLine(s, 3);
    expect(p).toBe(NO_PROGRESS);
    p.update(1, 0);
    p.clear();
    expect(s.written).toEqual([]);
  });

  it("redraws one line in place on a TTY and erases it", () => {
    const s = sink(true);
    let t = 0;
    const p = progressLine(s, 3, () => t);
    p.update(1, 0);
    t += 10;
    p.update(2, 1); // too soon after the last redraw: skipped
    p.update(3, 1); // the last one is always drawn
    p.clear();
    p.clear(); // already clear: nothing more
    expect(s.written).toEqual([
      "\r\x1b[2Kdiff 1/3 payloads, 0 differ",
      "\r\x1b[2Kdiff 3/3 payloads, 1 differ",
      "\r\x1b[2K",
    ]);
  });

  it("counts without a total when the number of items is not known ahead", () => {
    const s = sink(true);
    const p = progressLine(s, undefined, () => 0);
    p.update(1, 0);
    p.update(7, 2); // throttled: no total to finish on
    expect(s.written).toEqual(["\r\x1b[2Kdiff 1 payloads, 0 differ"]);
  });
});
