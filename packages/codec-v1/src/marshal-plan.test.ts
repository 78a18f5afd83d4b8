/**
 * The general encoder's pointers hand a value nested past DEEP_ENCODE_DEPTH to the deferred path,
 * whether the nesting comes from a recursive type or from a chain of declared types. Expected
 * output recorded from Go 1.26.8 (encoding/json.Marshal of the same value).
 */
import { parseGo } from "@gojson/gotype";
import { describe, expect, it } from "vitest";
import { marshal } from "./index.js";

describe("pointer encoders", () => {
  it("marshal a chain of 5,000 declared types (each holds a pointer to the next)", () => {
    // The `,string` member keeps each struct off the byte path: the general encoder writes it.
    const n = 5000;
    const lines = ["package chain"];
    for (let i = 0; i < n; i++)
      lines.push(
        `type C${i} struct { ID int64 \`json:"id,string"\`${i + 1 < n ? `; Next *C${i + 1} \`json:"next"\`` : ""} }`,
      );
    const C0 = parseGo(lines.join("\n")).C0;
    if (C0 === undefined) throw new Error("no C0");
    let v: unknown = { ID: BigInt(n - 1) };
    let json = `{"id":"${n - 1}"}`;
    for (let i = n - 2; i >= 0; i--) {
      v = { ID: BigInt(i), Next: v };
      json = `{"id":"${i}","next":${json}}`;
    }
    expect(Buffer.from(marshal(C0, v)).toString()).toBe(json);
  });
});
