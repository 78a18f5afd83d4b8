import { libraryBuild } from "@gojson/build-config";
import { defineConfig } from "tsup";

export default defineConfig(
  libraryBuild({
    entry: { index: "src/index.ts", internal: "src/internal/index.ts" },
    external: [/^node:/],
    // One copy of each module shared by the entry and the internal entry (the kernel keeps
    // state in modules: the cursor, the number writers' argument slot), in CommonJS too.
    splitting: true,
  }),
);
