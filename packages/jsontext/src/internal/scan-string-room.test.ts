import { describe, expect, it } from "vitest";
import { BAIL } from "./cursor.js";
import { readString } from "./scan-string.js";
import { run, V1 } from "./test-cursor.js";
import { ensure, MAX_KEPT, unitsText } from "./units.js";

// readStringSlow writes code units into the shared buffer and tests its room once per step
// against a limit computed from the bytes left (a step never gives more units than it reads
// bytes). These cases put every kind of step at every place around the buffer's sizes (its first
// 1,024 units, each doubling, the size it keeps) so that a step starts just before, at and just
// after the limit, after plain ASCII heads of every length.

/** One step of each kind: its JSON text and the text it decodes to. */
const STEPS: readonly { name: string; json: string; text: string }[] = [
  { name: "ASCII", json: "a", text: "a" },
  { name: "TwoByte", json: "é", text: "é" },
  { name: "ThreeByte", json: "€", text: "€" },
  { name: "FourByte", json: "😀", text: "😀" },
  { name: "Escape", json: "\\n", text: "\n" },
  { name: "EscapeQuote", json: '\\"', text: '"' },
  { name: "Unicode", json: "\\u0416", text: "\u0416" },
  { name: "UnicodePair", json: "\\ud83d\\ude00", text: "😀" },
];

/** Drops the shared buffer (it starts again at its first size). */
function resetUnits(): void {
  ensure(2 * MAX_KEPT, 0);
  // (A string of more units than unitsText concatenates one by one: the drop is on that path.)
  unitsText(16);
}

/**
 * A string of about `units` code units: a plain head (after a lead that is not plain ASCII: the
 * head is then read by the loop under test), then `step` repeated, then a tail.
 */
function build(
  lead: string,
  head: number,
  step: { json: string; text: string },
  units: number,
  tail: string,
) {
  let json = lead + "x".repeat(head);
  let text = json;
  while (text.length < units) {
    json += step.json;
    text += step.text;
  }
  // Plain runs between the steps too (the ASCII loop stops at the limit in the middle of a run).
  return { json: `"${json}ab${step.json}${tail}"`, text: `${text}ab${step.text}${tail}` };
}

describe("readString/Room", () => {
  const sizes = [1024, 2048, 4096, MAX_KEPT];
  for (const step of STEPS)
    for (const size of sizes)
      it(`${step.name}/Around${size}`, () => {
        for (const head of [0, 1, 2, 3, 7, 63, 64, 65])
          for (let d = -6; d <= 6; d++) {
            const units = size - head - d;
            for (const lead of ["", "é"]) {
              const { json, text } = build(lead, head, step, units, "z");
              for (const flags of [{}, V1]) {
                // From the buffer's first size (it grows through every size below this one).
                resetUnits();
                const got = run(json, readString, flags);
                if (got === BAIL || got.value !== text || got.end !== got.n)
                  throw new Error(
                    `lead ${lead}, head ${head}, units ${units}: ${got === BAIL ? "bailed" : "wrong text"}`,
                  );
              }
            }
          }
      });

  it("MixedRunsCrossEveryLimit", () => {
    // Runs of each kind of every length up to 40, in turn, for 70,000 units: every step meets
    // the limit at some point of the shared buffer's growth.
    let json = "";
    let text = "";
    for (let len = 1; text.length < 70_000; len = (len % 40) + 1)
      for (const s of STEPS) {
        json += s.json.repeat(len);
        text += s.text.repeat(len);
      }
    for (const lead of ["", "é", "\\n"]) {
      resetUnits();
      const got = run(`"${lead}${json}"`, readString);
      expect(got !== BAIL && got.value === (lead === "" ? "" : lead === "é" ? "é" : "\n") + text).toBe(true);
    }
    // The buffer is dropped after a long string; the next one decodes.
    expect(run('"é\\n"', readString)).toEqual({ value: "é\n", end: 6, n: 6 });
  });

  it("ErrorsPastTheLimit", () => {
    // A bad escape, a control char and a lone surrogate escape right where the room runs out.
    for (const size of [1024, 2048]) {
      for (let d = -3; d <= 3; d++) {
        resetUnits();
        const head = "é".repeat(size - 2 + d);
        expect(run(`"${head}\\q"`, readString)).toBe(BAIL);
        expect(run(`"${head}\u0001"`, readString)).toBe(BAIL);
        expect(run(`"${head}`, readString)).toBe(BAIL);
        expect(run(`"${head}\\ud83dx"`, readString)).toBe(BAIL);
        const v1 = run(`"${head}\\ud83dx"`, readString, V1);
        expect(v1 !== BAIL && v1.value === `${"é".repeat(size - 2 + d)}\ufffdx`).toBe(true);
      }
    }
  });
});
