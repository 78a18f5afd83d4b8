/**
 * Encoder options: the constructor's escapeHTML/prefix/indent give what
 * SetEscapeHTML/SetIndent give (those are checked against Go in audit.test.ts's
 * fmt/ table), the byte path and the general encoder write the same lines, and
 * a value that does not fit its type is rejected before anything is written.
 */
import { mapOf, T } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import { Encoder, InvalidValueError } from "./index.js";
import { fastPaths } from "./marshal.js";

const td = new TextDecoder();
const M = mapOf(T.string, T.any);

async function lines(make: (sink: (c: Uint8Array) => void) => Encoder, values: unknown[]): Promise<string> {
  const out: string[] = [];
  const e = make((c) => out.push(td.decode(c)));
  for (const v of values) await e.encode(M, v as never);
  return out.join("");
}

describe("Encoder options", () => {
  const values = [
    new Map<string, unknown>([
      ["a", "<&>"],
      ["b", [1, { c: null }]],
    ]),
    null,
  ];
  test("constructor options = SetEscapeHTML / SetIndent", async () => {
    const viaSetters = await lines((s) => {
      const e = new Encoder(s);
      e.setEscapeHTML(false);
      e.setIndent(">", "  ");
      return e;
    }, values);
    const viaOptions = await lines(
      (s) => new Encoder(s, { escapeHTML: false, prefix: ">", indent: "  " }),
      values,
    );
    expect(viaOptions).toBe(viaSetters);
    expect(viaOptions).toBe(
      '{\n>  "a": "<&>",\n>  "b": [\n>    1,\n>    {\n>      "c": null\n>    }\n>  ]\n>}\nnull\n',
    );
  });

  test("byte path and general encoder write the same lines", async () => {
    const fast = await lines((s) => new Encoder(s), values);
    fastPaths.bytes = false;
    try {
      expect(await lines((s) => new Encoder(s), values)).toBe(fast);
    } finally {
      fastPaths.bytes = true;
    }
    expect(fast).toBe('{"a":"\\u003c\\u0026\\u003e","b":[1,{"c":null}]}\nnull\n');
  });

  test("a wrong value writes nothing", async () => {
    const out: Uint8Array[] = [];
    const e = new Encoder((c) => out.push(c));
    await expect(e.encode(M, new Map([["a", undefined]]) as never)).rejects.toThrow(InvalidValueError);
    expect(out).toEqual([]);
    await e.encode(M, null); // the Encoder is still usable: a value error is not a write error
    expect(td.decode(out[0])).toBe("null\n");
  });
});
