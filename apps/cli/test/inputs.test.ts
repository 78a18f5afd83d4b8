// Every input the CLI reads is bounded by --max-bytes; names in messages are cut and the nearest
// declared name is suggested; --go takes a package directory or several files.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { gojson } from "./run-cli.js";

/** An endless stdin of one byte repeated (as `tr '\\0' ' ' < /dev/zero`) that counts the bytes it gave. */
function endless(byte: number) {
  const chunk = Buffer.alloc(16 * 1024, byte);
  const counter = { given: 0, stream: undefined as unknown as Readable };
  counter.stream = new Readable({
    read() {
      counter.given += chunk.length;
      this.push(chunk);
    },
  });
  return counter;
}

const oneLine = (s: string) => s.trim().split("\n").length === 1;

describe("bounded inputs (--max-bytes)", () => {
  // skip: the attack needs a /dev/zero device (absent on Windows)
  it.skipIf(!existsSync("/dev/zero"))("--go /dev/zero fails at the limit with a clear error", async () => {
    const r = await gojson(
      ["decode", "--go", "/dev/zero", "--type", "Order", "--max-bytes", "1048576"],
      "{}",
    );
    expect(r.status).toBe(3);
    expect(r.stderr).toBe("gojson: Go file /dev/zero is larger than 1 MiB: raise --max-bytes to read it\n");
  });

  it.each([
    ["decode", ["--go", "order.go", "--type", "Order"]],
    ["encode", ["--go", "order.go", "--type", "Order"]],
  ])("%s: an endless stdin stops at the limit", async (command, flags) => {
    const stdin = endless(0);
    const r = await gojson([command, ...flags, "--max-bytes", "65536"], stdin.stream);
    expect(r.status).toBe(3);
    expect(r.stderr).toBe("gojson: standard input is larger than 64 KiB: raise --max-bytes to read it\n");
    expect(stdin.given).toBeLessThan(65536 * 4);
  });

  it("diff: an endless NDJSON line on stdin stops at the limit", async () => {
    const stdin = endless(0x20);
    const r = await gojson(
      ["diff", "--go", "order.go", "--type", "Order", "--max-bytes", "65536"],
      stdin.stream,
    );
    expect(r.status).toBe(3);
    expect(r.stderr).toBe("gojson: stdin:1 is larger than 64 KiB: raise --max-bytes to read it\n");
    expect(stdin.given).toBeLessThan(65536 * 4);
  });

  it("diff: a payload file over the limit", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gojson-big-"));
    const file = join(dir, "big.json");
    writeFileSync(file, `{"customer":"${"x".repeat(5000)}"}`);
    const r = await gojson(["diff", "--go", "order.go", "--type", "Order", "--max-bytes", "4096", file]);
    expect(r.status).toBe(3);
    expect(r.stderr).toBe(`gojson: payload ${file} is larger than 4 KiB: raise --max-bytes to read it\n`);
  });

  it("a file argument over the limit", async () => {
    const r = await gojson([
      "decode",
      "--go",
      "order.go",
      "--type",
      "Order",
      "--max-bytes",
      "600",
      "payloads/same.json",
    ]);
    expect(r.status, r.stderr).toBe(0);
    const small = await gojson(["encode", "--go", "order.go", "--type", "Order", "--max-bytes", "10"], "{}");
    expect(small.status).toBe(3);
    expect(small.stderr).toContain("is larger than 10 bytes: raise --max-bytes");
  });

  it("diff: one NDJSON line over the limit names its line; memory is bounded by one line", async () => {
    const long = `{"id":1}\n{"customer":"${"x".repeat(5000)}"}\n`;
    const r = await gojson(["diff", "--go", "order.go", "--type", "Order", "--max-bytes", "4096"], long);
    expect(r.status).toBe(3);
    expect(r.stderr).toBe("gojson: stdin:2 is larger than 4 KiB: raise --max-bytes to read it\n");
  });

  it("strict: its --max-bytes is the body limit (413), and no more than one byte past it is read", async () => {
    const stdin = endless(0x20);
    const r = await gojson(["strict", "--max-bytes", "1000"], stdin.stream);
    expect(r.status).toBe(1);
    expect(stdin.given).toBeLessThan(1000 + 4 * 16 * 1024);
    expect(r.stdout).toContain("413 GOJSON_ERR_BODY_TOO_LARGE");
    expect(r.stdout).toContain("request body too large: more than 1000 bytes");
  });
});

describe("gen and schema read the Go source bounded", () => {
  // skip: the attack needs a /dev/zero device (absent on Windows)
  it
    .skipIf(!existsSync("/dev/zero"))
    .each([
      [["gen", "--go", "/dev/zero", "--max-bytes", "65536"]],
      [["schema", "/dev/zero", "--max-bytes", "65536"]],
    ])("%j fails at the limit", async (args) => {
    const r = await gojson(args);
    expect(r.status).toBe(3);
    expect(r.stderr).toBe("gojson: Go file /dev/zero is larger than 64 KiB: raise --max-bytes to read it\n");
  });

  it("a package directory counts its files together", async () => {
    const r = await gojson(["gen", "--go", "shop", "--max-bytes", "300"]);
    expect(r.status).toBe(3);
    expect(r.stderr).toBe(
      "gojson: the Go source of shop is larger than 300 bytes: raise --max-bytes to read it\n",
    );
  });

  it("--check on a grown file: stale, read no further than one byte past what gen writes", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gojson-check-"));
    const out = join(dir, "order.gen.ts");
    expect((await gojson(["gen", "--go", "order.go", "--out", out])).status).toBe(0);
    writeFileSync(out, "x".repeat(5_000_000), { flag: "a" });
    const r = await gojson(["gen", "--go", "order.go", "--out", out, "--check"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("is stale (differs from line");
  });

  it("--json-schema --type: a long name is cut and the nearest suggested", async () => {
    const long = await gojson(["gen", "--go", "order.go", "--json-schema", "v2", "--type", "Q".repeat(5000)]);
    expect(long.status).toBe(3);
    expect(long.stderr.length).toBeLessThan(300);
    expect(long.stderr).toContain("… (5000 characters) is not declared in order.go");
    const near = await gojson(["gen", "--go", "order.go", "--json-schema", "v2", "--type", "Ordr"]);
    expect(near.stderr).toBe("gojson: type Ordr is not declared in order.go; did you mean Order?\n");
  });
});

describe("report reads result files bounded", () => {
  it("a result file past --max-bytes, or one that is not a regular file, is an input error", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gojson-results-"));
    writeFileSync(join(dir, "big.json"), `{"pad":"${"x".repeat(5000)}"}`);
    const r = await gojson(["report", "--results", dir, "--out", join(dir, "out"), "--max-bytes", "4096"]);
    expect(r.status).toBe(3);
    expect(r.stderr).toBe(
      `gojson: result file ${join(dir, "big.json")} is larger than 4 KiB: raise --max-bytes to read it\n`,
    );
    const dev = mkdtempSync(join(tmpdir(), "gojson-results-"));
    mkdirSync(join(dev, "dir.json"));
    const d = await gojson(["report", "--results", dev, "--out", join(dev, "out")]);
    expect(d.status).toBe(3);
    expect(d.stderr).toBe(`gojson: result file ${join(dev, "dir.json")} is not a regular file\n`);
  });
});

describe("names in messages", () => {
  it("a long type name is cut, and the declared names are not all listed", async () => {
    const name = "A".repeat(100_000);
    const r = await gojson(["decode", "--go", "order.go", "--type", name], "{}");
    expect(r.status).toBe(3);
    expect(r.stderr.length).toBeLessThan(300);
    expect(r.stderr).toContain("… (100000 characters) is not declared in order.go");
  });

  it.each([
    ["Ordr", "did you mean Order?"],
    ["order", "did you mean Order?"],
    ["Invoice", "declared: Order"],
  ])("--type %s: %s", async (name, hint) => {
    const r = await gojson(["decode", "--go", "order.go", "--type", name], "{}");
    expect(r.status).toBe(3);
    expect(r.stderr).toBe(`gojson: type ${name} is not declared in order.go; ${hint}\n`);
  });

  it("many declared names: the nearest, else a few and a count", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gojson-names-"));
    const file = join(dir, "many.go");
    writeFileSync(
      file,
      `package many\n${Array.from({ length: 40 }, (_, i) => `type Type${i} struct{ A int }`).join("\n")}\n`,
    );
    expect((await gojson(["decode", "--go", file, "--type", "Type012"], "{}")).stderr).toContain(
      "did you mean Type12?",
    );
    const far = await gojson(["decode", "--go", file, "--type", "Zebra"], "{}");
    expect(far.stderr).toContain("declared: Type0, Type1, Type2 and 37 more");
    expect(oneLine(far.stderr)).toBe(true);
  });
});

// Expected outputs recorded from Go 1.26 (`go test` over shop/order.go and shop/item.go:
// json.Unmarshal then json.Marshal; v2 with GOEXPERIMENT=jsonv2).
describe("--go takes a package", () => {
  const input = '{"ID":7,"items":[{"sku":"a-1","quantity":2},{"SKU":"b-2"}]}';
  const v1 = '{"id":7,"items":[{"sku":"a-1","quantity":2},{"sku":"b-2"}]}\n';
  const v2 = '{"id":0,"items":[{"sku":"a-1","quantity":2},{"sku":"","quantity":0}]}\n';

  it("a package directory (its test file left out, as go build does)", async () => {
    const r = await gojson(["decode", "--go", "shop", "--type", "Order"], input);
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe(v1);
  });

  it("several files, one --go each", async () => {
    const r = await gojson(
      ["decode", "--v2", "--go", "shop/order.go", "--go", "shop/item.go", "--type", "Order"],
      input,
    );
    expect(r.stdout).toBe(v2);
  });

  it("one file of the package alone: the missing type is an input error (3) naming file, line and column", async () => {
    const r = await gojson(["decode", "--go", "shop/order.go", "--type", "Order"], input);
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/^gojson: shop\/order\.go:7:\d+: .*Item/);
  });

  it("a directory and a file together is a usage error (2)", async () => {
    const r = await gojson(["decode", "--go", "shop", "--go", "order.go", "--type", "Order"], "{}");
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("--go takes one package directory, or files of one package");
  });

  it("a directory without Go files", async () => {
    const r = await gojson(["decode", "--go", "payloads", "--type", "Order"], "{}");
    expect(r.status).toBe(3);
    expect(r.stderr).toBe("gojson: payloads has no .go files: check the path given to --go\n");
  });

  it("a package inside a module: imports of the module's packages and of google/uuid resolve", async () => {
    // Recorded from Go 1.26 (go test in this module, with github.com/google/uuid v1.6.0):
    // json.Unmarshal then json.Marshal of shop.Order.
    const root = mkdtempSync(join(tmpdir(), "gojson-module-"));
    mkdirSync(join(root, "internal", "shop"), { recursive: true });
    mkdirSync(join(root, "internal", "inventory"));
    writeFileSync(join(root, "go.mod"), "module example.com/store\n\ngo 1.26\n");
    writeFileSync(
      join(root, "internal", "inventory", "item.go"),
      'package inventory\n\ntype Item struct {\n\tSKU string `json:"sku"`\n\tQty int    `json:"qty"`\n}\n',
    );
    writeFileSync(
      join(root, "internal", "shop", "order.go"),
      'package shop\n\nimport (\n\t"example.com/store/internal/inventory"\n\t"github.com/google/uuid"\n)\n\ntype Order struct {\n\tID    uuid.UUID        `json:"id"`\n\tItems []inventory.Item `json:"items"`\n}\n',
    );
    const input = '{"id":"6ba7b810-9dad-11d1-80b4-00c04fd430c8","items":[{"sku":"a","qty":2}],"x":1}';
    const want = '{"id":"6ba7b810-9dad-11d1-80b4-00c04fd430c8","items":[{"sku":"a","qty":2}]}\n';
    for (const go of [join(root, "internal", "shop"), join(root, "internal", "shop", "order.go")]) {
      const r = await gojson(["decode", "--go", go, "--type", "Order"], input);
      expect(r.stderr).toBe("");
      expect(r.stdout).toBe(want);
    }
    const bad = await gojson(
      ["decode", "--go", join(root, "internal", "shop"), "--type", "Order"],
      '{"items":[{"sku":1}]}',
    );
    expect(bad.stderr).toBe(
      "json: cannot unmarshal number into Go struct field Item.items.sku of type string\n",
    );
  });
});
