import { defineConfig } from "vitest/config";

// The stress suite (`pnpm stress`): enormous inputs (a million declarations). Not part of `pnpm test`.
export default defineConfig({
  test: {
    include: ["stress/**/*.stress.test.ts"],
    testTimeout: 600_000,
  },
});
