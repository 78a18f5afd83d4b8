/**
 * Loads sibling workspace packages by path. The harness must not depend on
 * the codecs (they depend on it for their own benches; a dependency back
 * would be a cycle), so its seed benches import their built dist directly.
 * A package that is not built yet yields undefined: its candidates are then
 * recorded as errors and their hypotheses NOT_TESTED.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const packagesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export type Module = Record<string, any>;

export async function loadWorkspace(name: string): Promise<Module | undefined> {
  const file = path.join(packagesDir, name, "dist", "index.js");
  if (!existsSync(file)) return undefined;
  try {
    return (await import(pathToFileURL(file).href)) as Module;
  } catch {
    return undefined;
  }
}

/** True when the module at `url` is the script node was started with. */
export function isMain(url: string): boolean {
  const arg = process.argv[1];
  return arg !== undefined && path.resolve(arg) === fileURLToPath(url);
}
