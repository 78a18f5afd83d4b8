import { describe, expect, it } from "vitest";
import { direct, GENERATE_AFTER, tiered, tieredOver } from "./codegen-tier.js";

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

describe("tieredOver", () => {
  type F = (a: number, b: number) => string;
  const elemGen: F = (a) => `elem-gen${a}`;
  const tieredElem = () =>
    tiered(
      (a: number) => `elem-table${a}`,
      () => elemGen,
    );
  // The container's "code" records which element function it was made for.
  const made: unknown[] = [];
  const generate = (e: F): F => {
    made.push(e);
    return (a, b) => `gen[${e(a, b)}]`;
  };
  const loop =
    (e: F): F =>
    (a, b) =>
      `loop[${e(a, b)}]`;

  it("over a tiered element: the loop first, then code made for the element's generated function", () => {
    made.length = 0;
    const e = tieredElem();
    const c = tieredOver(e, loop(e), generate);
    expect(calls(c, 3)).toEqual(["loop[elem-table0]", "gen[elem-gen1]", "gen[elem-gen2]"]);
    expect(made).toEqual([elemGen]);
  });

  it("over any other element: code made at once; the loop where generation is refused", () => {
    made.length = 0;
    const plain: F = (a) => `plain${a}`;
    expect(calls(tieredOver(plain, loop(plain), generate), 2)).toEqual(["gen[plain0]", "gen[plain1]"]);
    expect(made).toEqual([plain]);
    expect(
      calls(
        tieredOver(plain, loop(plain), () => null),
        2,
      ),
    ).toEqual(["loop[plain0]", "loop[plain1]"]);
    const e = tieredElem();
    expect(
      calls(
        tieredOver(e, loop(e), () => null),
        2,
      ),
    ).toEqual(["loop[elem-table0]", "loop[elem-gen1]"]);
  });

  it("is tiered itself over a tiered element (a parent's direct() reaches its generated code)", () => {
    const e = tieredElem();
    const c = tieredOver(e, loop(e), generate);
    expect(direct(c)(7, 0)).toBe("gen[elem-gen7]");
  });
});
