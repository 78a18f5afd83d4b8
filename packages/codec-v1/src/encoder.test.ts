/**
 * Encoder options: the constructor's escapeHTML/prefix/indent give what
 * SetEscapeHTML/SetIndent give (those are checked against Go in audit.test.ts's
 * fmt/ table), the byte path and the general encoder write the same lines, and
 * a value that does not fit its type is rejected before anything is written.
 */
import { Writable } from "node:stream";
import { mapOf, sliceOf, structOf, T } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import { Encoder, InvalidValueError, marshal } from "./index.js";
import { fastPaths } from "./marshal.js";

const td = new TextDecoder();
const M = mapOf(T.string, T.any);

async function lines(make: (sink: (c: Uint8Array) => void) => Encoder, values: unknown[]): Promise<string> {
  const out: string[] = [];
  const e = make((c) => out.push(td.decode(c)));
  for (const v of values) await e.encode(M, v as never);
  return out.join("");
}

describe("Encoder options", () => {
  const values = [
    new Map<string, unknown>([
      ["a", "<&>"],
      ["b", [1, { c: null }]],
    ]),
    null,
  ];
  test("constructor options = SetEscapeHTML / SetIndent", async () => {
    const viaSetters = await lines((s) => {
      const e = new Encoder(s);
      e.setEscapeHTML(false);
      e.setIndent(">", "  ");
      return e;
    }, values);
    const viaOptions = await lines(
      (s) => new Encoder(s, { escapeHTML: false, prefix: ">", indent: "  " }),
      values,
    );
    expect(viaOptions).toBe(viaSetters);
    expect(viaOptions).toBe(
      '{\n>  "a": "<&>",\n>  "b": [\n>    1,\n>    {\n>      "c": null\n>    }\n>  ]\n>}\nnull\n',
    );
  });

  test("byte path and general encoder write the same lines", async () => {
    const fast = await lines((s) => new Encoder(s), values);
    fastPaths.bytes = false;
    try {
      expect(await lines((s) => new Encoder(s), values)).toBe(fast);
    } finally {
      fastPaths.bytes = true;
    }
    expect(fast).toBe('{"a":"\\u003c\\u0026\\u003e","b":[1,{"c":null}]}\nnull\n');
  });

  test("a wrong value writes nothing", async () => {
    const out: Uint8Array[] = [];
    const e = new Encoder((c) => out.push(c));
    await expect(e.encode(M, new Map([["a", undefined]]) as never)).rejects.toThrow(InvalidValueError);
    expect(out).toEqual([]);
    await e.encode(M, null); // the Encoder is still usable: a value error is not a write error
    expect(td.decode(out[0])).toBe("null\n");
  });
});

describe("Encoder writes", () => {
  const S = structOf([
    { name: "A", type: T.string, tag: "" },
    { name: "B", type: sliceOf(T.int32), tag: "" },
  ]);
  const values = [
    { A: "x<y", B: [1, 2] },
    { A: "é".repeat(3000), B: null },
    { A: "", B: Array.from({ length: 20000 }, (_, i) => i) },
  ];

  test("each line is marshal's bytes and a newline, in one write, for every kind of sink", async () => {
    const want = values.map((v) => `${td.decode(marshal(S, v))}\n`);
    const chunks: Uint8Array[] = [];
    const fn = new Encoder((c) => chunks.push(c));
    for (const v of values) await fn.encode(S, v);
    expect(chunks.map((c) => td.decode(c))).toEqual(want);

    const got: Buffer[] = [];
    const w = new Writable({
      write(c: Buffer, _enc, cb) {
        got.push(c);
        cb();
      },
    });
    const node = new Encoder(w);
    for (const v of values) await node.encode(S, v);
    expect(got.map((c) => c.toString("utf8"))).toEqual(want);
  });

  test("a sink that takes lines synchronously has them before encode returns", () => {
    const out: string[] = [];
    const e = new Encoder({ write: (c: Uint8Array) => out.push(td.decode(c)) });
    const p = e.encode(S, { A: "a", B: [] });
    expect(out).toEqual(['{"A":"a","B":[]}\n']);
    expect(p).toBeInstanceOf(Promise);
  });

  test("errors reject the returned promise, never throw from encode", async () => {
    const e = new Encoder(() => {
      throw new Error("disk full");
    });
    const bad = new Encoder(() => 0);
    let p1: Promise<void> | undefined;
    let p2: Promise<void> | undefined;
    let p3: Promise<void> | undefined;
    expect(() => {
      p1 = bad.encode(S, { A: 1 } as never);
      p2 = bad.encode("not a type" as never, null as never);
      p3 = e.encode(S, { A: "a", B: null });
    }).not.toThrow();
    await expect(p1).rejects.toThrow(InvalidValueError);
    await expect(p2).rejects.toThrow(/must be a GoType/);
    await expect(p3).rejects.toThrow("disk full");
    // Go's enc.err: a failed write is sticky, the next value is not written.
    await expect(e.encode(S, { A: "b", B: null })).rejects.toThrow("disk full");
  });

  test("a sink's rejected promise is the Encoder's error from then on", async () => {
    let calls = 0;
    const e = new Encoder(() => {
      calls++;
      return Promise.reject(new Error("closed"));
    });
    await expect(e.encode(S, { A: "a", B: null })).rejects.toThrow("closed");
    await expect(e.encode(S, { A: "b", B: null })).rejects.toThrow("closed");
    expect(calls).toBe(1);
  });
});
