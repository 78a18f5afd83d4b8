/**
 * Test support for the v1/v2 difference tests: loads @gojson/codec-v1 when it
 * has landed (a devDependency used only by tests), else reports it missing.
 */
import type { GoType } from "@gojson/gotype";

/** The part of codec-v1's API the difference tests use. */
export interface CodecV1 {
  marshal(type: GoType, value: unknown, options?: unknown): Uint8Array;
  unmarshal(type: GoType, data: Uint8Array | string, options?: unknown): unknown;
}

/** codec-v1, or undefined while it has not landed (tests then skip the v1 half). */
export async function loadCodecV1(): Promise<CodecV1 | undefined> {
  try {
    const name = "@gojson/codec-v1";
    const m = (await import(/* @vite-ignore */ name)) as Partial<CodecV1>;
    if (typeof m.marshal === "function" && typeof m.unmarshal === "function") return m as CodecV1;
  } catch {
    // not built yet
  }
  return undefined;
}
