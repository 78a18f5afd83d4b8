import { describe, expect, it } from "vitest";
import { buildProgram } from "../src/main.js";
import { example, examplesCopy, gojson } from "./run-cli.js";

const COMMANDS = ["decode", "encode", "observe", "diff", "schema", "strict", "bench", "report"];

/** The example lines of a help text: indented lines under "Example:" that start a command. */
function helpExamples(help: string): string[] {
  const at = help.indexOf("Example:");
  if (at < 0) return [];
  const lines = help.slice(at).split("\n").slice(1);
  const out: string[] = [];
  for (const l of lines) {
    if (!l.startsWith("  ")) break;
    out.push(l.trim());
  }
  return out;
}

describe("gojson --help", () => {
  it("lists every command and the exit statuses", async () => {
    const r = await gojson(["--help"]);
    expect(r.status).toBe(0);
    for (const c of COMMANDS) expect(r.stdout).toContain(c);
    expect(r.stdout).toContain("Exit status:");
  });

  it.each(COMMANDS)("%s --help shows a usage line and an example", async (c) => {
    const r = await gojson([c, "--help"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`Usage: gojson ${c}`);
    expect(helpExamples(r.stdout).length).toBeGreaterThan(0);
  });
});

describe("help examples run as written", () => {
  // bench and report examples run benchmarks; they are covered by their own tests.
  const helpOf = (c: string) => {
    let text = "";
    buildProgram(() => {})
      .commands.find((x) => x.name() === c)
      ?.configureOutput({ writeOut: (s) => void (text += s) })
      .outputHelp();
    return text;
  };
  const cases = COMMANDS.filter((c) => c !== "bench" && c !== "report").flatMap((c) =>
    helpExamples(helpOf(c)).map((line) => ({ name: `${c}: ${line}`, line })),
  );
  // The examples write files (gen --out, schema --out): they run in a copy of the examples.
  const dir = examplesCopy();
  it.each(cases)("$name", async ({ line }) => {
    const r = await example(line, dir);
    // 0 = success, 1 = Go's answer is an error / payloads differ: both are real answers, not misuse.
    expect([0, 1], `${line}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`).toContain(r.status);
    expect(r.stderr).not.toContain("internal error");
  });
});

describe("errors and exit statuses", () => {
  it("an unknown command is a usage error (2) in one line", async () => {
    const r = await gojson(["frobnicate"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("unknown command");
  });
  it("a missing Go file is an input error (3) that names the flag", async () => {
    const r = await gojson(["decode", "--go", "nope.go", "--type", "Order"], "{}");
    expect(r.status).toBe(3);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain("--go");
  });
  it("an unknown type lists the declared ones", async () => {
    const r = await gojson(["decode", "--go", "order.go", "--type", "Nope"], "{}");
    expect(r.status).toBe(3);
    expect(r.stderr).toContain("declared: Order");
  });
  it("an unknown v1 option is a usage error", async () => {
    const r = await gojson(
      ["decode", "--go", "order.go", "--type", "Order", "--option", "deterministic=true"],
      "{}",
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("--v2");
  });
  it("never colours output when NO_COLOR is set or stdout is not a TTY", async () => {
    const r = await gojson(["diff", "--go", "order.go", "--type", "Order", "payloads"], undefined, {
      NO_COLOR: "1",
    });
    expect(r.stdout).not.toMatch(/\u001b\[/);
  });
});
