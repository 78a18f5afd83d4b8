/**
 * What Go leaves in the destination when unmarshal fails (issue 22 items 2 and 3), recorded from
 * real Go by testdata/go-v2-fidelity.go.txt under Go 1.26.8 and Go 1.27.3: pointers Go allocated
 * before their element failed stay allocated (a pointer to a nil slice or map is given as the
 * empty one, which Go's json/v2 writes alike), and a named empty interface (`type NA any`) holds
 * the zero value of the kind it began to read, where plain `any` stays nil.
 * Each destination is written back with json/v2 Marshal (Deterministic), as the Go program does.
 */
import { goType, parseGo } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { type CodecOptions, defaultOptionsV1, GO_VERSIONS, marshalToString, unmarshal } from "./index.js";
import fixture from "./testdata/go-v2-fidelity.json" with { type: "json" };

interface Case {
  type: string;
  engine: "v2" | "v1v2";
  in?: string;
  inB64?: string;
  opts?: CodecOptions;
  want: string;
  wantErr: string | null;
  go127?: { want: string; wantErr: string | null };
}

const decls = parseGo(`package main\n${fixture.decls}`);
const cases = (fixture.cases as Case[]).map((c) => [`${c.engine} ${c.type} ${c.in ?? c.inB64}`, c] as const);

for (const goVersion of GO_VERSIONS) {
  describe(`destination after a failed unmarshal (Go ${goVersion})`, () => {
    it.each(cases)("%s", (_name, c) => {
      const t = goType(c.type, decls);
      const input = c.inB64 !== undefined ? Buffer.from(c.inB64, "base64") : (c.in as string);
      const opts: CodecOptions[] = [
        { goVersion },
        ...(c.engine === "v1v2" ? [defaultOptionsV1()] : []),
        c.opts ?? {},
      ];
      let got: unknown;
      let msg: string | null = null;
      try {
        got = unmarshal(t, input, opts);
      } catch (e) {
        msg = (e as Error).message;
        got = (e as { value?: unknown }).value;
      }
      const want = goVersion === "1.27" && c.go127 ? c.go127 : c;
      expect(msg).toBe(want.wantErr);
      expect(marshalToString(t, got, { goVersion, deterministic: true })).toBe(want.want);
    });
  });
}
