/**
 * Deep equality of Go values in their TypeScript form: bigint, Map (in
 * insertion order is irrelevant: Go maps are unordered), Uint8Array, arrays,
 * plain objects, and value classes compared by their string form (GoTime,
 * JsonNumber). `null` and an empty container differ, as nil and empty do in Go.
 * Iterative, so deep values cannot overflow the stack.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  const stack: [unknown, unknown][] = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    if (Object.is(x, y)) continue;
    if (typeof x !== typeof y || x === null || y === null || typeof x !== "object") return false;
    if (x instanceof Uint8Array || y instanceof Uint8Array) {
      if (!(x instanceof Uint8Array && y instanceof Uint8Array) || x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
      continue;
    }
    if (Array.isArray(x) || Array.isArray(y)) {
      if (!(Array.isArray(x) && Array.isArray(y)) || x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) stack.push([x[i], y[i]]);
      continue;
    }
    if (x instanceof Map || y instanceof Map) {
      if (!(x instanceof Map && y instanceof Map) || x.size !== y.size) return false;
      for (const [k, v] of x) {
        if (!y.has(k)) return false;
        stack.push([v, y.get(k)]);
      }
      continue;
    }
    const px = Object.getPrototypeOf(x);
    if (px !== Object.prototype && px !== null) {
      if (Object.getPrototypeOf(y) !== px || String(x) !== String(y)) return false;
      continue;
    }
    const kx = Object.keys(x as object);
    const ky = Object.keys(y as object);
    if (kx.length !== ky.length) return false;
    for (const k of kx) {
      if (!Object.hasOwn(y as object, k)) return false;
      stack.push([(x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k]]);
    }
  }
  return true;
}
