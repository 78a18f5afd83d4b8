/**
 * An input that is one long JSON string (LONG_STRING_INPUT bytes or more) goes straight to the
 * exact engine, which reads it once: no one-byte text of the whole input is made (the fast path's
 * set-up), and values and errors are Go's (recorded from Go 1.26.8 and Go 1.27.3 by
 * testdata/go-v2-long-string.go.txt): a string, an int that rejects it, an `any`, under json/v2 and
 * v1 semantics, with bad escapes, lone surrogates, invalid UTF-8, no closing quote or trailing data
 * just before the end.
 */
import { Buffer } from "node:buffer";
import { T } from "@gojson/gotype";
import { afterEach, describe, expect, it } from "vitest";
import { LONG_STRING_INPUT } from "./api.js";
import { defaultOptionsV1, GO_VERSIONS, type Options, unmarshal } from "./index.js";
import { limitStrings, restoreStrings } from "./latin1-strings.test-support.js";
import fixture from "./testdata/go-v2-long-string.json" with { type: "json" };

const s = "a".repeat(1100000);
const inputs: Record<string, string> = {
  plain: `"${s}"`,
  escapes: `"${"\\u0041".repeat(200000)}"`,
  "bad escape": `"${s}\\q"`,
  "lone surrogate": `"${s}\\ud800"`,
  "invalid utf8": `"${s}\u00ff"`,
  unterminated: `"${s}`,
  trailing: `  "${s}" x`,
};
/** The input's bytes: U+00FF stands for the byte 0xff (invalid UTF-8). */
const bytes = (name: string) => Buffer.from(inputs[name] as string, "latin1");

afterEach(restoreStrings);

/** Go's `%q` of the last rune of a string ('�' for none, as utf8.DecodeLastRuneInString). */
function lastRune(v: unknown): string {
  const str = typeof v === "string" ? v : "";
  const r = [...str.slice(-2)].pop();
  return `'${r ?? "\uFFFD"}'`;
}

function answer(name: string, goVersion: (typeof GO_VERSIONS)[number]): string {
  const [engine, type, ...rest] = name.split(" ");
  const input = bytes(rest.join(" "));
  const opts: Options[] = [{ goVersion }, ...(engine === "v1v2" ? [defaultOptionsV1()] : [])];
  const t = type === "string" ? T.string : type === "int" ? T.int : T.any;
  let v: unknown;
  let err = "<nil>";
  try {
    v = unmarshal(t, input, opts);
  } catch (e) {
    err = (e as Error).message;
    v = (e as { value?: unknown }).value;
  }
  const len = typeof v === "string" ? Buffer.byteLength(v) : 0;
  if (type === "string") return `len=${len} last=${lastRune(v)} err=${err}`;
  if (type === "any") return `len=${len} err=${err}`;
  return `err=${err}`;
}

describe("long top-level strings", () => {
  it("are long enough to take the exact engine", () => {
    for (const name of Object.keys(inputs))
      expect(bytes(name).length).toBeGreaterThanOrEqual(LONG_STRING_INPUT);
  });
  it("are rejected without a one-byte text of the whole input", () => {
    const longest = limitStrings(Number.POSITIVE_INFINITY);
    const input = bytes("escapes");
    expect(() => unmarshal(T.int, input)).toThrow("cannot unmarshal JSON string into Go int");
    expect(longest()).toBeLessThan(input.length);
  });
  for (const goVersion of GO_VERSIONS) {
    describe(`Go ${goVersion}`, () => {
      it.each(fixture.cases.map((c) => [c.name, c] as const))("%s", (name, c) => {
        expect(answer(name, goVersion)).toBe(goVersion === "1.26" ? c.go126 : c.go127);
      });
    });
  }
});
