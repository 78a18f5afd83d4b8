import type { Tagged } from "../protocol.js";
import { ALL, type GoldenCase, type GoldenGroup } from "./spec.js";

// Each kind × each tag option, marshal (zero and non-zero value) and
// unmarshal (a sample input), on all three engines.

interface Kind {
  name: string;
  type: string;
  zero: Tagged;
  value: Tagged;
  /** JSON text of a sample value for unmarshal. */
  sample: string;
  /** Extra `format:` options meaningful for this kind. */
  formats?: string[];
}

const KINDS: Kind[] = [
  { name: "Bool", type: "bool", zero: false, value: true, sample: "true" },
  { name: "Int", type: "int", zero: "0", value: "-7", sample: "-7" },
  { name: "Int8", type: "int8", zero: "0", value: "-128", sample: "-128" },
  { name: "Int64", type: "int64", zero: "0", value: "9007199254740993", sample: "9007199254740993" },
  { name: "Uint8", type: "uint8", zero: "0", value: "255", sample: "255" },
  {
    name: "Uint64",
    type: "uint64",
    zero: "0",
    value: "18446744073709551615",
    sample: "18446744073709551615",
  },
  { name: "Float32", type: "float32", zero: "0", value: "1.1", sample: "1.1" },
  { name: "Float64", type: "float64", zero: "0", value: "1e+21", sample: "1e21", formats: ["nonfinite"] },
  { name: "String", type: "string", zero: "", value: "a<b>&\u00e9", sample: `"a<b>\\u0026é"` },
  {
    name: "Slice",
    type: "[]int",
    zero: null,
    value: ["1", "2"],
    sample: "[1,2]",
    formats: ["emitnull", "emitempty"],
  },
  { name: "EmptySlice", type: "[]int", zero: [], value: [], sample: "[]" },
  {
    name: "Bytes",
    type: "[]byte",
    zero: null,
    value: "aGk/Pz4=",
    sample: `"aGk/Pz4="`,
    formats: [
      "base64",
      "base64url",
      "base32",
      "base32hex",
      "base16",
      "hex",
      "array",
      "emitnull",
      "emitempty",
    ],
  },
  {
    name: "ByteArray",
    type: "[3]byte",
    zero: ["0", "0", "0"],
    value: ["104", "105", "33"],
    sample: `"aGkh"`,
    formats: ["array", "base64", "hex"],
  },
  { name: "Array", type: "[2]int", zero: ["0", "0"], value: ["1", "2"], sample: "[1,2]" },
  {
    name: "Map",
    type: "map[string]int",
    zero: null,
    value: [["a", "1"]],
    sample: `{"a":1}`,
    formats: ["emitnull", "emitempty"],
  },
  { name: "EmptyMap", type: "map[string]int", zero: [], value: [], sample: "{}" },
  { name: "IntKeyMap", type: "map[int]string", zero: null, value: [["-1", "x"]], sample: `{"-1":"x"}` },
  { name: "Pointer", type: "*int", zero: null, value: "0", sample: "0" },
  { name: "Any", type: "any", zero: null, value: { t: "float64", v: "1.5" }, sample: "1.5" },
  {
    name: "AnyString",
    type: "any",
    zero: { t: "string", v: "" },
    value: { t: "string", v: "s" },
    sample: `"s"`,
  },
  { name: "Struct", type: "Inner", zero: {}, value: { A: "1" }, sample: `{"a":1}` },
  { name: "EmptyStruct", type: "struct{}", zero: {}, value: {}, sample: "{}" },
  {
    name: "Time",
    type: "time.Time",
    zero: "0001-01-01T00:00:00Z",
    value: "2026-01-02T03:04:05.5+02:00",
    sample: `"2026-01-02T03:04:05.5+02:00"`,
    formats: ["RFC3339", "unix", "unixmilli", "unixnano", "'2006-01-02'"],
  },
  {
    name: "Duration",
    type: "time.Duration",
    zero: "0",
    value: "1500000000",
    sample: "1500000000",
    formats: ["units", "nano", "sec"],
  },
  { name: "Number", type: "json.Number", zero: "", value: "12.50", sample: "12.50" },
  { name: "RawMessage", type: "json.RawMessage", zero: null, value: "eyJhIjogMX0=", sample: `{"a": 1}` },
];

const TAGS = ["", "omitempty", "omitzero", "string", "-", "case:ignore"];

const INNER = 'type Inner struct {\n\tA int `json:"a"`\n}';

function source(k: Kind, opt: string): string {
  const tag = opt === "-" ? "-" : opt === "" ? "v" : `v,${opt}`;
  return `${INNER}\n\ntype S struct {\n\tV ${k.type} \`json:"${tag}"\`\n}`;
}

function quote(s: string): string {
  return JSON.stringify(s);
}

function cases(): GoldenCase[] {
  const out: GoldenCase[] = [];
  for (const k of KINDS) {
    const opts = [...TAGS, ...(k.formats ?? []).map((f) => `format:${f}`)];
    for (const opt of opts) {
      const label = opt === "" ? "Plain" : opt === "-" ? "Dash" : opt;
      const base = `Matrix/${k.name}/${label}`;
      const goSource = source(k, opt);
      out.push({ name: `${base}/MarshalZero`, goSource, type: "S", op: "marshal", value: { V: k.zero } });
      out.push({ name: `${base}/MarshalValue`, goSource, type: "S", op: "marshal", value: { V: k.value } });
      const key = opt === "-" ? "-" : opt === "case:ignore" ? "V" : "v";
      out.push({
        name: `${base}/Unmarshal`,
        goSource,
        type: "S",
        op: "unmarshal",
        input: `{"${key}":${k.sample}}`,
      });
      if (opt === "string") {
        out.push({
          name: `${base}/UnmarshalQuoted`,
          goSource,
          type: "S",
          op: "unmarshal",
          input: `{"v":${quote(k.sample)}}`,
        });
      }
      if (opt === "") {
        out.push({
          name: `${base}/UnmarshalNull`,
          goSource,
          type: "S",
          op: "unmarshal",
          input: `{"v":null}`,
          into: { V: k.value },
        });
      }
    }
  }
  return out.map((c) => ({ engines: ALL, ...c }));
}

export const matrix: GoldenGroup = { group: "matrix", cases: cases() };
