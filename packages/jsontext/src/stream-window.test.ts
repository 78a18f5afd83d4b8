import { describe, expect, it } from "vitest";
import { JsonError } from "./errors.js";
import { type ByteSource, type ReadableFile, readAll } from "./stream-source.js";
import { STREAM_WINDOW, StreamWindow, valueEnd } from "./stream-window.js";

const enc = new TextEncoder();
const dec = new TextDecoder();

/** A ReadableFile over bytes in memory that hands out at most `step` bytes a read, and counts reads. */
function memFile(b: Uint8Array, step = 1 << 30): ReadableFile & { reads: number } {
  let at = 0;
  const f = {
    reads: 0,
    async read(buffer: Uint8Array, offset: number, length: number) {
      f.reads++;
      const n = Math.min(length, step, b.length - at);
      buffer.set(b.subarray(at, at + n), offset);
      at += n;
      return { bytesRead: n };
    },
  };
  return f;
}

/** Every value the window frames, as text, read to the end. */
async function values(w: StreamWindow): Promise<string[]> {
  const out: string[] = [];
  for (;;) {
    while (!w.frame()) await w.fill();
    if (!w.started) return out;
    out.push(dec.decode(w.buf.subarray(w.valueStart, w.valueEnd)));
    w.next(w.valueEnd);
  }
}

function chunks(text: string, size: number): Uint8Array[] {
  const b = enc.encode(text);
  const out: Uint8Array[] = [];
  for (let i = 0; i < b.length; i += size) out.push(b.slice(i, i + size));
  return out;
}

describe("StreamWindow/Framing", () => {
  const text = ' {"a":"}\\"{"} [1,[2]] "s\\"t" 12 true\nnull -1.5e3 {}';
  const want = ['{"a":"}\\"{"}', "[1,[2]]", '"s\\"t"', "12", "true", "null", "-1.5e3", "{}"];
  const cases: { name: string; src: () => ByteSource }[] = [
    { name: "Whole", src: () => text },
    { name: "Chunks/1", src: () => chunks(text, 1) },
    { name: "Chunks/7", src: () => chunks(text, 7) },
    { name: "File/3", src: () => memFile(enc.encode(text), 3) },
    { name: "File/Whole", src: () => memFile(enc.encode(text)) },
  ];
  for (const c of cases)
    it(c.name, async () => {
      expect(await values(new StreamWindow(c.src(), { size: 16 }))).toEqual(want);
    });

  it("JsonSeq/RecordSeparatorsBetweenValues", async () => {
    const seq = '\x1e{"a":1}\n\x1e2\x1e\n\x1e"x"\n';
    expect(await values(new StreamWindow(chunks(seq, 2), { jsonSeq: true }))).toEqual([
      '{"a":1}',
      "2",
      '"x"',
    ]);
  });

  it("Truncated/LastValueIsStartedNotComplete", async () => {
    const w = new StreamWindow(chunks('1 {"a":[', 3));
    while (!w.frame()) await w.fill();
    w.next(w.valueEnd);
    while (!w.frame()) await w.fill();
    expect([w.eof, w.started, w.complete]).toEqual([true, true, false]);
    expect(dec.decode(w.buf.subarray(w.valueStart, w.end))).toBe('{"a":[');
  });
});

describe("StreamWindow/Memory", () => {
  it("File/OneReusedBuffer: a long stream of small values is read into the same buffer", async () => {
    const line = enc.encode(`${JSON.stringify({ k: "v".repeat(300), n: [1, 2, 3] })}\n`);
    const all = new Uint8Array(line.length * 2000);
    for (let i = 0; i < 2000; i++) all.set(line, i * line.length);
    const f = memFile(all);
    const w = new StreamWindow(f);
    const first = w.buf;
    let n = 0;
    let same = true;
    for (;;) {
      while (!w.frame()) await w.fill();
      if (!w.started) break;
      n++;
      same &&= w.buf === first;
      w.next(w.valueEnd);
    }
    expect(n).toBe(2000);
    expect(same).toBe(true);
    expect(first.length).toBe(STREAM_WINDOW);
    expect(w.base + w.start).toBe(all.length - 1); // after the last value, before its newline
    // One read a window's worth at least: reads are not per value.
    expect(f.reads).toBeLessThan(all.length / (STREAM_WINDOW / 2));
  });

  it("LargeValue/GrowsThenReturnsToTheFirstSize", async () => {
    const big = `"${"x".repeat(40_000)}"`;
    const text = `${big} ${"1 ".repeat(20_000)}`;
    const w = new StreamWindow(memFile(enc.encode(text), 1000), { size: 1024 });
    let maxLen = 0;
    let n = 0;
    for (;;) {
      while (!w.frame()) {
        await w.fill();
        maxLen = Math.max(maxLen, w.buf.length);
      }
      if (!w.started) break;
      n++;
      w.next(w.valueEnd);
    }
    expect(n).toBe(20_001);
    expect(maxLen).toBeGreaterThanOrEqual(40_002);
    expect(w.buf.length).toBe(1024);
  });

  it("Chunks/NoConsumedChunkIsHeld: the window never keeps a chunk once its bytes are consumed", async () => {
    const parts = chunks(`${"[1,2,3] ".repeat(4000)}`, 500);
    const w = new StreamWindow(parts);
    let held = 0;
    for (;;) {
      while (!w.frame()) await w.fill();
      if (!w.started) break;
      w.next(w.valueEnd);
      // The window is its own buffer, or the chunk being read (when nothing else was pending).
      const i = parts.indexOf(w.buf);
      if (i >= 0 && w.base + w.end !== parts.slice(0, i + 1).reduce((s, p) => s + p.length, 0)) held++;
    }
    expect(held).toBe(0);
  });
});

describe("StreamWindow/MaxBytes", () => {
  const cases: { name: string; in: string; max: number; want: string[] | RegExp }[] = [
    { name: "AtTheLimit", in: '[1,2] "abc" 12345', max: 5, want: ["[1,2]", '"abc"', "12345"] },
    {
      name: "Container/OneOver",
      in: "[1,2] [1,22]",
      max: 5,
      want: /starting at offset 6 is longer than maxBytes \(5 bytes\)/,
    },
    { name: "String/OneOver", in: '"abcde"', max: 6, want: /starting at offset 0 is longer than maxBytes/ },
    { name: "Truncated/Over", in: '1 {"a":"bbbbbbbbbb', max: 8, want: /offset 2 is longer/ },
  ];
  for (const c of cases)
    it(c.name, async () => {
      const run = values(new StreamWindow(chunks(c.in, 2), { maxBytes: c.max }));
      if (Array.isArray(c.want)) expect(await run).toEqual(c.want);
      else await expect(run).rejects.toThrow(c.want);
    });
  it("TheErrorIsAJsonErrorWithItsCode", async () => {
    const err = await values(new StreamWindow("[1,2,3]", { maxBytes: 3 })).catch((e: unknown) => e);
    expect(JsonError.isInstance(err)).toBe(true);
    expect((err as JsonError).code).toBe("GOJSON_ERR_TOO_LARGE");
  });
  it("readAll/StopsPastMaxBytes", async () => {
    await expect(readAll(chunks("x".repeat(100), 10), 50)).rejects.toThrow(
      /longer than maxBytes \(50 bytes\)/,
    );
    expect((await readAll(chunks("x".repeat(50), 10), 50)).length).toBe(50);
  });
});

describe("valueEnd", () => {
  const cases: { in: string; at?: number; want: number }[] = [
    { in: '{"a":"}"} x', want: 9 },
    { in: '[1,[2,"]"]],', want: 11 },
    { in: '"a\\"b" ', want: 6 },
    { in: "123,", want: 3 },
    { in: "true]", want: 4 },
    { in: "123", want: -1 },
    { in: '{"a":[1', want: -1 },
    { in: '"abc', want: -1 },
    { in: "  null ", at: 2, want: 6 },
  ];
  for (const c of cases)
    it(JSON.stringify(c.in), () => {
      expect(valueEnd(enc.encode(c.in), c.at ?? 0)).toBe(c.want);
    });
});
