/**
 * Maps on marshal's byte path: members in Go's order (sorted by the UTF-8 bytes of their names),
 * small maps (sorted on the name stack) and large ones alike, nested maps, and a bail in the middle
 * of a nested map leaving nothing behind for the next marshal.
 */
import { goType, parseGo } from "@gojson/gotype";
import { afterEach, describe, expect, it } from "vitest";
import { marshal } from "./index.js";
import { fastPaths } from "./marshal.js";

afterEach(() => {
  fastPaths.bytes = true;
  fastPaths.strict = false;
});

const text = (b: Uint8Array) => new TextDecoder().decode(b);

/** Writes the map both ways (byte path, general encoder): the same text, and the byte path served it. */
function both(type: string, v: unknown, decls = {}): string {
  const t = goType(type, decls);
  fastPaths.strict = true;
  const bails = fastPaths.bails;
  const fast = text(marshal(t, v as never));
  expect(fastPaths.bails, "the byte path bailed").toBe(bails);
  fastPaths.bytes = false;
  const exact = text(marshal(t, v as never));
  fastPaths.bytes = true;
  expect(fast).toBe(exact);
  return fast;
}

/** n keys "k0" … "k{n-1}" inserted in reverse, with their index as value. */
const reversed = (n: number) => new Map(Array.from({ length: n }, (_, i) => [`k${n - 1 - i}`, n - 1 - i]));

describe("marshal of maps on the byte path", () => {
  it.each([
    ["empty", "map[string]int32", new Map(), "{}"],
    ["nil", "map[string]int32", null, "null"],
    ["one entry", "map[string]int32", new Map([["a", 1]]), '{"a":1}'],
    [
      "insertion order is not kept",
      "map[string]int32",
      new Map([
        ["b", 2],
        ["a", 1],
        ["c", 3],
      ]),
      '{"a":1,"b":2,"c":3}',
    ],
    [
      // UTF-8 order: U+FF61 (EF BD A1) before U+1F600 (F0 9F 98 80), though UTF-16 orders them the other way
      "UTF-8 order, not UTF-16",
      "map[string]int32",
      new Map([
        ["😀", 1],
        ["｡", 2],
        ["z", 3],
        ["é", 4],
      ]),
      '{"z":3,"é":4,"｡":2,"😀":1}',
    ],
    [
      "a prefix first",
      "map[string]int32",
      new Map([
        ["ab", 1],
        ["a", 2],
        ["", 3],
      ]),
      '{"":3,"a":2,"ab":1}',
    ],
    [
      "int keys by their text",
      "map[int32]bool",
      new Map([
        [10, true],
        [9, false],
        [-1, true],
        [-2, false],
      ]),
      '{"-1":true,"-2":false,"10":true,"9":false}',
    ],
    [
      "int64 keys",
      "map[int64]string",
      new Map([
        [12n, "x"],
        [3n, "y"],
      ]),
      '{"12":"x","3":"y"}',
    ],
    [
      "names escaped",
      "map[string]int32",
      new Map([
        ["<b>", 1],
        ['"q"', 2],
      ]),
      '{"\\"q\\"":2,"\\u003cb\\u003e":1}',
    ],
  ])("%s", (_name, type, v, want) => {
    expect(both(type, v)).toBe(want);
  });

  it.each([31, 32, 33, 100])("%i entries in reverse come out sorted", (n) => {
    const want = [...reversed(n)].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, x]) => `"${k}":${x}`);
    expect(both("map[string]int32", reversed(n))).toBe(`{${want.join(",")}}`);
  });

  it("nested maps keep each level's names apart", () => {
    const v = new Map([
      [
        "b",
        new Map([
          ["y", 1],
          ["x", 2],
        ]),
      ],
      [
        "a",
        new Map([
          ["z", 3],
          ["w", 4],
        ]),
      ],
      ["c", reversed(40)],
    ]);
    const out = both("map[string]map[string]int32", v);
    expect(out.startsWith('{"a":{"w":4,"z":3},"b":{"x":2,"y":1},"c":{"k0":0,"k1":1,"k10":10,')).toBe(true);
  });

  it("a bail inside a nested map leaves nothing behind for the next marshal", () => {
    const decls = parseGo('package m\ntype T struct {\n\tM map[string]map[string]float64 `json:"m"`\n}');
    const t = goType("T", decls);
    // NaN: the byte path bails in the inner map, the general encoder reports Go's error.
    const bad = {
      M: new Map([
        [
          "a",
          new Map([
            ["x", 1],
            ["y", Number.NaN],
          ]),
        ],
      ]),
    };
    expect(() => marshal(t, bad as never)).toThrow("json: unsupported value: NaN");
    expect(
      both(
        "T",
        {
          M: new Map([
            [
              "b",
              new Map([
                ["q", 1],
                ["p", 2],
              ]),
            ],
          ]),
        },
        decls,
      ),
    ).toBe('{"m":{"b":{"p":2,"q":1}}}');
  });
});
