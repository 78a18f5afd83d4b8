import { describe, expect, it } from "vitest";
import { atTurnEnd } from "./next-turn.js";

describe("atTurnEnd", () => {
  it("runs each task once, in the order queued, after the current turn", async () => {
    const seen: string[] = [];
    for (const x of ["a", "b", "c"]) atTurnEnd((v: string) => seen.push(v), x);
    seen.push("now");
    await new Promise<void>((r) => process.nextTick(r));
    expect(seen).toEqual(["now"]);
    await new Promise<void>((r) => setImmediate(r));
    expect(seen).toEqual(["now", "a", "b", "c"]);
  });
  it("a task queued by a task runs at the next turn's end", async () => {
    const seen: number[] = [];
    atTurnEnd(() => {
      seen.push(1);
      atTurnEnd((v: number) => seen.push(v), 2);
    }, undefined);
    await new Promise<void>((r) => setImmediate(r));
    expect(seen).toEqual([1]);
    await new Promise<void>((r) => setImmediate(r));
    expect(seen).toEqual([1, 2]);
  });
});
