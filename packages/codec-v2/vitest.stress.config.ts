import { defineConfig } from "vitest/config";

// The stress suite (`pnpm stress`): memory bounds over large streams. Not part of `pnpm test`.
export default defineConfig({
  test: {
    include: ["stress/**/*.stress.ts"],
    testTimeout: 300_000,
    fileParallelism: false,
  },
});
