/**
 * Deep marshal: the explicit-stack path the compiled encoders switch to once the
 * output is nested DEEP_AFTER levels deep, so a deeply nested typed value (Go
 * accepts 10000 levels) cannot overflow the JS stack, and the common shallow case
 * stays on the direct recursive closures. Past CYCLE_DETECTION_DEPTH the pointers,
 * slices and maps on the current path are remembered (Go's startDetectingCyclesAfter).
 */
import type { GoType } from "@gojson/gotype";
import { MAX_NESTING_DEPTH } from "@gojson/jsontext";
import { escapePointerToken, prefixMarshalPointerPath, SemanticError, syntacticError } from "./errors.js";

/** An encoder returns the JSON text of v; a container encoder also has a frame for the deep path. */
export type Enc = ((v: any) => string) & { frame?: (v: any) => MFrame | string };

/** One open container of the deep path. */
export interface MFrame {
  /** Advances to the next child (writing separators and names); false when every child is written. */
  next(): boolean;
  /** The current child's encoder and value (set by next). */
  ce: Enc;
  cv: unknown;
  /** Takes the current child's text. */
  put(s: string): void;
  /** Closes the container and returns its text. */
  finish(): string;
  /** The JSON pointer segment of the current child (undefined: a pointer adds none). */
  seg(): string | undefined;
  /** UTF-8 length of this container's text before the current child (error path only). */
  offset(): number;
  /** Whether the container is an array (its segments are indices). */
  readonly array?: boolean;
}

/** Nesting depth past which container encoders leave the recursive path for the explicit stack. */
export const DEEP_AFTER = 200;
/** Go's startDetectingCyclesAfter: past this depth, containers on the current path are remembered. */
export const CYCLE_DETECTION_DEPTH = 1000;

/** Per-call marshal state: the current output nesting depth and the containers being visited. */
export const ms: { depth: number; seen: Map<GoType, Set<unknown>> | undefined } = {
  depth: 0,
  seen: undefined,
};

/** resetState starts a top-level marshal and returns the previous state (marshal may re-enter through methods). */
export function resetState(): { depth: number; seen: Map<GoType, Set<unknown>> | undefined } {
  const prev = { depth: ms.depth, seen: ms.seen };
  ms.depth = 0;
  ms.seen = undefined;
  return prev;
}

/** restoreState puts back a state saved by resetState. */
export function restoreState(prev: { depth: number; seen: Map<GoType, Set<unknown>> | undefined }): void {
  ms.depth = prev.depth;
  ms.seen = prev.seen;
}

/**
 * openContainer accounts for a `{` or `[` about to be written (deep path): Go's
 * max-depth error when it would be nested too deep.
 */
export function openContainer(): void {
  if (ms.depth >= MAX_NESTING_DEPTH) throw syntacticError("exceeded max depth", 0);
  ms.depth++;
}

/**
 * visit records the pointer, slice or map `ref` of Go type t on the current path once
 * the depth is past CYCLE_DETECTION_DEPTH (Go's visitPointer), throwing Go's cycle
 * error when it is already there. Returns whether it was recorded (to be left).
 */
export function visit(t: GoType, ref: unknown): boolean {
  if (ms.depth < CYCLE_DETECTION_DEPTH) return false;
  if (ms.seen === undefined) ms.seen = new Map();
  let set = ms.seen.get(t);
  if (set === undefined) {
    set = new Set();
    ms.seen.set(t, set);
  }
  if (set.has(ref)) throw new SemanticError({ action: "marshal", goType: t, cause: "encountered a cycle" });
  set.add(ref);
  return true;
}

/** leave forgets a container recorded by visit. */
export function leave(t: GoType, ref: unknown): void {
  ms.seen?.get(t)?.delete(ref);
}

/**
 * encodeDeep encodes v with the container encoder enc on an explicit stack of frames.
 * Children that are containers open frames; other encoders are called directly.
 */
export function encodeDeep(enc: Enc, v: unknown): string {
  const stack: MFrame[] = [];
  const open = enc.frame as (v: unknown) => MFrame | string;
  let s: MFrame | string = open(v);
  try {
    for (;;) {
      let top: MFrame;
      if (typeof s === "string") {
        const t = stack[stack.length - 1];
        if (t === undefined) return s;
        t.put(s);
        top = t;
      } else {
        stack.push(s);
        top = s;
      }
      if (top.next()) {
        const ce = top.ce;
        s = ce.frame !== undefined ? ce.frame(top.cv) : ce(top.cv);
      } else {
        s = top.finish();
        stack.pop();
      }
    }
  } catch (e) {
    // One prefix for the whole stack (re-making an error per frame would be quadratic).
    let ptr = "";
    let off = 0;
    let inArray = false;
    for (let j = 0; j < stack.length; j++) {
      const f = stack[j] as MFrame;
      const seg = f.seg();
      if (seg !== undefined) {
        ptr += `/${escapePointerToken(seg)}`;
        inArray = f.array === true;
      }
      off += f.offset();
    }
    throw prefixMarshalPointerPath(e, ptr, off, inArray);
  }
}
