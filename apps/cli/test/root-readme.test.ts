import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { inspect } from "node:util";
import { describe, expect, it, vi } from "vitest";

// The TypeScript example of the repository's README runs as written, and
// prints what its `// →` comments say.
describe("root README example", () => {
  it("prints what the comments say", async () => {
    const readme = readFileSync(resolve(__dirname, "../../../README.md"), "utf8");
    const code = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(code).toBeDefined();
    const want = [...code!.matchAll(/^\/\/ → (.*)$/gm)].map((m) => m[1]);
    const dir = resolve(__dirname, "../.test-results/readme");
    mkdirSync(dir, { recursive: true });
    const file = resolve(dir, "root-example.ts");
    writeFileSync(file, code!);
    const got: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
      got.push(args.map((a) => (typeof a === "string" ? a : inspect(a))).join(" "));
    });
    try {
      await import(file);
    } finally {
      spy.mockRestore();
    }
    expect(got).toEqual(want);
  });
});
