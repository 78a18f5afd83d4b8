import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { sh } from "./run-cli.js";

/** The `$ command` lines of the README's sh blocks with the output printed under each. */
function readmeExamples(): { command: string; want: string }[] {
  const text = readFileSync(resolve(__dirname, "../README.md"), "utf8");
  const out: { command: string; want: string }[] = [];
  for (const block of text.matchAll(/```sh\n([\s\S]*?)```/g)) {
    const lines = block[1]!.split("\n");
    for (let i = 0; i < lines.length; i++) {
      if (!lines[i]!.startsWith("$ ")) continue;
      const want: string[] = [];
      let j = i + 1;
      for (; j < lines.length && !lines[j]!.startsWith("$ "); j++) want.push(lines[j]!);
      out.push({ command: lines[i]!.slice(2), want: want.join("\n").replace(/\n+$/, "") });
    }
  }
  return out;
}

describe("README examples print what the README says", () => {
  const examples = readmeExamples();
  it("has examples", () => expect(examples.length).toBeGreaterThan(4));
  it.each(examples)("$command", ({ command, want }) => {
    const r = sh(command);
    const got = r.stdout.replace(/\n+$/, "");
    if (want.length > 0) expect(got.startsWith(want) ? want : got).toBe(want);
    expect(r.stderr).not.toContain("internal error");
  });
});
