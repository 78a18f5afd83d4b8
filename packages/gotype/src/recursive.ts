/**
 * Whether a type reaches itself through its element, key and field types (a
 * value of it may hold another value of it: `type Node struct { Next *Node }`).
 * Encoders use it to know where a value may nest without bound. Answered for
 * every type of a strongly connected component at once (Tarjan's algorithm,
 * with an explicit stack), so asking it of each type of a graph costs the
 * graph once, not once per type.
 */
import { isUndefinedDecl } from "./constructors.js";
import type { GoType } from "./types.js";

const cache = new WeakMap<GoType, boolean>();

/** The i-th type `t` refers to directly (elem; key then elem; field types), or undefined past the last. */
function child(t: GoType, i: number): GoType | undefined {
  switch (t.kind) {
    case "pointer":
    case "slice":
    case "array":
      return i === 0 ? t.elem : undefined;
    case "map":
      return i === 0 ? t.key : i === 1 ? t.elem : undefined;
    case "struct":
      return t.fields[i]?.type;
    default:
      return undefined;
  }
}

/** Whether `t` reaches itself through element, key or field types (Go's value graph has a cycle through it). */
export function isRecursiveType(t: GoType): boolean {
  const hit = cache.get(t);
  if (hit !== undefined) return hit;
  return components(t).get(t) as boolean;
}

interface Frame {
  readonly t: GoType;
  next: number;
  self: boolean;
}

/**
 * Tarjan's strongly connected components over the types reachable from `root`
 * that are not answered yet; each component's answer is cached (only when no
 * type met is an undefined declaration, whose edges may still change).
 * Returns the answers found.
 */
function components(root: GoType): Map<GoType, boolean> {
  const order = new Map<GoType, number>();
  const low = new Map<GoType, number>();
  const onStack = new Set<GoType>();
  const stack: GoType[] = [];
  const found = new Map<GoType, boolean>();
  let provisional = false;
  const frames: Frame[] = [];
  const enter = (t: GoType): void => {
    if (isUndefinedDecl(t)) provisional = true;
    order.set(t, order.size);
    low.set(t, order.size - 1);
    stack.push(t);
    onStack.add(t);
    frames.push({ t, next: 0, self: false });
  };
  enter(root);
  while (frames.length > 0) {
    const f = frames[frames.length - 1] as Frame;
    const c = child(f.t, f.next++);
    if (c !== undefined) {
      if (c === f.t) f.self = true;
      if (cache.has(c) || found.has(c)) continue; // a finished component: not on a cycle with f.t
      if (!order.has(c)) enter(c);
      else if (onStack.has(c)) low.set(f.t, Math.min(low.get(f.t) as number, order.get(c) as number));
      continue;
    }
    frames.pop();
    const lt = low.get(f.t) as number;
    const parent = frames[frames.length - 1];
    if (parent !== undefined) low.set(parent.t, Math.min(low.get(parent.t) as number, lt));
    if (lt !== order.get(f.t)) continue;
    // f.t roots a component: everything above it on the stack.
    const at = stack.lastIndexOf(f.t);
    const members = stack.splice(at);
    const recursive = members.length > 1 || f.self;
    for (const m of members) {
      onStack.delete(m);
      found.set(m, recursive);
      if (!provisional) cache.set(m, recursive);
    }
  }
  return found;
}
