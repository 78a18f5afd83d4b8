/**
 * unmarshalFastAt: values decoded in place in a window of many (a stream reader's buffer) give
 * what unmarshalFast of each value on its own gives, and refuse what is not a whole value at its
 * range (a value cut short, a number that runs on, a range outside the window).
 */
import { isDeepStrictEqual } from "node:util";
import { fc, test } from "@fast-check/vitest";
import { type GoType, parseGo } from "@gojson/gotype";
import { beginScan, beginWindow, endScan, endWindow } from "@gojson/jsontext/internal";
import { fastPathTypes, type Gen, jsonFor, type Members, mangle } from "@gojson/test-support";
import { afterEach, describe, expect, it } from "vitest";
import { structFieldsV2 } from "./fields.js";
import { defaultOptionsV1, resolveOptions } from "./index.js";
import { NO_FAST, unmarshalFast, unmarshalFastAt } from "./unmarshal-fast.js";

const v2Members: Members = (t) =>
  structFieldsV2(t).fields.map((f) => ({ name: f.name, type: f.type, quoted: f.string }));

const enc = new TextEncoder();
const O = resolveOptions({});
const { Rec } = parseGo(`type Rec struct {
  ID   int64   \`json:"id"\`
  Name string  \`json:"name"\`
  Tags []string \`json:"tags"\`
  Any  any     \`json:"any"\`
}`) as { Rec: GoType };

/** A window of the texts joined by sep, and each text's range in it. */
function windowOf(
  texts: readonly Uint8Array[],
  sep: Uint8Array,
): { bytes: Uint8Array; ranges: [number, number][] } {
  const ranges: [number, number][] = [];
  const parts: number[] = [];
  for (const t of texts) {
    ranges.push([parts.length, parts.length + t.length]);
    parts.push(...t, ...sep);
  }
  return { bytes: Uint8Array.from(parts), ranges };
}

afterEach(() => endWindow());

describe("unmarshalFastAt", () => {
  test.prop(
    [fastPathTypes(), fc.gen(), fc.constantFrom(resolveOptions({}), resolveOptions(defaultOptionsV1()))],
    {
      numRuns: 200,
    },
  )("gives what unmarshalFast gives each value on its own", (t, g: Gen, o) => {
    const n = g(fc.integer, { min: 1, max: 5 });
    const texts = Array.from({ length: n }, () => {
      const m = mangle(g, jsonFor(g, t, v2Members, 3));
      return typeof m === "string" ? enc.encode(m) : m;
    });
    const { bytes, ranges } = windowOf(texts, enc.encode(g(fc.constantFrom, "\n", " ", "", "\r\n\t")));
    const alone = ranges.map(([s, e]) => unmarshalFast(t, bytes.slice(s, e), o, true));
    const held = beginWindow(bytes, bytes.length);
    for (const [i, [s, e]] of ranges.entries()) {
      const got = unmarshalFastAt(t, s, e, o, true);
      if (!held) expect(got).toBe(NO_FAST);
      // In place, a value may be refused where alone it is not (it runs on into the next one), never the reverse.
      else if (got !== NO_FAST) expect(isDeepStrictEqual(got, alone[i])).toBe(true);
      else if (alone[i] !== NO_FAST) expect(enc.encode(" \n\r\t").includes(bytes[e] ?? 0x20)).toBe(false);
    }
  });

  it("decodes each line of an NDJSON window, with whitespace around the values", () => {
    const lines = ['{"id":1,"name":"a","tags":["x"]}', ' {"id":2,"any":{"k":[1,"é"]}} ', '{"name":"日本"}'];
    const bytes = enc.encode(`${lines.join("\n")}\n`);
    expect(beginWindow(bytes, bytes.length)).toBe(true);
    let p = 0;
    for (const line of lines) {
      const e = p + enc.encode(line).length;
      expect(unmarshalFastAt(Rec, p, e, O)).toEqual(unmarshalFast(Rec, line, O));
      p = e + 1;
    }
  });

  it("refuses a value cut short, a number that runs on, a range past the window, and no window", () => {
    const bytes = enc.encode('{"id":1}\n123\n{"id":2}');
    expect(unmarshalFastAt(Rec, 0, 8, O)).toBe(NO_FAST); // no window held yet
    expect(beginWindow(bytes, bytes.length)).toBe(true);
    expect(unmarshalFastAt(Rec, 0, 8, O)).toEqual(unmarshalFast(Rec, '{"id":1}', O));
    expect(unmarshalFastAt(Rec, 0, 4, O)).toBe(NO_FAST);
    const int = parseGo("type I int32").I as GoType;
    expect(unmarshalFastAt(int, 9, 12, O)).toBe(123);
    expect(unmarshalFastAt(int, 9, 11, O)).toBe(NO_FAST);
    expect(unmarshalFastAt(Rec, 13, bytes.length + 1, O)).toBe(NO_FAST);
    expect(unmarshalFastAt(Rec, 13, 12, O)).toBe(NO_FAST);
    // Only whitespace between the value and the end of its range.
    expect(unmarshalFastAt(Rec, 0, 9, O)).toEqual(unmarshalFast(Rec, '{"id":1}', O));
    expect(unmarshalFastAt(int, 8, 13, O)).toBe(123);
    expect(unmarshalFastAt(Rec, 9, 14, O)).toBe(NO_FAST);
    endWindow();
    expect(unmarshalFastAt(Rec, 0, 8, O)).toBe(NO_FAST);
  });

  it("keeps its window across other fast decodes, and holds only a window the fast path can read", () => {
    const bytes = enc.encode('{"name":"a"} {"name":"b"}');
    expect(beginWindow(bytes, bytes.length)).toBe(true);
    expect(unmarshalFastAt(Rec, 0, 12, O)).toEqual(unmarshalFast(Rec, '{"name":"a"}', O));
    // A whole-input decode between two values of the window (its own scratch and text).
    expect(unmarshalFast(Rec, '{"name":"zzzzzzzzzzzzzzzzzzzzzzz"}', O)).toEqual(
      unmarshalFast(Rec, enc.encode('{"name":"zzzzzzzzzzzzzzzzzzzzzzz"}'), O),
    );
    expect(beginScan("[]")).toBe(true);
    endScan();
    expect(unmarshalFastAt(Rec, 13, bytes.length, O)).toEqual(unmarshalFast(Rec, '{"name":"b"}', O));
    // Only the first `end` bytes are held.
    expect(beginWindow(bytes, 12)).toBe(true);
    expect(unmarshalFastAt(Rec, 13, bytes.length, O)).toBe(NO_FAST);
    // Invalid UTF-8 anywhere in the window: no window (the exact engine reads such values).
    const bad = Uint8Array.from([...enc.encode('{"name":"a"} {"name":"'), 0xff, 0x22, 0x7d]);
    expect(beginWindow(bad, bad.length)).toBe(false);
    expect(unmarshalFastAt(Rec, 0, 12, O)).toBe(NO_FAST);
  });
});
