/**
 * The streaming Decoder and Encoder against Go 1.26's json.Decoder/Encoder
 * (expected values recorded from Go: /tmp/cv1/stream/main.go in the notes),
 * plus chunking invariance: any split of the input gives the same results.
 */
import { Readable } from "node:stream";
import { fc, test as fcTest } from "@fast-check/vitest";
import { JsonNumber, parseGo, T } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import { Decoder, Delim, Encoder, JsonSyntaxError, marshal, type Token } from "./index.js";

const text = new TextDecoder();
const { Row } = parseGo('type Row struct { ID int64 `json:"id"` }') as {
  Row: import("@gojson/gotype").GoType;
};

function errStr(e: unknown): string {
  if (JsonSyntaxError.isInstance(e)) return `${e.message} @${e.offset}`;
  return (e as Error).message;
}

function chunksOf(s: string, sizes: number[]): Uint8Array[] {
  const b = new TextEncoder().encode(s);
  const out: Uint8Array[] = [];
  let i = 0;
  for (const n of sizes) {
    if (i >= b.length) break;
    out.push(b.slice(i, i + Math.max(1, n)));
    i += Math.max(1, n);
  }
  if (i < b.length) out.push(b.slice(i));
  return out;
}

async function all(src: ConstructorParameters<typeof Decoder>[0]): Promise<string[]> {
  const d = new Decoder(src);
  const out: string[] = [];
  for (;;) {
    try {
      out.push(text.decode(marshal(T.any, await d.decode(T.any))));
    } catch (e) {
      out.push(`ERR ${errStr(e)}`);
      return out;
    }
  }
}

function tokStr(t: Token): string {
  if (t instanceof Delim) return `json.Delim:${t}`;
  if (t === null) return "<nil>:<nil>";
  if (JsonNumber.isInstance(t)) return `json.Number:${t.text}`;
  if (typeof t === "number") return `float64:${t}`;
  return `${typeof t === "boolean" ? "bool" : "string"}:${t}`;
}

async function tokens(src: string): Promise<string[]> {
  const d = new Decoder(src);
  const out: string[] = [];
  for (;;) {
    try {
      const t = await d.token();
      out.push(`${tokStr(t)}@${d.inputOffset()} more=${await d.more()}`);
    } catch (e) {
      out.push(`ERR ${errStr(e)}`);
      return out;
    }
  }
}

const streamCases: { name: string; in: string; want: string[] }[] = [
  {
    name: "Stream/Many",
    in: '{"id":1} {"id":2}\n[1,2] "x" 12 ',
    want: ['{"id":1}', '{"id":2}', "[1,2]", '"x"', "12", "ERR EOF"],
  },
  { name: "Stream/Truncated", in: '{"id":1} {"id":', want: ['{"id":1}', "ERR unexpected EOF"] },
  {
    name: "Stream/Syntax",
    in: '{"id":1} {"id":}',
    want: ['{"id":1}', "ERR invalid character '}' looking for beginning of value @16"],
  },
  { name: "Stream/NumberEnd", in: "123", want: ["123", "ERR EOF"] },
  {
    name: "Stream/Garbage",
    in: "1 2 x",
    want: ["1", "2", "ERR invalid character 'x' looking for beginning of value @5"],
  },
  { name: "Stream/Empty", in: "", want: ["ERR EOF"] },
  { name: "Stream/Spaces", in: "  \n ", want: ["ERR EOF"] },
  {
    name: "Stream/TypeError",
    in: '{"a":1e999} 5',
    want: ["ERR json: cannot unmarshal number 1e999 into Go value of type float64"],
  },
];

describe("Decoder.decode", () => {
  test.each(streamCases.map((c) => [c.name, c] as const))("%s", async (_n, c) => {
    // Stream/TypeError: Go's loop stops at the first error; so do we.
    expect(await all(c.in)).toEqual(c.want);
  });

  fcTest.prop(
    [fc.constantFrom(...streamCases), fc.array(fc.integer({ min: 1, max: 7 }), { maxLength: 40 })],
    { numRuns: 60 },
  )("chunking invariance", async (c, sizes) => {
    expect(await all(chunksOf(c.in, sizes))).toEqual(c.want);
  });

  test("Node Readable and web ReadableStream sources", async () => {
    const src = '{"id":1} [true]';
    expect(await all(Readable.from([Buffer.from(src.slice(0, 5)), Buffer.from(src.slice(5))]))).toEqual([
      '{"id":1}',
      "[true]",
      "ERR EOF",
    ]);
    const web = new ReadableStream<Uint8Array>({
      start(ctl) {
        ctl.enqueue(new TextEncoder().encode(src));
        ctl.close();
      },
    });
    expect(await all(web)).toEqual(['{"id":1}', "[true]", "ERR EOF"]);
  });
});

describe("Decoder.token", () => {
  test("Token/Object", async () => {
    expect(await tokens('{"a":[1,"x",true,null,{"b":2}],"c":1.5}')).toEqual([
      "json.Delim:{@1 more=true",
      "string:a@4 more=true",
      "json.Delim:[@6 more=true",
      "float64:1@7 more=true",
      "string:x@11 more=true",
      "bool:true@16 more=true",
      "<nil>:<nil>@21 more=true",
      "json.Delim:{@23 more=true",
      "string:b@26 more=true",
      "float64:2@28 more=false",
      "json.Delim:}@29 more=false",
      "json.Delim:]@30 more=true",
      "string:c@34 more=true",
      "float64:1.5@38 more=false",
      "json.Delim:}@39 more=false",
      "ERR EOF",
    ]);
  });
  test("Token/BadComma", async () => {
    expect(await tokens("[1 2]")).toEqual([
      "json.Delim:[@1 more=true",
      "float64:1@2 more=true",
      "ERR invalid character '2' after array element @3",
    ]);
  });
  test("Token/BadColon", async () => {
    expect(await tokens('{"a" 1}')).toEqual([
      "json.Delim:{@1 more=true",
      "string:a@4 more=true",
      "ERR invalid character '1' after object key @5",
    ]);
  });
  test("Token/Top", async () => {
    expect(await tokens('1 "s" [] {}')).toEqual([
      "float64:1@1 more=true",
      "string:s@5 more=true",
      "json.Delim:[@7 more=false",
      "json.Delim:]@8 more=true",
      "json.Delim:{@10 more=false",
      "json.Delim:}@11 more=false",
      "ERR EOF",
    ]);
  });
  test("Token/ArrayOfRows", async () => {
    const d = new Decoder('[{"id":1},{"id":"x"},{"id":3}]');
    const out: string[] = [String(await d.token())];
    while (await d.more()) {
      try {
        out.push(String(((await d.decode(Row)) as { ID: bigint }).ID));
      } catch (e) {
        out.push(`ERR ${errStr(e)}`);
        out.push(String((e as { value: { ID: bigint } }).value.ID));
      }
    }
    out.push(String(await d.token()));
    expect(out).toEqual([
      "[",
      "1",
      "ERR json: cannot unmarshal string into Go struct field Row.id of type int64",
      "0",
      "3",
      "]",
    ]);
  });
});

describe("Decoder options and Encoder", () => {
  test("Buffered", async () => {
    const d = new Decoder('{"a":1} rest');
    await d.decode(T.any);
    expect([text.decode(d.buffered()), d.inputOffset()]).toEqual([" rest", 7]);
  });
  test("Disallow", async () => {
    const d = new Decoder('{"id":1,"x":2}');
    d.disallowUnknownFields();
    await expect(d.decode(Row)).rejects.toThrow('json: unknown field "x"');
  });
  test("UseNumber", async () => {
    const d = new Decoder('{"n":1.0}');
    d.useNumber();
    const m = (await d.decode(T.any)) as { n: JsonNumber };
    expect(JsonNumber.isInstance(m.n) && m.n.text).toBe("1.0");
  });
  test("Encoder", async () => {
    const chunks: Uint8Array[] = [];
    const e = new Encoder((c) => chunks.push(c));
    await e.encode(T.any, { b: 1, a: "<x>" });
    await e.encode(T.any, [1]);
    expect(chunks.map((c) => text.decode(c)).join("")).toBe('{"a":"\\u003cx\\u003e","b":1}\n[1]\n');
  });
  test("Encoder/Indent", async () => {
    const chunks: Uint8Array[] = [];
    const e = new Encoder({ write: (c: Uint8Array) => chunks.push(c) });
    e.setIndent(">", "\t");
    await e.encode(T.any, { a: [1, 2], b: {}, c: [] });
    expect(text.decode(chunks[0])).toBe(
      '{\n>\t"a": [\n>\t\t1,\n>\t\t2\n>\t],\n>\t"b": {},\n>\t"c": []\n>}\n',
    );
  });
  test("Encoder/NoEscapeHTML", async () => {
    const chunks: Uint8Array[] = [];
    const e = new Encoder((c) => chunks.push(c));
    e.setEscapeHTML(false);
    await e.encode(T.any, { "<k>": "<a>&\u2028" });
    expect(text.decode(chunks[0])).toBe('{"<k>":"<a>&\\u2028"}\n');
  });
});
