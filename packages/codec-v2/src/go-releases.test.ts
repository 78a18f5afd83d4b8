/**
 * The behaviours issue 28 lists as changed between Go 1.26 and Go 1.27 (`string` on kinds it cannot
 * stringify, malformed tag options, time.Duration without a format, the value left after a float
 * out of range or illegal base64), and issue 22's v2 / v1-on-v2 rows (`string` on a named pointer
 * type, -0 map keys, a named empty interface after a syntax error, pointers allocated before a
 * failed decode, member names that are not strings), each recorded from both releases by
 * testdata/go-v2-releases.go.txt. For unmarshal, the destination is written back with json/v2
 * Marshal (Deterministic) as the Go program does, also when unmarshal failed.
 */
import { parseGo, zero } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { defaultOptionsV1, GO_VERSIONS, marshal, marshalToString, type Options, unmarshal } from "./index.js";
import fixture from "./testdata/go-v2-releases.json" with { type: "json" };

interface Answer {
  out: string;
  err: string;
  partial?: string;
}
interface Case {
  engine: "v2" | "v1v2";
  type: string;
  op: "marshal" | "unmarshal";
  in?: string;
  go126: Answer;
  go127: Answer;
}

const decls = parseGo(`package main\nimport (\n\t"encoding/json/jsontext"\n\t"time"\n)\n${fixture.decls}`);
const dec = new TextDecoder();
/** Go's v2 messages say "cannot" or "unable to" at random once per process; gojson writes "cannot". */
const norm = (s: string) => s.replace(/unable to/g, "cannot");

function partialText(e: unknown): string {
  const p = (e as { partial?: Uint8Array }).partial;
  return p === undefined ? "" : dec.decode(p);
}

function answer(c: Case, goVersion: (typeof GO_VERSIONS)[number]): Answer {
  const t = decls[c.type];
  if (t === undefined) throw new Error(`no type ${c.type}`);
  const opts: Options[] = [{ goVersion }, ...(c.engine === "v1v2" ? [defaultOptionsV1()] : [])];
  if (c.op === "marshal") {
    try {
      return { out: dec.decode(marshal(t, zero(t) as never, opts)), err: "" };
    } catch (e) {
      const partial = partialText(e);
      return { out: "", err: (e as Error).message, ...(partial !== "" ? { partial } : {}) };
    }
  }
  let v: unknown;
  let err = "";
  try {
    v = unmarshal(t, c.in as string, opts);
  } catch (e) {
    err = (e as Error).message;
    v = (e as { value?: unknown }).value;
  }
  let out: string;
  try {
    out = marshalToString(t, v as never, { goVersion, deterministic: true });
  } catch (e) {
    out = partialText(e);
  }
  return { out, err };
}

const cases = (fixture.cases as Case[]).map(
  (c) => [`${c.engine} ${c.op} ${c.type} ${c.in ?? ""}`, c] as const,
);

for (const goVersion of GO_VERSIONS) {
  describe(`Go ${goVersion}`, () => {
    it.each(cases)("%s", (_name, c) => {
      const want = goVersion === "1.26" ? c.go126 : c.go127;
      const got = answer(c, goVersion);
      expect({ ...got, err: norm(got.err) }).toEqual({ ...want, err: norm(want.err) });
    });
  });
}
