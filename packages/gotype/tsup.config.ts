import { keepTopLevelConstPlugin } from "@gojson/build-config";
import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts", "src/arbitrary.ts", "src/node.ts", "src/thirdparty.ts"],
  external: ["fast-check", /^node:/],
  format: ["esm", "cjs"],
  // One copy of the model shared by the entry and the subpaths in CommonJS too.
  splitting: true,
  dts: true,
  sourcemap: true,
  clean: true,
  target: "node20",
  plugins: [keepTopLevelConstPlugin()],
});
