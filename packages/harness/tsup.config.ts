import { keepTopLevelConstPlugin, portableSourceMapsPlugin } from "@gojson/build-config";
import { defineConfig } from "tsup";

export default defineConfig([
  {
    entry: ["src/index.ts"],
    format: ["esm", "cjs"],
    dts: true,
    sourcemap: true,
    clean: false,
    target: "node20",
    plugins: [keepTopLevelConstPlugin(), portableSourceMapsPlugin()],
    shims: true,
  },
  {
    // Entries loaded by path (worker/child hosts, callgrind child): ESM only.
    entry: ["src/runner-entry.ts", "src/callgrind-entry.ts"],
    format: ["esm"],
    sourcemap: true,
    clean: false,
    target: "node20",
    plugins: [keepTopLevelConstPlugin(), portableSourceMapsPlugin()],
  },
]);
