import { describe, expect, it } from "vitest";
import { formatByteSize, medianSeconds, parseByteSize, runProbe, scaleRow } from "./scale.js";

describe("parseByteSize", () => {
  const cases: Array<{ name: string; in: string; want?: number; wantErr?: RegExp }> = [
    { name: "Plain", in: "4096", want: 4096 },
    { name: "Exponent", in: "1e6", want: 1e6 },
    { name: "MiB", in: "64MiB", want: 64 * 1024 * 1024 },
    { name: "GiB/LowerCase", in: "1gib", want: 1024 ** 3 },
    { name: "MB/Decimal", in: "100MB", want: 100e6 },
    { name: "GB/Space", in: "1 GB", want: 1e9 },
    { name: "Fraction", in: "1.5MB", want: 1.5e6 },
    { name: "BadUnit", in: "3 parsecs", wantErr: /not a byte size/ },
    { name: "Zero", in: "0", wantErr: /positive/ },
    { name: "Empty", in: "", wantErr: /not a byte size/ },
  ];
  for (const c of cases)
    it(c.name, () => {
      if (c.wantErr) expect(() => parseByteSize(c.in)).toThrow(c.wantErr);
      else expect(parseByteSize(c.in)).toBe(c.want);
    });
});

describe("formatByteSize", () => {
  const cases: Array<{ name: string; in: number; want: string }> = [
    { name: "MiB", in: 64 * 1024 * 1024, want: "64 MiB" },
    { name: "GiB", in: 1024 ** 3, want: "1 GiB" },
    { name: "MB", in: 100e6, want: "100 MB" },
    { name: "MB/AlsoWholeKiB", in: 64e6, want: "64 MB" },
    { name: "KiB", in: 4096, want: "4 KiB" },
    { name: "GB", in: 1e9, want: "1 GB" },
    { name: "Bytes", in: 12, want: "12 B" },
  ];
  for (const c of cases) it(c.name, () => expect(formatByteSize(c.in)).toBe(c.want));
});

describe("scaleRow", () => {
  it("Ok/RateFromMedianAndAllocPerByte", () => {
    const r = scaleRow(
      { group: "g", impl: "i", label: "I", side: "gojson" },
      { ok: true, inputBytes: 2e6, seconds: [3, 1, 2], allocatedBytes: 12e6, reps: 3, peakRssBytes: 5 },
    );
    expect(r.seconds).toBe(2);
    expect(r.mbPerSec).toBe(1);
    expect(r.allocPerInputByte).toBe(2);
    expect(r.peakRssBytes).toBe(5);
    expect(r.error).toBeUndefined();
  });
  it("Failed/KeepsErrorAndRss", () => {
    const r = scaleRow(
      { group: "g", impl: "i", label: "I", side: "node", inputBytes: 10 },
      { ok: false, error: "x".repeat(400), peakRssBytes: 7 },
    );
    expect(r.error).toHaveLength(300);
    expect(r.mbPerSec).toBeUndefined();
    expect(r.peakRssBytes).toBe(7);
  });
  it("MedianSeconds/Even", () => expect(medianSeconds([4, 1, 3, 2])).toBe(2.5));
});

describe("runProbe", () => {
  it("Ok/LastJsonLine", () => {
    const p = runProbe([
      process.execPath,
      "-e",
      'console.log("noise");console.log(JSON.stringify({ok:true,values:3}))',
    ]);
    expect(p).toEqual({ ok: true, values: 3 });
  });
  it("Crash/ExitStatusAndStderr", () => {
    const p = runProbe([process.execPath, "-e", 'console.error("boom");process.exit(3)']);
    expect(p.ok).toBe(false);
    expect(p.error).toMatch(/exit status 3: boom/);
  });
  it("Crash/ErrorLineOfAStack", () => {
    const p = runProbe([process.execPath, "-e", 'throw new TypeError("no such export")']);
    expect(p.error).toMatch(/^exit status 1: TypeError: no such export$/);
  });
});
