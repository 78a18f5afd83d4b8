// An input that is one long JSON string without escapes skips the fast path (which would hold two
// more copies of it): the exact engine's answer must be the fast path's, value and error alike,
// and the fast path's one-byte text of the whole input must not be made.
import { goType, T } from "@gojson/gotype";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LONG_STRING_INPUT, unmarshal } from "./unmarshal.js";
import { NO_FAST, unmarshalFast } from "./unmarshal-fast.js";

const enc = new TextEncoder();
const body = "ab<é>".repeat(Math.ceil(LONG_STRING_INPUT / 5));
const cases = [
  { name: "StringIntoString", type: T.string, data: enc.encode(JSON.stringify(body)) },
  { name: "LeadingSpace", type: T.string, data: enc.encode(`  \n${JSON.stringify(body)}`) },
  { name: "StringIntoInt", type: T.int, data: enc.encode(JSON.stringify(body)) },
  { name: "StringIntoAny", type: goType("any"), data: enc.encode(JSON.stringify(body)) },
  { name: "StringIntoBytes", type: goType("[]byte"), data: enc.encode(JSON.stringify(body)) },
  { name: "TrailingData", type: T.string, data: enc.encode(`${JSON.stringify(body)} 1`) },
  { name: "TextInput", type: T.string, data: JSON.stringify(body) },
];

function outcome(f: () => unknown): { value?: unknown; error?: string } {
  try {
    return { value: f() };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

describe("unmarshal of one long JSON string", () => {
  afterEach(() => vi.restoreAllMocks());
  for (const c of cases) {
    it(`LongString/${c.name}`, () => {
      const want = outcome(() => {
        const v = unmarshalFast(c.type, c.data, {});
        if (v === NO_FAST) throw new Error("fast path declined");
        return v;
      });
      const got = outcome(() => unmarshal(c.type, c.data));
      // The fast path declines what the exact engine must decide (errors): then only the value matters.
      if (want.error === "fast path declined") expect(got.error ?? got.value).toBeDefined();
      else expect(got).toEqual(want);
    });
  }

  it("LongString/NoOneByteTextOfTheInput", () => {
    const toText = vi.spyOn(Buffer.prototype, "toString");
    const data = enc.encode(JSON.stringify("x".repeat(LONG_STRING_INPUT)));
    expect(unmarshal(T.string, data)).toHaveLength(LONG_STRING_INPUT);
    const latin1 = toText.mock.calls.filter(
      (a) => a[0] === "latin1" && Number(a[2] ?? 0) - Number(a[1] ?? 0) >= LONG_STRING_INPUT,
    );
    expect(latin1).toEqual([]);
  });

  it("LongString/EscapesKeepTheFastPath", () => {
    const toText = vi.spyOn(Buffer.prototype, "toString");
    const data = enc.encode(JSON.stringify(`${"x".repeat(LONG_STRING_INPUT)}\n`));
    expect(unmarshal(T.string, data)).toHaveLength(LONG_STRING_INPUT + 1);
    expect(toText.mock.calls.some((a) => a[0] === "latin1")).toBe(true);
  });
});
