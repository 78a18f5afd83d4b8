import { afterEach, describe, expect, it } from "vitest";
import { BAIL, C, endScan } from "./cursor.js";
import { atEnd, beginWindow, endWindow, scanAt } from "./cursor-window.js";
import { skipValue, ws } from "./scan.js";
import { readString } from "./scan-string.js";

const enc = new TextEncoder();

/** Scans the value at [start, end) of the held window: its end test, or BAIL. */
function scanValue(start: number, end: number): boolean | typeof BAIL {
  if (!scanAt(start, end)) throw new Error("range refused");
  try {
    skipValue(ws());
    return atEnd();
  } catch (e) {
    if (e === BAIL) return BAIL;
    throw e;
  } finally {
    endScan();
  }
}

afterEach(() => endWindow());

describe("window scanning", () => {
  it("reads a value where it lies, strings sliced from the window's text", () => {
    const bytes = enc.encode('["a"]\n"bé"\n');
    expect(beginWindow(bytes, bytes.length)).toBe(true);
    expect(scanAt(6, 11)).toBe(true);
    expect(readString()).toBe("bé");
    expect(C.p).toBe(11);
    expect(atEnd()).toBe(true);
    endScan();
    expect(scanValue(0, 5)).toBe(true);
    expect(scanValue(0, 6)).toBe(true);
  });

  it("refuses a value that runs past its range or leaves more than whitespace in it", () => {
    const bytes = enc.encode("12 [1,2] 3");
    expect(beginWindow(bytes, bytes.length)).toBe(true);
    expect(scanValue(0, 1)).toBe(false); // 12 read whole: past the range
    expect(scanValue(0, 3)).toBe(true);
    expect(scanValue(3, 7)).toBe(false); // [1,2 then the byte after: not the end
    expect(scanValue(0, 8)).toBe(false); // 12 then [1,2]
  });

  it("refuses ranges outside the window, no window, and windows the fast path cannot read", () => {
    expect(scanAt(0, 0)).toBe(false);
    const bytes = enc.encode("[1] [2]");
    expect(beginWindow(bytes, 3)).toBe(true);
    expect(scanAt(0, 3)).toBe(true);
    endScan();
    expect(scanAt(4, 7)).toBe(false);
    expect(scanAt(2, 1)).toBe(false);
    expect(scanAt(-1, 2)).toBe(false);
    expect(beginWindow(bytes, 8)).toBe(false);
    expect(beginWindow(Uint8Array.of(0x22, 0xc3, 0x22), 3)).toBe(false);
    expect(scanAt(0, 1)).toBe(false);
  });
});
