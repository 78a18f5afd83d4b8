/** A tsup plugin (structural type: tsup's Plugin). */
export interface RenderChunkPlugin {
  name: string;
  renderChunk(code: string, info: { path: string }): { code: string; map: string } | undefined;
}
/** Rewrites eligible top-level `var` declarations to `const`; null when nothing changes. */
export function keepTopLevelConst(
  code: string,
  fileName?: string,
): { code: string; map: { toString(): string }; changed: number } | null;
/** The tsup plugin applying keepTopLevelConst to every JavaScript chunk. */
export function keepTopLevelConstPlugin(): RenderChunkPlugin;
