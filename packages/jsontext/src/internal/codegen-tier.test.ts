import { describe, expect, it } from "vitest";
import { direct, GENERATE_AFTER, tiered } from "./codegen-tier.js";

const calls = (f: (a: number, b: number) => string, n: number) =>
  Array.from({ length: n }, (_, i) => f(i, 0));

describe("tiered", () => {
  it.each([
    ["code generated", () => (a: number) => `gen${a}`, ["table0", "gen1", "gen2"]],
    ["generation refused (null)", () => null, ["table0", "table1", "table2"]],
  ])("serves the first call from the table, later ones from the %s", (_, generate, want) => {
    expect(GENERATE_AFTER).toBe(1);
    expect(
      calls(
        tiered((a: number) => `table${a}`, generate),
        3,
      ),
    ).toEqual(want);
  });

  it("generates once, however often it is called", () => {
    let made = 0;
    const f = tiered(
      () => "t",
      () => {
        made++;
        return () => "g";
      },
    );
    calls(f, 5);
    expect(made).toBe(1);
  });

  it("hands a cycle back to the type the table function while generating", () => {
    let self: (a: number, b: number) => string = () => "";
    let seen: unknown;
    self = tiered(
      () => "t",
      () => {
        seen = direct(self);
        return () => "g";
      },
    );
    calls(self, 2);
    expect((seen as (a: number, b: number) => string)(0, 0)).toBe("t");
  });
});

describe("direct", () => {
  it("returns a tiered function's generated function (generating it now) and any other function itself", () => {
    const gen = () => "g";
    const f = tiered(
      () => "t",
      () => gen,
    );
    expect(direct(f)).toBe(gen);
    const plain = () => "p";
    expect(direct(plain)).toBe(plain);
  });
});
