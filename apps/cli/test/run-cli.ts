import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Readable, Writable } from "node:stream";
import { main } from "../src/main.js";

/** The built executable, run as a user runs it. */
export const BIN = resolve(__dirname, "../dist/bin.js");
/** Directory of the example files the help texts and the README use. */
export const EXAMPLES = resolve(__dirname, "../examples");

// Relative paths in the cases (order.go, payloads/) name the example files, as in the README.
process.chdir(EXAMPLES);

/** A directory with a `gojson` shim on PATH, so shell examples run verbatim. */
const shimDir = (() => {
  const dir = mkdtempSync(join(tmpdir(), "gojson-bin-"));
  const shim = join(dir, "gojson");
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(shim, 0o755);
  return dir;
})();

export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

/** A stream that keeps what is written to it. */
function sink(): { stream: Writable; text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk, encoding, done) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, encoding));
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString("utf8") };
}

/**
 * Runs `gojson ARGS` in this process (main with its own streams), with the
 * examples directory as working directory: the behaviour of the commands
 * without a process start per case. `input` is stdin: text, bytes or a stream.
 */
export async function gojson(
  args: string[],
  input?: string | Uint8Array | NodeJS.ReadableStream,
  env: Record<string, string> = {},
): Promise<CliRun> {
  const stdin =
    input === undefined
      ? Readable.from([])
      : typeof input === "string" || input instanceof Uint8Array
        ? Readable.from([Buffer.from(input)])
        : input;
  const out = sink();
  const err = sink();
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    const status = await main(args, { stdin, stdout: out.stream, stderr: err.stream });
    return { status, stdout: out.text(), stderr: err.text() };
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/** Splits a shell command line into words: spaces separate, '…' and "…" quote. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (ch === " ") {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (ch === "'" || ch === '"') {
      const end = line.indexOf(ch, i + 1);
      if (end < 0) throw new Error(`unclosed quote in ${line}`);
      word = (word ?? "") + line.slice(i + 1, end);
      i = end;
    } else word = (word ?? "") + ch;
  }
  if (word !== undefined) words.push(word);
  return words;
}

/**
 * Runs an example line in this process: `gojson ARGS`, `echo 'TEXT' | gojson
 * ARGS` or `cat FILE | gojson ARGS`, in `cwd`; other shell is not understood.
 */
export async function example(line: string, cwd = EXAMPLES): Promise<CliRun> {
  const stages = line.split(" | ");
  const last = shellWords(stages.at(-1) as string);
  if (stages.length > 2 || last[0] !== "gojson") throw new Error(`not an example line: ${line}`);
  let input: string | Uint8Array | undefined;
  if (stages.length === 2) {
    const [cmd, ...rest] = shellWords(stages[0] as string);
    if (cmd === "echo") input = `${rest.join(" ")}\n`;
    else if (cmd === "cat" && rest.length === 1) input = readFileSync(resolve(cwd, rest[0] as string));
    else throw new Error(`not an example line: ${line}`);
  }
  const before = process.cwd();
  process.chdir(cwd);
  try {
    return await gojson(last.slice(1), input);
  } finally {
    process.chdir(before);
  }
}

/** A copy of the examples directory to run commands that write files in. */
export function examplesCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), "gojson-examples-"));
  cpSync(EXAMPLES, dir, { recursive: true });
  return dir;
}

/** Runs a shell command line with the built `gojson` on PATH, in the examples directory. */
export function sh(command: string, env: Record<string, string> = {}): CliRun {
  const r = spawnSync("bash", ["-o", "pipefail", "-c", command], {
    cwd: EXAMPLES,
    encoding: "utf8",
    env: { ...process.env, PATH: `${shimDir}:${process.env.PATH}`, NO_COLOR: "1", CI: "true", ...env },
    timeout: 120_000,
  });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** Runs the built binary with arguments and optional stdin, as a user runs it. */
export function spawnGojson(args: string[], input?: string | Uint8Array): CliRun {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: EXAMPLES,
    input,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", CI: "true" },
    timeout: 120_000,
  });
  return { status: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
