/**
 * Go's ReadValue path with its exact errors (consumeValue, consumeObject and
 * consumeArray in Go's jsontext): the Decoder runs it only after the optimistic
 * validator said a value is not valid, to find the error Go reports for it — text,
 * offset, and the JSON pointer suffix inside the value.
 */
import { hasLiteral, WS } from "./decoder-bytes.js";
import { ERR_DUPLICATE_NAME, quoteRuneV2 } from "./errors.js";
import { escapePointerToken } from "./pointer.js";
import { numberError, scanNumber } from "./scan-number.js";
import { scannedStringFlags, scanString, stringError } from "./scan-string.js";
import { ARR, OBJ } from "./token-state.js";
import { unescapeString } from "./unescape-string.js";
import type { ValueScanContext } from "./validate-value.js";

/** How a ValueFailure's pointer is made from the Decoder's own pointer. */
export type ValueFailureKind = "plain" | "mismatch" | "duplicate";

/**
 * ValueFailure is the error found inside a value: where, Go's text, and the pointer
 * suffix (RFC 6901) from the Decoder's position to the failing member or element.
 */
export class ValueFailure {
  constructor(
    readonly pos: number,
    readonly detail: string,
    readonly suffix: string,
    readonly kind: ValueFailureKind = "plain",
  ) {}
}

const C_QUOTE = 0x22;
const C_COMMA = 0x2c;
const C_COLON = 0x3a;
const C_LBRACE = 0x7b;
const C_RBRACE = 0x7d;
const C_LBRACK = 0x5b;
const C_RBRACK = 0x5d;

const VALUE = 0;
const AFTER = 1;
const NAME = 2;

/**
 * readValueExact reads the value at p (depth `depth`, inside a container of kind
 * `outerKind`: 0 top level, 1 array, 2 object) as Go's ReadValue does and throws the
 * ValueFailure Go reports; returns the index after the value if it is valid after all.
 */
export function readValueExact(cx: ValueScanContext, p: number, depth: number, outerKind: number): number {
  const s = cx.buf;
  const n = s.length;
  // the local stack: kind, key (array index or name start), name end, whether inside a member
  const kind: number[] = [];
  const key: number[] = [];
  const keyEnd: number[] = [];
  const inMember: boolean[] = [];
  const suffix = (): string => {
    let b = "";
    for (let i = 0; i < kind.length; i++) {
      if (!inMember[i]) break;
      if (kind[i] === OBJ) b += `/${escapePointerToken(unescapeString(s, key[i]!, keyEnd[i]!))}`;
      else b += `/${key[i]}`;
    }
    return b;
  };
  const fail = (pos: number, detail: string): never => {
    throw new ValueFailure(pos, detail, suffix());
  };
  const invalidChar = (q: number, where: string): never =>
    fail(q, `invalid character ${quoteRuneV2(s, q)} ${where}`);
  const skipWs = (i: number): number => {
    while (i < n && WS[s[i]!] === 1) i++;
    if (i >= n) fail(n, "unexpected EOF");
    return i;
  };
  const string = (i: number): number => {
    const end = scanString(s, cx.view, i, cx.allowInvalid, cx.utf8);
    if (end >= 0) return end;
    const e = stringError(s, i, cx.allowInvalid);
    return fail(e.pos, e.detail);
  };

  let mode = VALUE;
  for (;;) {
    const sp = kind.length;
    if (mode === VALUE) {
      if (sp > 0) inMember[sp - 1] = true;
      const c = s[p]!;
      if (c === C_LBRACE || c === C_LBRACK) {
        if (depth + sp === cx.maxDepth) fail(p, "exceeded max depth");
        const isObj = c === C_LBRACE;
        kind.push(isObj ? OBJ : ARR);
        key.push(0);
        keyEnd.push(0);
        inMember.push(false);
        if (isObj && !cx.allowDup) cx.names.reset(depth + sp + 1);
        p = skipWs(p + 1);
        const e = s[p]!;
        if (isObj) {
          if (e === C_RBRACE) {
            p++;
            pop();
            mode = AFTER;
          } else mode = NAME;
        } else if (e === C_RBRACK) {
          p++;
          pop();
          mode = AFTER;
        }
        continue;
      }
      if (c === C_QUOTE) p = string(p);
      else if ((c >= 0x30 && c <= 0x39) || c === 0x2d) {
        const end = scanNumber(s, cx.view, p);
        if (end < 0) {
          const e = numberError(s, p, -1 - end);
          fail(e.pos, e.detail);
        }
        p = end;
      } else if (c === 0x6e || c === 0x74 || c === 0x66) {
        const lit = c === 0x6e ? "null" : c === 0x74 ? "true" : "false";
        if (!hasLiteral(s, p, lit)) literalError(p, lit);
        p += lit.length;
      } else {
        if ((outerKind === OBJ && c === C_RBRACK) || (outerKind !== OBJ && c === C_RBRACE)) {
          throw new ValueFailure(p, "", suffix(), "mismatch");
        }
        invalidChar(p, "at start of value");
      }
      mode = AFTER;
      continue;
    }
    if (mode === AFTER) {
      if (sp === 0) return p;
      const f = sp - 1;
      inMember[f] = false;
      p = skipWs(p);
      const c = s[p]!;
      if (kind[f] === OBJ) {
        if (c === C_COMMA) {
          p++;
          mode = NAME;
        } else if (c === C_RBRACE) {
          p++;
          pop();
        } else invalidChar(p, "after object value (expecting ',' or '}')");
        continue;
      }
      if (c === C_COMMA) {
        key[f]!++;
        p = skipWs(p + 1);
        mode = VALUE;
      } else if (c === C_RBRACK) {
        p++;
        pop();
      } else invalidChar(p, "after array element (expecting ',' or ']')");
      continue;
    }
    // NAME
    const f = sp - 1;
    p = skipWs(p);
    if (s[p]! !== C_QUOTE) invalidChar(p, `at start of string (expecting '"')`);
    const end = string(p);
    if (!cx.allowDup && !cx.names.add(depth + f + 1, p, end, scannedStringFlags)) {
      const name = unescapeString(s, p, end);
      throw new ValueFailure(p, ERR_DUPLICATE_NAME, `${suffix()}/${escapePointerToken(name)}`, "duplicate");
    }
    key[f] = p;
    keyEnd[f] = end;
    inMember[f] = true;
    p = skipWs(end);
    if (s[p]! !== C_COLON) invalidChar(p, "after object name (expecting ':')");
    p = skipWs(p + 1);
    mode = VALUE;
  }

  function pop(): void {
    kind.pop();
    key.pop();
    keyEnd.pop();
    inMember.pop();
  }

  function literalError(at: number, lit: string): never {
    for (let i = 0; i < lit.length; i++) {
      if (at + i >= n) fail(n, "unexpected EOF");
      if (s[at + i]! !== lit.charCodeAt(i)) invalidChar(at + i, `in literal ${lit} (expecting '${lit[i]}')`);
    }
    throw new Error("unreachable");
  }
}
