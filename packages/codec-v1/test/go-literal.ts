/**
 * Test helpers over Go source text: a Go string literal's bytes, and TypeScript
 * twins for methods whose body only returns a constant (`return []byte("…"), nil`),
 * as the oracle's generated Go programs declare them.
 */
import { type GoType, withMethods } from "@gojson/gotype";

const utf8 = new TextEncoder();
const SIMPLE: Record<string, number> = {
  n: 10,
  t: 9,
  r: 13,
  '"': 34,
  "\\": 92,
  a: 7,
  b: 8,
  f: 12,
  v: 11,
  "'": 39,
};

/** Go's strconv.Unquote of a double-quoted literal, as bytes (`\xNN` a byte, `\u`/`\U` UTF-8). */
export function unquoteBytes(q: string): Uint8Array {
  const out: number[] = [];
  for (let i = 1; i < q.length - 1; i++) {
    const c = q[i] as string;
    if (c !== "\\") {
      out.push(...utf8.encode(c));
      continue;
    }
    const e = q[++i] as string;
    if (e === "x") {
      out.push(Number.parseInt(q.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (e === "u" || e === "U") {
      const n = e === "u" ? 4 : 8;
      out.push(...utf8.encode(String.fromCodePoint(Number.parseInt(q.slice(i + 1, i + 1 + n), 16))));
      i += n;
    } else if (e >= "0" && e <= "7") {
      out.push(Number.parseInt(q.slice(i, i + 3), 8));
      i += 2;
    } else out.push(SIMPLE[e] as number);
  }
  return Uint8Array.from(out);
}

const CONST_METHOD =
  /func \((?:\w+ )?(\*?)(\w+)\) (MarshalJSON|MarshalText)\(\) \(\[\]byte, error\) \{ return \[\]byte\(("(?:[^"\\]|\\.)*")\), nil \}/g;

/** Attaches a twin to every method of `source` that returns constant bytes; returns how many. */
export function attachConstantTwins(source: string, decls: Record<string, GoType>): number {
  let n = 0;
  for (const m of source.matchAll(CONST_METHOD)) {
    const [, star, typeName, method, lit] = m as unknown as [string, string, string, string, string];
    const t = decls[typeName];
    if (t === undefined) continue;
    const bytes = unquoteBytes(lit);
    withMethods(t, { [method]: () => bytes.slice() }, { receiver: star === "*" ? "pointer" : "value" });
    n++;
  }
  return n;
}
