/**
 * Test support for the v1/v2 difference tests: loads @gojson/codec-v1 (a
 * devDependency used only by tests), the reference each v1-on-v2 answer is
 * compared with. A missing or incomplete codec-v1 is an error, never a skip.
 */
import type { GoType } from "@gojson/gotype";

/** The part of codec-v1's API the difference tests use. */
export interface CodecV1 {
  marshal(type: GoType, value: unknown, options?: unknown): Uint8Array;
  unmarshal(type: GoType, data: Uint8Array | string, options?: unknown): unknown;
}

/** loadCodecV1 imports codec-v1 and throws when it cannot be loaded or lacks marshal/unmarshal. */
export async function loadCodecV1(): Promise<CodecV1> {
  const m = (await import("@gojson/codec-v1")) as Partial<CodecV1>;
  if (typeof m.marshal !== "function" || typeof m.unmarshal !== "function")
    throw new Error("@gojson/codec-v1 does not export marshal and unmarshal");
  return m as CodecV1;
}
