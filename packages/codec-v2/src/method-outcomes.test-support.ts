/**
 * Shared by the method tables (arshal-methods.test.ts, arshal-methods-to.test.ts): the options of
 * an engine and Go release, and a marshal's outcome as a string.
 */
import type { GoType } from "@gojson/gotype";
import { goType } from "@gojson/gotype";
import { defaultOptionsV1, type GoVersion, marshal, type Options } from "./index.js";

const text = new TextDecoder();

/** The options of json/v2 ("v2") or of encoding/json on the v2 engine ("v1"), for a Go release. */
export function optionsOf(engine: "v2" | "v1", goVersion: GoVersion): Options[] {
  return [{ goVersion }, ...(engine === "v1" ? [defaultOptionsV1()] : [])];
}

/** The output, or the error's message (Go's texts start with `json: `, outputs never do). */
export function marshalOutcome(
  types: Record<string, GoType>,
  type: string,
  value: unknown,
  opts: Options[],
): string {
  try {
    return text.decode(marshal(goType(type, types) as GoType, value as never, opts));
  } catch (e) {
    return (e as Error).message;
  }
}
