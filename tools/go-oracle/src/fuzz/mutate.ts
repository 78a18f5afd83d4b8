/**
 * Broken inputs: how a shaped JSON text is mutated before it is decoded (truncation, stray
 * characters, invalid UTF-8, unrelated JSON, deep nesting, syntax errors in member names,
 * text placed inside string literals).
 */
import fc from "fast-check";
import { rootRecursive, type TypeSpec } from "./spec.js";
import { jsonText, toBytes } from "./values.js";

/** How a shaped input is broken (or not). */
export type Mutation =
  | { m: "none" }
  | { m: "truncate"; at: number }
  | { m: "insert"; at: number; ch: string }
  | { m: "random"; text: string }
  /** Bytes that are not UTF-8, placed just inside a string literal (the `at`-th quote). */
  | { m: "badutf8"; at: number; bytes: number[] }
  /** A deeply nested input for a recursive type (replaces the shaped text). */
  | { m: "deep"; depth: number }
  /** A syntax error where an object member name starts: the `at`-th `{"`/`,"` gets `ch` for its quote. */
  | { m: "name"; at: number; ch: string }
  /**
   * `text` inside the `at`-th string literal, just after its opening quote or (`end`) just before
   * its closing one (before the inner closing `\"` of a `,string` string): lone surrogate escapes,
   * base64 that fails late (an existing slice shows what was decoded before), raw bytes.
   */
  | { m: "instring"; at: number; end: boolean; text: string };

const BAD_UTF8: number[][] = [
  [0xff],
  [0xc3],
  [0xed, 0xa0, 0x80],
  [0xe2, 0x82],
  [0xf4, 0x90, 0x80, 0x80],
  [0x80],
  [0xc0, 0xaf],
];

/**
 * What `instring` puts inside a string (U+DC80..U+DCFF stand for raw bytes): lone surrogate
 * escapes, also escaped once more (inside `,string` content they reach the inner string), and
 * characters base64 does not have, or padding where it cannot be.
 */
const IN_STRING = [
  "\\ud800",
  "\\udfff",
  "\\ud800\\u0041",
  "\\udbff\\udbff",
  "\\\\ud800",
  "\\\\udc00x",
  "!",
  "=",
  "A=",
  "_-",
  "====",
  "AAA",
  "\udcff",
  "\\u0000",
];

/** Arbitrary mutations: mostly none, then truncation, a stray character, invalid UTF-8, or unrelated JSON. */
export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 10, arbitrary: fc.constant({ m: "none" } as Mutation) },
  { weight: 2, arbitrary: fc.nat().map((at) => ({ m: "truncate", at }) as Mutation) },
  {
    weight: 2,
    arbitrary: fc
      .record({
        at: fc.nat(),
        ch: fc.constantFrom(",", "}", "]", '"', "x", " ", "0", "\\", "\u00ff", "\\u", "\t", "\u0001"),
      })
      .map(({ at, ch }) => ({ m: "insert", at, ch }) as Mutation),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ at: fc.nat({ max: 8 }), bytes: fc.constantFrom(...BAD_UTF8) })
      .map(({ at, bytes }) => ({ m: "badutf8", at, bytes }) as Mutation),
  },
  { weight: 2, arbitrary: jsonText.map((text) => ({ m: "random", text }) as Mutation) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(2, 3, 64, 500, 2000, 10001).map((depth) => ({ m: "deep", depth }) as Mutation),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        at: fc.nat({ max: 8 }),
        ch: fc.constantFrom("[", "{", "1", "t", "n", "}", "]", ":", "\udcff"),
      })
      .map(({ at, ch }) => ({ m: "name", at, ch }) as Mutation),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ at: fc.nat({ max: 8 }), end: fc.boolean(), text: fc.constantFrom(...IN_STRING) })
      .map((r) => ({ m: "instring", ...r }) as Mutation),
  },
);

/** Where each string literal of a JSON text opens and closes (indices of the quotes). */
export function stringLiterals(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '"') continue;
    const open = i;
    for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
    if (i < text.length) out.push([open, i]);
  }
  return out;
}

/** A deeply nested input for a recursive registry type (undefined when the type is not one). */
export function deepInput(t: TypeSpec, depth: number): string | undefined {
  switch (rootRecursive(t)) {
    case "Node":
      return `${'{"Val":1,"Next":'.repeat(depth)}{"Kids":[{"Val":2}]}${"}".repeat(depth)}`;
    case "Tree":
      return `${'{"name":"n","sub":{"a":'.repeat(depth)}null${"}}".repeat(depth)}`;
    case "Chain":
      return `${"[".repeat(depth)}${"]".repeat(depth)}`;
    case "Rec":
      return `${'{"n":1,"Rec":'.repeat(depth)}{}${"}".repeat(depth)}`;
    default:
      return undefined;
  }
}

/** Applies a mutation to a JSON text, giving input bytes. */
export function mutate(text: string, m: Mutation, t?: TypeSpec): Uint8Array {
  switch (m.m) {
    case "none":
      return toBytes(text);
    case "truncate":
      return toBytes(text.slice(0, text.length === 0 ? 0 : m.at % text.length));
    case "insert": {
      const at = m.at % (text.length + 1);
      return toBytes(text.slice(0, at) + m.ch + text.slice(at));
    }
    case "random":
      return toBytes(m.text);
    case "badutf8": {
      const b = toBytes(text);
      const quotes: number[] = [];
      for (let i = 0; i < b.length; i++) if (b[i] === 0x22) quotes.push(i + 1);
      const at = quotes.length > 0 ? (quotes[m.at % quotes.length] as number) : 0;
      return Uint8Array.from([...b.subarray(0, at), ...m.bytes, ...b.subarray(at)]);
    }
    case "deep":
      return toBytes((t && deepInput(t, m.depth)) ?? text);
    case "name": {
      const starts: number[] = [];
      for (let i = 1; i < text.length; i++)
        if (text[i] === '"' && (text[i - 1] === "{" || text[i - 1] === ",")) starts.push(i);
      if (starts.length === 0) return toBytes(`{${m.ch}${text}`);
      const at = starts[m.at % starts.length] as number;
      return toBytes(text.slice(0, at) + m.ch + text.slice(at + 1));
    }
    case "instring": {
      const lits = stringLiterals(text);
      if (lits.length === 0) return toBytes(text);
      const [open, close] = lits[m.at % lits.length] as [number, number];
      let at = open + 1;
      if (m.end) at = close > open + 2 && text.slice(close - 2, close) === '\\"' ? close - 2 : close;
      return toBytes(text.slice(0, at) + m.text + text.slice(at));
    }
  }
}
