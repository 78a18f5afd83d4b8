import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // One module graph per worker (the suites keep no state between files): importing the sources
    // again for every file was most of the suite's time.
    isolate: false,
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
  },
});
