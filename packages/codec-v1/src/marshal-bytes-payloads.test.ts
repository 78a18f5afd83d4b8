/**
 * marshal's byte path on the benchmark inputs (the generated payloads and
 * the real-world corpora): it writes them itself, with no bail-out and no
 * error of its own (strict mode: a defect such as a TypeError would otherwise
 * be hidden by the general encoder's fallback), and its bytes are the
 * general encoder's, with HTML escaping on and off.
 */
import { CORPUS_NAMES, corpusBytes, corpusInfo, PAYLOAD_NAMES, payload } from "@gojson/fixtures";
import { goType, parseGo } from "@gojson/gotype";
import { afterEach, describe, expect, it } from "vitest";
import { marshal, unmarshal } from "./index.js";
import { fastPaths } from "./marshal.js";

afterEach(() => {
  fastPaths.bytes = true;
  fastPaths.strict = false;
});

const inputs = [
  ...PAYLOAD_NAMES.flatMap((n) =>
    (["small", "medium"] as const).map((size) => {
      const p = payload(n, { size });
      return { id: `${n}/${size}`, bytes: p.bytes, src: p.goSource, expr: p.goType };
    }),
  ),
  ...CORPUS_NAMES.map((n) => {
    const i = corpusInfo(n);
    return { id: n, bytes: corpusBytes(n), src: i.goSource, expr: i.goType };
  }),
];

describe("marshal byte path on the benchmark inputs", () => {
  for (const inp of inputs) {
    it(inp.id, () => {
      const t = goType(inp.expr, parseGo(inp.src));
      const v = unmarshal(t, inp.bytes);
      for (const escapeHTML of [true, false]) {
        fastPaths.bytes = false;
        const want = Buffer.from(marshal(t, v, { escapeHTML })).toString("latin1");
        fastPaths.bytes = true;
        fastPaths.strict = true;
        const bails = fastPaths.bails;
        // Twice: the second call runs on the reused writer (and on code with type feedback).
        for (let k = 0; k < 2; k++) {
          const got = Buffer.from(marshal(t, v, { escapeHTML })).toString("latin1");
          expect(got).toBe(want);
        }
        expect(fastPaths.bails - bails).toBe(0);
      }
    });
  }
});
