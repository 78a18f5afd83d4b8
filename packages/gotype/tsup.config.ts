import { libraryBuild } from "@gojson/build-config";
import { defineConfig } from "tsup";

export default defineConfig(
  libraryBuild({
    entry: ["src/index.ts", "src/arbitrary.ts", "src/node.ts", "src/thirdparty.ts"],
    external: ["fast-check", /^node:/],
    // One copy of the model shared by the entry and the subpaths in CommonJS too.
    splitting: true,
  }),
);
