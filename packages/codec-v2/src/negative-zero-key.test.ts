/**
 * The map key -0 (Go's map[float64]V can hold it, a JavaScript Map cannot: NEGATIVE_ZERO_KEY).
 * Expected outputs recorded from Go 1.26.8 (GOEXPERIMENT=jsonv2) and Go 1.27.3, which agree:
 * json/v2 Marshal / encoding/json Marshal of map[float64]int{-0: 1}, and Unmarshal of each input
 * into a nil map (with AllowDuplicateNames where said) or into an existing map, written back with
 * json/v2 Marshal.
 */
import { mapOf, T } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import {
  defaultOptionsV1,
  GO_VERSIONS,
  marshalToString,
  NEGATIVE_ZERO_KEY,
  type Options,
  unmarshal,
} from "./index.js";

const M64 = mapOf(T.float64, T.int);
const M32 = mapOf(T.float32, T.int);
/** The key -0 as the map type's key type (gotype types float keys as number). */
const NEG = NEGATIVE_ZERO_KEY as unknown as number;

const unmarshalCases: {
  name: string;
  in: string;
  dups?: boolean;
  v1?: boolean;
  want: string;
  wantErr?: string;
}[] = [
  { name: "Name/-0", in: '{"-0":1}', want: '{"-0":1}' },
  { name: "Name/-0.0", in: '{"-0.0":1}', want: '{"-0":1}' },
  { name: "Name/-0e5", in: '{"-0e5":3}', want: '{"-0":3}' },
  { name: "ZeroThenNegative/Dups", in: '{"0":1,"-0":2}', dups: true, want: '{"-0":2}' },
  { name: "NegativeThenZero/Dups", in: '{"-0":1,"0":2}', dups: true, want: '{"0":2}' },
  {
    name: "ZeroThenNegative/Duplicate",
    in: '{"0":1,"-0":2}',
    want: '{"0":1}',
    wantErr: 'jsontext: duplicate object member name "-0"',
  },
  {
    name: "NegativeThenZero/Duplicate",
    in: '{"-0":1,"0":2}',
    want: '{"-0":1}',
    wantErr: 'jsontext: duplicate object member name "0"',
  },
  { name: "ZeroThenNegative/V1", in: '{"0":1,"-0":2}', v1: true, want: '{"-0":2}' },
  { name: "NegativeThenZero/V1", in: '{"-0":1,"0":2}', v1: true, want: '{"0":2}' },
];

for (const goVersion of GO_VERSIONS) {
  const G = { goVersion } satisfies Options;
  describe(`map key -0 (Go ${goVersion})`, () => {
    it("marshals as -0 (v2 and v1 semantics)", () => {
      expect(marshalToString(M64, new Map([[NEG, 1n]]), G)).toBe('{"-0":1}');
      expect(marshalToString(M64, new Map([[NEG, 1n]]), [defaultOptionsV1(), G])).toBe('{"-0":1}');
      expect(
        marshalToString(
          M32,
          new Map<number, bigint>([
            [NEG, 1n],
            [1.5, 2n],
          ]),
          [G, { deterministic: true }],
        ),
      ).toBe('{"-0":1,"1.5":2}');
    });
    it.each(unmarshalCases)("unmarshal $name", ({ in: input, dups, v1, want, wantErr }) => {
      const o: Options[] = [
        G,
        ...(v1 ? [defaultOptionsV1()] : []),
        ...(dups ? [{ allowDuplicateNames: true }] : []),
      ];
      let got: unknown;
      let msg: string | undefined;
      try {
        got = unmarshal(M64, input, o);
      } catch (e) {
        msg = (e as Error).message;
        got = (e as { value?: unknown }).value;
      }
      expect(msg).toBe(wantErr);
      expect(marshalToString(M64, got as Map<number, bigint>, G)).toBe(want);
    });
    it("is the key unmarshal gives for -0", () => {
      const m = unmarshal(M64, '{"-0":1}', G) as Map<unknown, bigint>;
      expect([...m.keys()]).toEqual([NEGATIVE_ZERO_KEY]);
    });
    it("replaces 0 in an existing map, and 0 replaces it (Go updates the key's spelling)", () => {
      const a = unmarshal(M64, '{"-0":7}', [G, { into: new Map([[0, 5n]]) }]);
      expect(marshalToString(M64, a as Map<number, bigint>, G)).toBe('{"-0":7}');
      const b = unmarshal(M64, '{"0":7}', [G, { into: new Map([[NEG, 5n]]) }]);
      expect(marshalToString(M64, b as Map<number, bigint>, G)).toBe('{"0":7}');
    });
  });
}
