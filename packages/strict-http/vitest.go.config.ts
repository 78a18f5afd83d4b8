import { defineConfig } from "vitest/config";

// Go's recorded answers re-recorded with the Go on PATH (`pnpm go:check`). Needs Go; not part of `pnpm test`.
export default defineConfig({
  test: {
    include: ["test/go-check/**/*.gocheck.ts"],
    testTimeout: 300_000,
  },
});
