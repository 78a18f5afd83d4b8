import { keepTopLevelConstPlugin, portableSourceMapsPlugin } from "@gojson/build-config";
import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    codec: "src/codec.ts",
    "standard-schema": "src/standard-schema.ts",
    express: "src/express.ts",
    fastify: "src/fastify.ts",
    hono: "src/hono.ts",
  },
  format: ["esm", "cjs"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "node20",
  plugins: [keepTopLevelConstPlugin(), portableSourceMapsPlugin()],
  external: ["express", "fastify", "hono"],
});
