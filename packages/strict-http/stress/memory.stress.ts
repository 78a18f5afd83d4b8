// Memory bounded by the input (issue: "decoding a 100 MB JSON string costs ~719 MB RSS (7× the
// input); rejecting a 100 MB escaped string where a number is expected takes 3.1 s"). Each body is
// read by a fresh child process (stress/body-server.ts), which reports its peak RSS.
import { fork } from "node:child_process";
import { request } from "node:http";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const MB = 1_000_000;

interface Outcome {
  ok?: string;
  code?: string;
  ms: number;
  rssBefore: number;
  peak: number;
}

async function measure(mode: "strict" | "v2", body: Buffer): Promise<Outcome & { perByte: number }> {
  const child = fork(fileURLToPath(new URL("./body-server.ts", import.meta.url)), [mode], {
    execArgv: ["--import", "tsx", "--max-old-space-size=4096"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once("message", (m) => resolve(m as number));
      child.once("exit", (code) => reject(new Error(`body-server exited (${code}) before listening`)));
    });
    const out = await new Promise<Outcome>((resolve, reject) => {
      const req = request(
        {
          port,
          host: "127.0.0.1",
          method: "POST",
          headers: { "content-type": "application/json", "content-length": body.length },
        },
        (res) => {
          let text = "";
          res.on("data", (c) => (text += c));
          res.on("end", () => resolve(JSON.parse(text) as Outcome));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
    return { ...out, perByte: (out.peak - out.rssBefore) / body.length };
  } finally {
    child.kill();
  }
}

/** A JSON string of n bytes: plain ASCII, `\u00e9` escapes, or raw multi-byte UTF-8. */
function stringBody(n: number, kind: "plain" | "escaped" | "utf8", prefix = "", suffix = ""): Buffer {
  const unit = kind === "plain" ? "a" : kind === "escaped" ? "\\u00e9" : "€";
  const unitBytes = Buffer.byteLength(unit);
  const count = Math.floor((n - prefix.length - suffix.length - 2) / unitBytes);
  return Buffer.concat([
    Buffer.from(`${prefix}"`),
    Buffer.from(unit.repeat(count)),
    Buffer.from(`"${suffix}`),
  ]);
}

const report = (name: string, o: Outcome & { perByte: number }, size: number) =>
  console.log(
    `${name}: ${o.ok ?? o.code} in ${o.ms.toFixed(0)} ms, peak RSS ${(o.peak / MB).toFixed(0)} MB (${o.perByte.toFixed(2)} × the ${size / MB} MB body above the ${(o.rssBefore / MB).toFixed(0)} MB before)`,
  );

describe("memory bounded by the input (fresh process per body)", () => {
  it.each(["plain", "escaped", "utf8"] as const)(
    "100 MB %s JSON string: peak RSS under 4× the body",
    async (kind) => {
      const size = 100 * MB;
      const o = await measure("strict", stringBody(size, kind));
      report(`strict parse, ${kind} string`, o, size);
      expect(o.ok).toBe("string");
      expect(o.perByte).toBeLessThan(4);
    },
  );

  it("escaped string where a number is expected (goDecoderV2): rejected, linear in time and memory", async () => {
    const small = 25 * MB;
    const large = 100 * MB;
    const a = await measure("v2", stringBody(small, "escaped", '{"n":', "}"));
    const b = await measure("v2", stringBody(large, "escaped", '{"n":', "}"));
    report("goDecoderV2, 25 MB escaped string for int64", a, small);
    report("goDecoderV2, 100 MB escaped string for int64", b, large);
    expect([a.code, b.code]).toEqual(["GOJSON_ERR_DECODE", "GOJSON_ERR_DECODE"]);
    // Linear: 4× the input takes well under 8× the time (quadratic would be 16×).
    expect(b.ms / a.ms).toBeLessThan(8);
    expect(b.perByte).toBeLessThan(5);
  });
});
