import { keepTopLevelConstPlugin } from "./keep-top-level-const.mjs";
import { portableSourceMapsPlugin } from "./portable-source-maps.mjs";

/**
 * The tsup options every published library shares: ESM and CommonJS for Node 20, declarations,
 * source maps with relative paths, a clean dist, and the keep-top-level-const plugin. A package's config passes what
 * is its own (entries, externals, splitting); its keys win over these.
 */
export function libraryBuild(own) {
  return {
    format: ["esm", "cjs"],
    dts: true,
    sourcemap: true,
    clean: true,
    target: "node20",
    plugins: [keepTopLevelConstPlugin(), portableSourceMapsPlugin()],
    ...own,
  };
}
