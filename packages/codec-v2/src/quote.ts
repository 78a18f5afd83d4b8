/**
 * String quoting and float formatting as Go's jsontext writes them.
 * Local stand-ins until @gojson/jsontext's `appendQuotedString` and `formatFloat` land.
 */

const HEX = "0123456789abcdef";

/** Thrown by quote when a string holds invalid UTF-8 (a lone surrogate) and that is not allowed. */
export class InvalidUTF8 extends Error {}

const NEEDS_MIN = /["\\\u0000-\u001f\ud800-\udfff]/;
const NEEDS_HTML = /["\\\u0000-\u001f\ud800-\udfff<>&]/;
const NEEDS_JS = /["\\\u0000-\u001f\ud800-\udfff\u2028\u2029]/;
const NEEDS_ALL = /["\\\u0000-\u001f\ud800-\udfff<>&\u2028\u2029]/;

/** Quote s as a JSON string: minimal escaping, plus HTML/JS escaping when asked; lone surrogates are \ufffd or an error. */
export function quote(s: string, html: boolean, js: boolean, allowInvalid: boolean): string {
  const re = html ? (js ? NEEDS_ALL : NEEDS_HTML) : js ? NEEDS_JS : NEEDS_MIN;
  if (!re.test(s)) return `"${s}"`;
  let out = '"';
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let rep: string | undefined;
    if (c < 0x20) {
      switch (c) {
        case 8:
          rep = "\\b";
          break;
        case 9:
          rep = "\\t";
          break;
        case 10:
          rep = "\\n";
          break;
        case 12:
          rep = "\\f";
          break;
        case 13:
          rep = "\\r";
          break;
        default:
          rep = `\\u00${HEX[c >> 4]}${HEX[c & 15]}`;
      }
    } else if (c === 0x22) rep = '\\"';
    else if (c === 0x5c) rep = "\\\\";
    else if (html && (c === 0x3c || c === 0x3e || c === 0x26)) rep = `\\u00${HEX[c >> 4]}${HEX[c & 15]}`;
    else if (js && (c === 0x2028 || c === 0x2029)) rep = `\\u${c.toString(16)}`;
    else if (c >= 0xd800 && c <= 0xdfff) {
      const d = s.charCodeAt(i + 1);
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        i++;
        continue;
      }
      if (!allowInvalid) throw new InvalidUTF8("invalid UTF-8");
      rep = "\ufffd";
    }
    if (rep !== undefined) {
      out += s.slice(last, i) + rep;
      last = i + 1;
    }
  }
  return `${out + s.slice(last)}"`;
}

/** Format a float64 (bits 64) or float32 (bits 32) as Go's JSON encoders do (shortest round trip, ES6 exponent rules). */
export function formatFloat(f: number, bits: 32 | 64): string {
  if (f === 0) return Object.is(f, -0) ? "-0" : "0";
  if (bits === 64) return String(f);
  // Shortest decimal that rounds back to the same float32.
  for (let p = 1; p <= 9; p++) {
    const s = f.toPrecision(p);
    if (Math.fround(Number(s)) === f) return String(Number(s));
  }
  return String(f);
}
