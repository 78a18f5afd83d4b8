/**
 * marshalInto (marshal's byte path into a caller's buffer) against marshal:
 * the same bytes at the offset, the bytes before it untouched, and the marks
 * when the value does not fit or the byte path does not write it.
 */
import { Buffer } from "node:buffer";
import { CORPUS_NAMES, corpusBytes, corpusInfo, PAYLOAD_NAMES, payload } from "@gojson/fixtures";
import { type GoType, goType, mapOf, parseGo, structOf, T } from "@gojson/gotype";
import { afterEach, describe, expect, it } from "vitest";
import { defaultOptionsV1, marshal, type Options, resolveOptions, unmarshal } from "./index.js";
import { fastMarshal } from "./marshal-fast.js";
import { INTO_BAIL, INTO_FULL, marshalInto } from "./marshal-into.js";

afterEach(() => {
  fastMarshal.enabled = true;
});

/** marshalInto's bytes at offset 3 of a buffer of `size` bytes filled with 0xAA, or its mark. */
function into(
  t: GoType,
  v: unknown,
  o: Options | undefined,
  size: number,
  plain = false,
): Uint8Array | number {
  const buf = plain ? new Uint8Array(size) : Buffer.alloc(size);
  buf.fill(0xaa);
  const end = marshalInto(t, v, resolveOptions(o), buf, 3);
  if (end < 0) return end;
  expect(Array.from(buf.subarray(0, 3))).toEqual([0xaa, 0xaa, 0xaa]);
  return new Uint8Array(buf.subarray(3, end));
}

describe("marshalInto", () => {
  const inputs = [
    ...PAYLOAD_NAMES.map((n) => {
      const p = payload(n, { size: "small" });
      return { id: n, bytes: p.bytes, src: p.goSource, expr: p.goType };
    }),
    ...CORPUS_NAMES.filter((n) => ["twitter", "citm_catalog", "canada", "string_unicode"].includes(n)).map(
      (n) => {
        const i = corpusInfo(n);
        return { id: n, bytes: corpusBytes(n), src: i.goSource, expr: i.goType };
      },
    ),
  ];
  for (const inp of inputs) {
    it(`writes marshal's bytes: ${inp.id}`, () => {
      const t = goType(inp.expr, parseGo(inp.src));
      const v = unmarshal(t, inp.bytes);
      for (const o of [undefined, defaultOptionsV1()]) {
        const want = Buffer.from(marshal(t, v, o));
        expect(want.equals(into(t, v, o, want.length + 3) as Uint8Array)).toBe(true);
        expect(want.equals(into(t, v, o, want.length + 100, true) as Uint8Array)).toBe(true);
        // One byte short: the caller's buffer is not enough.
        expect(into(t, v, o, want.length + 2)).toBe(INTO_FULL);
      }
    });
  }

  const S = structOf([
    { name: "A", type: T.int32, tag: 'json:"a"' },
    { name: "M", type: mapOf(T.string, T.float64), tag: 'json:"m,omitempty"' },
  ]);

  it("marks a value the byte path does not write", () => {
    // A value that does not fit its Go type: marshal reports it.
    expect(into(S, { A: "1", M: null }, undefined, 64)).toBe(INTO_BAIL);
    expect(() => marshal(S, { A: "1", M: null } as never)).toThrow();
    // Options the byte path does not serve.
    expect(into(S, { A: 1, M: null }, { multiline: true }, 64)).toBe(INTO_BAIL);
    expect(into(S, { A: 1, M: null }, { stringifyNumbers: true }, 64)).toBe(INTO_BAIL);
    // The fast path switched off.
    fastMarshal.enabled = false;
    expect(into(S, { A: 1, M: null }, undefined, 64)).toBe(INTO_BAIL);
    fastMarshal.enabled = true;
    // An offset outside the buffer.
    expect(marshalInto(S, { A: 1, M: null }, resolveOptions(undefined), Buffer.alloc(8), 9)).toBe(INTO_BAIL);
  });

  it("writes at the offset after the caller's bytes", () => {
    const buf = Buffer.alloc(64, 0x20);
    const o = resolveOptions(undefined);
    let end = marshalInto(S, { A: 7, M: new Map([["x", 1.5]]) }, o, buf, 0);
    expect(end).toBeGreaterThan(0);
    buf[end++] = 0x0a;
    end = marshalInto(S, { A: -1, M: new Map() }, o, buf, end);
    expect(buf.toString("utf8", 0, end)).toBe('{"a":7,"m":{"x":1.5}}\n{"a":-1}');
  });
});
