/**
 * Raw JSON values (MarshalJSON output, json.RawMessage, jsontext.Value):
 * validated and rewritten compactly under the encoder's options, as Go's
 * jsontext.Encoder.WriteValue does.
 */
import { escapePointerToken, SyntacticError } from "./errors.js";
import type { ResolvedOptions } from "./options.js";
import { InvalidUTF8, quote } from "./quote.js";
import { Scanner } from "./scanner.js";

/** Validate `text` as one JSON value and return it compacted (strings re-quoted unless preserveRawStrings). */
export function reformatRaw(text: string, o: ResolvedOptions): string {
  const f = o.flags;
  const sc = new Scanner(text, f.allowDuplicateNames, f.allowInvalidUTF8, o.depthLimit);
  const out = emit(sc, o);
  sc.end();
  return out;
}

function emit(sc: Scanner, o: ResolvedOptions): string {
  const f = o.flags;
  const c = sc.ws();
  switch (c) {
    case 0x22: {
      const start = sc.i;
      const v = sc.readString();
      if (f.preserveRawStrings) return sc.s.slice(start, sc.i);
      try {
        return quote(v, f.escapeForHTML, f.escapeForJS, f.allowInvalidUTF8);
      } catch (e) {
        if (e instanceof InvalidUTF8) throw new SyntacticError("invalid UTF-8", 0);
        throw e;
      }
    }
    case 0x7b: {
      sc.i++;
      sc.enter();
      if (!sc.objectFirst()) return "{}";
      let out = "{";
      const seen = f.allowDuplicateNames ? undefined : new Set<string>();
      let first = true;
      do {
        const start = sc.i;
        const name = sc.readString();
        if (seen) {
          if (seen.has(name))
            throw new SyntacticError("duplicate object member name", 0, `/${escapePointerToken(name)}`);
          seen.add(name);
        }
        const nameText = f.preserveRawStrings
          ? sc.s.slice(start, sc.i)
          : quote(name, f.escapeForHTML, f.escapeForJS, true);
        sc.colon();
        out += `${first ? "" : ","}${nameText}:${emit(sc, o)}`;
        first = false;
      } while (sc.objectNext());
      return `${out}}`;
    }
    case 0x5b: {
      sc.i++;
      sc.enter();
      if (!sc.arrayFirst()) return "[]";
      let out = "[";
      let first = true;
      do {
        out += (first ? "" : ",") + emit(sc, o);
        first = false;
      } while (sc.arrayNext());
      return `${out}]`;
    }
    case 0x74:
      sc.literal("true");
      return "true";
    case 0x66:
      sc.literal("false");
      return "false";
    case 0x6e:
      sc.literal("null");
      return "null";
    default:
      if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return sc.readNumber();
      return sc.badValueStart();
  }
}

/** Indent compact JSON text as jsontext's multiline encoder does (prefix, indent, "name": value). */
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
      out += multiline ? `,${nl(depth)}` : spaceAfterComma ? ", " : ",";
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
