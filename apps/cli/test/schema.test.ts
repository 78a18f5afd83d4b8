import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { gojson } from "./run-cli.js";

const require = createRequire(import.meta.url);
const out = resolve(__dirname, "../.test-results/schema");

describe("gojson schema", () => {
  it("writes a module whose schema and value types compile under strict TypeScript", async () => {
    mkdirSync(out, { recursive: true });
    const file = join(out, "order.schema.ts");
    const r = await gojson(["schema", "order.go", "--out", file]);
    expect(r.status).toBe(0);
    const text = readFileSync(file, "utf8");
    expect(text).toContain("export interface Order {");
    expect(text).toContain("  ID: bigint;");
    expect(text).toContain("  Items: string[] | null;");
    expect(text).toContain("  Placed: GoTime;");
    // A user's program that builds a value of the generated type.
    writeFileSync(
      join(out, "use.ts"),
      `import { GoTime } from "@gojson/gotype";\nimport { Order } from "./order.schema.js";\nexport const o: Order = { ID: 1n, Customer: "a", Total: 2n, Paid: true, Items: null, Placed: GoTime.zero(), Note: "" };\nexport const kind: string = Order.kind;\n`,
    );
    execFileSync(
      process.execPath,
      [
        require.resolve("typescript/bin/tsc"),
        "--noEmit",
        "--strict",
        "--module",
        "nodenext",
        "--moduleResolution",
        "nodenext",
        "--target",
        "es2022",
        "--skipLibCheck",
        join(out, "use.ts"),
      ],
      { cwd: resolve(__dirname, ".."), encoding: "utf8" },
    );
    const mod = await import(file);
    expect(mod.Order.kind).toBe("struct");
    expect(Object.keys(mod.goTypes)).toEqual(["Order"]);
  });
});
