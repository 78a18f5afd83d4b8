import { describe, expect, it } from "vitest";
import { F64, GET, I32, I32_ADD, I64, i32c, i64c, moduleBytes, sleb, uleb } from "./wasm-asm.js";

describe("LEB128 (WebAssembly core 5.2.2)", () => {
  const unsigned: Array<{ name: string; in: number; want: number[] }> = [
    { name: "Zero", in: 0, want: [0x00] },
    { name: "OneByte", in: 127, want: [0x7f] },
    { name: "TwoBytes", in: 128, want: [0x80, 0x01] },
    { name: "Spec", in: 624485, want: [0xe5, 0x8e, 0x26] },
    { name: "Max32", in: 0xffffffff, want: [0xff, 0xff, 0xff, 0xff, 0x0f] },
  ];
  it.each(unsigned)("Unsigned/$name", (c) => expect(uleb(c.in)).toEqual(c.want));
  const signed: Array<{ name: string; in: bigint; want: number[] }> = [
    { name: "Zero", in: 0n, want: [0x00] },
    { name: "MinusOne", in: -1n, want: [0x7f] },
    { name: "SixtyThree", in: 63n, want: [0x3f] },
    { name: "SixtyFour", in: 64n, want: [0xc0, 0x00] },
    { name: "Spec", in: -123456n, want: [0xc0, 0xbb, 0x78] },
    { name: "Top64", in: 1n << 63n, want: [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x7f] },
  ];
  it.each(signed)("Signed/$name", (c) => expect(sleb(c.in)).toEqual(c.want));
});

describe("moduleBytes", () => {
  it("builds a module that compiles and runs: parameters, locals, exports, data", () => {
    const bytes = moduleBytes({
      functions: [
        // (a, b) => a + b + 7, through a local
        {
          params: [I32, I32],
          results: [I32],
          locals: [I32],
          code: [GET, 0, GET, 1, I32_ADD, ...i32c(7), I32_ADD],
          export: "add",
        },
        // () => the i64 constant 2^63 + 5 as its f64 bits (reinterpreted by the caller's view)
        { params: [], results: [I64], locals: [F64, I64], code: [...i64c((1n << 63n) + 5n)], export: "big" },
      ],
      memoryPages: 1,
      memoryExport: "m",
      data: [{ offset: 16, bytes: new Uint8Array([1, 2, 3]) }],
    });
    expect(WebAssembly.validate(bytes)).toBe(true);
    const e = new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports as {
      add: (a: number, b: number) => number;
      big: () => bigint;
      m: WebAssembly.Memory;
    };
    expect(e.add(2, 3)).toBe(12);
    expect(BigInt.asUintN(64, e.big())).toBe((1n << 63n) + 5n);
    expect([...new Uint8Array(e.m.buffer, 15, 5)]).toEqual([0, 1, 2, 3, 0]);
  });
});
