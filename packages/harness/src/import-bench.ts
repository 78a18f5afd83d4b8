import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

/**
 * Imports a bench module; a TypeScript one through tsx's scoped `tsImport`
 * (resolved from the bench module's own package, then from the harness),
 * because loader hooks of the parent do not reach worker threads.
 */
export async function importBenchModule(url: string): Promise<Record<string, unknown>> {
  if (!/\.[cm]?ts$/.test(url)) return (await import(url)) as Record<string, unknown>;
  let api: string | undefined;
  for (const from of [url, import.meta.url]) {
    try {
      api = createRequire(from).resolve("tsx/esm/api");
      break;
    } catch {}
  }
  if (!api) throw new Error(`${url} is TypeScript and tsx is not installed beside it`);
  const { tsImport } = (await import(pathToFileURL(api.replace(/\.cjs$/, ".mjs")).href)) as {
    tsImport: (specifier: string, parent: string) => Promise<Record<string, unknown>>;
  };
  return tsImport(url, import.meta.url);
}
