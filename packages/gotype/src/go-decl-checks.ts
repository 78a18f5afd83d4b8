/**
 * Checks Go makes on the types a resolution session declared: no struct or
 * array contains itself by value (with Go's report of the cycle), no array
 * is larger than the address space (nor, for gotype, holds more than
 * MAX_ARRAY_LEN cells), embedded fields are not pointers to interfaces.
 */

import type { GoPos } from "./go-ast.js";
import { baseName, comparePos, err, posString } from "./go-decl-text.js";
import { MAX_ARRAY_LEN, MAX_WIDTH, measure } from "./go-measure.js";
import type { GoSyntaxError } from "./go-syntax-error.js";
import type { GoType, StructField } from "./types.js";

/** An array type whose size is checked at the end of the session. */
export interface DeferredArray {
  readonly n: bigint;
  /** The element type as the source writes it (Go's compiler prints `[N]byte`, local names unqualified). */
  readonly elemText: string;
  readonly elem: GoType;
  readonly type: GoType;
  readonly pos: GoPos;
  readonly declPos: GoPos;
}

// Go rejects a struct or array that contains itself by value.
export function checkValueCycles(
  newNamed: readonly GoType[],
  cycleError: (path: string[]) => GoSyntaxError,
): void {
  // 0: declared in the session, not visited; 1: on the stack; 2: done. A named type of an
  // earlier session is absent (it was checked then).
  const state = new Map<GoType, 0 | 1 | 2>();
  for (let i = 0; i < newNamed.length; i++) state.set(newNamed[i] as GoType, 0);
  const stack: GoType[] = [];
  for (let r = 0; r < newNamed.length; r++) {
    const root = newNamed[r] as GoType;
    if (state.get(root) !== 0) continue;
    // Most named types hold no struct or array by value: no walk for them.
    const first = valueEdges(root, state, stack, undefined);
    if (first === undefined) {
      state.set(root, 2);
      continue;
    }
    const path: GoType[] = [root];
    const iters: GoType[][] = [first];
    state.set(root, 1);
    while (path.length > 0) {
      const it = iters[iters.length - 1] as GoType[];
      const next = it.pop();
      if (next === undefined) {
        state.set(path.pop() as GoType, 2);
        iters.pop();
        continue;
      }
      const s = state.get(next);
      if (s === 2) continue;
      if (s === 1) {
        const from = path.indexOf(next);
        const names = path.slice(from).map((x) => baseName(x.name as string));
        throw cycleError([...names, names[0] as string]);
      }
      state.set(next, 1);
      path.push(next);
      iters.push(valueEdges(next, state, stack, undefined) ?? []);
    }
  }
}

// The named types of the session `t` holds by value (through unnamed structs and arrays),
// appended to `out` (made at the first one; undefined when there is none). `stack` is scratch.
function valueEdges(
  t: GoType,
  state: ReadonlyMap<GoType, 0 | 1 | 2>,
  stack: GoType[],
  out: GoType[] | undefined,
): GoType[] | undefined {
  let x: GoType | undefined = t;
  for (;;) {
    if (x.kind === "struct") {
      const fs = x.fields;
      // (indexed: a wide struct's fields cost a load each, no iterator)
      for (let i = 0; i < fs.length; i++) {
        const ft = (fs[i] as StructField).type;
        // Only structs and arrays hold values of other types (an int field ends no cycle).
        if (ft.kind !== "struct" && ft.kind !== "array") continue;
        if (ft.name === undefined) stack.push(ft);
        else if (state.has(ft)) (out ??= []).push(ft);
      }
    } else if (x.kind === "array") {
      const e = x.elem;
      if (e.kind === "struct" || e.kind === "array") {
        if (e.name === undefined) stack.push(e);
        else if (state.has(e)) (out ??= []).push(e);
      }
    }
    x = stack.pop();
    if (x === undefined) return out;
  }
}

/** Go's limit on array sizes, and gotype's MAX_ARRAY_LEN on the cells a value materialises. */
export function checkArrays(arrays: readonly DeferredArray[]): void {
  for (const a of arrays) {
    const m = measure(a.elem);
    if (m !== undefined && m.size > 0n && a.n > (MAX_WIDTH - 1n) / m.size)
      throw err(a.declPos, `type [${a.n}]${a.elemText} larger than address space`);
  }
  for (const a of arrays) {
    const m = measure(a.elem);
    const cells = a.n * (m?.cells ?? 1n);
    if (cells > BigInt(MAX_ARRAY_LEN))
      throw err(
        a.pos,
        `array type [${a.n}]${a.elemText} holds ${cells} elements, more than gotype's MAX_ARRAY_LEN (${MAX_ARRAY_LEN}): its values are JavaScript arrays`,
      );
  }
}

/** Go's rules on embedded fields: not a pointer to an interface, not a named pointer. */
export function checkEmbeds(embeds: readonly { type: GoType; pointer: boolean; pos: GoPos }[]): void {
  for (const e of embeds) {
    const target = e.pointer && e.type.kind === "pointer" && e.type.name === undefined ? e.type.elem : e.type;
    if (e.pointer && target.kind === "interface" && target.opaque === undefined && target.name !== undefined)
      throw err(e.pos, "embedded field type cannot be a pointer to an interface");
    if (target.kind === "pointer" && target.name !== undefined)
      throw err(e.pos, "embedded field type cannot be a pointer");
  }
}

/** Go's report of an invalid recursive type; `path` is [A, B, ..., A]. */
export function cycleError(path: string[], posOf: (name: string) => GoPos): GoSyntaxError {
  // path is [A, B, ..., A]; Go starts the report at the first declared member of the cycle.
  const members = path.slice(0, -1);
  let first = 0;
  for (let i = 1; i < members.length; i++)
    if (comparePos(posOf(members[i] as string), posOf(members[first] as string)) < 0) first = i;
  const cycle = [...members.slice(first), ...members.slice(0, first)];
  const head = cycle[0] as string;
  if (cycle.length === 1) return err(posOf(head), `invalid recursive type: ${head} refers to itself`);
  const lines = cycle.map(
    (n, i) => `\t${posString(posOf(n))}: ${n} refers to ${cycle[(i + 1) % cycle.length]}`,
  );
  return err(posOf(head), `invalid recursive type ${head}\n${lines.join("\n")}`);
}
