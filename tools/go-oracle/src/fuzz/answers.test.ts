import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Oracle } from "../oracle.js";
import type { OracleRequest, OracleResponse } from "../protocol.js";
import { AnswerStore, blockKey, REPLAY_MISS, RecordingOracle, ReplayOracle, requestKey } from "./answers.js";

const dir = mkdtempSync(join(tmpdir(), "go-oracle-answers-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in for Go: answers from a table, counting the requests it is asked. */
function fakeGo(answer: (r: OracleRequest) => OracleResponse): Oracle & { asked: number } {
  return {
    go: "1.26",
    asked: 0,
    run(r) {
      this.asked++;
      return Promise.resolve(answer(r));
    },
    goVersion: () => "go1.26.8",
    close() {},
  };
}

const reqs: OracleRequest[] = [
  { engine: "v2", op: "unmarshal", goSource: "type N int", type: "N", input: new Uint8Array([0x31, 0xff]) },
  { engine: "v1", op: "marshal", type: "[]byte", value: "AQI=" },
  { engine: "v1", op: "marshal", type: "[]byte", value: "AQI=", options: { escapeHTML: false } },
];
const answer = (r: OracleRequest): OracleResponse =>
  r.op === "marshal"
    ? { engine: r.engine, output: new Uint8Array([0x22, 0x41, 0x22]) }
    : { engine: r.engine, error: { type: "*jsontext.SyntacticError", message: "invalid UTF-8" }, value: "0" };

describe("answer store", () => {
  it("keys requests by every field, bytes included, and the release", () => {
    const keys = reqs.map((r) => requestKey(r, "1.26"));
    expect(new Set(keys).size).toBe(3);
    expect(requestKey(reqs[0] as OracleRequest, "1.27")).not.toBe(keys[0]);
    expect(
      requestKey({ ...(reqs[0] as OracleRequest), input: new Uint8Array([0x31, 0xfe]) }, "1.26"),
    ).not.toBe(keys[0]);
    expect(blockKey("go1.26.8", "h", keys)).not.toBe(blockKey("go1.26.8", "h2", keys));
    expect(blockKey("go1.26.8", "h", keys)).not.toBe(blockKey("go1.27.3", "h", keys));
    expect(blockKey("go1.26.8", "h", keys)).not.toBe(blockKey("go1.26.8", "h", keys.slice(1)));
  });

  it("records a block's answers and replays them without asking Go", async () => {
    const go = fakeGo(answer);
    const answers = new Map<string, OracleResponse>();
    const rec = new RecordingOracle(go, answers);
    const live = await Promise.all(reqs.map((r) => rec.run(r)));
    const keys = reqs.map((r) => requestKey(r, "1.26"));
    const store = new AnswerStore(dir);
    const key = blockKey("go1.26.8", "h", keys);
    expect(store.load(key, keys)).toBeUndefined();
    expect(store.save(key, keys, answers)).toBe(true);
    const back = store.load(key, keys);
    expect(back).toBeDefined();
    const replay = new ReplayOracle("1.26", back as Map<string, OracleResponse>, "go1.26.8");
    const again = await Promise.all(reqs.map((r) => replay.run(r)));
    expect(again).toEqual(live);
    expect(again[1]?.output).toBeInstanceOf(Uint8Array);
    expect(go.asked).toBe(3);
    await expect(replay.run({ engine: "v2", op: "marshal", type: "int", value: "1" })).rejects.toThrow(
      REPLAY_MISS,
    );
  });

  it("does not record a block with a request Go could not serve, nor load one that lacks a request", async () => {
    const go = fakeGo((r) =>
      r.engine === "v2" ? { engine: "v2", oracleError: "go-oracle exited" } : answer(r),
    );
    const answers = new Map<string, OracleResponse>();
    const rec = new RecordingOracle(go, answers);
    for (const r of reqs) await rec.run(r);
    const keys = reqs.map((r) => requestKey(r, "1.26"));
    const store = new AnswerStore(dir);
    expect(store.save(blockKey("go1.26.8", "x", keys), keys, answers)).toBe(false);
    const two = keys.slice(1);
    const key = blockKey("go1.26.8", "y", two);
    expect(store.save(key, two, answers)).toBe(true);
    expect(store.load(key, keys)).toBeUndefined();
  });

  it("does not record a block whose answer is nested too deep to write (it is asked again)", () => {
    let deep: unknown = "0";
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const keys = [requestKey(reqs[1] as OracleRequest, "1.26")];
    const answers = new Map<string, OracleResponse>([
      [keys[0] as string, { engine: "v1", value: deep as OracleResponse["value"] }],
    ]);
    const store = new AnswerStore(dir);
    const key = blockKey("go1.26.8", "deep", keys);
    expect(store.save(key, keys, answers)).toBe(false);
    expect(store.load(key, keys)).toBeUndefined();
    expect(
      requestKey({ engine: "v1", op: "marshal", type: "any", value: deep as OracleRequest["value"] }, "1.26"),
    ).toBe("");
  });
});
