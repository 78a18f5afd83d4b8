/**
 * Raw JSON values (MarshalJSON output, json.RawMessage, jsontext.Value):
 * read through the jsontext Decoder (validated: grammar, UTF-8, duplicate
 * names, depth) and rewritten compactly under the encoder's options, as Go's
 * jsontext.Encoder.WriteValue does. Iterative, like the decoder.
 */
import {
  Decoder,
  formatValue,
  type ResolvedFormat,
  resolveEncoderOptions,
  SyntacticError,
} from "@gojson/jsontext";
import type { QuotePolicy } from "@gojson/jsontext/internal";
import { syntacticError } from "./errors.js";
import type { ResolvedOptions } from "./options.js";
import { quotePolicyFor, quoteWith } from "./quote.js";
import { decodeKeepingInvalid } from "./raw-bytes.js";

const ARR = 0;
const OBJ_NAME = 1;
const OBJ_VALUE = 2;

const rawFormats = new WeakMap<ResolvedOptions, ResolvedFormat>();

/**
 * reformatCanonical is reformatRaw under canonicalizeRawInts, canonicalizeRawFloats or
 * reorderRawObjects: jsontext's formatValue (Go's Encoder.WriteValue with those flags), compact.
 */
/** The jsontext encoder options the codec's flags carry (escaping, validation, raw-value formatting). */
export function encoderFlags(f: ResolvedOptions["flags"]) {
  return {
    escapeForHTML: f.escapeForHTML,
    escapeForJS: f.escapeForJS,
    allowInvalidUTF8: f.allowInvalidUTF8,
    allowDuplicateNames: f.allowDuplicateNames,
    preserveRawStrings: f.preserveRawStrings,
    canonicalizeRawInts: f.canonicalizeRawInts,
    canonicalizeRawFloats: f.canonicalizeRawFloats,
    reorderRawObjects: f.reorderRawObjects,
  };
}

function reformatCanonical(input: string | Uint8Array, o: ResolvedOptions): string {
  const f = o.flags;
  let fmt = rawFormats.get(o);
  if (fmt === undefined) {
    fmt = resolveEncoderOptions({
      ...encoderFlags(f),
      multiline: false,
    });
    rawFormats.set(o, fmt);
  }
  const b = typeof input === "string" ? new TextEncoder().encode(input) : input;
  return new TextDecoder().decode(formatValue(b, fmt));
}

/** reformatRaw validates `input` as one JSON value and returns it compacted (strings re-quoted unless preserveRawStrings). */
export function reformatRaw(input: string | Uint8Array, o: ResolvedOptions): string {
  const f = o.flags;
  if (f.canonicalizeRawInts || f.canonicalizeRawFloats || f.reorderRawObjects)
    return reformatCanonical(input, o);
  try {
    return reformatTokens(input, o);
  } catch (e) {
    // Go's Encoder.WriteValue parses the whole value as ReadValue does: its error texts and
    // positions, not those of reading token by token (`{"a":}` is a bad start of a value).
    if (SyntacticError.isInstance(e)) throw valueError(input, o) ?? e;
    throw e;
  }
}

/** valueError is the error Go's WriteValue reports for an invalid raw value (undefined: none found). */
function valueError(input: string | Uint8Array, o: ResolvedOptions): SyntacticError | undefined {
  const d = new Decoder(input, {
    allowDuplicateNames: o.flags.allowDuplicateNames,
    allowInvalidUTF8: o.flags.allowInvalidUTF8,
    flavour: "v2",
  });
  try {
    d.readValue();
    d.checkEOF();
  } catch (e) {
    if (!SyntacticError.isInstance(e)) return undefined;
    // The encoder's reformatter names the place after an array's element "array value".
    const detail = e.detail.replace(/ after array element \(/, " after array value (");
    // A truncated number: the encoder counts its valid prefix ("1" of "1.") before the EOF.
    const shift = detail === "unexpected EOF" ? numberPrefix(input, e.offset) : 0;
    return detail === e.detail && shift === 0 ? e : syntacticError(detail, e.offset + shift, e.pointer);
  }
  return undefined;
}

/** numberPrefix is the length of the complete number that starts at `at` (Go's ConsumeNumber before an EOF). */
function numberPrefix(input: string | Uint8Array, at: number): number {
  const b = typeof input === "string" ? new TextEncoder().encode(input) : input;
  const digit = (i: number) => i < b.length && (b[i] as number) >= 0x30 && (b[i] as number) <= 0x39;
  let i = at;
  if (b[i] === 0x2d) i++;
  if (!digit(i)) return 0;
  if (b[i] === 0x30) i++;
  else while (digit(i)) i++;
  let n = i - at;
  if (b[i] === 0x2e) {
    if (!digit(i + 1)) return n;
    i++;
    while (digit(i)) i++;
    n = i - at;
  }
  if (b[i] === 0x65 || b[i] === 0x45) {
    let j = i + 1;
    if (b[j] === 0x2b || b[j] === 0x2d) j++;
    if (!digit(j)) return n;
    while (digit(j)) j++;
    n = j - at;
  }
  return n;
}

/**
 * startsWithClose reports whether a raw value begins (after whitespace) with `}` or `]`: Go's
 * encoder writes no comma before such a value, so its error sits before the delimiter.
 */
export function startsWithClose(input: string | Uint8Array): boolean {
  for (let i = 0; i < input.length; i++) {
    const c = typeof input === "string" ? input.charCodeAt(i) : (input[i] as number);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) continue;
    return c === 0x7d || c === 0x5d;
  }
  return false;
}

function reformatTokens(input: string | Uint8Array, o: ResolvedOptions): string {
  const f = o.flags;
  const d = new Decoder(input, {
    allowDuplicateNames: f.allowDuplicateNames,
    allowInvalidUTF8: f.allowInvalidUTF8,
    flavour: "v2",
  });
  const pol: QuotePolicy = quotePolicyFor(o);
  const preserve = f.preserveRawStrings;
  const state: number[] = [];
  const count: number[] = [];
  let out = "";
  do {
    const k = d.peekKind();
    if (k === "") throw d.unexpectedEOF();
    if (k === "}" || k === "]") {
      d.readToken();
      out += k;
      state.pop();
      count.pop();
    } else {
      const top = state.length - 1;
      let isName = false;
      if (top >= 0) {
        const s = state[top] as number;
        if (s === OBJ_VALUE) {
          out += ":";
          state[top] = OBJ_NAME;
        } else {
          if ((count[top] as number) > 0) out += ",";
          count[top] = (count[top] as number) + 1;
          if (s === OBJ_NAME) {
            isName = true;
            state[top] = OBJ_VALUE;
          }
        }
      }
      switch (k) {
        case "{":
        case "[":
          d.readToken();
          out += k;
          state.push(k === "{" ? OBJ_NAME : ARR);
          count.push(0);
          break;
        case '"':
          // Go writes a preserved raw string byte for byte: invalid UTF-8 (where allowed) included.
          if (preserve)
            out += escapePreserved(
              typeof input === "string" || !f.allowInvalidUTF8
                ? d.readValueText()
                : decodeKeepingInvalid(d.readValue()),
              f.escapeForHTML,
              f.escapeForJS,
            );
          else out += quoteWith(d.readString(), pol);
          break;
        case "0":
          out += d.readNumberLiteral();
          break;
        default:
          if (isName) d.readToken(); // throws: object member name must be a string
          out += d.readToken().raw;
      }
    }
  } while (state.length > 0);
  d.checkEOF();
  return out;
}

const HTML_ESC: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * escapePreserved applies escapeForHTML / escapeForJS to a raw string kept verbatim
 * under preserveRawStrings (Go's jsonwire.ReformatString: pre-escaped sequences stay).
 */
function escapePreserved(raw: string, html: boolean, js: boolean): string {
  if (!html && !js) return raw;
  const re = html && js ? /[<>&\u2028\u2029]/g : html ? /[<>&]/g : /[\u2028\u2029]/g;
  return raw.replace(re, (c) => HTML_ESC[c] as string);
}

/** indentCompact indents compact JSON text as jsontext's multiline encoder does (prefix, indent, "name": value). */
export function indentCompact(
  s: string,
  prefix: string,
  indent: string,
  spaceAfterColon: boolean,
  spaceAfterComma: boolean,
  multiline: boolean,
): string {
  if (!multiline) {
    if (!spaceAfterColon && !spaceAfterComma) return s;
  }
  let out = "";
  let depth = 0;
  let i = 0;
  const n = s.length;
  const nl = (d: number) => `\n${prefix}${indent.repeat(d)}`;
  while (i < n) {
    const c = s[i] as string;
    if (c === '"') {
      let j = i + 1;
      while (j < n && s[j] !== '"') j += s[j] === "\\" ? 2 : 1;
      out += s.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (c === "{" || c === "[") {
      const close = c === "{" ? "}" : "]";
      if (s[i + 1] === close) {
        out += c + close;
        i += 2;
        continue;
      }
      depth++;
      out += multiline ? c + nl(depth) : c;
      i++;
      continue;
    }
    if (c === "}" || c === "]") {
      depth--;
      out += multiline ? nl(depth) + c : c;
      i++;
      continue;
    }
    if (c === ",") {
      // Go writes the space (SpaceAfterComma) before the newline too.
      out += (spaceAfterComma ? ", " : ",") + (multiline ? nl(depth) : "");
      i++;
      continue;
    }
    if (c === ":") {
      out += multiline || spaceAfterColon ? ": " : ":";
      i++;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}
