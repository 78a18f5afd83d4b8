import { createRequire } from "node:module";

/** The CLI's own version, read from its package.json. */
export const VERSION: string = (() => {
  try {
    return createRequire(import.meta.url)("../package.json").version as string;
  } catch {
    return "0.0.0";
  }
})();
