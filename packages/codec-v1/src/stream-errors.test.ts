/**
 * A source that fails mid-stream, against Go 1.26: Go's Decoder keeps the
 * reader's error in dec.err (readValue), so every later Decode returns it, and
 * never decodes the truncated bytes it held; Token/More peek and return the
 * reader's error too. An Encoder whose writer failed returns that error from
 * every later Encode without writing. Recorded with /tmp/aud/rerr/main.go
 * (a reader that returns the input, then errors.New("boom1") on every Read) and
 * /tmp/aud/encerr/main.go; the programs are quoted at the end of this file.
 */
import { Readable, Writable } from "node:stream";
import { T } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import { ENCODER_BACKLOG } from "./encoder.js";
import { Decoder, Delim, Encoder } from "./index.js";

const want: [input: string, ops: string, out: string][] = [
  ["1 2 [3", "DDDDD", "1 <nil> | 2 <nil> | <nil> boom1 | <nil> boom1 | <nil> boom1"],
  [
    "1 2 [3",
    "TTTTTTT",
    "1 <nil> | 2 <nil> | [ <nil> | <nil> boom1 | <nil> boom1 | <nil> boom1 | <nil> boom1",
  ],
  ["1 2 [3", "TMTMTMTD", "1 <nil> | true | 2 <nil> | true | [ <nil> | true | <nil> boom1 | <nil> boom1"],
  ['{"a":1} {"b"', "DDDDD", "map[a:1] <nil> | <nil> boom1 | <nil> boom1 | <nil> boom1 | <nil> boom1"],
  ['{"a":1} {"b"', "TTTTTTT", "{ <nil> | a<nil> | 1 <nil> | } <nil> | { <nil> | <nil> boom1 | <nil> boom1"],
  ['{"a":1} {"b"', "TMTMTMTD", "{ <nil> | true | a<nil> | true | 1 <nil> | false | } <nil> | <nil> boom1"],
  ["[1,2", "DDDDD", "<nil> boom1 | <nil> boom1 | <nil> boom1 | <nil> boom1 | <nil> boom1"],
  [
    "[1,2",
    "TTTTTTT",
    "[ <nil> | 1 <nil> | <nil> boom1 | <nil> boom1 | <nil> boom1 | <nil> boom1 | <nil> boom1",
  ],
  ["[1,2", "TMTMTMTD", "[ <nil> | true | 1 <nil> | true | <nil> boom1 | true | <nil> boom1 | <nil> boom1"],
  ["1 2", "DDDDD", "1 <nil> | <nil> boom1 | <nil> boom1 | <nil> boom1 | <nil> boom1"],
  [
    "1 2",
    "TTTTTTT",
    "1 <nil> | <nil> boom1 | <nil> boom1 | <nil> boom1 | <nil> boom1 | <nil> boom1 | <nil> boom1",
  ],
  ["1 2", "TMTMTMTD", "1 <nil> | true | <nil> boom1 | true | <nil> boom1 | true | <nil> boom1 | <nil> boom1"],
  ["", "DDDDD", "<nil> boom1 | <nil> boom1 | <nil> boom1 | <nil> boom1 | <nil> boom1"],
  [
    "",
    "TTTTTTT",
    "<nil> boom1 | <nil> boom1 | <nil> boom1 | <nil> boom1 | <nil> boom1 | <nil> boom1 | <nil> boom1",
  ],
  [
    "",
    "TMTMTMTD",
    "<nil> boom1 | false | <nil> boom1 | false | <nil> boom1 | false | <nil> boom1 | <nil> boom1",
  ],
];

/** Go's fmt.Sprint of what Decode/Token return here. */
function fmtV(v: unknown): string {
  if (v === undefined || v === null) return "<nil>";
  if (v instanceof Delim) return String(v);
  if (Array.isArray(v)) return `[${v.map(fmtV).join(" ")}]`;
  if (typeof v === "object")
    return `map[${Object.entries(v as object)
      .map(([k, x]) => `${k}:${fmtV(x)}`)
      .join(" ")}]`;
  return String(v);
}

type Kind = "iterator" | "generator" | "web" | "node";

/** A source that yields `input` in one chunk, then fails with Error("boom1"). */
function failing(input: string, kind: Kind): ConstructorParameters<typeof Decoder>[0] {
  const boom = () => new Error("boom1");
  const bytes = new TextEncoder().encode(input);
  let sent = input === "";
  switch (kind) {
    case "iterator":
      return {
        [Symbol.asyncIterator]: () => ({
          next: async () => {
            if (sent) throw boom();
            sent = true;
            return { done: false, value: bytes };
          },
        }),
      };
    case "generator":
      return (async function* () {
        if (!sent) yield bytes;
        throw boom();
      })();
    case "web":
      return new ReadableStream<Uint8Array>({
        pull(c) {
          if (sent) c.error(boom());
          else {
            sent = true;
            c.enqueue(bytes);
          }
        },
      });
    case "node": {
      let done = false;
      return new Readable({
        read() {
          if (!sent) {
            sent = true;
            this.push(bytes);
          } else if (!done) {
            done = true;
            this.destroy(boom());
          }
        },
      });
    }
  }
}

async function run(src: ConstructorParameters<typeof Decoder>[0], ops: string): Promise<string> {
  const d = new Decoder(src);
  const out: string[] = [];
  for (const op of ops) {
    try {
      if (op === "D") out.push(`${fmtV(await d.decode(T.any))} <nil>`);
      else if (op === "T") {
        const t = await d.token();
        out.push(typeof t === "string" ? `${t}<nil>` : `${fmtV(t)} <nil>`);
      } else out.push(String(await d.more()));
    } catch (e) {
      out.push(`<nil> ${(e as Error).message}`);
    }
  }
  return out.join(" | ");
}

describe("Decoder over a failing source (Go: dec.err is sticky)", () => {
  for (const kind of ["iterator", "generator", "web", "node"] as const) {
    test.each(want)(`${kind} %j %s`, async (input, ops, out) => {
      expect(await run(failing(input, kind), ops)).toBe(out);
    });
  }

  test("the source's own error object is rethrown, not wrapped", async () => {
    const err = new Error("reset by peer");
    const d = new Decoder(
      (async function* () {
        yield "[1,";
        throw err;
      })(),
    );
    await d.token();
    await d.token();
    await expect(d.decode(T.any)).rejects.toBe(err);
    await expect(d.decode(T.any)).rejects.toBe(err);
    await expect(d.token()).rejects.toBe(err);
  });
});

describe("Decoder over text chunks", () => {
  test("a surrogate pair split between two string chunks is one code point", async () => {
    const d = new Decoder(['["\ud83d', '\ude00", "x\ud800', '"]']);
    expect(await d.decode(T.any)).toEqual(["\u{1f600}", "x\ufffd"]);
    const e = new Decoder(['"\ud83d', new TextEncoder().encode('"')]);
    expect(await e.decode(T.any)).toBe("\ufffd");
    const f = new Decoder(['"a"\ud83d']);
    expect(await f.decode(T.any)).toBe("a");
    await expect(f.decode(T.any)).rejects.toThrow("invalid character 'ï' looking for beginning of value");
  });
});

describe("Encoder over a Node Writable (Go's Write blocks; its error is sticky)", () => {
  test("encode waits for drain once the stream holds ENCODER_BACKLOG: its buffer stays bounded", async () => {
    let maxQueued = 0;
    let waits = 0;
    const got: string[] = [];
    const w = new Writable({
      highWaterMark: 16,
      write(chunk: Buffer, _enc, cb) {
        got.push(chunk.toString());
        setTimeout(cb, 1);
      },
    });
    w.on("drain", () => waits++);
    const e = new Encoder(w);
    const pad = "x".repeat(ENCODER_BACKLOG / 8);
    for (let i = 0; i < 20; i++) {
      await e.encode(T.any, { i, pad });
      maxQueued = Math.max(maxQueued, w.writableLength);
    }
    // Without waiting for "drain" all 20 lines (2.5 backlogs) pile up in the stream.
    expect(maxQueued).toBeLessThanOrEqual(ENCODER_BACKLOG + pad.length + 30);
    expect(waits).toBeGreaterThan(0);
    await new Promise<void>((r) => w.end(r));
    expect(got.join("")).toBe(Array.from({ length: 20 }, (_, i) => `{"i":${i},"pad":"${pad}"}\n`).join(""));
  });

  test("a destroyed stream fails the pending and every later encode with its error", async () => {
    const w = new Writable({ highWaterMark: 8, write(_c, _e, _cb) {} }); // never completes a write
    const e = new Encoder(w);
    const pending = e.encode(T.string, "a long enough line".repeat(ENCODER_BACKLOG / 8));
    const boom = new Error("EPIPE");
    w.destroy(boom);
    await expect(pending).rejects.toBe(boom);
    await expect(e.encode(T.string, "x")).rejects.toBe(boom);
  });
});

describe("Encoder over a web WritableStream (Go's Encoder borrows its writer)", () => {
  test("the stream is locked only while writing: the caller can close it", async () => {
    const got: string[] = [];
    const ws = new WritableStream<Uint8Array>({ write: (c) => void got.push(new TextDecoder().decode(c)) });
    const e = new Encoder(ws);
    await e.encode(T.any, { a: 1 });
    await e.encode(T.any, [2]);
    await ws.close(); // threw "WritableStream is locked" when the Encoder kept the writer
    expect(got).toEqual(['{"a":1}\n', "[2]\n"]);
  });

  test("encodes not awaited one by one are written in order", async () => {
    const got: string[] = [];
    const ws = new WritableStream<Uint8Array>({
      write: async (c) => {
        await new Promise((r) => setTimeout(r, 1));
        got.push(new TextDecoder().decode(c));
      },
    });
    const e = new Encoder(ws);
    await Promise.all([e.encode(T.int, 1n), e.encode(T.int, 2n), e.encode(T.int, 3n)]);
    await ws.close();
    expect(got.join("")).toBe("1\n2\n3\n");
  });

  test("an errored stream fails this and every later encode with its error", async () => {
    const boom = new Error("sink gone");
    const ws = new WritableStream<Uint8Array>({
      write() {
        throw boom;
      },
    });
    const e = new Encoder(ws);
    await expect(e.encode(T.int, 1n)).rejects.toBe(boom);
    await expect(e.encode(T.int, 2n)).rejects.toBe(boom);
  });
});

describe("Encoder over a failing sink (Go: enc.err is sticky)", () => {
  test("a failed write fails every later encode, without writing", async () => {
    // Go: fmt.Println(e.Encode(1), e.Encode(math.NaN()), e.Encode(2), e.Encode(3), e.Encode(math.NaN()))
    // → <nil> json: unsupported value: NaN disk full disk full disk full; writer saw ["1\n"] after 2 calls.
    const got: string[] = [];
    let calls = 0;
    const e = new Encoder((c: Uint8Array) => {
      calls++;
      if (calls === 2) throw new Error("disk full");
      got.push(new TextDecoder().decode(c));
    });
    const res: string[] = [];
    for (const v of [1, Number.NaN, 2, 3, Number.NaN]) {
      try {
        await e.encode(T.float64, v);
        res.push("<nil>");
      } catch (err) {
        res.push((err as Error).message);
      }
    }
    expect(res).toEqual(["<nil>", "json: unsupported value: NaN", "disk full", "disk full", "disk full"]);
    expect([got, calls]).toEqual([["1\n"], 2]);
  });
});

/*
Go program (go run main.go), the reader half:

type failAfter struct{ r io.Reader }
func (f *failAfter) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if err == io.EOF { return 0, errors.New("boom1") }
	return n, err
}
for each input and ops: d := json.NewDecoder(&failAfter{strings.NewReader(in)});
  D: var v any; err := d.Decode(&v); fmt.Sprint(v, err)
  T: t, err := d.Token(); fmt.Sprint(t, err)
  M: fmt.Sprint(d.More())
joined with " | ".
*/
