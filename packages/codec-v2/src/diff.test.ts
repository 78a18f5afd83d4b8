/**
 * The sixteen v1/v2 differences (Go's encoding/json "Migrating to v2"),
 * a living document in the manner of Go's v2_diff_test.go. Each describe
 * states the v1 behaviour, the v2 behaviour and why it changed, and runs
 * codec-v2 with defaultOptionsV1() (v1-on-v2), codec-v2 with defaults, and
 * codec-v1 (a devDependency: failing to load it fails this file). Every difference is
 * checked for both Go releases (`goVersion` "1.26" and "1.27"); where Go 1.27 changed
 * the v2 side, both answers are given. Expected bytes were recorded from Go 1.26.8
 * (GOEXPERIMENT=jsonv2) and Go 1.27.3.
 */
import {
  arrayOf,
  type GoType,
  mapOf,
  named,
  pointerTo,
  sliceOf,
  structOf,
  T,
  timeDuration,
  withMethods,
} from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { loadCodecV1 } from "./diff-support.js";
import {
  defaultOptionsV1,
  GO_VERSIONS,
  marshalToString,
  type Options,
  type UnmarshalOptionsInput,
  unmarshal as unmarshalAt,
} from "./index.js";

const v1codec = await loadCodecV1();
const V1 = defaultOptionsV1();
const td = new TextDecoder();
const err = (f: () => unknown) => {
  try {
    f();
    return "";
  } catch (e) {
    return (e as Error).message;
  }
};
/** Runs codec-v1 too: classic v1 writes the same bytes as v1-on-v2 here. */
const viaV1 = (t: GoType, v: unknown, want: string) => {
  expect(td.decode(v1codec.marshal(t, v))).toBe(want);
};
const fld = (name: string, type: GoType, tag = "") => ({ name, type, tag });

for (const goVersion of GO_VERSIONS) {
  const G: Options = { goVersion };
  const list = (o?: UnmarshalOptionsInput): UnmarshalOptionsInput =>
    [G, ...(Array.isArray(o) ? o : o ? [o] : [])] as UnmarshalOptionsInput;
  const m2 = (t: GoType, v: unknown, o?: Options) => marshalToString(t, v, list(o));
  const unmarshal = (t: GoType, data: Uint8Array | string, o?: UnmarshalOptionsInput) =>
    unmarshalAt(t, data, list(o));
  const go127 = goVersion === "1.27";
  describe(`Go ${goVersion}`, () => {
    describe("1. Case-sensitive field matching", () => {
      // v1 matched JSON names to fields case-insensitively; v2 matches exactly,
      // because case-insensitive matching was a source of surprises and of security bugs
      // (two differently cased names reaching one field). Flip: matchCaseInsensitiveNames / `case:ignore`.
      const S = named("DiffCase", structOf([fld("A", T.int, 'json:"a"')]));
      it('v1 matches {"A":1} to field a', () => expect(unmarshal(S, '{"A":1}', V1)).toEqual({ A: 1n }));
      it("v2 ignores it", () => expect(unmarshal(S, '{"A":1}')).toEqual({ A: 0n }));
      it("matchCaseInsensitiveNames flips it", () =>
        expect(unmarshal(S, '{"A":1}', { matchCaseInsensitiveNames: true })).toEqual({ A: 1n }));
    });

    describe("2. omitempty means an empty JSON value", () => {
      // v1 omitted false, 0, nil pointers and empty Go values; v2 omits what encodes as null, "", {} or [],
      // because "empty" is a JSON notion. Zero numbers and bools move to `omitzero`. Flip: omitEmptyWithLegacySemantics.
      const S = named(
        "DiffOmit",
        structOf([fld("I", T.int, 'json:"i,omitempty"'), fld("P", pointerTo(T.int), 'json:"p,omitempty"')]),
      );
      it("v1 omits 0", () => expect(m2(S, { I: 0n, P: null }, V1)).toBe("{}"));
      it("v2 keeps 0", () => expect(m2(S, { I: 0n, P: null })).toBe('{"i":0}'));
      it("through codec-v1", () => viaV1(S, { I: 0n, P: null }, "{}"));
    });

    describe("3. `string` applies to numbers only", () => {
      // v1 quoted strings and bools too, but not inside composites; v2 quotes numbers only: Go 1.26 also
      // within slices (StringifyNumbers for the whole field), Go 1.27 the field's own number only, and it
      // reports `string` on any other kind as an error.
      const S = named(
        "DiffStr",
        structOf([fld("B", T.bool, 'json:"b,string"'), fld("L", sliceOf(T.int), 'json:"l,string"')]),
      );
      const v = { B: true, L: [1n] };
      it("v1", () => expect(m2(S, v, V1)).toBe('{"b":"true","l":[1]}'));
      it("v2", () =>
        go127
          ? expect(err(() => m2(S, v))).toBe(
              'json: cannot marshal from Go bool within "/b": invalid use of `string` tag option',
            )
          : expect(m2(S, v)).toBe('{"b":true,"l":["1"]}'));
      it("through codec-v1", () => viaV1(S, v, '{"b":"true","l":[1]}'));
    });

    describe("4. nil slices and maps", () => {
      // v1 wrote null; v2 writes [] and {} because most consumers expect a collection. Flip: formatNilSliceAsNull / formatNilMapAsNull / format:emitnull.
      const S = named(
        "DiffNil",
        structOf([fld("S", sliceOf(T.int), 'json:"s"'), fld("M", mapOf(T.string, T.int), 'json:"m"')]),
      );
      it("v1", () => expect(m2(S, { S: null, M: null }, V1)).toBe('{"s":null,"m":null}'));
      it("v2", () => expect(m2(S, { S: null, M: null })).toBe('{"s":[],"m":{}}'));
      it("through codec-v1", () => viaV1(S, { S: null, M: null }, '{"s":null,"m":null}'));
    });

    describe("5. Go arrays must match the JSON array length", () => {
      // v1 dropped extra elements and zeroed missing ones; v2 reports an error so data is never silently lost.
      const A = arrayOf(3, T.int);
      it("v1", () => expect(unmarshal(A, "[1,2]", V1)).toEqual([1n, 2n, 0n]));
      it("v2", () =>
        expect(err(() => unmarshal(A, "[1,2]"))).toBe(
          "json: cannot unmarshal JSON array into Go [3]int after offset 4: too few array elements",
        ));
    });

    describe("6. byte arrays are base64", () => {
      // v1 wrote [N]byte as an array of numbers; v2 treats it like []byte (base64) for consistency.
      const A = arrayOf(4, T.uint8);
      it("v1", () => expect(m2(A, [1, 2, 3, 4], V1)).toBe("[1,2,3,4]"));
      it("v2", () => expect(m2(A, [1, 2, 3, 4])).toBe('"AQIDBA=="'));
      it("through codec-v1", () => viaV1(A, [1, 2, 3, 4], "[1,2,3,4]"));
    });

    describe("7. pointer-receiver MarshalJSON is called regardless of addressability", () => {
      // v1 called it only on addressable values, so output depended on how the value was passed; v2 always calls it.
      const P = withMethods(
        named("DiffPtrRecv", structOf([fld("X", T.int)])),
        { MarshalJSON: () => '"method"' },
        { receiver: "pointer" },
      );
      it("v1 (not addressable: default encoding)", () => expect(m2(P, { X: 1n }, V1)).toBe('{"X":1}'));
      it("v2 (method called)", () => expect(m2(P, { X: 1n })).toBe('"method"'));
      it("through codec-v1", () => viaV1(P, { X: 1n }, '{"X":1}'));
    });

    describe("8. methods on map keys", () => {
      // v1 never called MarshalJSON for map keys (only MarshalText); v2 does, so a type encodes alike everywhere.
      const K = withMethods(named("DiffKey", T.string), {
        MarshalJSON: (k: string) => JSON.stringify(k.toUpperCase()),
      });
      const M = mapOf(K, T.int);
      const v = new Map([["a", 1n]]);
      it("v1", () => expect(m2(M, v, V1)).toBe('{"a":1}'));
      it("v2", () => expect(m2(M, v)).toBe('{"A":1}'));
      it("through codec-v1", () => viaV1(M, v, '{"a":1}'));
    });

    describe("9. map order", () => {
      // v1 sorted map keys; v2 does not (sorting costs), and codec-v2 keeps Map insertion order. Flip: deterministic.
      const M = mapOf(T.string, T.int);
      const v = new Map([
        ["b", 1n],
        ["a", 2n],
      ]);
      it("v1 sorted", () => expect(m2(M, v, V1)).toBe('{"a":2,"b":1}'));
      it("v2 insertion order", () => expect(m2(M, v)).toBe('{"b":1,"a":2}'));
      it("through codec-v1", () => viaV1(M, v, '{"a":2,"b":1}'));
    });

    describe("10. HTML escaping", () => {
      // v1 escaped < > & and U+2028/2029 for embedding in HTML; v2 escapes minimally. Flip: escapeForHTML / escapeForJS.
      it("v1", () => expect(m2(T.string, "<a&b>\u2028", V1)).toBe('"\\u003ca\\u0026b\\u003e\\u2028"'));
      it("v2", () => expect(m2(T.string, "<a&b>\u2028")).toBe('"<a&b>\u2028"'));
      it("through codec-v1", () => viaV1(T.string, "<a&b>\u2028", '"\\u003ca\\u0026b\\u003e\\u2028"'));
    });

    describe("11. invalid UTF-8", () => {
      // v1 replaced invalid bytes with U+FFFD silently; v2 rejects them so data is not corrupted. Flip: allowInvalidUTF8.
      const bad = Uint8Array.from([0x22, 0x61, 0xff, 0x62, 0x22]);
      it("v1", () => expect(unmarshal(T.string, bad, V1)).toBe("a\ufffdb"));
      it("v2", () =>
        expect(err(() => unmarshal(T.string, bad))).toBe("jsontext: invalid UTF-8 after offset 2"));
    });

    describe("12. duplicate names", () => {
      // v1 let the last duplicate win; v2 rejects duplicates (RFC 8259 leaves them undefined; they enable smuggling). Flip: allowDuplicateNames.
      const M = mapOf(T.string, T.int);
      it("v1", () => expect(unmarshal(M, '{"a":1,"a":2}', V1)).toEqual(new Map([["a", 2n]])));
      it("v2", () =>
        expect(err(() => unmarshal(M, '{"a":1,"a":2}'))).toBe('jsontext: duplicate object member name "a"'));
    });

    describe("13. null zeroes the value", () => {
      // v1 ignored null for most kinds (and zeroed pointers, slices, maps); v2 always zeroes. Flip: mergeWithLegacySemantics.
      it("v1", () => expect(unmarshal(T.int, "null", [V1, { into: 5n }])).toBe(5n));
      it("v2", () => expect(unmarshal(T.int, "null", { into: 5n })).toBe(0n));
    });

    describe("14. merging only into objects", () => {
      // v1 merged into slice elements and not map values; v2 merges for JSON objects only (structs and maps), else replaces.
      const S = named("DiffMerge", structOf([fld("A", T.int, 'json:"a"'), fld("B", T.int, 'json:"b"')]));
      const M = mapOf(T.string, S);
      const into = () => new Map([["k", { A: 1n, B: 2n }]]);
      it("v1 replaces map values", () =>
        expect(unmarshal(M, '{"k":{"a":9}}', [V1, { into: into() }])).toEqual(
          new Map([["k", { A: 9n, B: 0n }]]),
        ));
      it("v2 merges map values", () =>
        expect(unmarshal(M, '{"k":{"a":9}}', { into: into() })).toEqual(new Map([["k", { A: 9n, B: 2n }]])));
    });

    describe("15. time.Duration has no default representation", () => {
      // v1 wrote nanoseconds; v2 asks for an explicit format (format:nano, format:units, ...) since nanoseconds surprised people. Flip: formatDurationAsNano.
      it("v1", () => expect(m2(timeDuration, 5n, V1)).toBe("5"));
      it("v2", () =>
        expect(err(() => m2(timeDuration, 5n))).toBe(
          go127
            ? "json: cannot marshal from Go time.Duration: no default representation"
            : "json: cannot marshal from Go time.Duration: no default representation (see https://go.dev/issue/71631); specify an explicit format",
        ));
      it("through codec-v1", () => viaV1(timeDuration, 5n, "5"));
    });

    describe("16. structural errors are reported", () => {
      // v1 silently dropped conflicting or malformed fields; v2 reports them so mistakes surface. Flip: reportErrorsWithLegacySemantics.
      const S = named("DiffConflict", structOf([fld("A", T.int, 'json:"a"'), fld("B", T.int, 'json:"a"')]));
      it("v1", () => expect(m2(S, { A: 1n, B: 2n }, V1)).toBe("{}"));
      it("v2", () =>
        expect(err(() => m2(S, { A: 1n, B: 2n }))).toBe(
          'json: cannot marshal from Go main.DiffConflict: Go struct fields A and B conflict over JSON object name "a"',
        ));
      it("through codec-v1", () => viaV1(S, { A: 1n, B: 2n }, "{}"));
    });
  });
}
