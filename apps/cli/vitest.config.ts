import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // One module graph per worker (the suites keep no state between files): importing the sources
    // again for every file was most of the suite's time.
    isolate: false,
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    // Forks, not threads: test/run-cli.ts runs commands in-process from the examples
    // directory (process.chdir), which worker threads do not allow.
    pool: "forks",
  },
});
