/**
 * Unmarshal from streams: unmarshalRead (Go's UnmarshalRead), unmarshalDecode over a ValueStream
 * (bytes in memory, synchronous) and an AsyncValueStream (any source, in windows), and
 * decodeValues. Expected values and error texts were recorded from Go 1.26.8
 * (`GOEXPERIMENT=jsonv2 go run`: json.UnmarshalRead(strings.NewReader(in), &v), and
 * jsontext.NewDecoder + json.UnmarshalDecode in a loop); Go 1.27.3 gives the same answers.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { type GoType, named, structOf, T } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import {
  AsyncValueStream,
  decodeValues,
  EOFError,
  InvalidArgumentError,
  JsonError,
  marshalToString,
  STREAM_WINDOW,
  unmarshalDecode,
  unmarshalRead,
  ValueStream,
} from "./index.js";

const Event = named(
  "Event",
  structOf([
    { name: "ID", type: T.int64, tag: 'json:"id"' },
    { name: "Kind", type: T.string, tag: 'json:"kind"' },
  ]),
);

/** The sources one input can come from (whole, and split into chunks of n bytes). */
function sources(text: string, n = 3): [string, () => unknown][] {
  const b = new TextEncoder().encode(text);
  const chunks = () => {
    const out: Uint8Array[] = [];
    for (let i = 0; i < b.length; i += n) out.push(b.subarray(i, i + n));
    return out;
  };
  return [
    ["string", () => text],
    ["Uint8Array", () => b],
    ["sync iterable", () => chunks()],
    ["Node Readable", () => Readable.from(chunks())],
    [
      "web ReadableStream",
      () =>
        new ReadableStream<Uint8Array>({
          start(c) {
            for (const x of chunks()) c.enqueue(x);
            c.close();
          },
        }),
    ],
    [
      "async generator",
      () =>
        (async function* () {
          for (const x of chunks()) yield x;
        })(),
    ],
    ["string chunks", () => [text.slice(0, 2), text.slice(2)]],
    ["file (FileHandle's read, n bytes a read)", () => memFile(b, n)],
  ];
}

/** A ReadableFile (what fs.promises.open gives) over bytes in memory, at most n bytes a read. */
function memFile(b: Uint8Array, n: number) {
  let at = 0;
  return {
    async read(buffer: Uint8Array, offset: number, length: number) {
      const k = Math.min(length, n, b.length - at);
      buffer.set(b.subarray(at, at + k), offset);
      at += k;
      return { bytesRead: k };
    },
  };
}

/** unmarshalRead: the value (marshalled as Go would) and the error text, from Go 1.26. */
const READ_CASES: { name: string; t: GoType; in: string; value: string; err?: string }[] = [
  { name: "Any/Empty", t: T.any, in: "", value: "null", err: "jsontext: unexpected EOF" },
  { name: "Any/Blank", t: T.any, in: "  ", value: "null", err: "jsontext: unexpected EOF after offset 2" },
  {
    name: "Any/Trailing",
    t: T.any,
    in: "1 2",
    value: "1",
    err: "jsontext: invalid character '2' after top-level value after offset 2",
  },
  {
    name: "Any/Truncated",
    t: T.any,
    in: "[1",
    value: "[1,null]",
    err: "jsontext: unexpected EOF after offset 2",
  },
  {
    name: "Any/TrailingAfterObject",
    t: T.any,
    in: "{}x",
    value: "{}",
    err: "jsontext: invalid character 'x' after top-level value after offset 2",
  },
  { name: "Any/Object", t: T.any, in: '{"a":1}', value: '{"a":1}' },
  { name: "Any/Newline", t: T.any, in: "1\n", value: "1" },
  {
    name: "Any/TwoValues",
    t: T.any,
    in: '{"a":1} {"b":2}',
    value: '{"a":1}',
    err: "jsontext: invalid character '{' after top-level value after offset 8",
  },
  {
    name: "Any/Comma",
    t: T.any,
    in: '"\\u00e9" ,',
    value: '"é"',
    err: "jsontext: invalid character ',' after top-level value after offset 9",
  },
  { name: "Any/Literal", t: T.any, in: "nul", value: "null", err: "jsontext: unexpected EOF after offset 3" },
  { name: "Event/Ok", t: Event, in: '{"id":1,"kind":"a"}', value: '{"id":1,"kind":"a"}' },
  {
    name: "Event/Type",
    t: Event,
    in: '{"id":"x"}',
    value: '{"id":0,"kind":""}',
    err: 'json: cannot unmarshal JSON string into Go int64 within "/id"',
  },
  {
    name: "Event/Trailing",
    t: Event,
    in: '{"id":1} trailing',
    value: '{"id":1,"kind":""}',
    err: "jsontext: invalid character 't' after top-level value after offset 9",
  },
];

describe("unmarshalRead reads one value, then only whitespace (Go's UnmarshalRead)", () => {
  for (const c of READ_CASES) {
    for (const [kind, src] of sources(c.in)) {
      it(`${c.name}/${kind}`, async () => {
        if (c.err === undefined) {
          const v = await unmarshalRead(c.t, src() as Uint8Array);
          expect(marshalToString(c.t, v, { deterministic: true })).toBe(c.value);
          return;
        }
        const e = await unmarshalRead(c.t, src() as Uint8Array).then(
          () => undefined,
          (x: unknown) => x,
        );
        expect(JsonError.isInstance(e)).toBe(true);
        expect((e as Error).message).toBe(c.err);
        expect(marshalToString(c.t, (e as { value?: unknown }).value, { deterministic: true })).toBe(c.value);
      });
    }
  }
});

/** Go's UnmarshalDecode loop: each value, then EOF or the first error (later calls repeat it here). */
const DECODE_CASES: { name: string; t: GoType; in: string; want: string[] }[] = [
  {
    name: "Event/NDJSON",
    t: Event,
    in: '{"id":1,"kind":"a"}\n{"id":2,"kind":"b"}\n',
    want: ['{"id":1,"kind":"a"}', '{"id":2,"kind":"b"}', "EOF"],
  },
  {
    name: "Event/TypeError",
    t: Event,
    in: '{"id":1}\n{"id":"x"}\n{"id":3}\n',
    want: ['{"id":1,"kind":""}', 'json: cannot unmarshal JSON string into Go int64 within "/id"'],
  },
  {
    name: "Event/Truncated",
    t: Event,
    in: '{"id":1}\n{"id":2',
    want: ['{"id":1,"kind":""}', "jsontext: unexpected EOF after offset 16"],
  },
  {
    name: "Event/ArrayAtEnd",
    t: Event,
    in: '{"id":1}\n[\n',
    want: ['{"id":1,"kind":""}', "json: cannot unmarshal JSON array into Go main.Event after offset 9"],
  },
  {
    name: "Any/Comma",
    t: T.any,
    in: "1,2",
    want: ["1", "jsontext: invalid character ',' at start of value after offset 1"],
  },
  {
    name: "Any/SpaceComma",
    t: T.any,
    in: "1 ,2",
    want: ["1", "jsontext: invalid character ',' at start of value after offset 2"],
  },
  {
    name: "Any/NumberLetter",
    t: T.any,
    in: "1x",
    want: ["1", "jsontext: invalid character 'x' at start of value after offset 1"],
  },
  {
    name: "Any/LiteralLetter",
    t: T.any,
    in: "truex",
    want: ["true", "jsontext: invalid character 'x' at start of value after offset 4"],
  },
  {
    name: "Any/ArrayLetter",
    t: T.any,
    in: "[]x",
    want: ["[]", "jsontext: invalid character 'x' at start of value after offset 2"],
  },
  {
    name: "Any/Close",
    t: T.any,
    in: "1 }",
    want: ["1", "jsontext: invalid character '}' at start of value after offset 2"],
  },
  {
    name: "Any/StringLetter",
    t: T.any,
    in: '"a"b',
    want: ['"a"', "jsontext: invalid character 'b' at start of value after offset 3"],
  },
  { name: "Any/Literals", t: T.any, in: "nullnull", want: ["null", "null", "EOF"] },
  {
    name: "Any/RecordSeparator",
    t: T.any,
    in: "1\u001e2",
    want: ["1", "jsontext: invalid character '\\x1e' at start of value after offset 1"],
  },
  { name: "Any/Empty", t: T.any, in: "", want: ["EOF"] },
  { name: "Any/Blank", t: T.any, in: "  ", want: ["EOF"] },
  { name: "Any/Truncated", t: T.any, in: "[1", want: ["jsontext: unexpected EOF after offset 2"] },
  {
    name: "Any/TruncatedSecond",
    t: T.any,
    in: "1 [",
    want: ["1", "jsontext: unexpected EOF after offset 3"],
  },
  {
    name: "Any/TruncatedMember",
    t: T.any,
    in: '{"a":1}{"b":',
    want: ['{"a":1}', 'jsontext: unexpected EOF within "/b" after offset 12'],
  },
];

function show(t: GoType, v: unknown): string {
  return marshalToString(t, v, { deterministic: true });
}

function errorText(e: unknown): string {
  expect(JsonError.isInstance(e)).toBe(true);
  return (e as Error).message;
}

describe("unmarshalDecode and decodeValues read each top-level value (Go's UnmarshalDecode loop)", () => {
  for (const c of DECODE_CASES) {
    it(`${c.name}/ValueStream`, () => {
      const dec = new ValueStream(c.in);
      const got: string[] = [];
      for (let i = 0; i < c.want.length; i++) {
        try {
          got.push(show(c.t, unmarshalDecode(dec, c.t)));
        } catch (e) {
          got.push(errorText(e));
          break;
        }
      }
      expect(got).toEqual(c.want);
    });
    for (const [kind, src] of sources(c.in, 2)) {
      it(`${c.name}/AsyncValueStream/${kind}`, async () => {
        const dec = new AsyncValueStream(src() as Uint8Array);
        const got: string[] = [];
        let last: unknown;
        for (let i = 0; i < c.want.length + 1; i++) {
          try {
            got.push(show(c.t, await unmarshalDecode(dec, c.t)));
          } catch (e) {
            last = e;
            got.push(errorText(e));
            break;
          }
        }
        expect(got).toEqual(c.want);
        expect(EOFError.isInstance(last)).toBe(c.want[c.want.length - 1] === "EOF");
      });
      it(`${c.name}/decodeValues/${kind}`, async () => {
        const got: string[] = [];
        try {
          for await (const v of decodeValues(c.t, src() as Uint8Array)) got.push(show(c.t, v));
          got.push("EOF");
        } catch (e) {
          got.push(errorText(e));
        }
        expect(got).toEqual(c.want);
      });
    }
  }
});

describe("AsyncValueStream", () => {
  it("more, inputOffset and into", async () => {
    const dec = new AsyncValueStream(Readable.from(['{"id":1}', ' {"kind":"k"} ', " 7  "]));
    expect(await dec.more()).toBe(true);
    const into = { ID: 9n, Kind: "old" };
    expect(await unmarshalDecode(dec, Event, { into })).toEqual({ ID: 1n, Kind: "old" });
    expect(dec.inputOffset).toBe(8);
    expect(await unmarshalDecode(dec, Event)).toEqual({ ID: 0n, Kind: "k" });
    expect(dec.inputOffset).toBe(21);
    expect(await unmarshalDecode(dec, T.int32)).toBe(7);
    expect(await dec.more()).toBe(false);
    await expect(unmarshalDecode(dec, T.int32)).rejects.toThrow(EOFError);
  });
  it("JSON text sequences (RFC 7464): record separators between values", async () => {
    const text = '\u001e{"id":1}\n\u001e{"id":2}\n\u001e3\n';
    const got: unknown[] = [];
    for await (const v of decodeValues(T.any, Readable.from([text]), undefined, { framing: "json-seq" }))
      got.push(v);
    expect(got).toEqual([{ id: 1 }, { id: 2 }, 3]);
  });
  it("a value larger than the window and than a chunk", async () => {
    const big = JSON.stringify({ s: "x".repeat(200_000), a: Array.from({ length: 5000 }, (_, i) => i) });
    const text = `${big}\n1\n${big}`;
    const b = new TextEncoder().encode(text);
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < b.length; i += 1000) chunks.push(b.subarray(i, i + 1000));
    const got: unknown[] = [];
    for await (const v of decodeValues(T.any, Readable.from(chunks))) got.push(v);
    expect(got).toEqual([JSON.parse(big), 1, JSON.parse(big)]);
  });
  it("a file larger than the window: read into one buffer of the window's size", async () => {
    const line = `${JSON.stringify({ id: 1, kind: "k".repeat(200) })}\n`;
    const b = new TextEncoder().encode(line.repeat(3000));
    const dec = new AsyncValueStream(memFile(b, 1 << 20));
    let n = 0;
    while (await dec.more()) {
      expect(await unmarshalDecode(dec, Event)).toEqual({ ID: 1n, Kind: "k".repeat(200) });
      n++;
    }
    expect(n).toBe(3000);
    const w = (dec as unknown as { w: { buf: Uint8Array } }).w;
    expect(w.buf.length).toBe(STREAM_WINDOW);
  });
  it("maxBytes: a longer value is a JsonError (GOJSON_ERR_TOO_LARGE); shorter ones decode", async () => {
    const got: unknown[] = [];
    const run = async () => {
      for await (const v of decodeValues(T.any, Readable.from(["[1,2] [1,", "22] 3"]), undefined, {
        maxBytes: 5,
      }))
        got.push(v);
    };
    const err = await run().catch((e: unknown) => e);
    expect(got).toEqual([[1, 2]]);
    expect(JsonError.isInstance(err)).toBe(true);
    expect((err as JsonError).code).toBe("GOJSON_ERR_TOO_LARGE");
    expect((err as Error).message).toBe(
      "jsontext: a value starting at offset 6 is longer than maxBytes (5 bytes)",
    );
    expect(() => new AsyncValueStream("1", undefined, { maxBytes: -1 })).toThrow(InvalidArgumentError);
  });
  it("unmarshalRead's maxBytes stops reading past it", async () => {
    await expect(
      unmarshalRead(T.any, Readable.from(["[1,", "2,3]"]), undefined, { maxBytes: 6 }),
    ).rejects.toThrow("jsontext: the input is longer than maxBytes (6 bytes)");
    expect(await unmarshalRead(T.any, Readable.from(["[1,", "2,3]"]), undefined, { maxBytes: 7 })).toEqual([
      1, 2, 3,
    ]);
  });
  it("break releases the source (a Node Readable is destroyed)", async () => {
    const r = Readable.from(["1 2 3 4 5"]);
    for await (const v of decodeValues(T.any, r)) {
      expect(v).toBe(1);
      break;
    }
    expect(r.destroyed).toBe(true);
  });
  it("options of the stream, then of the call", async () => {
    const dec = new AsyncValueStream('{"ID":1} {"zz":2}', { matchCaseInsensitiveNames: true });
    expect(await unmarshalDecode(dec, Event)).toEqual({ ID: 1n, Kind: "" });
    await expect(unmarshalDecode(dec, Event, { rejectUnknownMembers: true })).rejects.toThrow(
      /unknown object member name "zz"/,
    );
  });
});

describe("stream arguments", () => {
  it("a source that is not bytes is an InvalidArgumentError", async () => {
    await expect(unmarshalRead(T.any, 42 as never)).rejects.toThrow(InvalidArgumentError);
    await expect(unmarshalRead(T.any, 42 as never)).rejects.toThrow(
      "gojson: unmarshalRead: want a byte source (Readable, ReadableStream, iterable of chunks, FileHandle, Uint8Array or string), got number 42",
    );
    expect(() => decodeValues(undefined as never, "1").next()).toThrow(InvalidArgumentError);
    expect(() => decodeValues(T.any, "1", { into: 1 } as never)).toThrow(/`into` is not an option here/);
    expect(() => new ValueStream(42 as never)).toThrow(InvalidArgumentError);
    await expect(unmarshalRead(T.any, [1] as never)).rejects.toThrow(
      "jsontext: a stream chunk must be a Uint8Array or a string, got number",
    );
  });
});

describe("decodeValues behaves as an async generator", () => {
  it("calls made before the first is answered are answered in order", async () => {
    const it = decodeValues(T.any, Readable.from(["1 2", " 3"]));
    const got = await Promise.all([it.next(), it.next(), it.next(), it.next(), it.next()]);
    expect(got).toEqual([
      { value: 1, done: false },
      { value: 2, done: false },
      { value: 3, done: false },
      { value: undefined, done: true },
      { value: undefined, done: true },
    ]);
  });
  it("return() releases the source and ends the iteration", async () => {
    const r = Readable.from(["1 2 3"]);
    const it = decodeValues(T.any, r);
    expect(await it.next()).toEqual({ value: 1, done: false });
    expect(await it.return()).toEqual({ value: undefined, done: true });
    expect(r.destroyed).toBe(true);
    expect(await it.next()).toEqual({ value: undefined, done: true });
  });
  it("throw() releases the source, rejects with its argument, then the iteration is done", async () => {
    const r = Readable.from(["1 2 3"]);
    const it = decodeValues(T.any, r);
    expect(await it.next()).toEqual({ value: 1, done: false });
    const boom = new Error("boom");
    await expect(it.throw(boom)).rejects.toBe(boom);
    expect(r.destroyed).toBe(true);
    expect(await it.next()).toEqual({ value: undefined, done: true });
  });
  it("an error ends the iteration: the source is released, later calls are done", async () => {
    const r = Readable.from(["1 ", "}"]);
    const it = decodeValues(T.any, r);
    expect(await it.next()).toEqual({ value: 1, done: false });
    await expect(it.next()).rejects.toThrow(/invalid character '}'/);
    expect(r.destroyed).toBe(true);
    expect(await it.next()).toEqual({ value: undefined, done: true });
  });
  it("return() while calls are pending: answered after them, in order", async () => {
    const it = decodeValues(T.any, Readable.from(["1 2", " 3"]));
    const got = await Promise.all([it.next(), it.return(), it.next()]);
    expect(got).toEqual([
      { value: 1, done: false },
      { value: undefined, done: true },
      { value: undefined, done: true },
    ]);
  });
  it("holds no value once a call is answered (the caller's value is its own to keep or drop)", async () => {
    const it = decodeValues(T.any, Readable.from(["[1] [2]", " [3]"]));
    const state = it as unknown as { tail: unknown; calls: number };
    const first = it.next();
    expect(state.tail).toBe(first);
    expect(await first).toEqual({ value: [1], done: false });
    expect([state.tail, state.calls]).toEqual([undefined, 0]);
    await it.next();
    expect(await it.next()).toEqual({ value: [3], done: false }); // read from the second chunk
    expect([state.tail, state.calls]).toEqual([undefined, 0]);
  });
  it("a file opened with fs.promises.open: every value, and break leaves it to close", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "codec-v2-file-"));
    try {
      const file = path.join(dir, "events.ndjson");
      const line = (i: number) => `{"id":${i},"kind":"${"k".repeat(i % 300)}"}\n`;
      writeFileSync(file, Array.from({ length: 4000 }, (_, i) => line(i)).join(""));
      const fh = await open(file);
      try {
        let n = 0;
        for await (const ev of decodeValues(Event, fh)) {
          expect(ev).toEqual({ ID: BigInt(n), Kind: "k".repeat(n % 300) });
          n++;
        }
        expect(n).toBe(4000);
      } finally {
        await fh.close();
      }
      const fh2 = await open(file);
      let n = 0;
      for await (const _ of decodeValues(Event, fh2)) if (++n === 1000) break;
      await fh2.close();
      expect(n).toBe(1000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it("is its own async iterator", () => {
    const it = decodeValues(T.any, "1");
    expect(it[Symbol.asyncIterator]()).toBe(it);
  });
});
