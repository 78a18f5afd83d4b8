/**
 * Build settings shared by the gojson packages. Plain JavaScript (with types in
 * index.d.mts): tsup loads a package's config with Node, before anything is built.
 */
export { keepTopLevelConst, keepTopLevelConstPlugin } from "./keep-top-level-const.mjs";
export { libraryBuild } from "./library-build.mjs";
export { portableSourceMap, portableSourceMapsPlugin } from "./portable-source-maps.mjs";
