import { isDeepStrictEqual } from "node:util";
import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { anySafeNumber, anyValue } from "./any.js";
import { BAIL } from "./cursor.js";
import { ws } from "./scan.js";
import { run, V1 } from "./test-cursor.js";

/** readAny reads one `any` value after leading whitespace. */
const readAny = () => anyValue(ws());

describe("anyValue", () => {
  const cases: { name: string; in: string; want: unknown; v1?: unknown }[] = [
    { name: "Null", in: "null", want: null },
    { name: "Bool", in: "[true,false]", want: [true, false] },
    { name: "Number", in: "-1.5e3", want: -1500 },
    { name: "String", in: '"a\\u00e9"', want: "aé" },
    { name: "Object", in: '{"a":1,"b":{"c":[]}}', want: { a: 1, b: { c: [] } } },
    { name: "Duplicate", in: '{"a":1,"b":2,"a":3}', want: BAIL, v1: { a: 3, b: 2 } },
    { name: "DuplicateEscaped", in: '{"a":1,"\\u0061":3}', want: BAIL, v1: { a: 3 } },
    { name: "Overflow", in: "[1e999]", want: BAIL },
    { name: "BadSyntax", in: '{"a":}', want: BAIL },
  ];
  for (const c of cases)
    for (const [flavour, flags, want] of [
      ["V2", {}, c.want],
      ["V1", V1, c.v1 ?? c.want],
    ] as const)
      it(`${flavour}/${c.name}`, () => {
        // Three times: the member-name trie, then its compiled literals, serve the later runs.
        for (let k = 0; k < 3; k++) {
          const got = run(c.in, readAny, flags);
          if (want === BAIL) expect(got).toBe(BAIL);
          else expect(got !== BAIL && isDeepStrictEqual(got.value, want)).toBe(true);
        }
      });
  it("Proto/OwnProperty", () => {
    for (const flags of [{}, V1])
      for (let k = 0; k < 3; k++) {
        const got = run('{"__proto__":{"x":1},"y":2}', readAny, flags);
        if (got === BAIL) throw new Error("bailed");
        const o = got.value as Record<string, unknown>;
        expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
        expect(Object.hasOwn(o, "__proto__")).toBe(true);
        expect(({} as { x?: unknown }).x).toBe(undefined);
      }
  });
  it("BailOnProtoNames", () => {
    const cases: { in: string; want: "bail" | "ok" }[] = [
      { in: '{"__proto__":1}', want: "bail" },
      { in: '{"a":{"constructor":1}}', want: "bail" },
      { in: '[{"x":1},{"x":1,"\\u0063onstructor":2}]', want: "bail" },
      { in: '{"proto":1,"constructors":2}', want: "ok" },
    ];
    // Three times: the trie's nodes (and their marks) serve the later runs.
    for (const c of cases)
      for (let k = 0; k < 3; k++) {
        expect(run(c.in, readAny, { bailOnProtoNames: true }) === BAIL ? "bail" : "ok").toBe(c.want);
        expect(run(c.in, readAny)).not.toBe(BAIL);
      }
  });
  it("AnyNumber/GetsTheText", () => {
    const got = run("[1.50, -0, 1e400]", readAny, { ...V1, anyNumber: (t) => `#${t}` });
    expect(got !== BAIL && got.value).toEqual(["#1.50", "#-0", "#1e400"]);
  });
  it("AnySafeNumber/ReadFromTheBytes", () => {
    // The hook is read without its text: same answers as calling it with the text.
    const cases: { in: string; want: unknown }[] = [
      {
        in: "[9007199254740991, -9007199254740991, 1.5, -0, 1e2, 2.5e-3]",
        want: [9007199254740991, -9007199254740991, 1.5, -0, 100, 0.0025],
      },
      {
        in: "[9007199254740993.0, 1e300, 123456789012345678e2]",
        want: [9007199254740992, 1e300, Number("123456789012345678e2")],
      },
      { in: "[1, 9007199254740992]", want: BAIL },
      { in: '{"a":-9007199254740993}', want: BAIL },
      { in: "[1e400]", want: BAIL },
    ];
    for (const c of cases)
      for (let k = 0; k < 3; k++) {
        const got = run(c.in, readAny, { anyNumber: anySafeNumber });
        if (c.want === BAIL) expect(got).toBe(BAIL);
        else expect(got !== BAIL && isDeepStrictEqual(got.value, c.want)).toBe(true);
        const each = (c.in.match(/-?[0-9][0-9.eE+-]*/g) ?? []).map((t) => {
          try {
            return anySafeNumber(t);
          } catch (e) {
            return e;
          }
        });
        expect(each.includes(BAIL)).toBe(c.want === BAIL);
      }
  });
  it("Arrays/ExactLengthAndNesting", () => {
    const texts = ["[]", "[1]", "[1,2]", '["a","b","c"]', '[1,[2,[3,[4,5,6,7]]],{"a":[8,9,10,11,12]},13]'];
    for (const text of texts)
      for (let k = 0; k < 3; k++) {
        const got = run(text, readAny);
        expect(got !== BAIL && isDeepStrictEqual(got.value, JSON.parse(text))).toBe(true);
      }
    // A bail inside an array leaves the member stack to resetAny: the next read starts clean.
    expect(run('[1,{"a":2,"a":3}]', readAny)).toBe(BAIL);
    const after = run('{"x":[1,2,3,4],"y":{"z":[5]}}', readAny);
    expect(after !== BAIL && after.value).toEqual({ x: [1, 2, 3, 4], y: { z: [5] } });
  });
  it("Trie/SameNamesOtherOrder", () => {
    for (const text of [
      '{"a":1,"b":2}',
      '{"b":1,"a":2}',
      '{"a":1,"b":2}',
      '{"a":1,"a":2}',
      '{"a":1,"b":2}',
    ]) {
      const want = text === '{"a":1,"a":2}' ? BAIL : JSON.parse(text);
      const got = run(text, readAny);
      if (want === BAIL) expect(got).toBe(BAIL);
      else expect(got !== BAIL && isDeepStrictEqual(got.value, want)).toBe(true);
    }
  });
  it("Trie/ShapesSharingAFirstName", () => {
    // An order and its customer both begin with "id": each path's guess is often the other
    // shape's name, and the names met after a path are then matched in place.
    const texts = [
      '{"id":1,"customer":{"id":2,"name":"n","email":"e"},"total":3}',
      '{"id":1,"name":"n","email":"e"}',
      '{"id":1,"\\u006eame":"n","email":"e"}',
      '{"id":1,"name":"n","id":2}',
      '{"id":1,"customer":{"id":2,"email":"e","name":"n"},"total":3}',
      '{"id":1,"total":3,"customer":{"id":2,"name":"n","email":"e"}}',
    ];
    for (let k = 0; k < 3; k++)
      for (const text of texts) {
        const got = run(text, readAny);
        if (repeatsName(text)) expect(got).toBe(BAIL);
        else expect(got !== BAIL && isDeepStrictEqual(got.value, JSON.parse(text))).toBe(true);
      }
  });
});

/**
 * Whether some object in JSON text repeats a name (unescaped). Every string is one token, a name
 * when a colon follows it, so braces inside strings (`{"":"}","b":1}`) are not read as nesting.
 */
function repeatsName(text: string): boolean {
  const seen: Set<string>[] = [];
  let dup = false;
  const re = /("(?:[^"\\]|\\.)*")(\s*:)?|[{}]/g;
  for (const m of text.matchAll(re)) {
    if (m[0] === "{") seen.push(new Set());
    else if (m[0] === "}") seen.pop();
    else if (m[2] !== undefined) {
      const name = JSON.parse(m[1] as string) as string;
      const top = seen[seen.length - 1] as Set<string>;
      if (top.has(name)) dup = true;
      top.add(name);
    }
  }
  return dup;
}

describe("anyValue properties", () => {
  const text = fc.json({ maxDepth: 4, noUnicodeString: false });
  test.prop([text])("V1 equals JSON.parse", (t) => {
    for (let k = 0; k < 2; k++) {
      const got = run(t, readAny, V1);
      expect(got !== BAIL && isDeepStrictEqual(got.value, JSON.parse(t))).toBe(true);
    }
  });
  // Braces inside strings: a `}` once closed the object early, a `{` hid the repeat.
  const braceInString: [string][] = [
    ['{"":"}","\\u0000":false}'],
    ['{"a":"{","a":1}'],
    ['[{"x":"}{"},{"x":1}]'],
  ];
  test.prop([text], { examples: braceInString })("V2 equals JSON.parse, or bails on a repeated name", (t) => {
    const got = run(t, readAny);
    if (repeatsName(t)) expect(got).toBe(BAIL);
    else expect(got !== BAIL && isDeepStrictEqual(got.value, JSON.parse(t))).toBe(true);
  });
  test.prop([fc.array(fc.constantFrom("a", "b", "c", "__proto__"), { maxLength: 5 }), fc.boolean()])(
    "repeated names: V1 keeps the last value, V2 bails",
    (names, v1) => {
      const t = `{${names.map((n, i) => `${JSON.stringify(n)}:${i}`).join(",")}}`;
      const got = run(t, readAny, v1 ? V1 : {});
      const dup = new Set(names).size !== names.length;
      if (dup && !v1) expect(got).toBe(BAIL);
      else expect(got !== BAIL && isDeepStrictEqual(got.value, JSON.parse(t))).toBe(true);
    },
  );
});
