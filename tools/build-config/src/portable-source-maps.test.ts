import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { portableSourceMap, portableSourceMapsPlugin } from "./index.mjs";

const dist = join(tmpdir(), "pkg", "dist");
const map = (m: object) => JSON.stringify({ version: 3, mappings: "AAAA", names: [], ...m });

describe("portableSourceMap", () => {
  it.each([
    [
      "a CommonJS chunk naming itself by its absolute path",
      { file: join(dist, "chunk-A.cjs"), sources: [join(dist, "chunk-A.cjs"), "../src/a.ts"] },
      { file: "chunk-A.cjs", sources: ["chunk-A.cjs", "../src/a.ts"] },
    ],
    [
      "an absolute source outside dist",
      { sources: [join(dist, "..", "src", "b.ts")] },
      { sources: ["../src/b.ts"] },
    ],
  ])("makes %s relative to the map", (_, given, want) => {
    const out = portableSourceMap(map(given), join(dist, "x.map"));
    expect(JSON.parse(out ?? "{}")).toMatchObject({ ...want, mappings: "AAAA" });
  });

  it("leaves a map with relative paths alone", () => {
    expect(
      portableSourceMap(map({ file: "index.js", sources: ["../src/index.ts"] }), join(dist, "i.map")),
    ).toBeNull();
  });
});

describe("portableSourceMapsPlugin", () => {
  it("rewrites the maps the build wrote, and only those", async () => {
    const dir = mkdtempSync(join(tmpdir(), "maps-"));
    const m = join(dir, "index.cjs.map");
    const js = join(dir, "index.cjs");
    writeFileSync(m, map({ file: js, sources: [js, "../src/index.ts"] }));
    writeFileSync(js, `// ${js}\n`);
    const name = (p: string) => relative(process.cwd(), p);
    await portableSourceMapsPlugin().buildEnd({ writtenFiles: [{ name: name(js) }, { name: name(m) }] });
    expect(JSON.parse(readFileSync(m, "utf8"))).toMatchObject({
      file: "index.cjs",
      sources: ["index.cjs", "../src/index.ts"],
    });
    expect(readFileSync(js, "utf8")).toBe(`// ${js}\n`);
  });
});
