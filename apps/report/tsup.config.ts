import { keepTopLevelConstPlugin, portableSourceMapsPlugin } from "@gojson/build-config";
import { defineConfig } from "tsup";

export default defineConfig([
  {
    // The library: ESM and CJS, with types.
    entry: ["src/index.ts"],
    format: ["esm", "cjs"],
    dts: { entry: "src/index.ts" },
    sourcemap: true,
    clean: true,
    target: "node20",
    plugins: [keepTopLevelConstPlugin({ keepNames: true }), portableSourceMapsPlugin()],
  },
  {
    // The `render` command: ESM only (it finds the repository from import.meta.url).
    entry: ["src/cli.ts"],
    format: ["esm"],
    sourcemap: true,
    clean: false,
    target: "node20",
    plugins: [keepTopLevelConstPlugin({ keepNames: true }), portableSourceMapsPlugin()],
  },
]);
