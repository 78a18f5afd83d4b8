import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // One module graph per worker (the suites keep no state between files): importing the sources
    // again for every file was most of the suite's time.
    isolate: false,
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    // The browser test's beforeAll launches chromium: on a busy two-core CI machine (turbo runs
    // other packages' suites beside it) that took more than vitest's default 10 s.
    hookTimeout: 60_000,
  },
});
