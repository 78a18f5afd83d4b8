/**
 * DecoderV1 against Go's json.Decoder on the v2 engine, recorded by testdata/go-v2-decoder-v1.go.txt
 * on Go 1.27.3 (the default build) and Go 1.26.8 (GOEXPERIMENT=jsonv2): a script of Decode (D into
 * `any`, DS into a struct), Token, More, InputOffset and Buffered per input, printed as Go prints
 * it. The classic decoder's answers (GOEXPERIMENT=nojsonv2) are in the fixture for the README's
 * table of differences; a test checks that the table's rows still differ.
 */
import { JsonNumber, parseGo, T } from "@gojson/gotype";
import { goQuote } from "@gojson/jsontext/internal";
import { describe, expect, it } from "vitest";
import { DecoderV1, DelimV1, type TokenV1 } from "./decoder-v1.js";
import { GO_VERSIONS } from "./index.js";
import fixture from "./testdata/go-v2-decoder-v1.json" with { type: "json" };

const decls = parseGo('type S struct {\n\tA int `json:"a"`\n}');
const S = decls.S as NonNullable<(typeof decls)["S"]>;
const dec = new TextDecoder();

/** Go's %v of a float64 (strconv 'g', shortest: an exponent from 1e+06 up and below 1e-04). */
function goFloat(v: number): string {
  if (v === 0 || !Number.isFinite(v)) return String(v);
  const exp = Math.floor(Math.log10(Math.abs(v)));
  if (exp >= -4 && exp < 6) return String(v);
  const [m, e] = v.toExponential().split("e") as [string, string];
  const n = Number(e);
  return `${m}e${n < 0 ? "-" : "+"}${String(Math.abs(n)).padStart(2, "0")}`;
}

/** Go's %v of what Decode into `any` gives (maps with sorted keys). */
function goValue(v: unknown): string {
  if (v === null || v === undefined) return "<nil>";
  if (typeof v === "number") return goFloat(v);
  if (v instanceof JsonNumber) return v.text;
  if (Array.isArray(v)) return `[${v.map(goValue).join(" ")}]`;
  if (v instanceof Map)
    return `map[${[...v.keys()]
      .sort()
      .map((k) => `${k}:${goValue(v.get(k))}`)
      .join(" ")}]`;
  if (typeof v === "object")
    return `map[${Object.keys(v)
      .sort()
      .map((k) => `${k}:${goValue((v as Record<string, unknown>)[k])}`)
      .join(" ")}]`;
  return String(v);
}

/** Go's `%T:%v` of a token. */
function goToken(t: TokenV1): string {
  if (t === null) return "<nil>:<nil>";
  if (t instanceof DelimV1) return `json.Delim:${t}`;
  if (t instanceof JsonNumber) return `json.Number:${t.text}`;
  if (typeof t === "number") return `float64:${goFloat(t)}`;
  return `${typeof t === "string" ? "string" : "bool"}:${t}`;
}

const errText = (e: unknown) => (e as Error).message;

function run(input: Uint8Array, script: string, goVersion: (typeof GO_VERSIONS)[number]): string {
  const d = new DecoderV1(input, { goVersion });
  const out: string[] = [];
  for (const op of script.split(",")) {
    switch (op) {
      case "num":
        d.useNumber();
        break;
      case "strict":
        d.disallowUnknownFields();
        break;
      case "D": {
        let v: unknown = null;
        let err = "<nil>";
        try {
          v = d.decode(T.any);
        } catch (e) {
          err = errText(e);
        }
        out.push(`D=${goValue(v).slice(0, 40)}/${err}`);
        break;
      }
      case "DS": {
        let v: { A: bigint } = { A: 0n };
        let err = "<nil>";
        try {
          v = d.decode(S) as { A: bigint };
        } catch (e) {
          err = errText(e);
          const partial = (e as { value?: { A: bigint } }).value;
          if (partial) v = partial;
        }
        out.push(`DS={A:${v.A}}/${err}`);
        break;
      }
      case "T": {
        let t: TokenV1 = null;
        let err = "<nil>";
        try {
          t = d.token();
        } catch (e) {
          err = errText(e);
        }
        out.push(`T=${goToken(t)}/${err}`);
        break;
      }
      case "M":
        out.push(`M=${d.more()}`);
        break;
      case "O":
        out.push(`O=${d.inputOffset()}`);
        break;
      case "B": {
        const b = d.buffered();
        out.push(`B=${b.length}:${goQuote(dec.decode(b.subarray(0, 12)))}`);
        break;
      }
    }
  }
  return out.join(" ");
}

const bytesOf = (b64: string) => new Uint8Array(Buffer.from(b64, "base64"));

for (const goVersion of GO_VERSIONS) {
  describe(`Go ${goVersion}`, () => {
    it.each(fixture.cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
      expect(run(bytesOf(c.in), c.script, goVersion)).toBe(goVersion === "1.26" ? c.go126 : c.go127);
    });
  });
}

describe("the README's table", () => {
  it.each([
    "token-eof-comma",
    "token-trunc",
    "more-err",
    "token-bad",
    "decode-after-token-err",
    "long-values",
  ])("%s: the v2 engine answers unlike the classic decoder", (name) => {
    const c = fixture.cases.find((x) => x.name === name);
    expect(c?.go127).not.toBe(c?.classic127);
  });
});

describe("decode into", () => {
  it("merges into the value given, as Go's Decode(&m) (Go 1.26 and 1.27: map[a:1 b:2], then map[a:3 b:2])", () => {
    for (const goVersion of GO_VERSIONS) {
      const d = new DecoderV1('{"b":2} {"a":3}', { goVersion });
      const t = parseGo("type M map[string]int").M as NonNullable<ReturnType<typeof parseGo>["M"]>;
      let m = d.decode(t, { into: new Map([["a", 1n]]) as never }) as Map<string, bigint>;
      expect([...m]).toEqual([
        ["a", 1n],
        ["b", 2n],
      ]);
      m = d.decode(t, { into: m as never }) as Map<string, bigint>;
      expect(new Map(m)).toEqual(
        new Map([
          ["a", 3n],
          ["b", 2n],
        ]),
      );
      expect(() => d.decode(t)).toThrow("EOF");
    }
  });
});
