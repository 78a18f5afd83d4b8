/**
 * unmarshalFastAt: values decoded in place in a window of many (a stream reader's buffer) give
 * what unmarshalFast of each value on its own gives, under v1's rules (duplicates merge, lone
 * surrogate escapes are U+FFFD), and refuse what is not a whole value at its range.
 */
import { parseGo } from "@gojson/gotype";
import { beginWindow, endWindow } from "@gojson/jsontext/internal";
import { afterEach, describe, expect, it } from "vitest";
import type { GoType } from "./deps.js";
import { NO_FAST, unmarshalFast, unmarshalFastAt } from "./unmarshal-fast.js";

const enc = new TextEncoder();
// v1's own reading: a `,string` number, case-insensitive names, duplicates merged.
const { Rec } = parseGo(`type Rec struct {
  ID   int64    \`json:"id"\`
  N    int32    \`json:"n,string"\`
  Name string   \`json:"name"\`
  Tags []string \`json:"tags"\`
  Any  any      \`json:"any"\`
}`) as { Rec: GoType };

afterEach(() => endWindow());

describe("unmarshalFastAt", () => {
  it("decodes each line of an NDJSON window as unmarshalFast decodes it alone", () => {
    const lines = [
      '{"id":1,"n":"7","name":"a","tags":["x"]}',
      ' {"ID":2,"any":{"k":[1,"é"]},"id":3} ',
      '{"name":"\\ud800日本","Name":"b"}',
    ];
    const bytes = enc.encode(`${lines.join("\n")}\n`);
    expect(beginWindow(bytes, bytes.length)).toBe(true);
    let p = 0;
    for (const line of lines) {
      const e = p + enc.encode(line).length;
      const alone = unmarshalFast(Rec, line, {});
      expect(alone).not.toBe(NO_FAST);
      expect(unmarshalFastAt(Rec, p, e, {})).toEqual(alone);
      expect(unmarshalFastAt(Rec, p, e, { useNumber: true })).toEqual(
        unmarshalFast(Rec, line, { useNumber: true }),
      );
      p = e + 1;
    }
  });

  it("refuses a value cut short, a number that runs on, a range past the window, `into` and no window", () => {
    const bytes = enc.encode('{"id":1}\n123\n');
    expect(unmarshalFastAt(Rec, 0, 8, {})).toBe(NO_FAST);
    expect(beginWindow(bytes, bytes.length)).toBe(true);
    expect(unmarshalFastAt(Rec, 0, 8, {})).toEqual({ ID: 1n, N: 0, Name: "", Tags: null, Any: null });
    expect(unmarshalFastAt(Rec, 0, 7, {})).toBe(NO_FAST);
    const int = parseGo("type I int32").I as GoType;
    expect(unmarshalFastAt(int, 9, 12, {})).toBe(123);
    expect(unmarshalFastAt(int, 9, 11, {})).toBe(NO_FAST);
    expect(unmarshalFastAt(int, 9, bytes.length + 1, {})).toBe(NO_FAST);
    expect(unmarshalFastAt(Rec, 0, 8, { into: {} })).toBe(NO_FAST);
  });
});
