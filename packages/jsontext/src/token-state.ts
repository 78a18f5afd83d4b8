/**
 * The Decoder's token state machine (Go's jsontext stateMachine): the objects and
 * arrays open around the next token, how many tokens each holds so far, and the name
 * of the current member of each object — enough to know which delimiter comes next
 * and to build the JSON pointer (RFC 6901) of a position when an error needs it.
 */
import { escapePointerToken } from "./pointer.js";
import { unescapeString } from "./unescape-string.js";

/** Container kind of depth 0 (top level). */
export const TOP = 0;
/** Container kind of an array. */
export const ARR = 1;
/** Container kind of an object. */
export const OBJ = 2;

const C_COMMA = 0x2c;
const C_COLON = 0x3a;
const C_RBRACE = 0x7d;
const C_RBRACK = 0x5d;

/** TokenState is the stack of open containers; depth 0 is the top level. */
export class TokenState {
  /** How many objects and arrays are open. */
  depth = 0;
  /** Per depth: TOP, ARR or OBJ. */
  kinds = new Uint8Array(16);
  /** Per depth: tokens read in the container (an object's names and values both count). */
  lens = new Int32Array(16);
  /** Per depth: byte range of the current member name's token (objects only). */
  nameStart = new Int32Array(16);
  nameEnd = new Int32Array(16);

  /** atName reports whether the next token is an object member name. */
  atName(): boolean {
    const d = this.depth;
    return this.kinds[d] === OBJ && (this.lens[d]! & 1) === 0;
  }

  /** needDelim returns the delimiter Go requires before a token whose first char is c (0: none). */
  needDelim(c: number): number {
    const d = this.depth;
    if (d === 0) return 0;
    const len = this.lens[d]!;
    if (this.kinds[d] === OBJ && (len & 1) === 1) return C_COLON;
    if (len > 0 && c !== C_RBRACE && c !== C_RBRACK) return C_COMMA;
    return 0;
  }

  /** grow doubles the room for nesting. */
  grow(): void {
    const n = this.kinds.length * 2;
    const k = new Uint8Array(n);
    k.set(this.kinds);
    this.kinds = k;
    const l = new Int32Array(n);
    l.set(this.lens);
    this.lens = l;
    const a = new Int32Array(n);
    a.set(this.nameStart);
    this.nameStart = a;
    const b = new Int32Array(n);
    b.set(this.nameEnd);
    this.nameEnd = b;
  }

  /**
   * pointer builds the JSON Pointer of the current position (Go's appendStackPointer):
   * where < 0 the last value read, 0 the position before the next token, > 0 the next value.
   */
  pointer(buf: Uint8Array, where: number): string {
    let b = "";
    for (let i = 1; i <= this.depth; i++) {
      const len = this.lens[i]!;
      const isObj = this.kinds[i] === OBJ;
      let arrayDelta = -1;
      if (i === this.depth) {
        if (
          (where < 0 && len === 0) ||
          (where === 0 && !(isObj && (len & 1) === 1)) ||
          (where > 0 && isObj && (len & 1) === 0)
        ) {
          return b;
        }
        if (where > 0 && !isObj) arrayDelta = 0;
      }
      if (isObj) {
        const name = unescapeString(buf, this.nameStart[i]!, this.nameEnd[i]!);
        b += `/${escapePointerToken(name)}`;
      } else {
        b += `/${len + arrayDelta}`;
      }
    }
    return b;
  }
}
