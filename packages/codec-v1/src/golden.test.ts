/**
 * Go-recorded vectors (test/golden/v1-golden.json, recorded by
 * test/record-golden.mjs with Go 1.26 encoding/json): unmarshal each input
 * into the type (optionally into a seeded value), compare Go's error text,
 * then marshal the destination and compare Go's bytes.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { typeFor } from "../test/golden-types.js";
import { marshal, unmarshal } from "./index.js";

interface Case {
  name: string;
  type: string;
  in: string;
  into?: string;
  useNumber?: boolean;
  disallowUnknownFields?: boolean;
  want: { err: string | null; errType?: string; out: string | null; outErr: string | null };
}

const cases: Case[] = JSON.parse(
  readFileSync(new URL("../test/golden/v1-golden.json", import.meta.url), "utf8"),
);
const text = new TextDecoder();
const utf8 = new TextEncoder();

describe("golden (Go 1.26 encoding/json)", () => {
  test.each(cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const type = typeFor(c.type);
    const opts: Record<string, unknown> = {};
    if (c.useNumber) opts.useNumber = true;
    if (c.disallowUnknownFields) opts.disallowUnknownFields = true;
    if (c.into !== undefined) opts.into = unmarshal(type, c.into);
    let v: unknown;
    let err: string | null = null;
    try {
      v = unmarshal(type, utf8.encode(c.in), opts);
    } catch (e) {
      if (!(e instanceof Error) || !("value" in e)) throw e;
      err = e.message;
      v = (e as { value: unknown }).value;
    }
    expect(err).toBe(c.want.err);
    let out: string | null = null;
    let outErr: string | null = null;
    try {
      out = text.decode(marshal(type, v));
    } catch (e) {
      outErr = (e as Error).message;
    }
    expect({ out, outErr }).toEqual({ out: c.want.out, outErr: c.want.outErr });
  });
});
