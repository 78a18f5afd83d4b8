/**
 * The fast unmarshal path compiles a type when a value first reaches it past a few eager
 * levels: a chain of a thousand declared types neither overflows the stack nor compiles the
 * chain on the first call, and a type the fast path cannot serve deep in the graph gives up
 * only for the inputs that reach it. Stress cases, not timings: answers equal the exact engine's.
 */
import type { GoType } from "@gojson/gotype";
import { chainText, chainValue, outcome, outcomeWithout, typeChain } from "@gojson/test-support";
import { afterEach, describe, expect, test } from "vitest";
import { resolveOptions, unmarshal } from "./index.js";
import { fastDecoderFor, fastUnmarshal, NO_FAST, unmarshalFast } from "./unmarshal-fast.js";

afterEach(() => {
  fastUnmarshal.enabled = true;
});

const answer = (t: GoType, data: string) => outcome(() => unmarshal(t, data));
const exact = (t: GoType, data: string) => outcomeWithout(fastUnmarshal, () => unmarshal(t, data));

const o = resolveOptions(undefined);

describe("fast unmarshal compiles lazily", () => {
  test("a chain of 1,000 declared types: no stack overflow, the exact engine's values", () => {
    const types = typeChain(1000);
    const t0 = types.T0 as GoType;
    expect(fastDecoderFor(t0, o)).not.toBeNull();
    // (Go: the zero T0; the exact engine's plan of this chain is another matter.)
    expect(unmarshalFast(t0, "{}", o, true)).toEqual({ A: 0n, B: "", C: null, D: null });
    for (const depth of [1, 9, 20, 60]) {
      const got = unmarshalFast(t0, chainText(depth), o, true);
      expect(got, `depth ${depth}`).toEqual(chainValue(depth));
    }
    // Every 37th type of the chain as a root.
    for (let i = 0; i < 1000; i += 37) {
      const t = types[`T${i}`] as GoType;
      const elem = { A: 1n, B: "", C: null, D: null };
      expect(unmarshal(t, `{"a":${i},"d":[{"a":1}]}`)).toEqual({ A: BigInt(i), B: "", C: null, D: [elem] });
    }
  });

  test("a type the fast path cannot serve deep in the graph gives up only where a value reaches it", () => {
    // T29's extra field: a map with bool keys (the exact engine's business).
    const types = typeChain(30, 'M map[bool]int `json:"m"`');
    const t0 = types.T0 as GoType;
    expect(fastDecoderFor(t0, o)).not.toBeNull();
    const shallow = chainText(5);
    expect(unmarshalFast(t0, shallow, o, true)).toEqual(exact(t0, shallow));
    expect(exact(t0, shallow)).toEqual(chainValue(5));
    // A value of T29 (whatever its members): the exact engine's.
    for (const last of [`"m":{"true":1}`, `"m":null`, `"a":1`]) {
      const deep = chainText(29, last);
      expect(unmarshalFast(t0, deep, o, true), last).toBe(NO_FAST);
      expect(answer(t0, deep)).toEqual(exact(t0, deep));
    }
    // The same type as a root: not for the fast path at all.
    expect(fastDecoderFor(types.T29 as GoType, o)).toBeNull();
  });
});
