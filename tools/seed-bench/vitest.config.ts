import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["bench/**/*.test.ts"],
    testTimeout: 120_000,
  },
});
