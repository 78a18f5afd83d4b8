import { defineConfig } from "vitest/config";

// `pnpm stress`: timing, load and machine-dependent assertions, run on their own CI step.
export default defineConfig({
  test: {
    include: ["stress/**/*.stress.test.ts"],
    testTimeout: 120_000,
  },
});
