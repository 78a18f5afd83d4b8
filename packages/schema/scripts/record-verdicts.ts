/**
 * Records Go's verdicts on the schema test payloads into
 * test/verdicts/verdicts.json: plain `go run` (encoding/json, v1) and
 * `GOEXPERIMENT=jsonv2 go run` (encoding/json/v2), each with default and
 * strict (DisallowUnknownFields / RejectUnknownMembers) options, and what
 * Marshal writes for each accepted value. Run: `pnpm run record-verdicts`.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { goType, parseGo } from "@gojson/gotype";
import { type Payload, payloadsFor } from "../test/verdict-payloads.js";
import { TARGETS } from "../test/verdict-targets.js";

const dir = resolve(import.meta.dirname, "../test/verdicts");
const source = readFileSync(join(dir, "types.go"), "utf8");
const decls = parseGo(source);

const payloads: Payload[] = [];
for (const target of TARGETS) payloads.push(...payloadsFor(target, goType(target, decls)));

const work = mkdtempSync(join(tmpdir(), "gojson-verdicts-"));
try {
  for (const f of ["types.go", "main.go", "v1.go", "v2.go"]) copyFileSync(join(dir, f), join(work, f));
  const registry = TARGETS.map((t) => `\t${JSON.stringify(t)}: func() any { return new(${t}) },`).join("\n");
  writeFileSync(
    join(work, "registry.go"),
    `package main\n\nvar registry = map[string]func() any{\n${registry}\n}\n`,
  );
  writeFileSync(join(work, "go.mod"), "module verdicts\n\ngo 1.26\n");
  const input = payloads.map((p) => JSON.stringify(p)).join("\n");
  const run = (
    env: Record<string, string>,
  ): Array<{ err: string | null; strict: string | null; out?: string; outErr?: string }> => {
    execFileSync("go", ["build", "-o", "verdicts", "."], { cwd: work, env: { ...process.env, ...env } });
    const r = spawnSync(join(work, "verdicts"), { input, cwd: work, maxBuffer: 1 << 28, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`verdict program failed: ${r.stderr}`);
    return r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
  };
  const v1 = run({ GOEXPERIMENT: "" });
  const v2 = run({ GOEXPERIMENT: "jsonv2" });
  const goVersion = execFileSync("go", ["env", "GOVERSION"], { encoding: "utf8" }).trim();
  // Texts (error messages, marshal outputs) are stored once and referred to by index; -1 is "no error" / "none".
  const texts: string[] = [];
  const index = new Map<string, number>();
  const ref = (s: string | null | undefined): number => {
    if (s === null || s === undefined) return -1;
    let i = index.get(s);
    if (i === undefined) {
      i = texts.length;
      texts.push(s);
      index.set(s, i);
    }
    return i;
  };
  const bang = (e: string | undefined) => (e === undefined ? undefined : `!${e}`);
  const rows = payloads.map((p, i) => {
    const a = v1[i];
    const b = v2[i];
    if (a === undefined || b === undefined) throw new Error("verdict program answered too few lines");
    return [
      p.t,
      p.p,
      ref(a.err),
      ref(a.strict),
      ref(a.out ?? bang(a.outErr)),
      ref(b.err),
      ref(b.strict),
      ref(b.out ?? bang(b.outErr)),
    ];
  });
  writeFileSync(
    join(dir, "verdicts.json"),
    `{"go":${JSON.stringify(goVersion)},\n"columns":["target","payload","v1 error","v1 strict error","v1 marshal (! = error)","v2 error","v2 strict error","v2 marshal (! = error)"],\n"texts":${JSON.stringify(texts)},\n"rows":[\n${rows.map((r) => JSON.stringify(r)).join(",\n")}\n]}\n`,
  );
  console.log(`recorded ${rows.length} payloads with ${goVersion}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
