import v8 from "node:v8";
import { describe, expect, it } from "vitest";
import { beginScan, endScan } from "./cursor.js";

describe("cursor text memory", () => {
  it("BigInput/NoExternalCopy: a big input's text lives in V8's heap, not as an external string", () => {
    // 3 MB: past Node's ~1 MB limit for Latin-1 heap strings, within the scratch buffer it keeps.
    const data = new Uint8Array(3_000_000).fill(0x20);
    data[0] = 0x5b;
    data[data.length - 1] = 0x5d;
    const scan = () => {
      try {
        expect(beginScan(data)).toBe(true);
      } finally {
        endScan();
      }
    };
    scan(); // sizes the scratch buffer
    // This isolate's external memory (other test workers have their own).
    const before = v8.getHeapStatistics().external_memory;
    scan();
    // An external Latin-1 copy of the text would add 3 MB.
    expect(v8.getHeapStatistics().external_memory - before).toBeLessThan(1_000_000);
  });
});
