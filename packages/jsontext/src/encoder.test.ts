import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import table from "../test/data/encoder.go.json" with { type: "json" };
import { Encoder } from "./encoder.js";
import type { EncoderOptions } from "./encoder-options.js";
import { SINK_BACKLOG } from "./stream-sink.js";
import {
  BeginArray,
  BeginObject,
  EndArray,
  EndObject,
  numberToken,
  stringToken,
  type Token,
} from "./token.js";

type Op = { tok?: string; str?: string; val?: string };
type Case = {
  name: string;
  opts: EncoderOptions;
  ops: Op[];
  want: { out: string; err: string; errOp: number };
};

function tokenOf(op: Op): Token {
  if (op.str !== undefined) return stringToken(asGoSaw(op.str));
  switch (op.tok) {
    case "{":
      return BeginObject;
    case "}":
      return EndObject;
    case "[":
      return BeginArray;
    case "]":
      return EndArray;
  }
  // literals and numbers: decode the one-token text
  const t = op.tok!;
  if (t === "null" || t === "true" || t === "false") {
    return { kind: t[0], raw: t } as unknown as Token;
  }
  return numberToken(t);
}

/**
 * Go strings cannot hold lone surrogates: the recorder gave Go the string with U+FFFD in their place
 * (that case's output is Go's answer for the replaced string; a lone surrogate is an error here,
 * tested under "Encoder sinks"), so strings are given to the Encoder as Go saw them.
 */
function asGoSaw(s: string): string {
  return s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
}

describe("Encoder matches Go's jsontext.Encoder (test/data/encoder.go.json)", () => {
  for (const c of table as Case[]) {
    it(c.name, () => {
      const chunks: Buffer[] = [];
      const e = new Encoder((b: Uint8Array) => chunks.push(Buffer.from(b)), c.opts);
      let err = "";
      let errOp = -1;
      for (let i = 0; i < c.ops.length; i++) {
        const op = c.ops[i]!;
        try {
          if (op.val !== undefined) e.writeValue(op.val);
          else e.writeToken(tokenOf(op));
        } catch (x) {
          err = (x as Error).message;
          errOp = i;
          break;
        }
      }
      expect({ err, errOp }).toEqual({ err: c.want.err, errOp: c.want.errOp });
      // Go's recorder took what the Encoder had written, an unfinished value included: hand it over.
      void e.flush();
      if (!c.want.err) expect(Buffer.concat(chunks).toString("base64")).toBe(c.want.out);
    });
  }
});

describe("Encoder sinks", () => {
  it("lone surrogate is invalid UTF-8 unless allowed", () => {
    const e = new Encoder(null);
    e.writeToken(BeginArray);
    expect(() => e.writeToken(stringToken("a\ud800"))).toThrow(
      'jsontext: invalid UTF-8 within "/0" after offset 1',
    );
  });
  it("Node Writable with backpressure", async () => {
    const got: Buffer[] = [];
    const w = new Writable({
      highWaterMark: 4,
      write(chunk, _enc, cb) {
        got.push(chunk);
        setImmediate(cb);
      },
    });
    const e = new Encoder(w, { omitTopLevelNewline: true });
    const warnings: Error[] = [];
    // Only this test's own warning counts (other files share the worker's process).
    const onWarning = (x: Error) => {
      if (x.name === "MaxListenersExceededWarning") warnings.push(x);
    };
    process.on("warning", onWarning);
    // Past SINK_BACKLOG (what a Writable may hold before the encoder waits): 20 values of 1/8 of it.
    const pad = "x".repeat(SINK_BACKLOG / 8);
    for (let i = 0; i < 20; i++) {
      e.writeValue(`{"i":${i},"p":"${pad}"}`);
      // One drain listener however many writes wait (one a write warned MaxListenersExceeded).
      expect(w.listenerCount("drain")).toBeLessThanOrEqual(1);
    }
    expect(e.needsFlush).toBe(true);
    await e.flush();
    expect(e.needsFlush).toBe(false);
    await new Promise((r) => setImmediate(r));
    process.off("warning", onWarning);
    expect(warnings).toEqual([]);
    expect(Buffer.concat(got).toString()).toBe(
      Array.from({ length: 20 }, (_, i) => `{"i":${i},"p":"${pad}"}`).join(""),
    );
  });
  it("web WritableStream", async () => {
    const got: Uint8Array[] = [];
    const ws = new WritableStream<Uint8Array>({ write: (c) => void got.push(c) });
    const e = new Encoder(ws);
    e.writeToken(BeginObject);
    e.writeToken(stringToken("k"));
    e.writeValue("[1, 2]");
    e.writeToken(EndObject);
    await e.close();
    expect(Buffer.concat(got).toString()).toBe('{"k":[1,2]}\n');
    expect(e.outputOffset).toBe(12);
  });
  it("no sink: bytes()", () => {
    const e = new Encoder();
    e.writeToken(numberToken(1));
    e.writeToken(numberToken("2.5"));
    expect(new TextDecoder().decode(e.bytes())).toBe("1\n2.5\n");
    expect(() => e.writeToken(numberToken(Number.NaN))).toThrow(/invalid number/);
  });
});
