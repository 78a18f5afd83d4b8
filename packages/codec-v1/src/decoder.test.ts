/**
 * isEOF (Go's `err == io.EOF` after Decode) and the synchronous SyncDecoder
 * used the way Go code uses json.NewDecoder(bytes.NewReader(b)) inside an
 * UnmarshalJSON method. (Op-by-op agreement with Go, Buffered and
 * InputOffset included, is in audit.test.ts's Decoder scripts.)
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type GoType, parseGo, T, withMethods } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import { Decoder, Delim, GoError, isEOF, JsonSyntaxError, SyncDecoder, unmarshal } from "./index.js";

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

describe("isEOF", () => {
  test("true for the Decoder's io.EOF: no value before the end of the input", async () => {
    const e1 = thrown(() => new SyncDecoder("  ").decode(T.any));
    expect(e1).toBeInstanceOf(GoError);
    expect(isEOF(e1)).toBe(true);
    expect((e1 as Error).message).toBe("EOF");
    const d = new Decoder("1");
    await d.decode(T.any);
    const e2 = await d.decode(T.any).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isEOF(e2)).toBe(true);
  });

  test("false for every other error and for things that only look like EOF", () => {
    const unexpected = thrown(() => new SyncDecoder("[1").decode(T.any));
    expect((unexpected as Error).message).toBe("unexpected EOF");
    expect(isEOF(unexpected)).toBe(false);
    const syntax = thrown(() => new SyncDecoder("]").decode(T.any));
    expect(JsonSyntaxError.isInstance(syntax)).toBe(true);
    expect(isEOF(syntax)).toBe(false);
    expect(isEOF(thrown(() => unmarshal(T.any, "")))).toBe(false); // Unmarshal: "unexpected end of JSON input"
    for (const x of [
      new Error("EOF"),
      "EOF",
      null,
      undefined,
      { kind: "eof" },
      new GoError("unexpected-eof", "EOF"),
    ])
      expect(isEOF(x)).toBe(false);
  });
});

describe("SyncDecoder", () => {
  test("the Decoder's operations without promises", () => {
    const d = new SyncDecoder('{"a": [1, "x"]} 7');
    expect(d.token()).toBe(Delim.BeginObject);
    expect(d.token()).toBe("a");
    expect(d.token()).toBe(Delim.BeginArray);
    expect(d.more()).toBe(true);
    expect(d.decode(T.int64)).toBe(1n);
    expect(d.decode(T.string)).toBe("x");
    expect(d.more()).toBe(false);
    expect(d.token()).toBe(Delim.EndArray);
    expect(d.token()).toBe(Delim.EndObject);
    expect(d.inputOffset()).toBe(15);
    expect(new TextDecoder().decode(d.buffered())).toBe(" 7");
    expect(d.decode(T.int32)).toBe(7);
    expect(isEOF(thrown(() => d.decode(T.int32)))).toBe(true);
  });

  test("inside an UnmarshalJSON twin, synchronously", () => {
    // type Pairs map[string]int64, read from [["a",1],["b",2]] with the token API.
    const { Pairs } = parseGo("type Pairs map[string]int64") as { Pairs: GoType };
    withMethods(
      Pairs,
      {
        UnmarshalJSON: (data: Uint8Array) => {
          const d = new SyncDecoder(data);
          const m = new Map<string, bigint>();
          if (d.token() !== Delim.BeginArray) throw new Error("want an array");
          while (d.more()) {
            const [k, v] = d.decode(parseGo("type KV [2]any").KV as GoType) as [string, number];
            m.set(k, BigInt(v));
          }
          d.token();
          return m;
        },
      },
      { receiver: "pointer" },
    );
    expect(unmarshal(Pairs, '[["a",1],["b",2]]')).toEqual(
      new Map([
        ["a", 1n],
        ["b", 2n],
      ]),
    );
  });

  test("options and chunk iterables", () => {
    const d = new SyncDecoder(["[1.5,", ' {"x":1}]'], { useNumber: true });
    const v = d.decode(T.any) as unknown[];
    expect(String(v[0])).toBe("1.5");
    const strict = new SyncDecoder('{"y":1}', { disallowUnknownFields: true });
    expect(() => strict.decode(parseGo("type S struct{ X int }").S as GoType)).toThrow(
      'json: unknown field "y"',
    );
  });
});

describe("Decoder/File", () => {
  /** A DecoderFile (what fs.promises.open gives) over bytes in memory, at most `step` bytes a read. */
  function memFile(b: Uint8Array, step: number) {
    let at = 0;
    return {
      reads: 0,
      async read(buffer: Uint8Array, offset: number, length: number) {
        this.reads++;
        const k = Math.min(length, step, b.length - at);
        buffer.set(b.subarray(at, at + k), offset);
        at += k;
        return { bytesRead: k };
      },
    };
  }
  const text = `${'{"a":[1,2,{"b":"c\\\\"}"]}\n 12 "s" true\n'.repeat(300)} [1,`;
  const bytes = new TextEncoder().encode(text);
  for (const step of [1, 7, 1 << 20])
    test(`reads as the same bytes in memory do, Buffered and InputOffset included (${step} bytes a read)`, async () => {
      const want = new Decoder(bytes);
      const got = new Decoder(memFile(bytes, step));
      for (;;) {
        const [w, g] = await Promise.all(
          [want, got].map((d) =>
            d.decode(T.any).then(
              (v) => ({ v }),
              (e: unknown) => ({ e: (e as Error).message }),
            ),
          ),
        );
        expect(g).toEqual(w);
        expect(got.inputOffset()).toBe(want.inputOffset());
        if (step === 1 << 20) expect(got.buffered()).toEqual(want.buffered());
        if (w === undefined || "e" in w) break;
      }
    });
  test("a FileHandle (fs.promises.open) reads as the same bytes in memory do (values, errors, offsets)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "codec-v1-file-"));
    try {
      const file = path.join(dir, "in.ndjson");
      const lines = Array.from({ length: 3000 }, (_, i) => `{"id":${i},"s":"${"x".repeat(i % 400)}"}\n`);
      const all = new TextEncoder().encode(`${lines.join("")} [1,`);
      writeFileSync(file, all);
      const fh = await open(file);
      try {
        const want = new Decoder(all);
        const got = new Decoder(fh);
        for (let i = 0; ; i++) {
          const [w, g] = await Promise.all(
            [want, got].map((d) =>
              d.decode(T.any).then(
                (v) => ({ v }),
                (e: unknown) => ({ e: (e as Error).message }),
              ),
            ),
          );
          expect(g).toEqual(w);
          expect(got.inputOffset()).toBe(want.inputOffset());
          if (w !== undefined && "e" in w) {
            expect([i, w.e]).toEqual([3000, "unexpected EOF"]);
            break;
          }
        }
      } finally {
        await fh.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  test("one reused buffer: a long file is read in reads of the buffer's size", async () => {
    const line = new TextEncoder().encode(`${JSON.stringify({ k: "v".repeat(500) })}\n`);
    const all = new Uint8Array(line.length * 1000);
    for (let i = 0; i < 1000; i++) all.set(line, i * line.length);
    const f = memFile(all, 1 << 30);
    const d = new Decoder(f);
    let n = 0;
    while (await d.more()) {
      await d.decode(T.any);
      n++;
    }
    expect(n).toBe(1000);
    expect(f.reads).toBeLessThanOrEqual(Math.ceil(all.length / (64 * 1024)) + 1);
  });
});

describe("Decoder/MaxBytes", () => {
  const cases: { name: string; in: string[]; max: number; values: unknown[]; err?: string }[] = [
    { name: "AtTheLimit", in: ["[1,2] ", '"abc" 12'], max: 6, values: [[1, 2], "abc", 12] },
    {
      name: "WholeInBuffer/OneOver",
      in: ["[1,2] [1,22] 3"],
      max: 6,
      values: [[1, 2]],
      err: "gojson: a value starting at offset 5 is longer than maxBytes (6 bytes)",
    },
    {
      name: "AcrossChunks/OneOver",
      in: ["[1,2]", " [1,", "22] 3"],
      max: 6,
      values: [[1, 2]],
      err: "gojson: a value starting at offset 5 is longer than maxBytes (6 bytes)",
    },
  ];
  for (const c of cases)
    test(c.name, async () => {
      const d = new Decoder(c.in, undefined, { maxBytes: c.max });
      const got: unknown[] = [];
      let err: unknown;
      for (;;) {
        try {
          got.push(await d.decode(T.any));
        } catch (e) {
          err = e;
          break;
        }
      }
      expect(got).toEqual(c.values);
      if (c.err === undefined) expect(isEOF(err)).toBe(true);
      else {
        expect((err as GoError).code).toBe("GOJSON_ERR_V1_TOO_LARGE");
        expect((err as Error).message).toBe(c.err);
        // Sticky: the Decoder is done.
        await expect(d.decode(T.any)).rejects.toBe(err);
      }
    });
  test("not a number of bytes: InvalidArgumentError", () => {
    expect(() => new SyncDecoder("1", undefined, { maxBytes: -1 })).toThrow(
      /maxBytes must be a number of bytes/,
    );
  });
});

describe("Decoder/BufferedValues", () => {
  // Values whole in the buffer are decoded without the state machine: the settings of the moment,
  // `into`, the token state and the offsets must be what the state machine gives.
  const input = '1.5 [2.5, {"x":1}] 3 {"y":2}';
  test("settings changed between values apply to the next value", async () => {
    const d = new Decoder(input);
    expect(await d.decode(T.any)).toBe(1.5);
    d.useNumber();
    const arr = (await d.decode(T.any)) as unknown[];
    expect(String(arr[0])).toBe("2.5");
    expect(typeof arr[0]).toBe("object");
    expect(d.inputOffset()).toBe(18);
    d.disallowUnknownFields();
    expect(String(await d.decode(T.any))).toBe("3");
    await expect(d.decode(parseGo("type S struct{ X int }").S as GoType)).rejects.toThrow(
      'json: unknown field "y"',
    );
  });
  test("into, tokens, and a sync decoder agree with the state machine", async () => {
    const d = new Decoder(input);
    const into = [9, 9, 9];
    expect(await d.decode(T.any)).toBe(1.5);
    expect(await d.token()).toBe(Delim.BeginArray);
    expect(await d.decode(T.float64)).toBe(2.5);
    expect(await d.decode(T.any)).toEqual({ x: 1 });
    expect(await d.token()).toBe(Delim.EndArray);
    expect(await d.decode(T.int)).toBe(3n);
    expect(d.inputOffset()).toBe(20);
    const s = new SyncDecoder(input);
    expect(s.decode(T.any)).toBe(1.5);
    expect(s.decode(goSlice(), { into })).toEqual([2.5, { x: 1 }]);
    expect(s.inputOffset()).toBe(18);
  });
  test("a type error is Go's, the value decoded past it", async () => {
    const d = new Decoder('"a" 2');
    await expect(d.decode(T.int)).rejects.toThrow("json: cannot unmarshal string into Go value of type int");
    expect(await d.decode(T.int)).toBe(2n);
  });
});

function goSlice(): GoType {
  return parseGo("type L []any").L as GoType;
}
