/**
 * The generated struct writers of the byte path (marshal-fast-write-structs.ts) against Go:
 * struct S of testdata/go-v2-struct-writer.go.txt has a field of every kind the writer stores
 * inline (strings, booleans, float64s, integers of each size, pointers to them, the null of a
 * pointer or an `any`) or writes by a call (float32, structs, slices, maps, `any`), embedded
 * structs, names escaped under v1, a name past the inline length, and omitempty/omitzero
 * fields. Each input was unmarshalled by Go 1.26.8 (and 1.27.3: the same bytes) and marshalled
 * under five option sets (GOEXPERIMENT=jsonv2 go run, output in go-v2-struct-writer.json).
 * Each case is written several times (a struct's first write runs the table writer, later ones
 * the generated code) and into buffers that end at every byte of the output (each place where
 * room is made, or the buffer grows, inside a run of fields).
 */

import { Buffer } from "node:buffer";
import { readFileSync } from "node:fs";
import { type GoType, goType, parseGo } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { defaultOptionsV1, type Options, resolveOptions, unmarshal } from "./index.js";
import { fastEncoderFor } from "./marshal-fast.js";
import { INTO_FULL } from "./marshal-fast-write.js";
import fixture from "./testdata/go-v2-struct-writer.json" with { type: "json" };

const source = readFileSync(new URL("./testdata/go-v2-struct-writer.go.txt", import.meta.url), "utf8");
const S = goType("S", parseGo(source));

/** The option sets of the Go program (each with Deterministic, as there). */
const OPTIONS: Readonly<Record<string, Options[]>> = {
  v2: [{ deterministic: true }],
  v1: [defaultOptionsV1(), { deterministic: true }],
  "html-js": [{ escapeForHTML: true, escapeForJS: true, deterministic: true }],
  "omitzero-all": [{ omitZeroStructFields: true, deterministic: true }],
  "legacy-omitempty": [{ omitEmptyWithLegacySemantics: true, deterministic: true }],
};

interface Case {
  readonly name: string;
  readonly in: string;
  readonly want: Readonly<Record<string, string>>;
}

const decoder = new TextDecoder();

/** The byte path's output of v (undefined: it handed the value over). */
function written(t: GoType, v: unknown, o: Options[]): string | undefined {
  const b = fastEncoderFor(t, resolveOptions(o))?.written(v);
  return b === undefined ? undefined : decoder.decode(b);
}

describe("generated struct writers against Go", () => {
  for (const c of fixture as Case[]) {
    for (const [oname, o] of Object.entries(OPTIONS)) {
      it(`Struct/${c.name}/${oname}`, () => {
        const want = c.want[oname];
        expect(want).toBeDefined();
        const v = unmarshal(S, c.in);
        // The first write runs the table writer, the next ones the generated code.
        for (let i = 0; i < 3; i++) expect(written(S, v, o)).toBe(want);
        // In a list, with the struct's neighbours.
        const list = goType("[]S", parseGo(source));
        for (let i = 0; i < 2; i++) expect(written(list, [v, v], o)).toBe(`[${want},${want}]`);
      });
    }
  }

  it("Struct/Into: every end of the buffer (room made again, or the buffer grown, at each byte)", () => {
    const c = (fixture as Case[]).find((x) => x.name === "Full") as Case;
    for (const [oname, o] of Object.entries(OPTIONS)) {
      const want = Buffer.from(c.want[oname] as string);
      const v = unmarshal(S, c.in);
      const enc = fastEncoderFor(S, resolveOptions(o));
      expect(enc, oname).toBeDefined();
      for (let i = 0; i < 2; i++) enc?.written(v);
      for (let size = 0; size <= want.length + 30; size++) {
        for (const off of [0, 3]) {
          const buf = Buffer.alloc(off + size);
          const end = enc?.into(v, buf as never, off);
          if (size < want.length) expect(end, `${oname} size ${size}`).toBe(INTO_FULL);
          else {
            expect(end, `${oname} size ${size}`).toBe(off + want.length);
            expect(buf.subarray(off, off + want.length).equals(want), `${oname} size ${size}`).toBe(true);
          }
        }
      }
    }
  });
});

/** Values of the wrong JS type, or out of their kind's range: the byte path hands them over (the exact encoder reports Go's error). */
describe("generated struct writers hand over values they cannot write", () => {
  const misfits: { name: string; field: string; value: unknown }[] = [
    { name: "Int64/TooLarge", field: "I64", value: 2n ** 63n },
    { name: "Int64/TooSmall", field: "I64", value: -(2n ** 63n) - 1n },
    { name: "Int64/Number", field: "I64", value: 1 },
    { name: "Uint64/Negative", field: "U64", value: -1n },
    { name: "Uint64/TooLarge", field: "U64", value: 2n ** 64n },
    { name: "Uintptr/Negative", field: "UP", value: -(2n ** 60n) },
    { name: "Int8/TooLarge", field: "I8", value: 128 },
    { name: "Uint8/Fraction", field: "U8", value: 1.5 },
    { name: "Uint32/Bigint", field: "U32", value: 1n },
    { name: "Float64/NaN", field: "F64", value: Number.NaN },
    { name: "Float64/Infinity", field: "F64", value: Number.POSITIVE_INFINITY },
    { name: "Float64/Bigint", field: "F64", value: 1n },
    { name: "Bool/Number", field: "Bool", value: 1 },
    { name: "String/Number", field: "Str", value: 1 },
    { name: "String/Missing", field: "Str", value: undefined },
    { name: "Pointer/Missing", field: "PI64", value: undefined },
    { name: "Pointer/Number", field: "PI64", value: 1 },
    { name: "PointerString/Missing", field: "PStr", value: undefined },
    { name: "Any/Missing", field: "Any", value: undefined },
    { name: "OmitEmptyString/Number", field: "OStr", value: 0 },
    { name: "OmitZeroInt/Missing", field: "ZI", value: undefined },
  ];
  for (const m of misfits) {
    for (const oname of ["v2", "v1"]) {
      it(`Struct/Misfit/${m.name}/${oname}`, () => {
        const o = OPTIONS[oname] as Options[];
        const v = unmarshal(S, "{}") as Record<string, unknown>;
        // Two good writes first: the misfit then meets the generated code.
        for (let i = 0; i < 2; i++) expect(written(S, v, o)).toBeDefined();
        v[m.field] = m.value;
        expect(written(S, v, o)).toBeUndefined();
      });
    }
  }
});

it("Struct/LoneSurrogate: handed over under json/v2's defaults, U+FFFD under v1's (AllowInvalidUTF8)", () => {
  const v = unmarshal(S, "{}") as Record<string, unknown>;
  for (let i = 0; i < 2; i++) written(S, v, OPTIONS.v2 as Options[]);
  for (let i = 0; i < 2; i++) written(S, v, OPTIONS.v1 as Options[]);
  v.Str = "a\ud800b";
  expect(written(S, v, OPTIONS.v2 as Options[])).toBeUndefined();
  expect(written(S, v, OPTIONS.v1 as Options[])).toContain('"str":"a\ufffdb"');
});

describe("generated struct writers: bigints around the int64 word boundaries", () => {
  const T = goType("T", parseGo("package p\ntype T struct { I int64; U uint64 }"));
  const values = [
    0n,
    1n,
    -1n,
    2n ** 31n,
    -(2n ** 31n),
    2n ** 32n - 1n,
    2n ** 32n,
    -(2n ** 32n),
    -(2n ** 32n) - 1n,
  ];
  for (const e of [52n, 53n, 62n])
    values.push(2n ** e - 1n, 2n ** e, 2n ** e + 1n, -(2n ** e) + 1n, -(2n ** e), -(2n ** e) - 1n);
  values.push(2n ** 63n - 1n, -(2n ** 63n));
  it("Int64/Uint64: String(x) for each value in range, handed over out of range", () => {
    for (let i = 0; i < 2; i++) written(T, { I: 0n, U: 0n }, []);
    for (const x of values) {
      expect(written(T, { I: x, U: 0n }, [])).toBe(`{"I":${x},"U":0}`);
      const u = x < 0n ? x + 2n ** 64n : x;
      expect(written(T, { I: 0n, U: u }, [])).toBe(`{"I":0,"U":${u}}`);
      if (x < 0n) expect(written(T, { I: 0n, U: x }, [])).toBeUndefined();
    }
  });
});
