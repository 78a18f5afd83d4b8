/** A tsup plugin (structural type: tsup's Plugin). */
export interface RenderChunkPlugin {
  name: string;
  esbuildOptions(options: { keepNames?: boolean }): void;
  renderChunk(code: string, info: { path: string }): { code: string } | undefined;
}
/** A tsup plugin that runs after the files are written (structural type: tsup's Plugin). */
export interface BuildEndPlugin {
  name: string;
  buildEnd(ctx: { writtenFiles: { name: string }[] }): Promise<void>;
}
/** The source map `json` (written at `mapPath`) with every path relative to it; null when none is absolute. */
export function portableSourceMap(json: string, mapPath: string): string | null;
/** The tsup plugin applying portableSourceMap to every map a build writes. */
export function portableSourceMapsPlugin(): BuildEndPlugin;
/** Rewrites eligible top-level `var` declarations to `const`; null when nothing changes. */
export function keepTopLevelConst(code: string, fileName?: string): { code: string; changed: number } | null;
/** Options of the shared tsup plugin. */
export interface BuildPluginOptions {
  /**
   * Keep class and function names through bundling (esbuild's keepNames): `GoTime` instead of the
   * bundler's `_GoTime` in logs and util.inspect. Each named function gets a one-time __name() call
   * where it is defined, so leave it off for code that creates closures on a hot path.
   */
  keepNames?: boolean;
}
/** The tsup plugin applying keepTopLevelConst to every JavaScript chunk (and, opt-in, keepNames). */
export function keepTopLevelConstPlugin(options?: BuildPluginOptions): RenderChunkPlugin;
/** The tsup options of a published library (tsup's Options, structurally): see libraryBuild. */
export interface LibraryBuildOptions {
  entry: string[] | Record<string, string>;
  [option: string]: unknown;
}
/**
 * The tsup options every published library shares (ESM and CommonJS for Node 20, declarations,
 * portable source maps, a clean dist, keepTopLevelConstPlugin), with the package's own options over them.
 */
export function libraryBuild<T extends LibraryBuildOptions>(
  own: T,
): { format: ("esm" | "cjs")[]; plugins: (RenderChunkPlugin | BuildEndPlugin)[] } & T;
