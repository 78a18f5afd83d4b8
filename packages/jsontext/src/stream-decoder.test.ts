import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { split, traceStream, traceWhole } from "../test/trace.js";
import { SyntacticError } from "./errors.js";
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

describe("StreamDecoder.values behaves as an async generator", () => {
  const text = (vs: Uint8Array[]) => vs.map((v) => new TextDecoder().decode(v));
  it("calls made before the first is answered are answered in order, then done", async () => {
    const d = new StreamDecoder(Readable.from(["1 [2", ",3] ", '"x"']));
    const it = d.values();
    const got = await Promise.all([it.next(), it.next(), it.next(), it.next(), it.next()]);
    expect(got.map((r) => (r.done ? "done" : new TextDecoder().decode(r.value)))).toEqual([
      "1",
      "[2,3]",
      '"x"',
      "done",
      "done",
    ]);
    expect(it[Symbol.asyncIterator]()).toBe(it);
  });
  it("a syntax error is the call's (offset from the stream's start); later calls are done", async () => {
    const d = new StreamDecoder(Readable.from(["[1] ", "[2,}"]));
    const it = d.values();
    expect(text([(await it.next()).value as Uint8Array])).toEqual(["[1]"]);
    const err = await it.next().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(SyntacticError.isInstance(err)).toBe(true);
    expect((err as SyntacticError).offset).toBe(7);
    expect(await it.next()).toEqual({ value: undefined, done: true });
  });
  it("inputOffset and stackPointer after each value are the whole input's, however the stream is cut", async () => {
    const input = '{"a":[1,{"b":2}]} [3,4]  "x" 5 {"c":{}}';
    const want = [
      ['{"a":[1,{"b":2}]}', 17],
      ["[3,4]", 23],
      ['"x"', 28],
      ["5", 30],
      ['{"c":{}}', 39],
    ];
    for (const cuts of [[], [1], [5, 18, 24], [17, 23, 28, 30], Array.from({ length: 39 }, (_, i) => i)]) {
      const d = new StreamDecoder(split(enc.encode(input), cuts));
      const got: Array<[string, number]> = [];
      for await (const v of d.values()) {
        expect(d.stackPointer()).toBe("");
        got.push([new TextDecoder().decode(v), d.inputOffset]);
      }
      expect(got, `cuts ${cuts.join(",")}`).toEqual(want);
      expect(d.inputOffset).toBe(39);
    }
  });
  it("return() releases the source (a Node Readable is destroyed) and ends the iteration", async () => {
    const r = Readable.from(["1 2 3"]);
    const it = new StreamDecoder(r).values();
    await it.next();
    expect(await it.return()).toEqual({ value: undefined, done: true });
    expect(r.destroyed).toBe(true);
    expect(await it.next()).toEqual({ value: undefined, done: true });
    const boom = new Error("boom");
    await expect(new StreamDecoder("1").values().throw(boom)).rejects.toBe(boom);
  });
});
