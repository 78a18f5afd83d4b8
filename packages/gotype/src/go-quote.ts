import { isGoPrint } from "@gojson/jsontext/internal";

/** Go's strconv.Quote for a string: a double-quoted Go string literal. */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    switch (ch) {
      case '"':
        out += '\\"';
        continue;
      case "\\":
        out += "\\\\";
        continue;
      case "\x07":
        out += "\\a";
        continue;
      case "\b":
        out += "\\b";
        continue;
      case "\f":
        out += "\\f";
        continue;
      case "\n":
        out += "\\n";
        continue;
      case "\r":
        out += "\\r";
        continue;
      case "\t":
        out += "\\t";
        continue;
      case "\v":
        out += "\\v";
        continue;
    }
    if (c >= 0x20 && c < 0x7f) out += ch;
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, "0")}`;
    else if (c >= 0xd800 && c <= 0xdfff) out += "\\ufffd";
    else if (isGoPrint(c)) out += ch;
    else if (c < 0x10000) out += `\\u${c.toString(16).padStart(4, "0")}`;
    else out += `\\U${c.toString(16).padStart(8, "0")}`;
  }
  return `${out}"`;
}

/**
 * Go's strconv.Unquote for a double-quoted literal (`"a\tb"`); returns
 * undefined where Go returns ErrSyntax. `\x` escapes of bytes ≥ 0x80 (which
 * may make invalid UTF-8 in Go) decode as Latin-1 code points here.
 */
export function goUnquote(q: string): string | undefined {
  if (q.length < 2 || q[0] !== '"' || q[q.length - 1] !== '"') return undefined;
  const s = q.slice(1, -1);
  if (isPlain(s)) return s;
  let out = "";
  for (let i = 0; i < s.length; ) {
    const c = s[i] as string;
    if (c === '"' || c === "\n") return undefined;
    if (c !== "\\") {
      out += c;
      i++;
      continue;
    }
    const e = s[i + 1];
    i += 2;
    switch (e) {
      case "a":
        out += "\x07";
        break;
      case "b":
        out += "\b";
        break;
      case "f":
        out += "\f";
        break;
      case "n":
        out += "\n";
        break;
      case "r":
        out += "\r";
        break;
      case "t":
        out += "\t";
        break;
      case "v":
        out += "\v";
        break;
      case "\\":
        out += "\\";
        break;
      case '"':
        out += '"';
        break;
      case "x":
      case "u":
      case "U": {
        const n = e === "x" ? 2 : e === "u" ? 4 : 8;
        const hex = s.slice(i, i + n);
        if (hex.length !== n || !/^[0-9a-fA-F]+$/.test(hex)) return undefined;
        const v = Number.parseInt(hex, 16);
        if (e !== "x" && (v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff))) return undefined;
        out += String.fromCodePoint(v);
        i += n;
        break;
      }
      case "0":
      case "1":
      case "2":
      case "3":
      case "4":
      case "5":
      case "6":
      case "7": {
        const oct = s.slice(i - 1, i + 2);
        if (!/^[0-7]{3}$/.test(oct)) return undefined;
        const v = Number.parseInt(oct, 8);
        if (v > 255) return undefined;
        out += String.fromCodePoint(v);
        i += 2;
        break;
      }
      default:
        return undefined;
    }
  }
  return out;
}

// No escape, quote or newline: the literal's text is its value.
function isPlain(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x5c || c === 0x22 || c === 0x0a) return false;
  }
  return true;
}

/** Go's %q of a rune: a single-quoted Go rune literal (`'x'`, `'\''`). */
export function goQuoteRune(ch: string): string {
  if (ch === "'") return "'\\''";
  if (ch === '"') return `'"'`;
  const q = goQuote(ch);
  return `'${q.slice(1, -1)}'`;
}
