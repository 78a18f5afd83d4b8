/**
 * Source maps that can be published: tsup writes the built file's own absolute path into a
 * map (`file`, and as a `sources` entry for the CommonJS chunks it rewrites), which ships the
 * building machine's directory layout to every user and differs between machines. This step
 * rewrites each written map so that every path is relative to the map (the same form esbuild
 * uses for the real sources); the mappings are untouched.
 */
import { readFile, writeFile } from "node:fs/promises";
import { basename, dirname, isAbsolute, relative, resolve, sep } from "node:path";

const posix = (p) => (sep === "/" ? p : p.split(sep).join("/"));

/** The map `json` (written at `mapPath`) with relative paths; null when it has none to change. */
export function portableSourceMap(json, mapPath) {
  const map = JSON.parse(json);
  let changed = false;
  const dir = dirname(resolve(mapPath));
  if (typeof map.file === "string" && isAbsolute(map.file)) {
    map.file = basename(map.file);
    changed = true;
  }
  if (Array.isArray(map.sources)) {
    map.sources = map.sources.map((s) => {
      if (typeof s !== "string" || !isAbsolute(s)) return s;
      changed = true;
      return posix(relative(dir, s)) || basename(s);
    });
  }
  return changed ? JSON.stringify(map) : null;
}

/** The tsup plugin: {@link portableSourceMap} on every map the build wrote. */
export function portableSourceMapsPlugin() {
  return {
    name: "portable-source-maps",
    async buildEnd({ writtenFiles }) {
      for (const f of writtenFiles) {
        if (!f.name.endsWith(".map")) continue;
        const path = resolve(f.name);
        const out = portableSourceMap(await readFile(path, "utf8"), path);
        if (out !== null) await writeFile(path, out);
      }
    },
  };
}
