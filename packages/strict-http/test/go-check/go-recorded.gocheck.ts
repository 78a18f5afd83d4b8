// Go's recorded answers (test/fixtures/*-go.json) against the Go on PATH: each Go program
// under test/go prints its rows again and they must equal the committed ones. Run by
// `pnpm --filter @gojson/strict-http go:check` (a CI step when Go is installed); the unit
// suite checks strict-http against the committed rows without Go.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const programs = [
  {
    program: "headers.go",
    fixture: "headers-go.json",
    what: "repeated body headers (the strict.go handler)",
  },
  { program: "strict.go", fixture: "strict-go.json", what: "the seed's strict.go bodies" },
];

describe("Go's recorded answers match the Go on PATH", () => {
  for (const p of programs) {
    it(`${p.program}: ${p.what}`, () => {
      const src = fileURLToPath(new URL(`../go/${p.program}`, import.meta.url));
      const out = execFileSync("go", ["run", src], { cwd: tmpdir(), encoding: "utf8", timeout: 300_000 });
      const recorded = JSON.parse(readFileSync(new URL(`../fixtures/${p.fixture}`, import.meta.url), "utf8"));
      expect(JSON.parse(out)).toEqual(recorded);
    });
  }
});
