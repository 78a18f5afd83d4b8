import { libraryBuild } from "@gojson/build-config";
import { defineConfig } from "tsup";

export default defineConfig(libraryBuild({ entry: ["src/index.ts"] }));
