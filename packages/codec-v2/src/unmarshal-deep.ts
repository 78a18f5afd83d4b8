/**
 * Deep unmarshal: the explicit-stack path the compiled decoders switch to once the
 * input is nested DEEP_AFTER levels deep, so a deeply nested typed value (Go
 * accepts 10000 levels, jsontext's MAX_NESTING_DEPTH) cannot overflow the JS stack,
 * and the common shallow case stays on the direct recursive closures.
 */
import { escapePointerToken, SemanticError } from "./errors.js";
import type { Reader } from "./reader.js";

/**
 * A decoder reads one JSON value and returns the destination's new value; a container
 * decoder also has `open` for the deep path (a frame, or the value when there is
 * nothing to descend into: null, a type mismatch).
 */
export type Dec = ((r: Reader, cur: any) => any) & { open?: (r: Reader, cur: any) => unknown };

/** Nesting depth past which container decoders leave the recursive path for the explicit stack. */
export const DEEP_AFTER = 200;

/** One open container of the deep path (the container's begin token is read). */
export abstract class UFrame {
  /** The current child's decoder and the destination it decodes into (set by next). */
  cd!: Dec;
  cb: unknown;
  /** Whether the current child is being decoded (put not yet called). */
  inChild = false;
  /** Reads up to the next child (names, separators); false once the end token is read. */
  abstract next(r: Reader): boolean;
  /** Stores the current child's value. */
  abstract put(v: unknown): void;
  /** The container's value once it is closed. */
  abstract finish(): unknown;
  /** Records what the container holds when error e unwinds through it; returns its pointer segment, if any. */
  abstract fail(e: unknown): string | undefined;
}

/**
 * decodeDeep decodes one value with the container decoder dec on an explicit stack of
 * frames: children that are containers open frames, other decoders are called directly.
 */
export function decodeDeep(r: Reader, dec: Dec, cur: unknown): unknown {
  const stack: UFrame[] = [];
  let x = (dec.open as (r: Reader, cur: unknown) => unknown)(r, cur);
  try {
    for (;;) {
      let top: UFrame;
      if (x instanceof UFrame) {
        stack.push(x);
        top = x;
      } else {
        const t = stack[stack.length - 1];
        if (t === undefined) return x;
        t.put(x);
        t.inChild = false;
        top = t;
      }
      if (top.next(r)) {
        top.inChild = true;
        const cd = top.cd;
        x = cd.open !== undefined ? cd.open(r, top.cb) : cd(r, top.cb);
      } else {
        x = top.finish();
        stack.pop();
      }
    }
  } catch (e) {
    // One pointer prefix for the whole stack (re-rendering per frame would be quadratic).
    const segs: string[] = [];
    for (let j = stack.length - 1; j >= 0; j--) {
      const seg = (stack[j] as UFrame).fail(e);
      if (seg !== undefined) segs.push(seg);
    }
    if (segs.length > 0 && SemanticError.isInstance(e)) {
      let p = "";
      for (let j = segs.length - 1; j >= 0; j--) p += `/${escapePointerToken(segs[j] as string)}`;
      e.jsonPointer = p + e.jsonPointer;
      e.render();
    }
    throw e;
  }
}
