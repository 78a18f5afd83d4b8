import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { split, traceStream, traceWhole } from "../test/trace.js";
import { StreamDecoder } from "./stream-decoder.js";

const enc = new TextEncoder();

const cases = [
  '{"a":[1,2,{"b":null}],"c":"x\\u00e9y"} [true] 12 "s" false null -3.5e+2',
  "1 2 3",
  "123456 789",
  '{"a":1}{"b":2}',
  "[1,2",
  '"abc',
  "tru",
  "1,2",
  "[1] x",
  '{"a":1,"a":2}',
  '{"a" 1}',
  "   ",
  "",
  '["\\ud83d\\ude00", "é", "\\"\\\\"]',
];

describe("StreamDecoder gives the whole-input Decoder's tokens, errors and offsets", () => {
  for (const c of cases) {
    const b = enc.encode(c);
    it(`bytewise/${c}`, async () => {
      const want = traceWhole(b);
      expect(
        await traceStream(
          split(
            b,
            Array.from({ length: b.length }, (_, i) => i),
          ),
        ),
      ).toEqual(want);
      expect(await traceStream([b])).toEqual(want);
      expect(
        await traceStream(
          split(
            b,
            Array.from({ length: b.length }, (_, i) => i),
          ),
          true,
        ),
      ).toEqual(traceWhole(b, true));
    });
  }
  it("Node Readable, web ReadableStream, strings", async () => {
    const text = '{"a":1} [2,3] "x"';
    const want = traceWhole(enc.encode(text));
    expect(await traceStream(Readable.from([enc.encode('{"a":1} [2'), enc.encode(',3] "x"')]))).toEqual(want);
    const rs = new ReadableStream<Uint8Array>({
      start(ctl) {
        for (const ch of text) ctl.enqueue(enc.encode(ch));
        ctl.close();
      },
    });
    expect(await traceStream(rs)).toEqual(want);
    const d = new StreamDecoder(Readable.from(["[1,", "2]"], { objectMode: true }));
    const vals: string[] = [];
    for await (const v of d.values()) vals.push(new TextDecoder().decode(v));
    expect(vals).toEqual(["[1,2]"]);
  });
  it("memory is bounded by the largest value", async () => {
    const one = enc.encode(`${JSON.stringify({ k: "v".repeat(1000), n: [1, 2, 3] })}\n`);
    function* gen() {
      for (let i = 0; i < 2000; i++) yield one;
    }
    const d = new StreamDecoder(gen());
    let n = 0;
    for await (const _ of d.values()) n++;
    expect(n).toBe(2000);
    expect(d.inputOffset).toBe(one.length * 2000 - 1);
    expect((d as unknown as { w: { buf: Uint8Array } }).w.buf.length).toBeLessThanOrEqual(64 * 1024);
  });
});
