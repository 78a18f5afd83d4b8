/**
 * What Go's compiler knows of a type's layout on a 64-bit target: size,
 * alignment, the array cells a zero value materialises, the address-space
 * limit, and whether values may be map keys (comparable). Computed
 * iteratively, cached per type object.
 */
import { isUndefinedDecl } from "./constructors.js";
import type { GoType } from "./types.js";

/** Largest array length gotype accepts (arrays are materialised as JS arrays). */
export const MAX_ARRAY_LEN = 1 << 24;

// Go's types.MaxWidth on 64-bit targets: no value may be this large.
export const MAX_WIDTH = 1n << 50n;

// Whether values of `t` may be map keys (Go's comparable), walked iteratively.
export function isComparable(root: GoType): boolean {
  const stack: GoType[] = [root];
  const seen = new Set<GoType>();
  while (stack.length > 0) {
    const t = stack.pop() as GoType;
    if (seen.has(t)) continue;
    seen.add(t);
    switch (t.kind) {
      case "slice":
      case "map":
        return false;
      case "interface":
        if (t.opaque?.kind === "func") return false;
        break;
      case "struct":
        for (const f of t.fields) stack.push(f.type);
        break;
      case "array":
        stack.push(t.elem);
        break;
      default:
        break;
    }
  }
  return true;
}

/** Size, alignment and number of materialised array cells of a type (64-bit target). */
export interface Measure {
  readonly size: bigint;
  readonly align: bigint;
  /** Elements a zero value materialises (arrays multiply, structs add; 1 for everything else). */
  readonly cells: bigint;
}

/** Measures computed so far (the resolver records lazy arrays' real sizes here). */
export const measures = new WeakMap<GoType, Measure>();
/** Lengths of arrays too long for the GoType `len` field (only measured, never materialised). */
export const bigLengths = new WeakMap<GoType, bigint>();

/** Size in bytes of a value of `t` on a 64-bit target, with alignment and array cells; computed iteratively. */
export function measure(root: GoType): Measure | undefined {
  const stack: GoType[] = [root];
  const onStack = new Set<GoType>([root]);
  while (stack.length > 0) {
    const t = stack[stack.length - 1] as GoType;
    if (measures.has(t)) {
      stack.pop();
      onStack.delete(t);
      continue;
    }
    // A type still being declared has no size yet: nothing above it may be cached.
    if (isUndefinedDecl(t)) return undefined;
    const deps =
      t.kind === "array" ? [t.elem] : t.kind === "struct" ? new Set(t.fields.map((f) => f.type)) : [];
    let pushed = false;
    for (const d of deps) {
      if (measures.has(d)) continue;
      if (isUndefinedDecl(d)) return undefined;
      if (onStack.has(d)) return undefined; // a value cycle: reported elsewhere
      stack.push(d);
      onStack.add(d);
      pushed = true;
    }
    if (pushed) continue;
    stack.pop();
    onStack.delete(t);
    measures.set(t, ownMeasure(t));
  }
  return measures.get(root);
}

const WORD: Measure = { size: 8n, align: 8n, cells: 1n };

function leaf(size: bigint, align: bigint): Measure {
  return { size, align, cells: 1n };
}

function ownMeasure(t: GoType): Measure {
  if (t.known === "time.Time") return { size: 24n, align: 8n, cells: 1n };
  switch (t.kind) {
    case "bool":
    case "int8":
    case "uint8":
      return leaf(1n, 1n);
    case "int16":
    case "uint16":
      return leaf(2n, 2n);
    case "int32":
    case "uint32":
    case "float32":
      return leaf(4n, 4n);
    case "string":
      return leaf(16n, 8n);
    case "slice":
      return leaf(24n, 8n);
    case "interface":
      if (t.opaque === undefined) return leaf(16n, 8n);
      if (t.opaque.kind === "complex128") return leaf(16n, 8n);
      if (t.opaque.kind === "complex64") return leaf(8n, 4n);
      return WORD;
    case "array": {
      const e = measures.get(t.elem) ?? WORD;
      const n = bigLengths.get(t) ?? BigInt(t.len);
      return { size: n * e.size, align: e.align, cells: n * e.cells };
    }
    case "struct": {
      let off = 0n;
      let align = 1n;
      let cells = 0n;
      for (const f of t.fields) {
        const m = measures.get(f.type) ?? WORD;
        off = ((off + m.align - 1n) / m.align) * m.align + m.size;
        if (m.align > align) align = m.align;
        cells += m.cells;
      }
      return { size: ((off + align - 1n) / align) * align, align, cells: cells === 0n ? 1n : cells };
    }
    default:
      return WORD;
  }
}
