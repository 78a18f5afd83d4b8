import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    // Forks, not threads: test/run-cli.ts runs commands in-process from the examples
    // directory (process.chdir), which worker threads do not allow.
    pool: "forks",
  },
});
