/**
 * One fast-check property per v1/v2 difference over generated values: the v1
 * behaviour (codec-v2 with defaultOptionsV1(), and codec-v1 when it has landed),
 * the v2 behaviour, and that the named option or tag flips it. Plus: codec-v2
 * with defaultOptionsV1() marshals exactly as codec-v1 on generated inputs.
 * Every property holds for both Go releases (`goVersion` "1.26" and "1.27");
 * where Go 1.27 changed a side, the property says how.
 */
import { fc, test } from "@fast-check/vitest";
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
} from "@gojson/gotype";
import { describe, expect } from "vitest";
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
const RUNS = { numRuns: 40 };
const td = new TextDecoder();
const fld = (name: string, type: GoType, tag = "") => ({ name, type, tag });
const throws = (f: () => unknown) => {
  try {
    f();
    return false;
  } catch {
    return true;
  }
};
const int64 = fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n });
const key = fc.string({ minLength: 1, maxLength: 6 }).filter((s) => !/[\ud800-\udfff]/.test(s));

for (const goVersion of GO_VERSIONS) {
  const G: Options = { goVersion };
  const list = (o?: UnmarshalOptionsInput): UnmarshalOptionsInput =>
    [G, ...(Array.isArray(o) ? o : o ? [o] : [])] as UnmarshalOptionsInput;
  const m2 = (t: GoType, v: unknown, o?: Options | Options[]) => marshalToString(t, v, list(o));
  const unmarshal = (t: GoType, data: Uint8Array | string, o?: UnmarshalOptionsInput) =>
    unmarshalAt(t, data, list(o));
  const go127 = goVersion === "1.27";

  describe(`differences (Go ${goVersion})`, () => {
    const S1 = named("PropCase", structOf([fld("Name", T.int64, 'json:"name"')]));
    test.prop([int64], RUNS)("1 case sensitivity", (n) => {
      const input = `{"NAME":${n}}`;
      expect(unmarshal(S1, input, V1)).toEqual({ Name: n });
      expect(unmarshal(S1, input)).toEqual({ Name: 0n });
      expect(unmarshal(S1, input, { matchCaseInsensitiveNames: true })).toEqual({ Name: n });
    });

    const S2 = named(
      "PropOmit",
      structOf([fld("N", T.int64, 'json:"n,omitempty"'), fld("B", T.bool, 'json:"b,omitempty"')]),
    );
    test.prop([int64, fc.boolean()], RUNS)("2 omitempty", (n, b) => {
      const v = { N: n, B: b };
      const legacy = `{${[n !== 0n ? `"n":${n}` : "", b ? `"b":true` : ""].filter(Boolean).join(",")}}`;
      expect(m2(S2, v, V1)).toBe(legacy);
      expect(m2(S2, v)).toBe(`{"n":${n},"b":${b}}`);
      expect(m2(S2, v, { omitEmptyWithLegacySemantics: true })).toBe(legacy);
    });

    const S3 = named(
      "PropStr",
      structOf([fld("L", sliceOf(T.int64), 'json:"l,string"'), fld("B", T.bool, 'json:"b,string"')]),
    );
    test.prop([fc.array(int64, { maxLength: 4 }), fc.boolean()], RUNS)("3 string option", (l, b) => {
      const v = { L: l, B: b };
      expect(m2(S3, v, V1)).toBe(`{"l":[${l.join(",")}],"b":"${b}"}`);
      if (go127) {
        // Go 1.27: `string` is the field's own number only; on a slice (or a bool) it is an error,
        // and v1's quoting needs legacy error reporting too.
        expect(() => m2(S3, v)).toThrow(
          'json: cannot marshal from Go []int64 within "/l": invalid use of `string` tag option',
        );
        expect(() => m2(S3, v, { stringifyWithLegacySemantics: true })).toThrow(
          "invalid use of `string` tag option",
        );
        expect(m2(S3, v, { stringifyWithLegacySemantics: true, reportErrorsWithLegacySemantics: true })).toBe(
          `{"l":[${l.join(",")}],"b":"${b}"}`,
        );
      } else {
        expect(m2(S3, v)).toBe(`{"l":[${l.map((x) => `"${x}"`).join(",")}],"b":${b}}`);
        expect(m2(S3, v, { stringifyWithLegacySemantics: true })).toBe(`{"l":[${l.join(",")}],"b":"${b}"}`);
      }
    });

    test.prop(
      [
        fc.constantFrom<GoType>(
          sliceOf(T.int),
          sliceOf(T.string),
          mapOf(T.string, T.int),
          mapOf(T.int, T.bool),
        ),
      ],
      RUNS,
    )("4 nil slices and maps", (t) => {
      const empty = t.kind === "slice" ? "[]" : "{}";
      expect(m2(t, null, V1)).toBe("null");
      expect(m2(t, null)).toBe(empty);
      expect(m2(t, null, { formatNilSliceAsNull: true, formatNilMapAsNull: true })).toBe("null");
    });

    test.prop(
      [fc.integer({ min: 1, max: 5 }), fc.array(fc.integer({ min: -99, max: 99 }), { maxLength: 7 })],
      RUNS,
    )("5 array length", (n, xs) => {
      const t = arrayOf(n, T.int32);
      const text = `[${xs.join(",")}]`;
      const padded = Array.from({ length: n }, (_, i) => xs[i] ?? 0);
      expect(unmarshal(t, text, V1)).toEqual(padded);
      expect(throws(() => unmarshal(t, text))).toBe(xs.length !== n);
      expect(unmarshal(t, text, { unmarshalArrayFromAnyLength: true })).toEqual(padded);
    });

    test.prop([fc.uint8Array({ minLength: 1, maxLength: 8 })], RUNS)("6 byte arrays", (b) => {
      const t = arrayOf(b.length, T.uint8);
      const v = Array.from(b);
      expect(m2(t, v, V1)).toBe(`[${v.join(",")}]`);
      expect(m2(t, v)).toBe(`"${Buffer.from(b).toString("base64")}"`);
      expect(m2(t, v, { formatByteArrayAsArray: true })).toBe(`[${v.join(",")}]`);
    });

    test.prop([fc.integer({ min: 0, max: 1000 })], RUNS)(
      "7 pointer receivers (addressability)",
      async (x) => {
        const { withMethods } = await import("@gojson/gotype");
        const P = withMethods(
          named(`PropPtr${x}`, structOf([fld("X", T.int32)])),
          { MarshalJSON: (v: { X: number }) => `"m${v.X}"` },
          { receiver: "pointer" },
        );
        expect(m2(P, { X: x }, V1)).toBe(`{"X":${x}}`);
        expect(m2(P, { X: x })).toBe(`"m${x}"`);
        expect(m2(pointerTo(P), { X: x }, V1)).toBe(`"m${x}"`); // addressable through a pointer
        expect(m2(P, { X: x }, { callMethodsWithLegacySemantics: true })).toBe(`{"X":${x}}`);
      },
    );

    test.prop([fc.uniqueArray(fc.stringMatching(/^[a-z]{1,5}$/), { minLength: 1, maxLength: 4 })], RUNS)(
      "8 methods on map keys",
      async (ks) => {
        const { withMethods } = await import("@gojson/gotype");
        const K = withMethods(named(`PropKey${ks.join("")}`, T.string), {
          MarshalJSON: (k: string) => JSON.stringify(`k_${k}`),
        });
        const t = mapOf(K, T.int32);
        const v = new Map(ks.map((k, i) => [k, i]));
        const sorted = [...ks].map((k, i) => [k, i] as const).sort((a, b) => (a[0] < b[0] ? -1 : 1));
        expect(m2(t, v, V1)).toBe(`{${sorted.map(([k, i]) => `"${k}":${i}`).join(",")}}`);
        expect(m2(t, v)).toBe(`{${ks.map((k, i) => `"k_${k}":${i}`).join(",")}}`);
        expect(m2(t, v, { callMethodsWithLegacySemantics: true })).toBe(
          `{${ks.map((k, i) => `"${k}":${i}`).join(",")}}`,
        );
      },
    );

    test.prop([fc.uniqueArray(key, { minLength: 1, maxLength: 6 })], RUNS)("9 map order", (ks) => {
      const t = mapOf(T.string, T.int32);
      const v = new Map(ks.map((k, i) => [k, i]));
      const det = JSON.parse(m2(t, v, V1));
      const cmp = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
      expect(Object.keys(det).length === ks.length).toBe(true);
      const v1Order = [...m2(t, v, V1).matchAll(/"((?:[^"\\]|\\.)*)":/g)].map((m) => JSON.parse(`"${m[1]}"`));
      expect(v1Order).toEqual([...ks].sort(cmp));
      const v2Order = [...m2(t, v).matchAll(/"((?:[^"\\]|\\.)*)":/g)].map((m) => JSON.parse(`"${m[1]}"`));
      expect(v2Order).toEqual(ks);
      expect(m2(t, v, { deterministic: true })).toBe(
        m2(t, v, V1)
          .replace(/\\u003c/g, "<")
          .replace(/\\u003e/g, ">")
          .replace(/\\u0026/g, "&")
          .replace(/\\u2028/g, "\u2028")
          .replace(/\\u2029/g, "\u2029"),
      );
    });

    test.prop([fc.string({ maxLength: 10 }).map((s) => `${s}<&>`)], RUNS)("10 HTML escaping", (s) => {
      fc.pre(!/[\ud800-\udfff]/.test(s));
      expect(m2(T.string, s, V1)).not.toMatch(/[<>&]/);
      expect(m2(T.string, s)).toMatch(/<&>/);
      expect(m2(T.string, s, { escapeForHTML: true })).not.toMatch(/[<>&]/);
    });

    test.prop([fc.uint8Array({ maxLength: 6 }), fc.constantFrom(0x80, 0xff, 0xc0, 0xfe)], RUNS)(
      "11 invalid UTF-8",
      (prefix, bad) => {
        const ascii = Array.from(prefix, (b) => 0x61 + (b % 26));
        const bytes = Uint8Array.from([0x22, ...ascii, bad, 0x22]);
        expect(unmarshal(T.string, bytes, V1)).toBe(`${String.fromCharCode(...ascii)}\ufffd`);
        expect(throws(() => unmarshal(T.string, bytes))).toBe(true);
        expect(unmarshal(T.string, bytes, { allowInvalidUTF8: true })).toBe(
          `${String.fromCharCode(...ascii)}\ufffd`,
        );
      },
    );

    test.prop([fc.stringMatching(/^[a-z]{1,4}$/), fc.integer(), fc.integer()], RUNS)(
      "12 duplicate names",
      (k, a, b) => {
        const t = mapOf(T.string, T.float64);
        const text = `{"${k}":${a},"${k}":${b}}`;
        expect(unmarshal(t, text, V1)).toEqual(new Map([[k, b]]));
        expect(throws(() => unmarshal(t, text))).toBe(true);
        expect(unmarshal(t, text, { allowDuplicateNames: true })).toEqual(new Map([[k, b]]));
      },
    );

    test.prop([int64, fc.string({ maxLength: 5 }), fc.boolean()], RUNS)("13 null merge", (n, s, b) => {
      for (const [t, v, z] of [
        [T.int64, n, 0n],
        [T.string, s, ""],
        [T.bool, b, false],
      ] as const) {
        expect(unmarshal(t, "null", [V1, { into: v }])).toEqual(v);
        expect(unmarshal(t, "null", { into: v })).toEqual(z);
        expect(unmarshal(t, "null", { mergeWithLegacySemantics: true, into: v })).toEqual(v);
      }
    });

    const S14 = named("PropMerge", structOf([fld("A", T.int64, 'json:"a"'), fld("B", T.int64, 'json:"b"')]));
    test.prop([int64, int64, int64], RUNS)("14 composite merge", (a, b, c) => {
      const t = mapOf(T.string, S14);
      const into = () => new Map([["k", { A: a, B: b }]]);
      const text = `{"k":{"a":${c}}}`;
      expect(unmarshal(t, text, [V1, { into: into() }])).toEqual(new Map([["k", { A: c, B: 0n }]]));
      expect(unmarshal(t, text, { into: into() })).toEqual(new Map([["k", { A: c, B: b }]]));
      expect(unmarshal(t, text, { mergeWithLegacySemantics: true, into: into() })).toEqual(
        new Map([["k", { A: c, B: 0n }]]),
      );
    });

    test.prop([int64], RUNS)("15 Duration", (d) => {
      expect(m2(timeDuration, d, V1)).toBe(String(d));
      expect(throws(() => m2(timeDuration, d))).toBe(true);
      expect(m2(timeDuration, d, { formatDurationAsNano: true })).toBe(String(d));
      const tagged = named(`PropDur`, structOf([fld("D", timeDuration, 'json:"d,format:nano"')]));
      // Go 1.27 dropped the `format` tag option (a struct using it fails).
      if (go127)
        expect(() => m2(tagged, { D: d })).toThrow(
          "json: cannot marshal from Go main.PropDur: Go struct field D has unsupported `format` tag option",
        );
      else expect(m2(tagged, { D: d })).toBe(`{"d":${d}}`);
    });

    test.prop([fc.stringMatching(/^[a-z]{1,4}$/), int64], RUNS)("16 structural errors", (name, n) => {
      const S = named(
        `PropConflict_${name}`,
        structOf([fld("A", T.int64, `json:"${name}"`), fld("B", T.int64, `json:"${name}"`)]),
      );
      expect(m2(S, { A: n, B: n }, V1)).toBe("{}");
      expect(throws(() => m2(S, { A: n, B: n }))).toBe(true);
      expect(m2(S, { A: n, B: n }, { reportErrorsWithLegacySemantics: true })).toBe("{}");
    });
  });

  describe("v1-on-v2 equals codec-v1", () => {
    const Rec = named(
      "PropRec",
      structOf([
        fld("I", T.int64, 'json:"i,omitempty"'),
        fld("S", T.string, 'json:"s"'),
        fld("F", T.float64, 'json:"f"'),
        fld("L", sliceOf(T.int32), 'json:"l"'),
        fld("M", mapOf(T.string, T.bool), 'json:"m"'),
        fld("P", pointerTo(T.string), 'json:"p,omitempty"'),
        fld("A", arrayOf(2, T.uint8), 'json:"a"'),
      ]),
    );
    const rec = fc.record({
      I: int64,
      S: fc.string({ maxLength: 8 }).filter((s) => !/[\ud800-\udfff]/.test(s)),
      F: fc.double({ noNaN: true, noDefaultInfinity: true }),
      L: fc.option(fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { maxLength: 3 }), {
        nil: null,
      }),
      M: fc.option(
        fc.array(fc.tuple(key, fc.boolean()), { maxLength: 3 }).map((es) => new Map(es)),
        { nil: null },
      ),
      P: fc.option(
        fc.string({ maxLength: 4 }).filter((s) => !/[\ud800-\udfff]/.test(s)),
        { nil: null },
      ),
      A: fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 })),
    });
    test.prop([rec], RUNS)("marshal bytes agree", (v) => {
      expect(m2(Rec, v, V1)).toBe(td.decode(v1codec.marshal(Rec, v)));
    });
  });
}
