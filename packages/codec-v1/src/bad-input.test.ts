/**
 * Hostile input: every truncation of a document, deep nesting, huge strings
 * and numbers, invalid UTF-8 and prototype keys. Expected texts recorded from
 * Go 1.26 (test/golden/truncated-prefixes.json: json.Unmarshal of every prefix).
 */
import { readFileSync } from "node:fs";
import { parseGo, T } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import { JsonV1Error, MAX_NESTING_DEPTH, marshal, unmarshal } from "./index.js";

const text = new TextDecoder();
const D = parseGo(`
type Row struct {
	ID   int64          \`json:"id"\`
	Name string         \`json:"name"\`
	Tags []string       \`json:"tags"\`
	M    map[string]any \`json:"m"\`
}
type Node struct { V int; Next *Node }
`) as Record<string, import("@gojson/gotype").GoType>;
const Row = D.Row as import("@gojson/gotype").GoType;
const Deep = parseGo(`
type Node struct {
	N *Node \`json:"n"\`
	V int   \`json:"v"\`
}
type TN struct {
	N *TN       \`json:"n"\`
	T time.Time \`json:"t"\`
}
type L []L
type M map[string]M
`) as Record<string, import("@gojson/gotype").GoType>;
const DN = Deep.Node as import("@gojson/gotype").GoType;
const DT = Deep.TN as import("@gojson/gotype").GoType;
const DL = Deep.L as import("@gojson/gotype").GoType;
const DM = Deep.M as import("@gojson/gotype").GoType;
const Node = D.Node as import("@gojson/gotype").GoType;

function errOf(f: () => unknown): string {
  try {
    f();
    return "OK";
  } catch (e) {
    expect(JsonV1Error.isInstance(e), String(e)).toBe(true);
    return (e as Error).message;
  }
}

describe("bad input", () => {
  test("Truncated/EveryPrefix", () => {
    const doc =
      '{"id": -12, "name": "a\\u00e9\\"b", "tags": ["x", "y"], "m": {"k": [1.5e3, true, null, {}]}}';
    const want: string[] = JSON.parse(
      readFileSync(new URL("../test/golden/truncated-prefixes.json", import.meta.url), "utf8"),
    );
    const got: string[] = [];
    for (let i = 0; i <= doc.length; i++) got.push(errOf(() => unmarshal(Row, doc.slice(0, i))));
    expect(got).toEqual(want);
  });

  test("Nesting/TypedPastLimit", () => {
    const n = MAX_NESTING_DEPTH + 1;
    const s = `${'{"Next":'.repeat(n)}null${"}".repeat(n)}`;
    expect(errOf(() => unmarshal(Node, s))).toBe("invalid character '{' exceeded max depth");
    expect(errOf(() => unmarshal(T.any, "[".repeat(n)))).toBe("invalid character '[' exceeded max depth");
  });

  test("Nesting/AnyAtLimit", () => {
    const n = MAX_NESTING_DEPTH;
    const v = unmarshal(T.any, `${"[".repeat(n)}${"]".repeat(n)}`);
    expect(marshal(T.any, v).length).toBe(2 * n);
  });

  // Expected values recorded from Go 1.26 (json.Unmarshal, then json.Marshal of the destination).
  test("Nesting/TypedAtLimit", () => {
    const n = MAX_NESTING_DEPTH;
    const node = unmarshal(DN, `${'{"n":'.repeat(n)}null${"}".repeat(n)}`);
    expect(text.decode(marshal(DN, node))).toBe(`${'{"n":'.repeat(n)}null${',"v":0}'.repeat(n)}`);
    const list = `${"[".repeat(n)}${"]".repeat(n)}`;
    expect(text.decode(marshal(DL, unmarshal(DL, list)))).toBe(list);
    const m = `${'{"a":'.repeat(n - 1)}{}${"}".repeat(n - 1)}`;
    expect(text.decode(marshal(DM, unmarshal(DM, m)))).toBe(m);
    expect(errOf(() => unmarshal(DM, `${'{"a":'.repeat(n)}{}${"}".repeat(n)}`))).toBe(
      "invalid character '{' exceeded max depth",
    );
  });

  test("Nesting/TypedDeepErrors", () => {
    const n = 3000;
    let err: any;
    try {
      unmarshal(DN, `${'{"n":'.repeat(n)}{"v":"x"}${"}".repeat(n)}`);
    } catch (e) {
      err = e;
    }
    expect(err.message).toBe(
      `json: cannot unmarshal string into Go struct field Node${".n".repeat(n)}.v of type int`,
    );
    expect(text.decode(marshal(DN, err.value))).toBe(
      `${'{"n":'.repeat(n)}{"n":null,"v":0}${',"v":0}'.repeat(n)}`,
    );
    try {
      unmarshal(DT, `${'{"n":'.repeat(n)}{"t":"x"}${"}".repeat(n)}`);
    } catch (e) {
      err = e;
    }
    expect(err.message).toBe('parsing time "x" as "2006-01-02T15:04:05Z07:00": cannot parse "x" as "2006"');
    const zt = '"0001-01-01T00:00:00Z"';
    expect(text.decode(marshal(DT, err.value))).toBe(
      `${'{"n":'.repeat(n)}{"n":null,"t":${zt}}${`,"t":${zt}}`.repeat(n)}`,
    );
    try {
      unmarshal(DL, `${"[".repeat(n)}1${"]".repeat(n)}`);
    } catch (e) {
      err = e;
    }
    expect(err.message).toBe("json: cannot unmarshal number into Go value of type main.L");
    expect(text.decode(marshal(DL, err.value))).toBe(`${"[".repeat(n)}null${"]".repeat(n)}`);
  });

  test("Nesting/MarshalDeepValue", () => {
    let v: unknown = null;
    for (let i = 0; i < 20_000; i++) v = { N: v, V: 1n };
    const out = text.decode(marshal(DN, v));
    expect(out).toBe(`${'{"n":'.repeat(20_000)}null${',"v":1}'.repeat(20_000)}`);
    const cyc: { N: unknown; V: bigint } = { N: null, V: 0n };
    cyc.N = cyc;
    expect(errOf(() => marshal(DN, cyc))).toBe("json: unsupported value: encountered a cycle via *main.Node");
  });

  test("Strings/Huge", () => {
    const big = "ab\u00e9".repeat(4_000_000);
    const v = unmarshal(T.string, `"${big}"`);
    expect(v).toBe(big);
    expect(errOf(() => unmarshal(T.string, `"${big}`))).toBe("unexpected end of JSON input");
  });

  test("Numbers/HugeDigits", () => {
    const digits = "1".repeat(100_000);
    expect(errOf(() => unmarshal(T.float64, digits))).toBe(
      `json: cannot unmarshal number ${digits} into Go value of type float64`,
    );
    expect(errOf(() => unmarshal(T.int64, digits))).toBe(
      `json: cannot unmarshal number ${digits} into Go value of type int64`,
    );
    expect(errOf(() => unmarshal(T.any, `0.${"0".repeat(100_000)}1`))).toBe("OK");
    expect(errOf(() => unmarshal(T.float64, "1e999"))).toBe(
      "json: cannot unmarshal number 1e999 into Go value of type float64",
    );
  });

  test.each([
    ['"\xff"', '"\ufffd"', "OK"],
    ['"a\xe2\x82b"', '"a\ufffd\ufffdb"', "OK"],
    ['"\xed\xa0\x80"', '"\ufffd\ufffd\ufffd"', "OK"],
    ['"\xf0\x9f\x98"', '"\ufffd\ufffd\ufffd"', "OK"],
    ['"\xc0\xaf"', '"\ufffd\ufffd"', "OK"],
    ["\xff", "null", "invalid character 'ÿ' looking for beginning of value"],
    ["[\xe2\x82\xac]", "null", "invalid character 'â' looking for beginning of value"],
    ['"ok\xf4\x90\x80\x80"', '"ok\ufffd\ufffd\ufffd\ufffd"', "OK"],
  ])("InvalidUTF8 %j", (latin1, wantOut, wantErr) => {
    const bytes = Uint8Array.from(latin1, (c) => c.charCodeAt(0));
    let v: unknown = null;
    const e = errOf(() => {
      v = unmarshal(T.any, bytes);
    });
    expect(e).toBe(wantErr);
    expect(text.decode(marshal(T.any, v))).toBe(wantOut);
  });

  test("Prototype/NeverReached", () => {
    const payload = '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":2}}}';
    const a = unmarshal(T.any, payload) as Record<string, unknown>;
    expect(Object.getPrototypeOf(a)).toBe(Object.prototype);
    expect(Object.hasOwn(a, "__proto__")).toBe(true);
    const m = unmarshal(
      parseGo("type M map[string]any").M as import("@gojson/gotype").GoType,
      payload,
    ) as Map<string, unknown>;
    expect(m.get("__proto__")).toEqual({ polluted: 1 });
    unmarshal(Row, payload);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(text.decode(marshal(T.any, a))).toBe(
      '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":2}}}',
    );
  });
});

describe("ill-typed values of self-referential types end with an error, not a hang", () => {
  // A Go value of these types is finite or a cycle of pointers; a JS primitive in their place
  // would dereference to itself forever.
  test.each([
    ["type P *P", "P", 1n, "json: unsupported value: encountered a cycle via main.P"],
    ["type A [1]*A", "A", "x", 'json: A: want main.A (array of length 1), got string "x"'],
  ])("%s holding %s", (src, name, value, text) => {
    const t = parseGo(src)[name] as Parameters<typeof marshal>[0];
    expect(() => marshal(t, value)).toThrow(text);
  });
});
