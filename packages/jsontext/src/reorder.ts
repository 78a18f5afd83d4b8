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

/** reorderObjects sorts, in place, the object members of the valid JSON value b (one top-level value). */
export function reorderObjects(b: Uint8Array): void {
  const d = new Decoder(b, { allowDuplicateNames: true, allowInvalidUTF8: true });
  walk(d, b);
}

function compare(x: Member, y: Member): number {
  if (x.name !== y.name) return x.name < y.name ? -1 : 1;
  return compareBytes(trimStart(x.buf), trimStart(y.buf));
}

function walk(d: Decoder, b: Uint8Array): void {
  const k = d.readToken().kind;
  if (k === "[") {
    while (d.peekKind() !== "]") walk(d, b);
    d.readToken();
    return;
  }
  if (k !== "{") return;
  const members: Member[] = [];
  const beforeBody = d.inputOffset;
  let sorted = true;
  while (d.peekKind() !== "}") {
    const beforeName = d.inputOffset;
    const name = d.readString();
    walk(d, b);
    const m = { name, buf: b.slice(beforeName, d.inputOffset) };
    if (sorted && members.length > 0) sorted = compare(members[members.length - 1]!, m) < 0;
    members.push(m);
  }
  const afterBody = d.inputOffset;
  d.readToken();
  if (sorted) return;
  const first = members[0]!;
  const prefixOf = (x: Uint8Array) => x.subarray(0, x.length - trimStart(x).length);
  members.sort(compare);
  const firstAfter = members[0]!;
  let p = beforeBody;
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
