/**
 * The `string` field option on an `any` field that already holds a float64 (Go's interface arshaler
 * decodes into the held value's type). Go 1.26 turns StringifyNumbers on for the field value, so the
 * held float64 takes a quoted number; Go 1.27 rejects the option on an interface. The answers were
 * recorded from `GOEXPERIMENT=jsonv2 go run` (Go 1.26) and `GOTOOLCHAIN=go1.27.3 go run` of
 * `jsonv2.Unmarshal(in, &S{ID: float64(2)})` with `type S struct { ID any \`json:"name,string"\` }`.
 */
import { goType, parseGo } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { type GoVersion, unmarshal } from "./index.js";

const S = goType("S", parseGo('type S struct {\n\tID any `json:"name,string"`\n}'));

const INVALID_127 =
  'json: cannot unmarshal into Go interface {} within "/name": invalid use of `string` tag option';

// [input, Go 1.26's ID after the call, Go 1.26's error, Go 1.27's error] (Go 1.27 keeps ID = 2).
const CASES: [string, number, string, string][] = [
  ['{"name":"1.5"}', 1.5, "", INVALID_127],
  ['{"name":"-0"}', -0, "", INVALID_127],
  [
    '{"name":""}',
    2,
    'json: cannot unmarshal JSON string "" into Go float64 within "/name": invalid syntax',
    INVALID_127,
  ],
  [
    '{"name":"1e999"}',
    1.7976931348623157e308,
    'json: cannot unmarshal JSON string "1e999" into Go float64 within "/name": value out of range',
    INVALID_127,
  ],
  ['{"name":2.5}', 2, 'json: cannot unmarshal JSON number into Go float64 within "/name"', INVALID_127],
];

function decode(input: string, goVersion: GoVersion): { id: unknown; err: string } {
  const into = { ID: 2 as unknown };
  try {
    unmarshal(S, new TextEncoder().encode(input), { goVersion, into });
    return { id: into.ID, err: "" };
  } catch (e) {
    return { id: into.ID, err: (e as Error).message };
  }
}

describe("`string` on an any field holding a float64", () => {
  it.each(CASES)("Go 1.26: %s", (input, id, err) => {
    expect(decode(input, "1.26")).toEqual({ id, err });
  });
  it.each(CASES)("Go 1.27: %s", (input, _id, _err, err) => {
    expect(decode(input, "1.27")).toEqual({ id: 2, err });
  });
});
