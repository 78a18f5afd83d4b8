/**
 * Pointers, marshal and unmarshal: nil is null; an element decodes into the allocated pointee, which
 * stays allocated when the element fails (as in Go); the deep-path frames of both directions.
 * Go: arshal_default.go's pointer arshaler.
 */

import type { GoType } from "@gojson/gotype";
import { isByteSliceToDecode } from "./arshal-slices.js";
import { partialOf, setPartial } from "./errors.js";
import { zero } from "./go-values.js";
import { invalidValue } from "./invalid-value.js";
import { compileEncoder, type MarshalMode } from "./marshal-compile.js";
import { DEEP_AFTER, type Enc, encodeDeep, leave, type MFrame, ms, visit } from "./marshal-deep.js";
import { invalidStringTagEncoder } from "./marshal-support.js";
import type { ResolvedOptions } from "./options.js";
import { stringTagPointerToPointer } from "./string-tag.js";
import { compileDecoder, type UnmarshalMode } from "./unmarshal-compile.js";
import { type Dec, UFrame } from "./unmarshal-deep.js";
import { invalidStringTagDecoder, legacyFailures, peekSoft, textAt } from "./unmarshal-support.js";

/** The encoder of a pointer: nil is null, else its element (Go's cycle check on the deep path). */
export function pointerEncoder(
  t: Extract<GoType, { kind: "pointer" }>,
  o: ResolvedOptions,
  m: MarshalMode,
): Enc {
  // Go 1.27: `string` with v1 semantics does not reach through a pointer to a pointer.
  const pp = m.tag ? stringTagPointerToPointer(t, o) : "keep";
  if (pp === "error") return invalidStringTagEncoder(t);
  const elem = compileEncoder(t.elem, o, { ...m, addr: true, tag: m.tag && pp === "keep" });
  const enc: Enc = (v) => {
    if (v === null) return "null";
    if (v === undefined) throw invalidValue(t, v);
    if (ms.depth >= DEEP_AFTER) return encodeDeep(enc, v);
    return elem(v);
  };
  enc.frame = (v) => {
    if (v === null) return "null";
    if (v === undefined) throw invalidValue(t, v);
    return new PointerMarshalFrame(t, elem, v);
  };
  return enc;
}

/** The deep-path frame of a pointer: Go's cycle check, then its element (no pointer segment). */
class PointerMarshalFrame implements MFrame {
  ce: Enc;
  cv: unknown;
  private done = false;
  private text = "";
  private readonly visited: boolean;
  constructor(
    private readonly t: GoType,
    elem: Enc,
    v: unknown,
  ) {
    this.visited = visit(t, v);
    this.ce = elem;
    this.cv = v;
  }
  next(): boolean {
    if (this.done) return false;
    this.done = true;
    return true;
  }
  put(s: string): void {
    this.text = s;
  }
  finish(): string {
    if (this.visited) leave(this.t, this.cv);
    return this.text;
  }
  seg(): string | undefined {
    return undefined;
  }
  offset(): number {
    return 0;
  }
}

/** The decoder of a pointer: null clears it, anything else decodes into its (allocated) element. */
export function pointerDecoder(
  t: Extract<GoType, { kind: "pointer" }>,
  o: ResolvedOptions,
  m: UnmarshalMode,
): Dec {
  const f = o.flags;
  // Go 1.27: `string` with v1 semantics does not reach through a pointer to a pointer.
  if (m.tag) {
    const pp = stringTagPointerToPointer(t, o);
    if (pp === "error") return invalidStringTagDecoder(t, o);
    if (pp === "drop") return compileDecoder(t, o, { ...m, tag: false });
  }
  const elem = compileDecoder(t.elem, o, m);
  const et = t.elem;
  // v1's `string` option: a quoted null sets the pointer itself to nil.
  const quotedNull = m.legacyStr || (m.tag && f.stringifyWithLegacySemantics);
  const standIn = allocatedStandIn(et, o);
  const dec: Dec = (r, cur) => {
    // Go's PeekKind defers a syntax error: the pointer is allocated and the element's
    // decoder reports it (with the element's own partial value: nested pointers too).
    const k = peekSoft(r.d);
    if (k === "n") {
      r.d.readNull();
      return null;
    }
    const base = cur === null || cur === undefined ? zero(et) : cur;
    const start = r.valueStart(r.d.inputOffset);
    try {
      const failed = legacyFailures;
      const v = elem(r, base);
      // v1's `string` option: a quoted null takes effect on the pointer itself (unless the
      // element failed: Go returns its error first, the pointer stays allocated).
      if (
        quotedNull &&
        legacyFailures === failed &&
        r.d.inputOffset - start === 6 &&
        textAt(r.buf, start, 6) === '"null"'
      )
        return null;
      // Go allocated the pointer before its element ran: a nil slice or map behind it (the element
      // failed and legacy reporting carried on, or its UnmarshalJSON left it nil) is the empty one.
      if (v === null && standIn !== undefined) return standIn();
      return v;
    } catch (e) {
      const held = partialOf(e, base);
      setPartial(e, held === null && standIn !== undefined ? standIn() : held);
      throw e;
    }
  };
  // Deep path: a pointer to a container is a frame around its element (scalars decode directly).
  dec.open = (r, cur) => {
    if (elem.open === undefined) return dec(r, cur);
    const k = peekSoft(r.d);
    if (k === "") return dec(r, cur); // a deferred syntax error: the element reports it
    if (k === "n") {
      r.d.readNull();
      return null;
    }
    return new PointerUnmarshalFrame(elem, cur === null || cur === undefined ? zero(et) : cur, standIn);
  };
  return dec;
}

/** The deep-path frame of a pointer to a container: its element, with the pointer's partial value. */
class PointerUnmarshalFrame extends UFrame {
  private v: unknown;
  private done = false;
  constructor(
    elem: Dec,
    base: unknown,
    private readonly standIn: (() => unknown) | undefined,
  ) {
    super();
    this.cd = elem;
    this.cb = base;
  }
  next(): boolean {
    if (this.done) return false;
    this.done = true;
    return true;
  }
  put(v: unknown): void {
    this.v = v;
  }
  finish(): unknown {
    return this.v;
  }
  fail(e: unknown): string | undefined {
    const held = partialOf(e, this.cb);
    setPartial(e, held === null && this.standIn !== undefined ? this.standIn() : held);
    return undefined;
  }
}

/**
 * allocatedStandIn gives what a pointer holds when Go allocated it and its element (a slice or
 * map) failed before it was made: Go's pointer is not nil but points to a nil slice or map, which
 * the contract's values cannot tell from a nil pointer (both null); codec-v2 gives the empty slice
 * or map, which Go's json/v2 writes alike (`""`, `[]`, `{}`). Undefined for other element types.
 */
function allocatedStandIn(et: GoType, o: ResolvedOptions): (() => unknown) | undefined {
  if (et.known === "json.RawMessage" || et.known === "jsontext.Value") return () => new Uint8Array(0);
  if (et.known !== undefined) return undefined;
  if (et.kind === "map") return () => new Map();
  if (et.kind === "slice") return isByteSliceToDecode(et, o) ? () => new Uint8Array(0) : () => [];
  return undefined;
}
