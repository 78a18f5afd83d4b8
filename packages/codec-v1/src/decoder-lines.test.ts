/**
 * Decoder over streams of lines (NDJSON, CRLF, scalars, two values a line, pretty-printed
 * values, syntax errors, a value cut by the end): every Decode's value, InputOffset and
 * Buffered length, and the error with its Buffered bytes, against Go's json.Decoder reading the
 * same chunks (test/testdata/decoder-lines: its program and its output). A value that runs past Go's
 * buffer is read with Go's refills, so Buffered after an error is Go's whatever the chunk size.
 */
import { readFileSync } from "node:fs";
import { parseGo, T } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import { Decoder, marshal, SyncDecoder } from "./index.js";

interface Recorded {
  cases: Record<string, string>;
  /** Inputs with lines longer than Go's buffer, as (piece, count) pairs. */
  recipes: Record<string, Array<[string, number]>>;
  runs: Array<{ name: string; step: number; typed: boolean; out: string[] }>;
}

const recorded = JSON.parse(
  readFileSync(new URL("../test/testdata/decoder-lines/go-decode-lines.json", import.meta.url), "utf8"),
) as Recorded;

function input(name: string): string {
  return recorded.cases[name] ?? (recorded.recipes[name] ?? []).map(([p, k]) => p.repeat(k)).join("");
}

const Ev = parseGo('type Ev struct {\n\tID int `json:"id"`\n\tS string `json:"s"`\n}').Ev;

/** FNV-1a (32 bits) of bytes, as Go's hash/fnv New32a prints it (%08x). */
function fnv32a(b: Uint8Array): string {
  let h = 0x811c9dc5;
  for (const c of b) h = Math.imul(h ^ c, 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
}

function chunksOf(text: string, step: number): Uint8Array[] {
  const b = new TextEncoder().encode(text);
  const out: Uint8Array[] = [];
  for (let i = 0; i < b.length; i += step) out.push(b.subarray(i, Math.min(b.length, i + step)));
  return out;
}

type Dec = { inputOffset(): number; buffered(): Uint8Array };

function line(d: Dec, v: unknown, e: unknown, typed: boolean): string {
  const buf = d.buffered();
  if (e !== undefined)
    return `E ${(e as Error).message} @${d.inputOffset()} buf=${buf.length}:${fnv32a(buf)}`;
  const j = marshal(typed ? (Ev as never) : T.any, v as never);
  return `V ${j.length}:${fnv32a(j)} @${d.inputOffset()} buf=${buf.length}`;
}

describe("Decoder over lines, as Go's json.Decoder reads the same chunks", () => {
  test.each(recorded.runs.map((r) => [r.name, r.step, r.typed ? "typed" : "any", r] as const))(
    "%s, %i bytes a read, %s (SyncDecoder)",
    (_n, _s, _t, r) => {
      const d = new SyncDecoder(chunksOf(input(r.name), r.step));
      const got: string[] = [];
      while (got.length < r.out.length) {
        try {
          got.push(line(d, d.decode(r.typed ? (Ev as never) : T.any), undefined, r.typed));
        } catch (e) {
          got.push(line(d, undefined, e, r.typed));
          break;
        }
      }
      expect(got).toEqual(r.out);
    },
  );

  test.each(
    recorded.runs.filter((r) => r.step === 100).map((r) => [r.name, r.typed ? "typed" : "any", r] as const),
  )("%s, 100 bytes a read, %s (Decoder over async chunks)", async (_n, _t, r) => {
    async function* source() {
      for (const c of chunksOf(input(r.name), r.step)) yield c;
    }
    const d = new Decoder(source());
    const got: string[] = [];
    while (got.length < r.out.length) {
      try {
        got.push(line(d, await d.decode(r.typed ? (Ev as never) : T.any), undefined, r.typed));
      } catch (e) {
        got.push(line(d, undefined, e, r.typed));
        break;
      }
    }
    expect(got).toEqual(r.out);
  });
});
