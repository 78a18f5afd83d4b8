/**
 * Fixes the Go oracle found. Expected texts were recorded by running Go 1.26
 * (`GOEXPERIMENT=jsonv2 go run`: json = v1 on the v2 engine, json/v2 = v2) by hand.
 */
import { withRegistryMethods } from "@gojson/fixtures";
import { goType, parseGo, withMethods } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { marshal, unmarshal } from "./go126-support.js";
import { fastMarshal } from "./marshal-fast.js";
import { defaultOptionsV1 } from "./options.js";
import { fastUnmarshal } from "./unmarshal-fast.js";

const decls = withRegistryMethods(
  parseGo(`package main
import "time"
type CentsV int64
type UpperText string
type L []CentsV
type FailKey string
type MK map[FailKey]int
type P struct {
	A int
	B []int
	C map[string]string
}
type W struct {
	U UpperText
	N int
}
type S struct {
	A CentsV
	T time.Time
	B int
}
`),
);
// FailKey's UnmarshalText fails on "bad" with `failkey: no` (written inline; not in the registry).
withMethods(
  decls.FailKey as NonNullable<(typeof decls)["FailKey"]>,
  {
    UnmarshalText: (b: Uint8Array) => {
      const s = new TextDecoder().decode(b);
      if (s === "bad") throw new Error("failkey: no");
      return s;
    },
  },
  { receiver: "pointer" },
);
const T = (src: string) => decls[src] ?? goType(src);

/** Runs unmarshal and returns [error message or "", the destination's value]. */
function run(type: string, input: string, v1: boolean): [string, unknown] {
  try {
    return ["", unmarshal(T(type), input, v1 ? defaultOptionsV1() : undefined)];
  } catch (e) {
    return [(e as Error).message, (e as { value?: unknown }).value];
  }
}

describe("v1: errors of UnmarshalJSON/UnmarshalText methods are returned unchanged", () => {
  // Go: json.Unmarshal under GOEXPERIMENT=jsonv2 (v1 API on the v2 engine).
  const table: [string, string, string][] = [
    ["CentsV", `{}`, "cents: want a quoted decimal"],
    ["S", `{"A":{}}`, "cents: want a quoted decimal"],
    ["S", `{"A":"1","T":"x"}`, `parsing time "x" as "2006-01-02T15:04:05Z07:00": cannot parse "x" as "2006"`],
    ["time.Time", `"2020-13-01T00:00:00Z"`, `parsing time "2020-13-01T00:00:00Z": month out of range`],
    // A kind mismatch is still the decoder's own error.
    ["time.Time", `1`, "json: cannot unmarshal number into Go value of type time.Time"],
    ["S", `{"A":{},"T":"x","B":"z"}`, "cents: want a quoted decimal"],
    // The first error wins; a method error is not fatal.
    ["S", `{"B":"z","A":{}}`, "json: cannot unmarshal string into Go struct field S.B of type int"],
  ];
  it.each(table)("%s <- %s", (type, input, want) => {
    expect(run(type, input, true)[0]).toBe(want);
  });
  it("a map key's UnmarshalText error too, and the entry is dropped (Go: failkey: no map[a:1 c:3])", () => {
    const [msg, value] = run("MK", `{"a":1,"bad":2,"c":3}`, true);
    expect(msg).toBe("failkey: no");
    expect(value).toEqual(
      new Map([
        ["a", 1n],
        ["c", 3n],
      ]),
    );
  });
  it("carries on after the error (Go: [0 200])", () => {
    const [msg, value] = run("L", `[1,"2"]`, true);
    expect(msg).toBe("cents: want a quoted decimal");
    expect(value).toEqual([0n, 200n]);
  });
});

describe("v2: an out-of-range float stores the largest finite value of its sign", () => {
  // Go: json/v2 Unmarshal (jsonwire.ParseFloat clamps ±Inf to ±MaxFloat32/±MaxFloat64).
  const table: [string, string, number, string][] = [
    [
      "float32",
      "-1.4562233061228515e+54",
      -3.4028234663852886e38,
      "json: cannot unmarshal JSON number -1.4562233061228515e+54 into Go float32: value out of range",
    ],
    [
      "float32",
      "3.5e38",
      3.4028234663852886e38,
      "json: cannot unmarshal JSON number 3.5e38 into Go float32: value out of range",
    ],
    [
      "float64",
      "-1e400",
      -1.7976931348623157e308,
      "json: cannot unmarshal JSON number -1e400 into Go float64: value out of range",
    ],
  ];
  it.each(table)("%s <- %s", (type, input, value, msg) => {
    expect(run(type, input, false)).toEqual([msg, value]);
  });
  it("v1 keeps the clamped value and carries on (Go: [3.4028235e+38 2])", () => {
    expect(run("[]float32", "[1e39,2]", true)[1]).toEqual([3.4028234663852886e38, 2]);
  });
});

describe("UnmarshalText given a non-string says `JSON value must be string type`", () => {
  // Go: json/v2 (v1 = false) and json (v1 = true) Unmarshal under GOEXPERIMENT=jsonv2.
  const table: [string, string, boolean, string][] = [
    [
      "UpperText",
      `{"a":1}`,
      false,
      "json: cannot unmarshal JSON object into Go main.UpperText: JSON value must be string type",
    ],
    [
      "UpperText",
      ` [1]`,
      false,
      "json: cannot unmarshal JSON array into Go main.UpperText after offset 1: JSON value must be string type",
    ],
    [
      "UpperText",
      `1`,
      false,
      "json: cannot unmarshal JSON number into Go main.UpperText: JSON value must be string type",
    ],
    [
      "UpperText",
      `true`,
      false,
      "json: cannot unmarshal JSON boolean into Go main.UpperText: JSON value must be string type",
    ],
    [
      "UpperText",
      `{"a":1}`,
      true,
      "json: cannot unmarshal object into Go value of type main.UpperText: JSON value must be string type",
    ],
    [
      "UpperText",
      ` [1]`,
      true,
      "json: cannot unmarshal array into Go value of type main.UpperText: JSON value must be string type",
    ],
    [
      "UpperText",
      `1`,
      true,
      "json: cannot unmarshal number into Go value of type main.UpperText: JSON value must be string type",
    ],
    [
      "UpperText",
      `true`,
      true,
      "json: cannot unmarshal bool into Go value of type main.UpperText: JSON value must be string type",
    ],
    [
      "W",
      `{"U":{"x":1}}`,
      false,
      `json: cannot unmarshal JSON object into Go main.UpperText within "/U": JSON value must be string type`,
    ],
  ];
  it.each(table)("%s <- %s (v1: %s)", (type, input, v1, want) => {
    expect(run(type, input, v1)[0]).toBe(want);
  });
  it("v1 carries on after it (Go: {U: N:3})", () => {
    const [msg, value] = run("W", `{"U":[1,2],"N":3}`, true);
    expect(msg).toBe(
      "json: cannot unmarshal array into Go struct field W.U of type main.UpperText: JSON value must be string type",
    );
    expect(value).toEqual({ U: "", N: 3n });
  });
});

describe("v2: spaceAfterComma with multiline writes `, ` before the newline", () => {
  // Go: json/v2 Marshal(P{A: 1, B: []int{1, 2}, C: {"x": "y", "z": "w"}}, ..., Deterministic(true)).
  const v = {
    A: 1n,
    B: [1n, 2n],
    C: new Map([
      ["x", "y"],
      ["z", "w"],
    ]),
  };
  const table: [string, Record<string, unknown>, string][] = [
    [
      "indent + prefix",
      { spaceAfterComma: true, withIndent: "\t", withIndentPrefix: " " },
      '{\n \t"A": 1, \n \t"B": [\n \t\t1, \n \t\t2\n \t], \n \t"C": {\n \t\t"x": "y", \n \t\t"z": "w"\n \t}\n }',
    ],
    [
      "multiline",
      { spaceAfterComma: true, multiline: true },
      '{\n\t"A": 1, \n\t"B": [\n\t\t1, \n\t\t2\n\t], \n\t"C": {\n\t\t"x": "y", \n\t\t"z": "w"\n\t}\n}',
    ],
    ["single line", { spaceAfterComma: true }, '{"A":1, "B":[1, 2], "C":{"x":"y", "z":"w"}}'],
  ];
  it.each(table)("%s", (_name, opts, want) => {
    expect(new TextDecoder().decode(marshal(T("P"), v, { ...opts, deterministic: true }))).toBe(want);
  });
});

describe("unknown-members fallback behind a pointer", () => {
  // Recorded from Go 1.26 (GOEXPERIMENT=jsonv2, json.Marshal): a `*map[string]T`
  // field tagged `unknown` is written inline, as a plain map is.
  it("marshals *map[string]T inline", () => {
    const { S1 } = parseGo(
      'type S1 struct {\n\tA *map[string]S2 `json:",unknown"`\n}\n\ntype S2 struct {\n\tName int `json:",case:strict"`\n}',
    );
    const v = {
      A: new Map([
        ["", { Name: 1n }],
        ['"', { Name: -2n }],
      ]),
    };
    expect(new TextDecoder().decode(marshal(S1!, v))).toBe('{"":{"Name":1},"\\"":{"Name":-2}}');
    expect(new TextDecoder().decode(marshal(S1!, { A: null }))).toBe("{}");
  });
});

describe("methods attached after a type was first used are seen (plans follow gotype's methodsVersion)", () => {
  // Go (GOEXPERIMENT=jsonv2, json/v2): Tag's MarshalJSON writes "t:<s>", UnmarshalJSON strips "t:";
  // Unmarshal(`{"A":"t:x"}`) → A = "x"; Marshal(Box{A: "y"}) → {"A":"t:y"}.
  it("exact engines drop their plans when withMethods runs", () => {
    const d = parseGo("type Tag string\ntype Box struct {\n\tA Tag\n}");
    const box = d.Box as NonNullable<(typeof d)["Box"]>;
    const tag = d.Tag as NonNullable<(typeof d)["Tag"]>;
    // Plans built before the methods exist (a merge into `into` takes the exact engine; marshal's
    // fast path is switched off).
    const was = fastMarshal.enabled;
    fastMarshal.enabled = false;
    try {
      expect(unmarshal(box, `{"A":"t:x"}`, { into: { A: "" } })).toEqual({ A: "t:x" });
      expect(new TextDecoder().decode(marshal(box, { A: "y" }))).toBe(`{"A":"y"}`);
      withMethods(tag, {
        MarshalJSON: (s: string) => `"t:${s}"`,
        UnmarshalJSON: (b: Uint8Array) => new TextDecoder().decode(b).slice(1, -1).replace(/^t:/, ""),
      });
      expect(unmarshal(box, `{"A":"t:x"}`, { into: { A: "" } })).toEqual({ A: "x" });
      expect(new TextDecoder().decode(marshal(box, { A: "y" }))).toBe(`{"A":"t:y"}`);
    } finally {
      fastMarshal.enabled = was;
    }
  });
});

describe("emitnull/emitempty are not byte formats (Go: invalid format flag on []byte)", () => {
  const d = parseGo(`type S struct {
	A []byte \`json:",format:emitnull"\`
}
type S2 struct {
	B []byte \`json:",format:emitempty"\`
}
type S3 struct {
	B []int \`json:",format:emitempty"\`
}`);
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  it.each([true, false])("fast path %s", (fast) => {
    const was = fastMarshal.enabled;
    fastMarshal.enabled = fast;
    try {
      expect(() => marshal(goType("S", d), { A: null })).toThrow(
        'json: cannot marshal from Go []uint8 within "/A": invalid format flag "emitnull"',
      );
      expect(() => marshal(goType("S2", d), { B: new Uint8Array([104, 105]) })).toThrow(
        'json: cannot marshal from Go []uint8 within "/B": invalid format flag "emitempty"',
      );
      expect(text(marshal(goType("S3", d), { B: null }))).toBe('{"B":[]}');
    } finally {
      fastMarshal.enabled = was;
    }
  });
});

describe("an inlined fallback map takes the struct's StringifyNumbers, also through *map", () => {
  // Found by the differential fuzzer (v2, seed 20263307). Go 1.26, GOEXPERIMENT=jsonv2 go run,
  // json/v2 with json.StringifyNumbers(true) where the column says so.
  const d = parseGo(`type S4 struct {
	A map[string]int \`json:",inline"\`
}
type S5 struct {
	N int
	A *map[string]float64 \`json:",unknown"\`
}
type O struct {
	In S4 \`json:",string"\`
}`);
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  const marshals: [string, unknown, boolean, string][] = [
    ["S4", { A: new Map([["x", 1n]]) }, true, `{"x":"1"}`],
    ["O", { In: { A: new Map([["x", 1n]]) } }, false, `{"In":{"x":"1"}}`],
    ["S5", { N: 2n, A: new Map([["x", 1.5]]) }, true, `{"N":"2","x":"1.5"}`],
  ];
  // [type, input, stringifyNumbers, Go's error ("" = none), the value Go left]
  const unmarshals: [string, string, boolean, string, unknown][] = [
    ["S4", `{"x":"1"}`, true, "", { A: new Map([["x", 1n]]) }],
    [
      "S4",
      `{"x":1}`,
      true,
      'json: cannot unmarshal JSON number into Go int within "/x"',
      { A: new Map([["x", 0n]]) },
    ],
    ["O", `{"In":{"x":"1"}}`, false, "", { In: { A: new Map([["x", 1n]]) } }],
    [
      "O",
      `{"In":{"x":1}}`,
      false,
      'json: cannot unmarshal JSON number into Go int within "/In/x"',
      { In: { A: new Map([["x", 0n]]) } },
    ],
    // *map[string]T: Go allocates the map (it is not a jsontext.Value).
    ["S5", `{"N":"2","x":"1.5"}`, true, "", { N: 2n, A: new Map([["x", 1.5]]) }],
    ["S5", `{"N":2,"x":1.5}`, false, "", { N: 2n, A: new Map([["x", 1.5]]) }],
  ];
  for (const fast of [true, false]) {
    it.each(marshals)(`marshal %s (fast path ${fast})`, (type, v, sn, want) => {
      const was = fastMarshal.enabled;
      fastMarshal.enabled = fast;
      try {
        expect(text(marshal(goType(type, d), v, sn ? { stringifyNumbers: true } : undefined))).toBe(want);
      } finally {
        fastMarshal.enabled = was;
      }
    });
    it.each(unmarshals)(`unmarshal %s <- %s (fast path ${fast})`, (type, input, sn, msg, want) => {
      const was = fastUnmarshal.enabled;
      fastUnmarshal.enabled = fast;
      try {
        let got: unknown;
        let err = "";
        try {
          got = unmarshal(goType(type, d), input, sn ? { stringifyNumbers: true } : undefined);
        } catch (e) {
          err = (e as Error).message;
          got = (e as { value?: unknown }).value;
        }
        expect(err).toBe(msg);
        expect(got).toEqual(want);
      } finally {
        fastUnmarshal.enabled = was;
      }
    });
  }
});

describe("an inlined jsontext.Value fallback is read apart and written member by member (as Go)", () => {
  // Found by the differential fuzzer (v2, seed 100023056). Go 1.26, GOEXPERIMENT=jsonv2 go run:
  // json/v2 Marshal([]S1{{B: "x", Value: jsontext.Value(input)}}) (or S1 itself: "top").
  const d = parseGo(`type S1 struct {
	B     string
	Value jsontext.Value \`json:",unknown"\`
}
type S2 struct {
	B string         \`json:",omitempty"\`
	C int            \`json:"c,case:ignore"\`
	M map[string]int \`json:",inline"\`
}`);
  const enc = new TextEncoder();
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  const notObject =
    'json: cannot marshal from Go jsontext.Value within "/0": inlined raw value must be a JSON object';
  // [input (\xff = a raw byte), options, top-level struct?, Go's output or error]
  const table: [string, object, boolean, string][] = [
    ['" \\ud800 "', {}, false, notObject],
    ['"\xff"', {}, false, notObject],
    ["[1", {}, false, notObject],
    ["1 2", {}, false, notObject],
    [
      '{"a":"\\ud800"}',
      {},
      false,
      'jsontext: invalid surrogate pair `\\ud800"` in string within "/0/a" after offset 15',
    ],
    ['{"a":"\\ud800"}', { allowInvalidUTF8: true }, false, '[{"B":"x","a":"\ufffd"}]'],
    ['{"a":"\xff"}', {}, false, 'jsontext: invalid UTF-8 within "/0/a" after offset 15'],
    ['{"\xff":1}', {}, false, 'jsontext: invalid UTF-8 within "/0" after offset 11'],
    ['{"B":1}', { allowInvalidUTF8: true }, false, 'jsontext: duplicate object member name "B" within "/0"'],
    [
      '{"a":1,"a":2}',
      { allowInvalidUTF8: true },
      false,
      'jsontext: duplicate object member name "a" within "/0"',
    ],
    ['{"a":1,"a":2}', { allowDuplicateNames: true }, false, '[{"B":"x","a":1,"a":2}]'],
    ["  ", {}, false, 'json: cannot marshal from Go jsontext.Value within "/0": unexpected EOF'],
    [
      '{"a" 1}',
      {},
      false,
      `json: cannot marshal from Go jsontext.Value within "/0/a": invalid character '1' after object name (expecting ':') within "/a" after offset 5`,
    ],
    [
      '{"a":1,}',
      {},
      false,
      "json: cannot marshal from Go jsontext.Value within \"/0\": invalid character ',' at start of value after offset 6",
    ],
    [
      '{"a":1} x',
      {},
      false,
      "json: cannot marshal from Go jsontext.Value within \"/0\": invalid character 'x' after top-level value after offset 8",
    ],
    [
      '{"a":1} x',
      {},
      true,
      "json: cannot marshal from Go jsontext.Value after offset 15: invalid character 'x' after top-level value after offset 8",
    ],
    [
      "x",
      {},
      false,
      "json: cannot marshal from Go jsontext.Value within \"/0\": invalid character 'x' at start of value",
    ],
    [' {"a" : [1, 2] } ', {}, false, '[{"B":"x","a":[1,2]}]'],
    // Indented output: the offset of the error counts Go's whitespace before it (jsontext.Multiline(true),
    // jsontext.WithIndent("  ")); the read error's own offset stays within the raw value.
    [
      '{"a":1,}',
      { multiline: true },
      true,
      "json: cannot marshal from Go jsontext.Value after offset 23: invalid character ',' at start of value after offset 6",
    ],
    [
      '{"a":1 "b":2}',
      { withIndent: "  " },
      true,
      `json: cannot marshal from Go jsontext.Value after offset 26: invalid character '"' after object value (expecting ',' or '}') after offset 7`,
    ],
    [
      '{"a":{"b":[1,}}',
      { multiline: true },
      false,
      `json: cannot marshal from Go jsontext.Value within "/0/a": invalid character '}' at start of value within "/a/b/1" after offset 13`,
    ],
  ];
  const bytes = (s: string) => {
    const out: number[] = [];
    for (const ch of s) {
      if (ch === "\xff") out.push(0xff);
      else out.push(...enc.encode(ch));
    }
    return Uint8Array.from(out);
  };
  it.each(table)("%j %j top=%s", (input, opts, top, want) => {
    const v = { B: "x", Value: bytes(input) };
    let got: string;
    try {
      got = top ? text(marshal(goType("S1", d), v, opts)) : text(marshal(goType("[]S1", d), [v], opts));
    } catch (e) {
      got = (e as Error).message;
    }
    expect(got).toBe(want);
  });
  // Map fallbacks too: a name that matches a field written (or one matching case-insensitively).
  const maps: [string, bigint, string, object, string][] = [
    ["", 0n, "B", {}, '{"c":0,"B":1}'],
    ["y", 0n, "B", {}, 'jsontext: duplicate object member name "B"'],
    ["", 0n, "C", {}, 'jsontext: duplicate object member name "C"'],
    ["y", 0n, "b", {}, '{"B":"y","c":0,"b":1}'],
    ["y", 0n, "b", { matchCaseInsensitiveNames: true }, 'jsontext: duplicate object member name "b"'],
    ["y", 0n, "B", { allowDuplicateNames: true }, '{"B":"y","c":0,"B":1}'],
  ];
  it.each(maps)("map: B=%j C=%s key %s %j", (b, c, key, opts, want) => {
    let got: string;
    try {
      got = text(marshal(goType("S2", d), { B: b, C: c, M: new Map([[key, 1n]]) }, opts));
    } catch (e) {
      got = (e as Error).message;
    }
    expect(got).toBe(want);
  });
});

describe("more fuzzer finds (Go 1.26, GOEXPERIMENT=jsonv2 go run)", () => {
  const d = parseGo(`type H struct {
	Value []byte \`json:"A,format:hex"\`
}
type SA struct {
	B []any \`json:"b,string"\`
}
type SS struct {
	ID string \`json:",string"\`
}`);
  const msg = (f: () => unknown) => {
    try {
      f();
      return "";
    } catch (e) {
      return (e as Error).message;
    }
  };
  it("format:hex has no padding: '=' is an invalid byte (seed 300011169)", () => {
    expect(msg(() => unmarshal(goType("H", d), `{"A":"AA=="}`))).toBe(
      `json: cannot unmarshal JSON string into Go []uint8 within "/A": encoding/hex: invalid byte: U+003D '='`,
    );
  });
  it("a `string` field's StringifyNumbers reaches numbers decoded into any (seed 300038551)", () => {
    // Go decodes through the float64 arshaler when duplicate names are allowed (no fast path for any).
    expect(msg(() => unmarshal(goType("SA", d), `{"b":[[0]]}`, { allowDuplicateNames: true }))).toBe(
      'json: cannot unmarshal JSON number into Go float64 within "/b/0/0"',
    );
    expect(unmarshal(goType("SA", d), `{"b":[[0]]}`)).toEqual({ B: [[0]] });
    expect(unmarshal(goType("SA", d), `{"b":[["0"]]}`, { allowDuplicateNames: true })).toEqual({
      B: [["0"]],
    });
  });
  // stringifyWithLegacySemantics: jsonwire's texts; reportErrorsWithLegacySemantics (v1) turns them into v1's.
  const legacy: [string, string, string][] = [
    [`{"ID":""}`, "unexpected EOF", "unexpected end of JSON input"],
    [
      '{"ID":"\u2028"}',
      `invalid character '\\u2028' at start of string (expecting '"')`,
      "invalid character '\\u2028' looking for beginning of object key string",
    ],
    [
      '{"ID":"\\"x\\"\u00e9"}',
      "invalid character '\u00e9' after string value",
      "invalid character '\u00e9' after string value",
    ],
    [`{"ID":"\\"x"}`, "unexpected EOF", "unexpected end of JSON input"],
  ];
  it.each(legacy)("legacy `string` unquoting of %s (seeds 300035434, 200037641)", (input, v2, v1) => {
    expect(msg(() => unmarshal(goType("SS", d), input, { stringifyWithLegacySemantics: true }))).toBe(
      `json: cannot unmarshal JSON string into Go string within "/ID": ${v2}`,
    );
    expect(msg(() => unmarshal(goType("SS", d), input, defaultOptionsV1()))).toBe(
      `json: cannot unmarshal string into Go struct field SS.ID of type string: ${v1}`,
    );
  });
});
