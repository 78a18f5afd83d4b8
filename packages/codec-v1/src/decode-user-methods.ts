/**
 * Whether decoding a type may call user-supplied methods (UnmarshalJSON, UnmarshalText), so the
 * input must be validated whole before the first call, as Go's Unmarshal does. The type graph is
 * walked with an explicit stack: a chain of thousands of declared types (T1 holds *T2, …) is an
 * ordinary Go type and must not exhaust the JS stack.
 */
import type { GoType } from "./deps.js";
import { PlanCache } from "./plan-cache.js";

const answers = new PlanCache<boolean>();

function hasUserMethods(t: GoType): boolean {
  return (
    t.known === undefined &&
    t.methods !== undefined &&
    (t.methods.UnmarshalJSON !== undefined || t.methods.UnmarshalText !== undefined)
  );
}

/** callsUserMethods: whether some type reachable from t (t included) has UnmarshalJSON or UnmarshalText. */
export function callsUserMethods(t: GoType): boolean {
  const hit = answers.get(t);
  if (hit !== undefined) return hit;
  const seen = new Set<GoType>([t]);
  const todo: GoType[] = [t];
  const visit = (u: GoType): boolean => {
    const known = answers.get(u);
    if (known === true) return true;
    if (known === undefined && !seen.has(u)) {
      seen.add(u);
      todo.push(u);
    }
    return false;
  };
  while (todo.length > 0) {
    const u = todo.pop() as GoType;
    let found = hasUserMethods(u);
    if (!found) {
      switch (u.kind) {
        case "slice":
        case "array":
        case "pointer":
          found = visit(u.elem);
          break;
        case "map":
          found = visit(u.key) || visit(u.elem);
          break;
        case "struct":
          for (const f of u.fields) if ((found = visit(f.type))) break;
          break;
      }
    }
    if (found) {
      answers.set(t, true);
      return true;
    }
  }
  // Everything reachable from t was walked without a method: none of it reaches one.
  for (const u of seen) answers.set(u, false);
  return false;
}
