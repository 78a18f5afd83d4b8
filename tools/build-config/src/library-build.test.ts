import { describe, expect, it } from "vitest";
import { libraryBuild } from "./index.mjs";

describe("libraryBuild", () => {
  it("gives every library ESM and CommonJS with declarations for Node 20", () => {
    const o = libraryBuild({ entry: ["src/index.ts"] });
    expect(o).toMatchObject({
      entry: ["src/index.ts"],
      format: ["esm", "cjs"],
      dts: true,
      sourcemap: true,
      clean: true,
      target: "node20",
    });
    expect(o.plugins.map((p) => p.name)).toEqual(["keep-top-level-const", "portable-source-maps"]);
  });

  it("lets a package's own options win", () => {
    const o = libraryBuild({ entry: { index: "src/index.ts" }, clean: false, splitting: true });
    expect(o.clean).toBe(false);
    expect(o.splitting).toBe(true);
    expect(o.format).toEqual(["esm", "cjs"]);
  });
});
