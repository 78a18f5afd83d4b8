/**
 * Test support: JSON text of any value with whitespace of every kind around it and after its
 * punctuation (outside strings), for the layout tests of value-v1 and value-layout.
 */
import fc from "fast-check";

const enc = new TextEncoder();
const WS = [" ", "\t", "\n", "\r"];

/** JSON text of a value, pretty-printed or not, with runs of whitespace around it and inside it. */
export const spacedJson: fc.Arbitrary<Uint8Array> = fc
  .tuple(
    fc.jsonValue(),
    fc.array(fc.constantFrom(...WS), { maxLength: 3 }),
    fc.array(fc.constantFrom(...WS), { maxLength: 3 }),
    fc.constantFrom("", " ", "\t", "  "),
    fc.array(fc.constantFrom("", ...WS), { minLength: 1, maxLength: 4 }),
  )
  .map(([v, lead, trail, pretty, gaps]) => {
    const text = JSON.stringify(v, null, pretty) ?? "null";
    let k = 0;
    // Whitespace after punctuation outside strings: a string's quotes are matched as a whole.
    const spaced = text.replace(/"(?:[^"\\]|\\.)*"|[,:[\]{}]/g, (m) =>
      m.startsWith('"') ? m : m + (gaps[k++ % gaps.length] as string),
    );
    return enc.encode(lead.join("") + spaced + trail.join(""));
  });
