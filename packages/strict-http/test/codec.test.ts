// The codec adapter end to end: a node:http server on 127.0.0.1 reading with readJson and
// decoding into a Go type with the real @gojson/codec-v1 and @gojson/codec-v2 (devDependencies
// only: the codecs stay optional peers). Go's answers come from `go run test/go` (plain for v1,
// GOEXPERIMENT=jsonv2 for v2, go1.26.8), recorded in test/fixtures/codec-go.json.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as codecV1 from "@gojson/codec-v1";
import * as codecV2 from "@gojson/codec-v2";
import { parseGo } from "@gojson/gotype";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goDecoder, goDecoderV1, goDecoderV2 } from "../src/codec.js";
import { StrictBodyCode as C, type ReadJsonOptions } from "../src/index.js";
import { post, startServer, type TestServer } from "./server.js";

interface GoRow {
  name: string;
  body: string;
  value?: string;
  error?: string;
}
const fixture = JSON.parse(
  readFileSync(fileURLToPath(new URL("./fixtures/codec-go.json", import.meta.url)), "utf8"),
) as { v1: GoRow[]; v2: GoRow[] };

const types = parseGo(`package main
type Item struct {
	SKU string \`json:"sku"\`
	Qty int    \`json:"qty"\`
}
type Order struct {
	Name  string \`json:"name"\`
	Total int    \`json:"total"\`
	Items []Item \`json:"items"\`
}`);
const Order = types.Order as NonNullable<(typeof types)["Order"]>;

/** The decoded value (keyed by Go field names, ../shared/CONTRACT.md) marshalled back as Go would print it. */
function goJson(v: unknown): string {
  return new TextDecoder().decode(codecV1.marshal(Order, v));
}

/** What strict-http answers beyond Go's text: the pointer (v2 carries one) and the code. */
interface Want {
  status: number;
  code?: string;
  pointer?: string;
}
const wantV1: Record<string, Want> = {
  ok: { status: 200 },
  // codec-v1's unknown-field error is Go's plain text: no offset, no pointer (see README).
  "unknown-field": { status: 400, code: C.DECODE },
  "unknown-nested": { status: 400, code: C.DECODE },
  "type-mismatch": { status: 400, code: C.DECODE },
  "type-nested": { status: 400, code: C.DECODE },
  // Go v1 answers 200 with name "b"; the strict pass before the codec rejects it.
  "duplicate-name": { status: 400, code: C.DUPLICATE_NAME, pointer: "/name" },
};
const wantV2: Record<string, Want> = {
  ok: { status: 200 },
  "unknown-field": { status: 400, code: C.DECODE, pointer: "/role" },
  "unknown-nested": { status: 400, code: C.DECODE, pointer: "/items/1/color" },
  "type-mismatch": { status: 400, code: C.DECODE, pointer: "/total" },
  "type-nested": { status: 400, code: C.DECODE, pointer: "/items/0/qty" },
  // codec-v2 rejects duplicate names under v2's defaults, so goDecoderV2's precheck leaves them to
  // it: the answer is Go's own text (GOJSON_ERR_DECODE) with the pointer.
  "duplicate-name": { status: 400, code: C.DECODE, pointer: "/name" },
};

const flavours = [
  { name: "V1", rows: fixture.v1, want: wantV1, decode: goDecoderV1(codecV1, Order) },
  { name: "V2", rows: fixture.v2, want: wantV2, decode: goDecoderV2(codecV2, Order) },
] as const;

for (const f of flavours) {
  describe(`@gojson/strict-http/codec with @gojson/codec-${f.name.toLowerCase()} on a real server`, () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer({ decode: f.decode } satisfies ReadJsonOptions);
    });
    afterAll(() => server.close());

    it("Fixture/CoversEveryCase", () => {
      expect(f.rows.map((r) => r.name)).toEqual(Object.keys(f.want));
    });

    for (const row of f.rows) {
      it(`${f.name}/${row.name}`, async () => {
        const want = f.want[row.name] as Want;
        const r = await post(server.port, row.body);
        const outcome = await server.nextOutcome();
        expect(r.status).toBe(want.status);
        if (want.status === 200) {
          expect(row.value).toBeDefined();
          expect(goJson(outcome.value)).toBe(row.value);
          return;
        }
        expect(r.json.code).toBe(want.code);
        expect(r.json.pointer).toBe(want.pointer);
        if (want.code === C.DECODE) {
          // Go's error text, byte for byte.
          expect(r.json.detail).toBe(row.error);
          expect(outcome.error?.cause).toBeDefined();
        }
      });
    }
  });
}

describe("@gojson/strict-http/codec: offsets and the precheck", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ decode: goDecoderV1(codecV1, Order, {}, { precheck: false }) });
  });
  afterAll(() => server.close());

  it("V1/TypeMismatchKeepsGoOffset", async () => {
    const r = await post(server.port, '{"name":"ann","total":"3"}');
    await server.nextOutcome();
    // Go's UnmarshalTypeError.Offset: the bytes read when the value was consumed.
    expect([r.status, r.json.code, typeof r.json.offset]).toEqual([400, C.DECODE, "number"]);
  });

  it("V1/WithoutPrecheckDuplicatesBehaveAsGo", async () => {
    const row = fixture.v1.find((x) => x.name === "duplicate-name") as GoRow;
    const r = await post(server.port, row.body);
    const outcome = await server.nextOutcome();
    expect(r.status).toBe(200);
    expect(goJson(outcome.value)).toBe(row.value);
  });
});

// Found by a user audit: the precheck rejected `1e400` (GOJSON_ERR_NUMBER_OVERFLOW) before the
// codec ran, although Go keeps it in a json.Number or json.RawMessage field and words its own
// error for a float64 field. Recorded from go1.26.8 (Decoder + DisallowUnknownFields):
//   {"n":1e400,"r":-1e999} -> <nil>, Marshal: {"n":1e400,"r":-1e999,"f":0}
//   {"f":1e400} -> json: cannot unmarshal number 1e400 into Go struct field T.f of type float64
describe("@gojson/strict-http/codec: numbers that overflow a float64 are the codec's to judge", () => {
  const { T } = parseGo(`package main
import "encoding/json"
type T struct {
	N json.Number     \`json:"n"\`
	R json.RawMessage \`json:"r"\`
	F float64         \`json:"f"\`
}`);
  const type = T as NonNullable<typeof T>;
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ decode: goDecoderV1(codecV1, type) });
  });
  afterAll(() => server.close());

  it("V1/JsonNumberAndRawMessageKeep1e400", async () => {
    const r = await post(server.port, '{"n":1e400,"r":-1e999}');
    const outcome = await server.nextOutcome();
    expect(r.status).toBe(200);
    expect(new TextDecoder().decode(codecV1.marshal(type, outcome.value))).toBe(
      '{"n":1e400,"r":-1e999,"f":0}',
    );
  });

  it("V1/Float64FieldGetsGoText", async () => {
    const r = await post(server.port, '{"f":1e400}');
    await server.nextOutcome();
    expect([r.status, r.json.code, r.json.detail]).toEqual([
      400,
      C.DECODE,
      "json: cannot unmarshal number 1e400 into Go struct field T.f of type float64",
    ]);
  });

  it("PlainParse/StillRejectsOverflowByDefault", async () => {
    const plain = await startServer();
    try {
      const r = await post(plain.port, '{"f":1e400}');
      await plain.nextOutcome();
      expect([r.status, r.json.code]).toEqual([400, C.NUMBER_OVERFLOW]);
    } finally {
      await plain.close();
    }
  });
});

// goDecoderV2 leaves duplicate names and invalid UTF-8 to codec-v2 when the codec options reject
// them (v2's defaults); with the v1 flags that allow them the precheck keeps both checks. Invalid
// bytes make the fast pass give way to the full check, which answers with strict-http's own code.
describe("@gojson/strict-http/codec: what goDecoderV2's precheck leaves to codec-v2", () => {
  const dup = new TextEncoder().encode('{"name":"a","name":"b"}');
  const badUtf8 = Uint8Array.from([...new TextEncoder().encode('{"name":"'), 0xff, 0x22, 0x7d]);
  const deep = new TextEncoder().encode(`${"[".repeat(1001)}${"]".repeat(1001)}`);
  const errorOf = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      return e as { code?: string; message: string };
    }
    throw new Error("no error");
  };
  const cases = [
    {
      name: "DuplicateUnderV2Defaults",
      body: dup,
      options: {},
      code: C.DECODE,
      text: /duplicate object member name "name"/,
    },
    { name: "InvalidUtf8UnderV2Defaults", body: badUtf8, options: {}, code: C.INVALID_UTF8, text: /UTF-8/ },
    {
      name: "DuplicateAllowedByCodec",
      body: dup,
      options: { allowDuplicateNames: true },
      code: C.DUPLICATE_NAME,
      text: /duplicate/,
    },
    {
      name: "InvalidUtf8AllowedByCodec",
      body: badUtf8,
      options: { allowInvalidUTF8: true },
      code: C.INVALID_UTF8,
      text: /UTF-8/,
    },
    { name: "DepthStillPrechecked", body: deep, options: {}, code: C.MAX_DEPTH, text: /dep|nest/ },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const decode = goDecoderV2(codecV2, Order, c.options);
      const e = errorOf(() => decode(c.body));
      const { toDecodeError } = await import("../src/index.js");
      const err = toDecodeError(e);
      expect(err.code).toBe(c.code);
      expect(err.message).toMatch(c.text);
    });
  }
});

// goDecoderV2 under v2's defaults runs codec-v2 first, in one pass; strict-http's own policies
// are then asked of the body without reading it again unless one might object (after-codec.ts).
// Every answer below is the one the precheck gave when it ran before the codec.
describe("@gojson/strict-http/codec: goDecoderV2 in one pass", () => {
  const loose = parseGo(`package main
type Doc struct {
	Name  string         \`json:"name"\`
	Extra map[string]any \`json:"extra"\`
	Any   any            \`json:"any"\`
}`);
  const Doc = loose.Doc as NonNullable<(typeof loose)["Doc"]>;
  const enc = (s: string) => new TextEncoder().encode(s);
  const outcome = (decode: (b: Uint8Array) => unknown, body: string) => {
    try {
      return { value: decode(enc(body)) as Record<string, unknown> };
    } catch (e) {
      return { code: (e as { code?: string }).code, message: (e as Error).message };
    }
  };
  const nest = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;

  it("Accepted/ValueOfTheCodec", () => {
    const r = outcome(goDecoderV2(codecV2, Doc), '{"name":"ann","extra":{"a":[1,{"b":null}]},"any":"x"}');
    expect(r.value).toEqual({ Name: "ann", Extra: new Map([["a", [1, { b: null }]]]), Any: "x" });
  });

  const refused = [
    { name: "ProtoInMap", body: '{"extra":{"__proto__":{"x":1}}}', code: C.FORBIDDEN_KEY },
    { name: "ProtoEscapedInMap", body: '{"extra":{"\\u005f_proto__":1}}', code: C.FORBIDDEN_KEY },
    { name: "ProtoEscapedUpperHex", body: '{"any":{"__pr\\u006Fto__":1}}', code: C.FORBIDDEN_KEY },
    {
      name: "ConstructorPrototypeInAny",
      body: '{"any":{"constructor":{"prototype":{}}}}',
      code: C.FORBIDDEN_KEY,
    },
    { name: "Bom", body: '\ufeff{"name":"ann"}', code: C.BOM },
    { name: "UnknownMemberStillTheCodecs", body: '{"name":"ann","role":"x"}', code: "codec" },
    // The codec refuses it; the precheck, asked next, answers first as before.
    { name: "TrailingDataThePrechecks", body: '{"name":"ann"} {}', code: C.TRAILING_DATA },
    { name: "DuplicateTheCodecs", body: '{"name":"a","name":"b"}', code: "codec" },
  ];
  for (const c of refused) {
    it(`Refused/${c.name}`, () => {
      const r = outcome(goDecoderV2(codecV2, Doc), c.body);
      expect(r.value).toBeUndefined();
      // "codec": codec-v2's own error, in Go's text (toDecodeError maps it to a 400).
      if (c.code === "codec")
        expect([r.code?.startsWith("GOJSON_ERR_"), /^(json|jsontext): /.test(r.message ?? "")]).toEqual([
          true,
          true,
        ]);
      else expect(r.code).toBe(c.code);
    });
  }

  it("Allowed/ProtoLikeTextInValues", () => {
    // "proto" in a value and a \u00e9 escape make the full check run; it finds nothing to refuse.
    const r = outcome(goDecoderV2(codecV2, Doc), '{"name":"prototype caf\\u00e9","any":"__proto__"}');
    expect(r.value?.Name).toBe("prototype café");
  });

  it("Allowed/ProtoWhenThePoliciesIgnoreIt", () => {
    const decode = goDecoderV2(
      codecV2,
      Doc,
      {},
      { precheck: { protoAction: "ignore", constructorAction: "ignore" } },
    );
    const r = outcome(decode, '{"extra":{"__proto__":1}}');
    expect((r.value?.Extra as Map<string, unknown> | undefined)?.get("__proto__")).toBe(1);
  });

  it("TopLevel/OptionStillApplies", () => {
    const decode = goDecoderV2(codecV2, Doc, {}, { precheck: { topLevel: "object" } });
    expect(outcome(decode, "null").code).toBe(C.TOP_LEVEL_TYPE);
    expect(outcome(decode, ' {"name":"a"}').value?.Name).toBe("a");
  });

  it("Depth/ExplicitLimitChecked", () => {
    const decode = goDecoderV2(codecV2, Doc, {}, { precheck: { maxDepth: 50 } });
    expect(outcome(decode, `{"any":${nest(49)}}`).value).toBeDefined();
    expect(outcome(decode, `{"any":${nest(50)}}`).code).toBe(C.MAX_DEPTH);
    // Brackets inside strings do not count.
    expect(outcome(decode, `{"any":"${"[".repeat(100)}"}`).value).toBeDefined();
  });

  it("Depth/DefaultIsTheCodecsGoLimit", () => {
    // Without an explicit maxDepth a body the codec accepts may nest to codec-v2's limit (Go's
    // 10 000), as with precheck: false; one the codec refuses gets the precheck's answer first.
    // The outer object is one level: 10 000 in all is accepted, 10 001 refused (Go's jsontext).
    const decode = goDecoderV2(codecV2, Doc);
    expect(outcome(decode, `{"any":${nest(2000)}}`).value).toBeDefined();
    expect(outcome(decode, `{"any":${nest(9_999)}}`).value).toBeDefined();
    expect(outcome(decode, `{"any":${nest(10_000)}}`).code).toBe(C.MAX_DEPTH);
  });

  it("Depth/PrecheckLimitForTheOtherDecoders", () => {
    // goDecoderV1, goDecoder, and goDecoderV2 with a codec option that makes the precheck run
    // first keep strict-http's DEFAULT_MAX_DEPTH (1000).
    const deep1001 = `{"any":${nest(1000)}}`;
    expect(outcome(goDecoderV2(codecV2, Doc), `{"any":${nest(999)}}`).value).toBeDefined();
    expect(outcome(goDecoderV2(codecV2, Doc, { allowDuplicateNames: true }), deep1001).code).toBe(
      C.MAX_DEPTH,
    );
    expect(outcome(goDecoder(codecV2, Doc), deep1001).code).toBe(C.MAX_DEPTH);
  });
});
