/**
 * unmarshalRead and decodeValues against Go (test/audit/uread/, recorded with
 * Go 1.26.8 and identical under Go 1.27.3 with GOEXPERIMENT=nojsonv2): each
 * line holds the Decoder's first Decode, the next Decode's error and
 * json.Unmarshal of the whole input. unmarshalRead is the first Decode, then
 * the end of the input: trailing data is Unmarshal's `after top-level value`
 * error; decodeValues is the Decode loop. Every kind of source gives the same.
 */
import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { type GoType, goUnquote, parseGo } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import { decodeValues, isEOF, JsonSyntaxError, marshal, unmarshalRead } from "./index.js";
import type { DecoderSource } from "./stream-source.js";

const read = (p: string) => readFileSync(new URL(`../test/audit/uread/${p}`, import.meta.url), "utf8");
const lines = (p: string) => read(p).trimEnd().split("\n");
const td = new TextDecoder();
const S = parseGo('type S struct { A int `json:"a"`; B string }').S as GoType;
const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

const errStr = (e: unknown) =>
  JsonSyntaxError.isInstance(e) ? `ERR ${e.message} @${e.offset}` : `ERR ${(e as Error).message}`;

/** The same bytes as every kind of source. */
const sources: [string, (b: Uint8Array) => DecoderSource][] = [
  ["Uint8Array", (b) => b],
  ["one-byte chunks", (b) => Array.from(b, (x) => Uint8Array.of(x))],
  [
    "async iterable",
    (b) =>
      (async function* () {
        for (let i = 0; i < b.length; i += 3) yield b.slice(i, i + 3);
      })(),
  ],
  ["Node Readable", (b) => Readable.from([Buffer.from(b)])],
  [
    "web ReadableStream",
    (b) =>
      new ReadableStream<Uint8Array>({
        start(c) {
          if (b.length > 0) c.enqueue(b.slice());
          c.close();
        },
      }),
  ],
];

const inputs = lines("cases.txt").map((q) => latin1(goUnquote(q) as string));
const want = lines("go.out").map((l) => {
  const [first, next, whole] = l.split(" | ") as [string, string, string];
  return { first: first.replace(/ o\d+$/, ""), next: next.slice("next ".length), whole: whole.slice(2) };
});
const cases = inputs.map((b, i) => [i, td.decode(b), b, want[i] as (typeof want)[number]] as const);

describe("unmarshalRead: Decoder.Decode, then the end of the input", () => {
  for (const [name, src] of sources) {
    test.each(cases)(`${name} #%i %j`, async (_i, _s, b, w) => {
      let got: string;
      try {
        got = `V${td.decode(marshal(S, await unmarshalRead(S, src(b))))}`;
      } catch (e) {
        const v = (e as { value?: unknown }).value;
        got = `${errStr(e)} ${td.decode(marshal(S, v ?? (await unmarshalRead(S, "{}"))))}`;
      }
      if (w.first.startsWith("V") && w.next !== "ERR EOF") {
        // The value decoded, then something follows: Unmarshal's text and offset, the value kept.
        expect(got).toBe(`${w.whole} ${w.first.slice(1)}`);
      } else expect(got).toBe(w.first);
    });
  }
});

describe("decodeValues: the Decoder loop", () => {
  for (const [name, src] of sources) {
    test.each(cases)(`${name} #%i %j`, async (_i, _s, b, w) => {
      const got: string[] = [];
      let err: unknown;
      try {
        for await (const v of decodeValues(S, src(b))) got.push(`V${td.decode(marshal(S, v))}`);
        got.push("end");
      } catch (e) {
        err = e;
        got.push(errStr(e));
      }
      expect(isEOF(err)).toBe(false); // the end of the input ends the iteration; EOF never escapes
      if (w.first.startsWith("ERR EOF ")) expect(got).toEqual(["end"]);
      else if (!w.first.startsWith("V")) expect(got[0]).toBe(w.first.replace(/ \{.*$/, ""));
      else {
        expect(got[0]).toBe(w.first);
        if (w.next === "ERR EOF") expect(got).toEqual([w.first, "end"]);
        else if (w.next !== "value") expect(got[1]).toBe(w.next);
        else expect(got.length).toBeGreaterThanOrEqual(2); // a second value (Go decoded it into an any)
      }
    });
  }

  test("NDJSON lines in bounded memory: the buffer never holds more than a value and a read", async () => {
    const line = `${JSON.stringify({ a: 1, B: "x".repeat(100) })}\n`;
    let n = 0;
    const src = (async function* () {
      for (let i = 0; i < 5000; i++) yield Buffer.from(line.repeat(20));
    })();
    // A deep comparison for the first value, a cheap one for the other 99 999.
    const want = { A: 1n, B: "x".repeat(100) };
    let first: unknown;
    let differ = 0;
    for await (const x of decodeValues(S, src)) {
      const v = x as { A: bigint; B: string };
      if (n === 0) first = v;
      else if (v.A !== want.A || v.B !== want.B) differ++;
      n++;
    }
    expect(first).toEqual(want);
    expect(differ).toBe(0);
    expect(n).toBe(100_000);
    // 100 000 values through the Decoder: room for slow machines (a guard, not a timing assertion).
  }, 180_000);
});
