// The executable as a user runs it: a handful of cases that need a real process
// (the shebang, exit statuses, pipes). The commands' behaviour is tested in-process.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BIN, sh, spawnGojson } from "./run-cli.js";

describe("the gojson executable", () => {
  it("starts with a node shebang and prints its version", () => {
    expect(readFileSync(BIN, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
    const r = sh("gojson --version");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it.each([
    {
      name: "0: success",
      args: ["decode", "--go", "order.go", "--type", "Order"],
      in: '{"id":1}',
      status: 0,
    },
    {
      name: "1: Go's error",
      args: ["decode", "--go", "order.go", "--type", "Order"],
      in: '{"id":"x"}',
      status: 1,
    },
    { name: "2: usage", args: ["frobnicate"], in: "", status: 2 },
    { name: "3: input", args: ["decode", "--go", "nope.go", "--type", "Order"], in: "{}", status: 3 },
  ])("exit status $name", ({ args, in: input, status }) => {
    const r = spawnGojson(args, input);
    expect(r.status, r.stderr).toBe(status);
    expect(r.stderr).not.toContain("internal error");
  });

  // Found by a user audit: `gojson observe --json | head -c 300` printed an
  // unhandled 'error' event (EPIPE) with a stack trace on stderr.
  it("ends quietly when the reader of its output stops early", () => {
    const r = sh("gojson observe --json | head -c 100 >/dev/null");
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("");
  });

  // skip: the attack needs a /dev/zero device (absent on Windows)
  it.skipIf(!existsSync("/dev/zero"))("stdin from /dev/zero stops at the limit", () => {
    const r = sh("gojson decode --go order.go --type Order --max-bytes 65536 < /dev/zero");
    expect(r.status).toBe(3);
    expect(r.stderr).toBe("gojson: standard input is larger than 64 KiB: raise --max-bytes to read it\n");
  });
});
