import { defineConfig } from "vitest/config";

// The stress suite (`pnpm stress`): load, floods, memory and timing budgets. Not part of `pnpm test`.
export default defineConfig({
  test: {
    include: ["stress/**/*.stress.ts"],
    testTimeout: 300_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
