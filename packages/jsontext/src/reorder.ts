/**
 * reorderObjects: Go's mustReorderObjects (RFC 8785, section 3.2.3) — sort the members
 * of every object in a valid value by name, compared as UTF-16 code units, keeping
 * the layout (whitespace and separators) in place.
 */
import { Decoder } from "./decoder.js";

const COMMA_WS = new Set([0x2c, 0x20, 0x0a, 0x0d, 0x09]);

function trimStart(b: Uint8Array): Uint8Array {
  let i = 0;
  while (i < b.length && COMMA_WS.has(b[i]!)) i++;
  return b.subarray(i);
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

interface Member {
  name: string;
  buf: Uint8Array;
}

/** An open object or array while walking; objects collect their members. */
interface Frame {
  /** Members so far (objects), or null (arrays). */
  members: Member[] | null;
  /** Offset just after the opening `{`. */
  beforeBody: number;
  /** Whether the members so far are already in order. */
  sorted: boolean;
  /** Name and start offset of the member being read. */
  name: string;
  beforeName: number;
}

/**
 * reorderObjects sorts, in place, the object members of the valid JSON value b (one
 * top-level value). Iterative: nesting is an explicit stack, so depth is bounded only by
 * MAX_NESTING_DEPTH; inner objects are sorted before the members holding them are moved.
 */
export function reorderObjects(b: Uint8Array): void {
  const d = new Decoder(b, { allowDuplicateNames: true, allowInvalidUTF8: true });
  const stack: Frame[] = [];
  for (;;) {
    const top = stack[stack.length - 1];
    let closed = false;
    if (top !== undefined) {
      if (top.members !== null) {
        if (d.peekKind() === "}") {
          const afterBody = d.inputOffset;
          d.readToken();
          stack.pop();
          sortMembers(b, top, afterBody);
          closed = true;
        } else {
          top.beforeName = d.inputOffset;
          top.name = d.readString();
        }
      } else if (d.peekKind() === "]") {
        d.readToken();
        stack.pop();
        closed = true;
      }
    }
    if (!closed) {
      const k = d.readToken().kind;
      if (k === "{" || k === "[") {
        stack.push({
          members: k === "{" ? [] : null,
          beforeBody: d.inputOffset,
          sorted: true,
          name: "",
          beforeName: 0,
        });
        continue;
      }
    }
    // a value ended: record it as a member of the enclosing object
    const parent = stack[stack.length - 1];
    if (parent === undefined) return;
    const members = parent.members;
    if (members !== null) {
      const m = { name: parent.name, buf: b.slice(parent.beforeName, d.inputOffset) };
      if (parent.sorted && members.length > 0) parent.sorted = compare(members[members.length - 1]!, m) < 0;
      members.push(m);
    }
  }
}

function compare(x: Member, y: Member): number {
  if (x.name !== y.name) return x.name < y.name ? -1 : 1;
  return compareBytes(trimStart(x.buf), trimStart(y.buf));
}

/** sortMembers writes the members of the closed object f back in sorted order, keeping the layout. */
function sortMembers(b: Uint8Array, f: Frame, afterBody: number): void {
  const members = f.members!;
  if (f.sorted) return;
  const first = members[0]!;
  const prefixOf = (x: Uint8Array) => x.subarray(0, x.length - trimStart(x).length);
  members.sort(compare);
  const firstAfter = members[0]!;
  let p = f.beforeBody;
  for (let i = 0; i < members.length; i++) {
    const m = members[i]!;
    let parts: Uint8Array[];
    if (i === 0 && m !== first) parts = [prefixOf(first.buf), trimStart(m.buf)];
    else if (i !== 0 && m === first) parts = [prefixOf(firstAfter.buf), trimStart(m.buf)];
    else parts = [m.buf];
    for (const part of parts) {
      b.set(part, p);
      p += part.length;
    }
  }
  if (p !== afterBody) throw new Error("jsontext: BUG: reorder length invariant violated");
}
