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

describe("base64 into an existing []byte: Go's AppendDecode reuses it only when it holds the unpadded length", () => {
  // Found by the differential fuzzer (v2 seed 200016898, v1v2/v2 seed 300038427). Go 1.26,
  // GOEXPERIMENT=jsonv2: json/v2 Unmarshal into b := []byte{0, 0, 1} or a 6-byte slice [0 0 0 0 0 1].
  const table: [string, number[], number[], string][] = [
    ['"AAAAAA"', [0, 0, 1], [0, 0, 1], "illegal base64 data at input byte 4"],
    ['"AAAAAA"', [0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1], "illegal base64 data at input byte 4"],
    ['"0AAAAAA=="', [0, 0, 1], [0, 0, 1], "illegal base64 data at input byte 8"],
    ['"0AAAAAA=="', [0, 0, 0, 0, 0, 1], [208, 0, 0, 0, 0, 1], "illegal base64 data at input byte 8"],
    ['"AAAAAA=="', [0, 0, 1], [0, 0, 0, 0], ""],
  ];
  it.each(table)("%s into %j", (input, into, want, err) => {
    let got: unknown;
    let msg = "";
    try {
      got = unmarshal(goType("[]byte"), input, { into: Uint8Array.from(into) });
    } catch (e) {
      msg = (e as Error).message;
      got = (e as { value?: unknown }).value;
    }
    expect(msg).toBe(err === "" ? "" : `json: cannot unmarshal JSON string into Go []uint8: ${err}`);
    expect(Array.from(got as Uint8Array)).toEqual(want);
  });
});

describe("v1 on v2: base64 decodes into the existing backing array, whose spare bytes a later array grows over", () => {
  // Found by the differential fuzzer (v1v2, seed 300030238). Go 1.26, GOEXPERIMENT=jsonv2 go run:
  // encoding/json Unmarshal into s := S{A: into}; Go's answer printed as s.A and the error.
  const t = goType("S", parseGo('type S struct {\n\tA []byte `json:"b"`\n}'));
  const table: [number[] | null, string, number[], string][] = [
    [[1], `{"b":"","b":[-5e-324]}`, [1], "json: cannot unmarshal number -5e-324 into S.b.0 of type uint8"],
    [[1, 2, 3], `{"b":"BA==","b":[null,null,null]}`, [4, 2, 3], ""],
    [[1, 2, 3], `{"b":"BA==","b":[null,null,null,null]}`, [4, 2, 3, 0], ""],
    [[1, 2, 3], `{"b":"","b":[null,{}]}`, [1, 2], "json: cannot unmarshal object into S.b.1 of type uint8"],
    [null, `{"b":"AQID","b":"","b":[null,null]}`, [1, 2], ""],
  ];
  it.each(table)("into %j: %s", (into, input, want, err) => {
    let got: { A: Uint8Array | null };
    let msg = "";
    try {
      got = unmarshal(t, input, {
        ...defaultOptionsV1(),
        into: { A: into && Uint8Array.from(into) },
      }) as typeof got;
    } catch (e) {
      msg = (e as Error).message;
      got = (e as { value?: unknown }).value as typeof got;
    }
    expect(msg).toBe(err);
    expect(Array.from(got.A ?? [])).toEqual(want);
  });
});

describe("time.ParseDuration's steps and texts, and strconv.Quote in `unknown field` (v1 on v2)", () => {
  // Found by the differential fuzzer (v1v2, seeds 700014516 and 700016000). Go 1.26,
  // GOEXPERIMENT=jsonv2: encoding/json Unmarshal (a Duration is parsed from a string under v1 semantics).
  const d = parseGo(`type D struct {
	ID time.Duration \`json:",format:units"\`
}
type U struct{ A int }`);
  const msg = (f: () => unknown) => {
    try {
      f();
      return "";
    } catch (e) {
      return (e as Error).message;
    }
  };
  const dur = "json: cannot unmarshal string into Go struct field D.ID of type time.Duration: time:";
  // [input duration, Go's time.ParseDuration error (go run)]
  const table: [string, string][] = [
    ["-5e-324", 'unknown unit "e-" in duration "-5e-324"'],
    ["1", 'missing unit in duration "1"'],
    ["1H", 'unknown unit "H" in duration "1H"'],
    [".s", 'invalid duration ".s"'],
    ["1 s", 'unknown unit " s" in duration "1 s"'],
    ["1\u00e9", 'unknown unit "\\xc3\\xa9" in duration "1\\xc3\\xa9"'],
    ["9223372036854775808ns", 'invalid duration "9223372036854775808ns"'],
  ];
  it.each(table)("duration %j", (s, want) => {
    expect(msg(() => unmarshal(goType("D", d), JSON.stringify({ ID: s }), defaultOptionsV1()))).toBe(
      `${dur} ${want}`,
    );
  });
  it("parses what Go parses (1.5h, -9223372036854775808ns)", () => {
    expect(unmarshal(goType("D", d), `{"ID":"1.5h"}`, defaultOptionsV1())).toEqual({
      ID: 5_400_000_000_000n,
    });
    expect(unmarshal(goType("D", d), `{"ID":"-9223372036854775808ns"}`, defaultOptionsV1())).toEqual({
      ID: -(1n << 63n),
    });
  });
  it.each([
    [`{"\\u0000":1}`, 'json: unknown field "\\x00"'],
    [`{"\\u0007":1}`, 'json: unknown field "\\a"'],
    [`{"\u00ad":1}`, 'json: unknown field "\\u00ad"'],
  ])("unknown field %s", (input, want) => {
    expect(
      msg(() => unmarshal(goType("U", d), input, { ...defaultOptionsV1(), rejectUnknownMembers: true })),
    ).toBe(want);
  });
});

describe("a []byte that base64 allocated has the runtime's size-class capacity (Go 1.26)", () => {
  // Found by the differential fuzzer (v1v2, seed 600033202): "AA==" gets an 8-byte backing array,
  // so a later member's 4-byte window is decoded in place before its error. GOEXPERIMENT=jsonv2 go run:
  // encoding/json (v1v2) and json/v2 with jsontext.AllowDuplicateNames(true) (v2); s.V in base64.
  const t = goType("S", parseGo('type S struct {\n\tV []byte `json:"v"`\n}'));
  const table: [string, boolean, string, string][] = [
    [
      `{"v":"AA==","v":"AQAA*A=="}`,
      true,
      "AQ==",
      "json: cannot unmarshal string into Go struct field S.v of type []uint8: illegal base64 data at input byte 4",
    ],
    [
      `{"v":"AA==","v":"AQAA*A=="}`,
      false,
      "AQ==",
      'json: cannot unmarshal JSON string into Go []uint8 within "/v": illegal base64 data at input byte 4',
    ],
    [
      `{"v":"AAAAAAAAAAA=","v":"AQIDBAUGBwgJCgsM*A=="}`,
      false,
      "AAAAAAAAAAA=",
      'json: cannot unmarshal JSON string into Go []uint8 within "/v": illegal base64 data at input byte 16',
    ],
    [`{"v":"AA==","v":"","v":[null,null,null,null,null,null,null,null,null]}`, true, "AAAAAAAAAAAA", ""],
  ];
  it.each(table)("%s (v1 semantics %s)", (input, v1, want, err) => {
    let got: { V: Uint8Array | null };
    let msg = "";
    try {
      got = unmarshal(t, input, v1 ? defaultOptionsV1() : { allowDuplicateNames: true }) as typeof got;
    } catch (e) {
      msg = (e as Error).message;
      got = (e as { value?: unknown }).value as typeof got;
    }
    expect(msg).toBe(err);
    expect(Buffer.from(got.V ?? []).toString("base64")).toBe(want);
  });
});

describe("format:unix* times as Go's parseTimeUnix: any int64 seconds, not just int64 nanoseconds", () => {
  // Found by the differential fuzzer (v1v2, seed 800045933). Go 1.26, GOEXPERIMENT=jsonv2 go run:
  // encoding/json (v1 semantics) and json/v2; the field's time in RFC 3339 and the error.
  const t = goType(
    "S1",
    parseGo(
      'type S1 struct {\n\tA time.Time `json:",format:unix"`\n\tM time.Time `json:",format:unixmilli"`\n}',
    ),
  );
  const table: [string, boolean, string, string][] = [
    [`{"A":-62135596801}`, false, "0000-12-31T23:59:59Z", ""],
    [`{"A":10000000000}`, true, "2286-11-20T17:46:40Z", ""],
    [`{"A":-1.5}`, false, "1969-12-31T23:59:58.5Z", ""],
    [`{"M":-62135596800000}`, false, "0001-01-01T00:00:00Z", ""],
    [`{"A":-0}`, true, "0001-01-01T00:00:00Z", 'invalid time "-0": value out of range'],
    [
      `{"A":-0}`,
      false,
      "0001-01-01T00:00:00Z",
      'json: cannot unmarshal JSON number into Go time.Time within "/A": invalid time "-0": value out of range',
    ],
  ];
  it.each(table)("%s (v1 semantics %s)", (input, v1, want, err) => {
    let got: { A: { format(): string }; M: { format(): string } };
    let msg = "";
    try {
      got = unmarshal(t, input, v1 ? defaultOptionsV1() : {}) as typeof got;
    } catch (e) {
      msg = (e as Error).message;
      got = (e as { value?: unknown }).value as typeof got;
    }
    expect(msg).toBe(err);
    expect((input.includes('"M"') ? got.M : got.A).format()).toBe(want);
  });
});

describe("base64 into [N]byte: copied, the rest cleared, then the length checked (unless any length is allowed)", () => {
  // Found by the differential fuzzer (v2, seed 900000171). Go 1.26, GOEXPERIMENT=jsonv2 go run:
  // json/v2 Unmarshal into a := [3]uint8{7, 8, 9} with json.UnmarshalArrayFromAnyLength(any).
  const table: [string, boolean, number[], string][] = [
    [`""`, true, [0, 0, 0], ""],
    [`""`, false, [0, 0, 0], "decoded length of 0 mismatches array length of 3"],
    [`"AQ=="`, true, [1, 0, 0], ""],
    [`"AQ=="`, false, [1, 0, 0], "decoded length of 1 mismatches array length of 3"],
    [`"AQIDBA=="`, true, [1, 2, 3], ""],
    [`"AQIDBA=="`, false, [1, 2, 3], "decoded length of 4 mismatches array length of 3"],
  ];
  it.each(table)("%s (any length %s)", (input, any, want, err) => {
    let got: unknown;
    let msg = "";
    try {
      got = unmarshal(goType("[3]uint8"), input, { unmarshalArrayFromAnyLength: any, into: [7, 8, 9] });
    } catch (e) {
      msg = (e as Error).message;
      got = (e as { value?: unknown }).value;
    }
    expect(msg).toBe(err === "" ? "" : `json: cannot unmarshal JSON string into Go [3]uint8: ${err}`);
    expect(got).toEqual(want);
  });
});

describe("format:unix* times up to GoTime's limit (Unix seconds within ±(2^53-1)) match Go; past it, a range error", () => {
  // Found by the differential fuzzer (v1v2, seeds 1500014339, 1350017361). Go 1.26, GOEXPERIMENT=jsonv2 go run:
  // json/v2 Unmarshal of {"A":<n>} into struct{ A time.Time `json:",format:unixmilli|unix"` }.
  const tt = parseGo(`import "time"
type UM struct { A time.Time \`json:",format:unixmilli"\` }
type US struct { A time.Time \`json:",format:unix"\` }`);
  // [type, number, Go's time, ours when it differs (GoTime holds seconds as a safe integer)]
  const table: [string, string, string, string?][] = [
    ["UM", "9007199254740991", "287396-10-12T08:59:00.991Z"],
    ["UM", "-9007199254740991", "-283457-03-21T15:00:59.009Z"],
    ["US", "9007199254740991", "285428751-11-12T07:36:31Z"],
    ["US", "-9007199254740991", "-285424812-02-20T16:23:29Z"],
    ["UM", "9007199254740991999.5", "285428751-11-12T07:36:31.9995Z"],
    // Beyond the limit Go still answers; gojson reports the value out of range.
    ["UM", "9007199254740992000", "285428751-11-12T07:36:32Z", "range"],
    ["UM", "18446744073709551615", "584556019-04-03T14:25:51.615Z", "range"],
    ["US", "9007199254740991999.5", "285426783832-03-27T00:53:19.5Z", "range"],
    // Go's seconds wrap as int64 here (a negative input, a time in the future; seed 1350017361).
    ["US", "-9223372036854775808", "292277026596-12-04T15:30:08Z", "range"],
  ];
  it.each(table)("%s <- %s", (type, n, goTime, ours) => {
    const run = () => unmarshal(goType(type, tt), `{"A":${n}}`) as { A: { format(): string } };
    if (ours === undefined) expect(run().A.format()).toBe(goTime);
    else
      expect(run).toThrow(
        `json: cannot unmarshal JSON number into Go time.Time within "/A": invalid time "${n}": value out of range`,
      );
  });
});

describe("legacy semantics parse quoted numbers with strconv under StringifyNumbers too, and float map keys", () => {
  // Found by the differential fuzzer (v2, seed 1950010249: "+Inf" into float64). Go 1.26,
  // GOEXPERIMENT=jsonv2 go run: json/v2 Unmarshal into 7 with StringifyNumbers(true) and
  // json.StringifyWithLegacySemantics(true); map[float64]int with the legacy option alone.
  const o = { stringifyNumbers: true, stringifyWithLegacySemantics: true };
  const pre = "json: cannot unmarshal JSON string";
  // [input, Go's float64 (and float32), Go's int, Go's error for float64 ("" = none), int error]
  const table: [string, number, number, string, string][] = [
    [`"+Inf"`, Number.POSITIVE_INFINITY, 7, "", "invalid syntax"],
    [`"inf"`, Number.POSITIVE_INFINITY, 7, "", "invalid syntax"],
    [`"-Infinity"`, Number.NEGATIVE_INFINITY, 7, "", "invalid syntax"],
    [`"NaN"`, Number.NaN, 7, "", "invalid syntax"],
    [`"+1.5"`, 1.5, 7, "", "invalid syntax"],
    [`".5"`, 0.5, 7, "", "invalid syntax"],
    [`"5."`, 5, 7, "", "invalid syntax"],
    [`"1_0"`, 10, 7, "", "invalid syntax"],
    [`"1e400"`, 7, 7, "value out of range", "invalid syntax"],
    [`"null"`, 0, 0, "", ""],
    [`"x"`, 7, 7, "invalid syntax", "invalid syntax"],
    [`"010"`, 10, 10, "", ""],
  ];
  const run = (type: string, input: string, opts: object): [unknown, string] => {
    try {
      return [unmarshal(goType(type), input, opts), ""];
    } catch (e) {
      return [(e as { value?: unknown }).value, (e as Error).message];
    }
  };
  it.each(table)("%s", (input, fv, iv, ferr, ierr) => {
    for (const ty of ["float64", "float32"]) {
      const [v, msg] = run(ty, input, { ...o, into: 7 });
      expect(msg).toBe(ferr === "" ? "" : `${pre} ${input} into Go ${ty}: ${ferr}`);
      expect(v).toBe(fv);
    }
    const [v, msg] = run("int", input, { ...o, into: 7n });
    expect(msg).toBe(ierr === "" ? "" : `${pre} ${input} into Go int: ${ierr}`);
    expect(v).toBe(BigInt(iv));
    // Go: map[+Inf:1] ... map[0:1] for "null"; failures leave map[] and name the key.
    const [m, merr] = run("map[float64]int", `{${input}:1}`, { stringifyWithLegacySemantics: true });
    if (ferr === "") expect([...(m as Map<number, bigint>)]).toEqual([[fv, 1n]]);
    else expect(merr).toBe(`${pre} ${input} into Go float64 within "/${input.slice(1, -1)}": ${ferr}`);
  });
  it('hex floats (Go: "0x1p-2" → 0.25) are not supported: invalid syntax', () => {
    expect(run("float64", `"0x1p-2"`, o)[1]).toBe(`${pre} "0x1p-2" into Go float64: invalid syntax`);
  });
});
