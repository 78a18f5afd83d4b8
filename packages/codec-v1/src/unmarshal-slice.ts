/**
 * Unmarshal of slices and arrays ([]byte as base64 included): the exact
 * engine's decoders (Go's array(): slices grow and reuse the elements of an
 * existing slice, arrays zero what the input does not fill, what a failed
 * decode leaves behind is recorded on the error), then the fast path's
 * (plain slices, float lists and nested numeric trees built by one native
 * JSON.parse, fixed-size arrays).
 */
import { Abort, DEEP_DEPTH, type DecodeState, partialOf, SYNTAX_BAIL } from "./decode-state.js";
import type { GoType } from "./deps.js";
import {
  BAIL,
  bail,
  beginArray,
  C,
  END,
  listReader,
  nextElement,
  readFloatList,
  readNull,
  readString,
  skipValue,
} from "./deps.js";
import { GoError } from "./errors.js";
import { base64Decode } from "./format.js";
import {
  C_LBRACKET,
  C_N,
  C_QUOTE,
  type Decoder,
  decoderFor,
  type FDec,
  fastDecoderFor,
  GIVE_UP,
  hasUnmarshalMethod,
  LBRACKET,
  mismatch,
  NOT_PRIMITIVE,
  primitiveZero,
  Q,
} from "./unmarshal-common.js";
import { zeroFn, zeroValue } from "./zero.js";

/**
 * The destination of element `i` when a slice grows to it: the element Go's
 * backing array still holds there (cut off earlier in this decode by a
 * shorter value), or a zero value.
 */
function spareElement(d: DecodeState, arr: object | null, i: number, ez: () => unknown): unknown {
  const tail = arr === null ? undefined : d.tails?.get(arr);
  if (tail !== undefined) {
    const k = i - tail.base;
    if (k >= 0 && k < tail.items.length) return tail.items[k];
  }
  return ez();
}

/**
 * Records the elements from `i` on (and what lay beyond them) before `arr` is cut to length `i`.
 * `from` holds the tail so far and `to` gets the new one (both `arr`, but a []byte decoded from
 * an array is a new Uint8Array each time: the tail moves from the old one to the new one).
 */
function keepTail(d: DecodeState, arr: unknown[], i: number, from: object = arr, to: object = arr): void {
  if (d.tails === null) d.tails = new WeakMap();
  const old = d.tails.get(from);
  const items = arr.slice(i);
  if (old !== undefined && arr.length >= old.base) items.push(...old.items.slice(arr.length - old.base));
  if (items.length > 0 || to === from) d.tails.set(to, { base: i, items });
}

export function buildSlice(t: GoType & { kind: "slice" }): Decoder {
  const elemT = t.elem;
  const elem = decoderFor(elemT);
  const ez = zeroFn(elemT);
  const bytes = elemT.kind === "uint8";
  return (d, cur) => {
    const c = d.text.charCodeAt(d.pos);
    if (c === C_LBRACKET) {
      if (d.depth >= DEEP_DEPTH && !bytes) return d.deep(d, t, cur);
      d.enter();
      d.pos++;
      d.ws();
      let arr: any[] = cur === null || cur === undefined ? [] : bytes ? Array.from(cur as Uint8Array) : cur;
      let i = 0;
      if (d.text.charCodeAt(d.pos) !== 0x5d) {
        try {
          for (;;) {
            if (i < arr.length) arr[i] = elem(d, arr[i]);
            else
              arr.push(elem(d, spareElement(d, bytes ? ((cur as Uint8Array | null) ?? null) : arr, i, ez)));
            i++;
            d.ws();
            const e = d.text.charCodeAt(d.pos);
            if (e === 0x2c) {
              d.pos++;
              d.ws();
              continue;
            }
            if (e === 0x5d) break;
            throw SYNTAX_BAIL;
          }
        } catch (e) {
          // Go grew the slice to i+1 before decoding element i, and truncates only at `]`.
          if (e instanceof Abort) {
            // (a leaf that failed leaves its destination as it was: the element, or a fresh zero)
            arr[i] = partialOf(e, i < arr.length ? arr[i] : ez());
            e.partial = bytes ? Uint8Array.from(arr) : arr;
          }
          throw e;
        }
      }
      d.pos++;
      d.depth--;
      if (bytes) {
        // Go's []byte keeps its backing array too: bytes past a shorter array value are still
        // there when a later (duplicate) member grows it, and an element that fails keeps them.
        const out = Uint8Array.from(i === 0 ? [] : arr.slice(0, i));
        if (i > 0 && cur !== null && cur !== undefined) keepTail(d, arr, i, cur as Uint8Array, out);
        return out;
      }
      if (i < arr.length) {
        if (i > 0) keepTail(d, arr, i);
        arr.length = i;
      }
      if (i === 0) arr = [];
      return arr;
    }
    if (c === C_N) {
      d.readLiteral();
      return null;
    }
    if (c === C_QUOTE && bytes) {
      const s = d.readString();
      const r = base64Decode(s);
      if (typeof r === "number") {
        d.save(new GoError("base64", `illegal base64 data at input byte ${r}`));
        return cur;
      }
      return r;
    }
    return mismatch(d, t, cur);
  };
}

export function buildArray(t: GoType & { kind: "array" }): Decoder {
  const elemT = t.elem;
  const elem = decoderFor(elemT);
  const ez = zeroFn(elemT);
  const n = t.len;
  return (d, cur) => {
    const c = d.text.charCodeAt(d.pos);
    if (c === C_LBRACKET) {
      if (d.depth >= DEEP_DEPTH) return d.deep(d, t, cur);
      d.enter();
      d.pos++;
      d.ws();
      const arr: any[] = Array.isArray(cur) && cur.length === n ? cur : zeroValue(t);
      let i = 0;
      if (d.text.charCodeAt(d.pos) !== 0x5d) {
        try {
          for (;;) {
            if (i < n) arr[i] = elem(d, arr[i]);
            else d.skip();
            i++;
            d.ws();
            const e = d.text.charCodeAt(d.pos);
            if (e === 0x2c) {
              d.pos++;
              d.ws();
              continue;
            }
            if (e === 0x5d) break;
            throw SYNTAX_BAIL;
          }
        } catch (e) {
          if (e instanceof Abort) {
            if (i < n) arr[i] = partialOf(e, arr[i]);
            e.partial = arr;
          }
          throw e;
        }
      }
      d.pos++;
      d.depth--;
      for (; i < n; i++) arr[i] = ez();
      return arr;
    }
    return mismatch(d, t, cur);
  };
}

export function sliceDecoder(t: GoType & { kind: "slice" }): FDec {
  const elemT = t.elem;
  if (elemT.kind === "uint8") {
    if (hasUnmarshalMethod(elemT)) return GIVE_UP;
    // []byte: base64 text (v1's lenient decoding); an array of numbers is left to the exact engine.
    return (c) => {
      if (c === Q) {
        const r = base64Decode(readString());
        if (typeof r === "number") bail();
        return r;
      }
      readNull(c);
      return null;
    };
  }
  // Slices of slices of float64 (GeoJSON's [][][]float64) read list by list, the innermost with
  // readFloatList: cheaper than one JSON.parse of the value and a walk over it (canada, callgrind).
  // A single long []float64 stays with JSON.parse (numeric-series, callgrind).
  const tree = float64Slices(t, 2) ? null : numericTree(t);
  if (tree !== null) {
    // Floats nested in slices and arrays: one native JSON.parse of the whole value, then checked.
    const plain = plainSliceDecoder(t);
    // Wrong guesses of the value's end (past a few, this type stops guessing).
    let misses = 0;
    return (c, cur) => {
      if (c !== LBRACKET) {
        readNull(c);
        return null;
      }
      if (cur !== null && cur !== undefined && cur.length !== 0) bail();
      let v: unknown;
      if (misses < MAX_GUESS_MISSES) {
        // Guess the end without a scan: the last `]` before the next `"` or `}`. When the
        // text up to it is one JSON value it is the value that starts here (no JSON text
        // is a proper prefix of another); else (it throws) the scan below finds the end.
        // (The `}` is looked for only up to the quote: a right guess reads no further than
        // the next quote, so a run of them reads the text about once.)
        const t = C.t;
        const p = C.p;
        let stop = t.indexOf('"', p);
        if (stop < 0) stop = t.length;
        const brace = t.slice(p, stop).indexOf("}");
        if (brace >= 0) stop = p + brace;
        const end = t.lastIndexOf("]", stop) + 1;
        if (end > p) {
          try {
            v = JSON.parse(t.slice(p, end));
            C.p = end;
            return tree.fix(v);
          } catch (e) {
            if (e === BAIL) throw e;
            misses++;
          }
        }
      }
      const end = numericEnd(tree.depth);
      if (end < 0) return plain(c, cur);
      try {
        v = JSON.parse(C.t.slice(C.p, end));
      } catch {
        // Not valid JSON: element by element, which gives up at the error.
        return plain(c, cur);
      }
      C.p = end;
      return tree.fix(v);
    };
  }
  return plainSliceDecoder(t);
}

/** The slice decoder reading element by element. */
function plainSliceDecoder(t: GoType & { kind: "slice" }): FDec {
  const elemT = t.elem;
  if (isPlainFloat(elemT) && elemT.kind === "float64") {
    return (c, cur) => {
      if (c !== LBRACKET) {
        readNull(c);
        return null;
      }
      if (cur !== null && cur !== undefined && cur.length !== 0) bail();
      return readFloatList();
    };
  }
  // (inside slices of float64 slices, every level reads list by list: no JSON.parse per short list)
  const elem =
    elemT.kind === "slice" && float64Slices(elemT, 1) ? plainSliceDecoder(elemT) : fastDecoderFor(elemT);
  const ez = zeroFn(elemT);
  const z = primitiveZero(elemT);
  // Each element decoded into a fresh zero value (the kernel's readList makes short arrays at size),
  // by this type's own list reader (allocation sites of its own: see listReader).
  const read = z === NOT_PRIMITIVE ? (k: number) => elem(k, ez()) : (k: number) => elem(k, z);
  const list = listReader(read);
  return (c, cur) => {
    if (c !== LBRACKET) {
      readNull(c);
      return null;
    }
    // A slice decoded a second time (a duplicate name) reuses its elements and capacity: exact engine.
    if (cur !== null && cur !== undefined && cur.length !== 0) bail();
    return list();
  };
}

/** Whether `t` is float64 in at least `min` levels of slices, with nothing special at any level. */
function float64Slices(t: GoType, min: number): boolean {
  let u = t;
  let depth = 0;
  for (; u.kind === "slice" && depth < 64; depth++) {
    if (u.known !== undefined || hasUnmarshalMethod(u)) return false;
    u = u.elem;
  }
  return depth >= min && isPlainFloat(u) && u.kind === "float64";
}

/** Whether `t` is float32 or float64 with nothing special about it (no methods, not a known type). */
function isPlainFloat(t: GoType): boolean {
  return (t.kind === "float64" || t.kind === "float32") && t.known === undefined && !hasUnmarshalMethod(t);
}

/**
 * A numeric tree: float64/float32 nested in slices and arrays (`[][][]float64`,
 * `[][2]float64`). `fix` turns JSON.parse's value of such a JSON text into the
 * exact engine's value (null floats are 0, null arrays zero arrays, arrays cut
 * or padded to their length, float32 rounded) or bails (a mismatch, an
 * overflow); `depth` is the nesting of brackets the type allows.
 */
interface NumericTree {
  readonly depth: number;
  readonly fix: (v: unknown) => unknown;
}

function numericTree(t: GoType, seen: Set<GoType> = new Set()): NumericTree | null {
  // (a recursive type, `type L []L`, has no float at its bottom)
  if (seen.has(t)) return null;
  seen.add(t);
  if (isPlainFloat(t)) {
    const f32 = t.kind === "float32";
    return {
      depth: 0,
      fix: (v) => {
        if (typeof v === "number") {
          const r = f32 ? Math.fround(v) : v;
          if (r - r !== 0) bail();
          return r;
        }
        if (v === null) return 0;
        return bail();
      },
    };
  }
  if ((t.kind !== "slice" && t.kind !== "array") || hasUnmarshalMethod(t) || t.known !== undefined)
    return null;
  const inner = numericTree(t.elem, seen);
  if (inner === null) return null;
  const fixElem = inner.fix;
  if (t.kind === "slice" && inner.depth === 0) {
    const f32 = t.elem.kind === "float32";
    return {
      depth: 1,
      fix: (v) => {
        if (v === null) return null;
        if (!Array.isArray(v)) bail();
        for (let i = 0; i < v.length; i++) {
          const x = v[i];
          if (typeof x === "number") {
            if (f32) {
              const r = Math.fround(x);
              if (r - r !== 0) bail();
              v[i] = r;
            } else if (x - x !== 0) bail();
          } else if (x === null) v[i] = 0;
          else bail();
        }
        return v;
      },
    };
  }
  if (t.kind === "slice") {
    return {
      depth: inner.depth + 1,
      fix: (v) => {
        if (v === null) return null;
        if (!Array.isArray(v)) bail();
        for (let i = 0; i < v.length; i++) v[i] = fixElem(v[i]);
        return v;
      },
    };
  }
  const n = t.len;
  const mk = zeroFn(t);
  const ez = zeroFn(t.elem);
  return {
    depth: inner.depth + 1,
    fix: (v) => {
      // null leaves the (fresh) array as it was: zero.
      if (v === null) return mk();
      if (!Array.isArray(v)) bail();
      // Elements past the length are skipped; missing ones are zero.
      if (v.length > n) v.length = n;
      for (let i = 0; i < v.length; i++) v[i] = fixElem(v[i]);
      for (let i = v.length; i < n; i++) v.push(ez());
      return v;
    },
  };
}

/** Wrong guesses of a numeric value's end after which a slice type stops guessing. */
const MAX_GUESS_MISSES = 8;

/** One char of numeric JSON text other than a bracket (numbers, null, commas, whitespace). */
const NUMERIC_CHAR = "[-+.0-9eEnul,\\t\\n\\r ]";

const bracketRes = new Map<number, RegExp>();

/**
 * A sticky regular expression matching a bracketed value nested at most
 * `depth` levels whose other chars are numeric text: it ends exactly at the
 * value's own closing bracket (each char decides the branch: no backtracking).
 */
function bracketRe(depth: number): RegExp {
  let re = bracketRes.get(depth);
  if (re === undefined) {
    let src = `\\[${NUMERIC_CHAR}*\\]`;
    for (let i = 1; i < depth; i++) src = `\\[(?:${NUMERIC_CHAR}|${src})*\\]`;
    re = new RegExp(src, "y");
    bracketRes.set(depth, re);
  }
  return re;
}

/**
 * The end of the numeric value at C.p (at `[`) nested at most `depth` levels,
 * or -1 when it holds anything else or nests deeper (then the element-by-element
 * decoder reads it, and gives up where the exact engine must speak).
 */
function numericEnd(depth: number): number {
  const re = bracketRe(depth);
  re.lastIndex = C.p;
  return re.test(C.t) ? re.lastIndex : -1;
}

export function arrayDecoder(t: GoType & { kind: "array" }): FDec {
  const n = t.len;
  const elem = fastDecoderFor(t.elem);
  const ez = zeroFn(t.elem);
  const mk = zeroFn(t);
  return (c, cur) => {
    if (c !== LBRACKET) {
      readNull(c);
      return cur;
    }
    const arr: unknown[] = Array.isArray(cur) && cur.length === n ? cur : mk();
    let i = 0;
    // Go v1: elements past the length are skipped, missing ones zeroed.
    for (let k = beginArray(); k !== END; k = nextElement()) {
      if (i < n) arr[i] = elem(k, arr[i]);
      else skipValue(k);
      i++;
    }
    for (; i < n; i++) arr[i] = ez();
    return arr;
  };
}
