import { keepTopLevelConstPlugin, portableSourceMapsPlugin } from "@gojson/build-config";
import { defineConfig } from "tsup";

// Two builds: ESM for the library entry and the executable together (shared
// chunks, so the bundled report app and the commands ship once; src/bin.ts
// starts with its own shebang, which esbuild keeps), and CJS for the library
// entry. The private report app is bundled in so `@gojson/cli` installs alone.
export default defineConfig([
  {
    entry: ["src/index.ts", "src/bin.ts"],
    format: ["esm"],
    dts: { entry: "src/index.ts" },
    shims: true,
    sourcemap: true,
    target: "node20",
    plugins: [keepTopLevelConstPlugin(), portableSourceMapsPlugin()],
    noExternal: ["@gojson/report"],
  },
  {
    entry: ["src/index.ts"],
    format: ["cjs"],
    dts: true,
    shims: true,
    sourcemap: true,
    target: "node20",
    plugins: [keepTopLevelConstPlugin(), portableSourceMapsPlugin()],
    noExternal: ["@gojson/report"],
  },
]);
