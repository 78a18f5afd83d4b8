/**
 * Unmarshal into interfaces: `any` (Go's valueInterface: null, bool, float64
 * or json.Number, string, []any, map[string]any, built iteratively so 10000
 * levels never exhaust the stack), and opaque or non-empty interfaces, which
 * take only null.
 */
import { type DecodeState, SYNTAX_BAIL } from "./decode-state.js";
import { assertResolved, type GoType, JsonNumber } from "./deps.js";
import { C_F, C_LBRACE, C_LBRACKET, C_N, C_QUOTE, C_T, type Decoder, mismatch } from "./unmarshal-common.js";

/**
 * An interface type that is not `any`: an opaque type (func, chan, complex, unsafe.Pointer: Go
 * leaves it as it is for null and reports any other value as `cannot unmarshal <kind> into Go
 * value of type func()`; an unresolved type is gotype's error) or a non-empty interface (`error`:
 * null sets it to nil, any other value is the same type error).
 */
function opaqueDecoder(t: GoType & { kind: "interface" }): Decoder {
  if (t.opaque?.kind === "unresolved")
    return () => {
      assertResolved(t);
      throw new Error("gojson codec-v1: unresolved type");
    };
  const nonEmpty = t.opaque === undefined;
  return (d, cur) => {
    if (d.text.charCodeAt(d.pos) === C_N) {
      d.readLiteral();
      return nonEmpty ? null : cur;
    }
    return mismatch(d, t, cur);
  };
}

/** Interfaces: `any` takes every value; opaque and non-empty interfaces only null. */
export function interfaceDecoder(t: GoType & { kind: "interface" }): Decoder {
  if (t.opaque !== undefined || (t.interfaceMethods?.length ?? 0) > 0) return opaqueDecoder(t);
  return (d, cur) => {
    const c = d.text.charCodeAt(d.pos);
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      // Go's literalStore: a number that overflows float64 leaves the interface as it was.
      const lit = d.readNumber();
      if (d.useNumber) return new JsonNumber(lit);
      const v = Number(lit);
      if (Number.isFinite(v)) return v;
      // Go's convertNumber reports d.off: one byte past the end of the literal.
      d.typeError(`number ${lit}`, "float64", d.pos + 1);
      return cur;
    }
    return decodeAny(d);
  };
}

function setKey(o: Record<string, unknown>, key: string, v: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(o, key, { value: v, writable: true, enumerable: true, configurable: true });
  else o[key] = v;
}

/** Reads a scalar (string, number, literal) for `any` (Go's literalInterface). */
function anyScalar(d: DecodeState, c: number): unknown {
  switch (c) {
    case C_QUOTE:
      return d.readString();
    case C_T:
    case C_F:
      d.readLiteral();
      return c === C_T;
    case C_N:
      d.readLiteral();
      return null;
  }
  const lit = d.readNumber();
  if (d.useNumber) return new JsonNumber(lit);
  const v = Number(lit);
  if (!Number.isFinite(v)) {
    // Go's convertNumber reports d.off: one byte past the end of the literal.
    d.typeError(`number ${lit}`, "float64", d.pos + 1);
    return null;
  }
  return v;
}

interface AnyFrame {
  readonly arr: unknown[] | null;
  readonly obj: Record<string, unknown> | null;
  key: string;
}

/**
 * Decodes any JSON value into `any` (Go's valueInterface): objects become
 * plain objects (a `__proto__` member is an own property), arrays become
 * arrays, numbers float64 (or JsonNumber under useNumber). Iterative, so
 * nesting up to Go's depth limit never exhausts the JavaScript stack.
 */
export function decodeAny(d: DecodeState): unknown {
  const text = d.text;
  let c = text.charCodeAt(d.pos);
  if (c !== C_LBRACE && c !== C_LBRACKET) return anyScalar(d, c);
  const stack: AnyFrame[] = [];
  let value: unknown;
  for (;;) {
    // Start a value at pos (c is its first char).
    if (c === C_LBRACE || c === C_LBRACKET) {
      d.enter();
      d.pos++;
      d.ws();
      const isObj = c === C_LBRACE;
      const frame: AnyFrame = isObj ? { arr: null, obj: {}, key: "" } : { arr: [], obj: null, key: "" };
      const close = isObj ? 0x7d : 0x5d;
      if (text.charCodeAt(d.pos) === close) {
        d.pos++;
        d.depth--;
        value = isObj ? frame.obj : frame.arr;
      } else {
        if (isObj) {
          if (text.charCodeAt(d.pos) !== C_QUOTE) throw SYNTAX_BAIL;
          frame.key = d.readString();
          d.ws();
          if (text.charCodeAt(d.pos) !== 0x3a) throw SYNTAX_BAIL;
          d.pos++;
          d.ws();
        }
        stack.push(frame);
        c = text.charCodeAt(d.pos);
        continue;
      }
    } else value = anyScalar(d, c);
    // A value is complete: store it and continue with the parent.
    for (;;) {
      const top = stack[stack.length - 1];
      if (top === undefined) return value;
      if (top.arr !== null) top.arr.push(value);
      else setKey(top.obj as Record<string, unknown>, top.key, value);
      d.ws();
      const e = text.charCodeAt(d.pos);
      if (e === 0x2c) {
        d.pos++;
        d.ws();
        if (top.obj !== null) {
          if (text.charCodeAt(d.pos) !== C_QUOTE) throw SYNTAX_BAIL;
          top.key = d.readString();
          d.ws();
          if (text.charCodeAt(d.pos) !== 0x3a) throw SYNTAX_BAIL;
          d.pos++;
          d.ws();
        }
        c = text.charCodeAt(d.pos);
        break;
      }
      if ((top.arr !== null && e === 0x5d) || (top.obj !== null && e === 0x7d)) {
        d.pos++;
        d.depth--;
        stack.pop();
        value = top.arr ?? top.obj;
        continue;
      }
      throw SYNTAX_BAIL;
    }
  }
}
