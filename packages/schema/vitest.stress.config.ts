import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["stress/**/*.stress.test.ts"],
    testTimeout: 120_000,
  },
});
