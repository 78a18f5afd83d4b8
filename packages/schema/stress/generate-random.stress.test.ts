/**
 * generateTypeScript on the random type sets of the verdict tables (Unicode
 * field names, embedded pointers, recursion through pointers, maps and
 * slices, every known type): every module compiles under strict TypeScript,
 * and each loads to the types parseGo gives for its embedded source.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { parseGo } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { generateTypeScript } from "../src/index.js";
import { loadRandomVerdicts } from "../test/verdicts.js";

const require = createRequire(import.meta.url);
const { sources } = loadRandomVerdicts();

describe(`generateTypeScript on ${sources.length} random type sets`, () => {
  const dir = resolve(import.meta.dirname, "../.test-results/random-modules");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const files = sources.map((source, i) => {
    const file = join(dir, `set${i}.ts`);
    writeFileSync(file, generateTypeScript(parseGo(source), { source }));
    return file;
  });

  it("compiles every module under strict TypeScript", () => {
    expect(() =>
      execFileSync(
        process.execPath,
        [
          require.resolve("typescript/bin/tsc"),
          "--noEmit",
          "--strict",
          "--noUncheckedIndexedAccess",
          "--module",
          "nodenext",
          "--moduleResolution",
          "nodenext",
          "--target",
          "es2022",
          "--skipLibCheck",
          ...files,
        ],
        { cwd: resolve(import.meta.dirname, ".."), encoding: "utf8" },
      ),
    ).not.toThrow();
  });

  it("loads, and each constant is the parsed type of its name", async () => {
    for (const file of files) {
      const mod = await import(file);
      for (const [name, t] of Object.entries(mod.goTypes as Record<string, unknown>))
        expect(mod[name]).toBe(t);
    }
  });
});
