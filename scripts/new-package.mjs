// Writes the skeleton of a workspace package (used once per package at setup).
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [dir, description, depsArg = ""] = process.argv.slice(2);
const folder = dir.split("/").pop();
const name = `@gojson/${folder}`;
const deps = Object.fromEntries(
  depsArg
    .split(",")
    .filter(Boolean)
    .map((d) => [`@gojson/${d}`, "workspace:*"]),
);
const pkg = {
  name,
  version: "0.1.0",
  description,
  license: "MIT",
  type: "module",
  sideEffects: false,
  repository: { type: "git", url: "git+https://github.com/gojson/gojson.git", directory: dir },
  homepage: `https://github.com/gojson/gojson/tree/main/${dir}#readme`,
  bugs: { url: "https://github.com/gojson/gojson/issues" },
  engines: { node: ">=20.10.0" },
  exports: {
    ".": {
      import: { types: "./dist/index.d.ts", default: "./dist/index.js" },
      require: { types: "./dist/index.d.cts", default: "./dist/index.cjs" },
    },
    "./package.json": "./package.json",
  },
  main: "./dist/index.cjs",
  module: "./dist/index.js",
  types: "./dist/index.d.ts",
  files: ["dist", "LICENSE"],
  publishConfig: { access: "public" },
  scripts: {
    build: "tsup",
    typecheck: "tsc --noEmit",
    test: "vitest run --reporter=default --reporter=json --outputFile.json=.test-results/vitest.json",
    lint: "biome check .",
  },
  dependencies: deps,
  devDependencies: {
    "@fast-check/vitest": "catalog:",
    "@gojson/build-config": "workspace:*",
    "@types/node": "catalog:",
    "fast-check": "catalog:",
    tsup: "catalog:",
    typescript: "catalog:",
    vitest: "catalog:",
  },
  keywords: ["go", "golang", "json"],
};
mkdirSync(join(dir, "src"), { recursive: true });
writeFileSync(join(dir, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`);
copyFileSync(new URL("../LICENSE", import.meta.url), join(dir, "LICENSE"));
writeFileSync(
  join(dir, "tsconfig.json"),
  `${JSON.stringify({ extends: "../../tsconfig.base.json", compilerOptions: { noEmit: true }, include: ["src", "test", "bench", "*.ts"] }, null, 2)}\n`,
);
writeFileSync(
  join(dir, "tsup.config.ts"),
  `import { keepTopLevelConstPlugin } from "@gojson/build-config";
import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm", "cjs"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "node20",
  plugins: [keepTopLevelConstPlugin()],
});
`,
);
writeFileSync(
  join(dir, "vitest.config.ts"),
  `import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
  },
});
`,
);
if (!existsSync(join(dir, "src/index.ts"))) writeFileSync(join(dir, "src/index.ts"), "export {};\n");
