import { keepTopLevelConstPlugin } from "@gojson/build-config";
import { defineConfig } from "tsup";

// Two builds: the library entry (ESM + CJS + types) and the executable.
// The private report app is bundled into the CLI so `@gojson/cli` installs alone.
export default defineConfig([
  {
    entry: ["src/index.ts"],
    format: ["esm", "cjs"],
    dts: true,
    shims: true,
    sourcemap: true,
    target: "node20",
    plugins: [keepTopLevelConstPlugin()],
    noExternal: ["@gojson/report"],
  },
  {
    entry: ["src/bin.ts"],
    format: ["esm"],
    sourcemap: true,
    target: "node20",
    plugins: [keepTopLevelConstPlugin()],
    noExternal: ["@gojson/report"],
    banner: { js: "#!/usr/bin/env node" },
  },
]);
