/**
 * TypeScript twins of the JSON methods of standard-library types whose Go
 * implementation is code, not structure: net/netip's Addr, Prefix and
 * AddrPort, net.IP, and math/big's Int, Rat and Float. Error texts are Go's.
 */
import { goQuote } from "./go-quote.js";

const utf8 = new TextDecoder();
function text(data: Uint8Array | string): string {
  return typeof data === "string" ? data : utf8.decode(data);
}

/** An address as 16 bytes plus whether it is IPv4 (z4) and its zone. */
interface Addr {
  readonly bytes: Uint8Array;
  readonly is4: boolean;
  readonly zone: string;
}

class ParseAddrError extends Error {
  constructor(input: string, msg: string, at = "") {
    super(`ParseAddr(${goQuote(input)}): ${msg}${at !== "" ? ` (at ${goQuote(at)})` : ""}`);
  }
}

function parseIPv4Fields(input: string, off: number, end: number, out: Uint8Array, at: number): void {
  const s = input.slice(off, end);
  let val = 0;
  let pos = 0;
  let digLen = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) {
      if (digLen === 1 && val === 0)
        throw new ParseAddrError(input, "IPv4 field has octet with leading zero");
      val = val * 10 + (c - 0x30);
      digLen++;
      if (val > 255) throw new ParseAddrError(input, "IPv4 field has value >255");
    } else if (c === 0x2e) {
      if (i === 0 || i === s.length - 1 || s[i - 1] === ".")
        throw new ParseAddrError(input, "IPv4 field must have at least one digit", s.slice(i));
      if (pos === 3) throw new ParseAddrError(input, "IPv4 address too long");
      out[at + pos] = val;
      pos++;
      val = 0;
      digLen = 0;
    } else throw new ParseAddrError(input, "unexpected character", s.slice(i));
  }
  if (pos < 3) throw new ParseAddrError(input, "IPv4 address too short");
  out[at + 3] = val;
}

function parseIPv6(input: string): Addr {
  let s = input;
  let zone = "";
  const zi = s.indexOf("%");
  if (zi !== -1) {
    zone = s.slice(zi + 1);
    s = s.slice(0, zi);
    if (zone === "") throw new ParseAddrError(input, "zone must be a non-empty string");
  }
  const ip = new Uint8Array(16);
  let ellipsis = -1;
  if (s.length >= 2 && s[0] === ":" && s[1] === ":") {
    ellipsis = 0;
    s = s.slice(2);
    if (s.length === 0) return { bytes: ip, is4: false, zone };
  }
  let i = 0;
  while (i < 16) {
    let off = 0;
    let acc = 0;
    for (; off < s.length; off++) {
      const c = s.charCodeAt(off);
      let d: number;
      if (c >= 0x30 && c <= 0x39) d = c - 0x30;
      else if (c >= 0x61 && c <= 0x66) d = c - 0x61 + 10;
      else if (c >= 0x41 && c <= 0x46) d = c - 0x41 + 10;
      else break;
      acc = acc * 16 + d;
      if (off > 3) throw new ParseAddrError(input, "each group must have 4 or less digits", s);
      if (acc > 0xffff) throw new ParseAddrError(input, "IPv6 field has value >=2^16", s);
    }
    if (off === 0)
      throw new ParseAddrError(input, "each colon-separated field must have at least one digit", s);
    if (off < s.length && s[off] === ".") {
      if (ellipsis < 0 && i !== 12)
        throw new ParseAddrError(
          input,
          "embedded IPv4 address must replace the final 2 fields of the address",
          s,
        );
      if (i + 4 > 16)
        throw new ParseAddrError(
          input,
          "too many hex fields to fit an embedded IPv4 at the end of the address",
          s,
        );
      let end = input.length;
      if (zone.length > 0) end -= zone.length + 1;
      parseIPv4Fields(input, end - s.length, end, ip, i);
      s = "";
      i += 4;
      break;
    }
    ip[i] = acc >> 8;
    ip[i + 1] = acc & 0xff;
    i += 2;
    s = s.slice(off);
    if (s.length === 0) break;
    if (s[0] !== ":") throw new ParseAddrError(input, "unexpected character, want colon", s);
    if (s.length === 1) throw new ParseAddrError(input, "colon must be followed by more characters", s);
    s = s.slice(1);
    if (s[0] === ":") {
      if (ellipsis >= 0) throw new ParseAddrError(input, "multiple :: in address", s);
      ellipsis = i;
      s = s.slice(1);
      if (s.length === 0) break;
    }
  }
  if (s.length !== 0) throw new ParseAddrError(input, "trailing garbage after address", s);
  if (i < 16) {
    if (ellipsis < 0) throw new ParseAddrError(input, "address string too short");
    const n = 16 - i;
    for (let j = i - 1; j >= ellipsis; j--) ip[j + n] = ip[j] as number;
    ip.fill(0, ellipsis, ellipsis + n);
  } else if (ellipsis >= 0)
    throw new ParseAddrError(input, "the :: must expand to at least one field of zeros");
  return { bytes: ip, is4: false, zone };
}

/** Go's netip.ParseAddr. */
function parseAddr(s: string): Addr {
  for (let i = 0; i < s.length; i++) {
    switch (s[i]) {
      case ".": {
        const b = new Uint8Array(16);
        b[10] = 0xff;
        b[11] = 0xff;
        parseIPv4Fields(s, 0, s.length, b, 12);
        return { bytes: b, is4: true, zone: "" };
      }
      case ":":
        return parseIPv6(s);
      case "%":
        throw new ParseAddrError(s, "missing IPv6 address");
    }
  }
  throw new ParseAddrError(s, "unable to parse IP");
}

function is4In6(a: Addr): boolean {
  const b = a.bytes;
  for (let i = 0; i < 10; i++) if (b[i] !== 0) return false;
  return b[10] === 0xff && b[11] === 0xff;
}

function string4(b: Uint8Array, at: number): string {
  return `${b[at]}.${b[at + 1]}.${b[at + 2]}.${b[at + 3]}`;
}

/** Go's netip.Addr.String for a valid address. */
function addrString(a: Addr): string {
  const b = a.bytes;
  if (a.is4) return string4(b, 12);
  const zone = a.zone !== "" ? `%${a.zone}` : "";
  if (is4In6(a)) return `::ffff:${string4(b, 12)}${zone}`;
  const g = (i: number) => ((b[2 * i] as number) << 8) | (b[2 * i + 1] as number);
  let zs = 255;
  let ze = 255;
  for (let i = 0; i < 8; i++) {
    let j = i;
    while (j < 8 && g(j) === 0) j++;
    const l = j - i;
    if (l >= 2 && l > (ze - zs) % 256) {
      zs = i;
      ze = j;
    }
  }
  let out = "";
  for (let i = 0; i < 8; i++) {
    if (i === zs) {
      out += "::";
      i = ze;
      if (i >= 8) break;
    } else if (i > 0) out += ":";
    out += g(i).toString(16);
  }
  return out + zone;
}

/** The text a netip value holds (`{ text }` or a string; "" for the zero value): MarshalText's and AppendText's. */
function heldText(v: unknown): string {
  if (typeof v === "string") return v;
  if (v !== null && typeof v === "object" && typeof (v as { text?: unknown }).text === "string")
    return (v as { text: string }).text;
  return "";
}

/** netip.Addr's MarshalText / AppendText / UnmarshalText over `{ text: string }` values (canonical text, "" for the zero Addr). */
export const netipAddrTwins = {
  MarshalText: heldText,
  AppendText: heldText,
  UnmarshalText: (data: Uint8Array | string): { text: string } => {
    const s = text(data);
    return { text: s === "" ? "" : addrString(parseAddr(s)) };
  },
};

class PrefixError extends Error {
  constructor(input: string, msg: string) {
    super(`netip.ParsePrefix(${goQuote(input)}): ${msg}`);
  }
}

function parsePrefix(s: string): string {
  const i = s.lastIndexOf("/");
  if (i < 0) throw new PrefixError(s, "no '/'");
  let ip: Addr;
  try {
    ip = parseAddr(s.slice(0, i));
  } catch (e) {
    throw new PrefixError(s, (e as Error).message);
  }
  if (!ip.is4 && ip.zone !== "") throw new PrefixError(s, "IPv6 zones cannot be present in a prefix");
  const bitsStr = s.slice(i + 1);
  if (bitsStr.length > 1 && !(bitsStr[0] !== undefined && bitsStr[0] >= "1" && bitsStr[0] <= "9"))
    throw new PrefixError(s, `bad bits after slash: ${goQuote(bitsStr)}`);
  if (!/^[+-]?[0-9]+$/.test(bitsStr) || bitsStr.length > 19)
    throw new PrefixError(s, `bad bits after slash: ${goQuote(bitsStr)}`);
  const bits = Number(bitsStr);
  const max = ip.is4 ? 32 : 128;
  if (bits < 0 || bits > max) throw new PrefixError(s, "prefix length out of range");
  return `${addrString(ip)}/${bits}`;
}

/** netip.Prefix's MarshalText / AppendText / UnmarshalText over `{ text: string }` values. */
export const netipPrefixTwins = {
  MarshalText: heldText,
  AppendText: heldText,
  UnmarshalText: (data: Uint8Array | string): { text: string } => {
    const s = text(data);
    return { text: s === "" ? "" : parsePrefix(s) };
  },
};

function parseAddrPort(s: string): string {
  const i = s.lastIndexOf(":");
  if (i === -1) throw new Error("not an ip:port");
  let ip = s.slice(0, i);
  const port = s.slice(i + 1);
  if (ip.length === 0) throw new Error("no IP");
  if (port.length === 0) throw new Error("no port");
  let v6 = false;
  if (ip[0] === "[") {
    if (ip.length < 2 || ip[ip.length - 1] !== "]") throw new Error("missing ]");
    ip = ip.slice(1, -1);
    v6 = true;
  }
  if (!/^[0-9]+$/.test(port) || Number(port) > 65535)
    throw new Error(`invalid port ${goQuote(port)} parsing ${goQuote(s)}`);
  const a = parseAddr(ip);
  if (v6 && a.is4)
    throw new Error(`invalid ip:port ${goQuote(s)}, square brackets can only be used with IPv6 addresses`);
  if (!v6 && !a.is4)
    throw new Error(`invalid ip:port ${goQuote(s)}, IPv6 addresses must be surrounded by square brackets`);
  const p = Number(port);
  return a.is4 ? `${addrString(a)}:${p}` : `[${addrString(a)}]:${p}`;
}

/** netip.AddrPort's MarshalText / AppendText / UnmarshalText over `{ text: string }` values. */
export const netipAddrPortTwins = {
  MarshalText: heldText,
  AppendText: heldText,
  UnmarshalText: (data: Uint8Array | string): { text: string } => {
    const s = text(data);
    return { text: s === "" ? "" : parseAddrPort(s) };
  },
};

function hexString(b: Uint8Array): string {
  let s = "";
  for (const x of b) s += x.toString(16).padStart(2, "0");
  return s;
}

// net.IP's text (MarshalText and AppendText): "" for a nil or empty IP, an error for a bad length.
function ipText(v: Uint8Array | null): string {
  if (v === null || v === undefined || v.length === 0) return "";
  if (v.length !== 4 && v.length !== 16) throw new Error(`address ${hexString(v)}: invalid IP address`);
  const b = new Uint8Array(16);
  if (v.length === 4) {
    b[10] = 0xff;
    b[11] = 0xff;
    b.set(v, 12);
  } else b.set(v);
  const a: Addr = { bytes: b, is4: false, zone: "" };
  return is4In6(a) ? string4(b, 12) : addrString(a);
}

/** net.IP's MarshalText / AppendText / UnmarshalText over Uint8Array values (a nil IP is null). */
export const netIPTwins = {
  MarshalText: ipText,
  AppendText: ipText,
  UnmarshalText: (data: Uint8Array | string): Uint8Array | null => {
    const s = text(data);
    if (s === "") return null;
    let a: Addr;
    try {
      a = parseAddr(s);
    } catch {
      throw new Error(`invalid IP address: ${s}`);
    }
    if (a.zone !== "") throw new Error(`invalid IP address: ${s}`);
    return a.bytes;
  },
};

// math/big's Int.setFromScanner with base 0: sign, base prefix, digits (underscores only after a prefix).
function parseBigIntText(s: string): bigint | undefined {
  const m = /^([+-]?)(0[xX][0-9a-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+|0[0-7_]*|[1-9][0-9]*)$/.exec(s);
  if (m === null) return undefined;
  const sign = m[1] === "-" ? -1n : 1n;
  let digits = m[2] as string;
  if (digits.includes("_")) {
    if (!/^0[xXbBoO]?/.test(digits) || /__|_$/.test(digits) || (/^0[0-7]/.test(digits) && false))
      return undefined;
    if (/^0[xXbBoO]_?$/.test(digits)) return undefined;
    digits = digits.replaceAll("_", "");
  }
  try {
    if (/^0[0-7]+$/.test(digits)) return sign * BigInt(`0o${digits.slice(1)}`);
    return sign * BigInt(digits);
  } catch {
    return undefined;
  }
}

function bigIntOf(v: unknown): bigint {
  return typeof v === "bigint" ? v : 0n;
}

/**
 * *big.Int's JSON and text methods over bigint values (pointer receivers: a
 * nil *big.Int is null; a zero big.Int value from a codec is its struct
 * form, read as 0).
 */
export const bigIntTwins = {
  MarshalJSON: (v: unknown): string => bigIntOf(v).toString(),
  UnmarshalJSON: (data: Uint8Array | string, current: unknown): unknown => {
    const s = text(data);
    if (s === "null") return current;
    const n = parseBigIntText(s);
    if (n === undefined) throw new Error(`math/big: cannot unmarshal ${goQuote(s)} into a *big.Int`);
    return n;
  },
  MarshalText: (v: unknown): string => bigIntOf(v).toString(),
  AppendText: (v: unknown): string => bigIntOf(v).toString(),
  UnmarshalText: (data: Uint8Array | string): bigint => {
    const s = text(data);
    const n = parseBigIntText(s);
    if (n === undefined) throw new Error(`math/big: cannot unmarshal ${goQuote(s)} into a *big.Int`);
    return n;
  },
};

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

// math/big's Rat.SetString: "a/b", or a decimal with an optional exponent.
function parseRat(s: string): string | undefined {
  let num: bigint;
  let den: bigint;
  const frac = /^([+-]?[0-9]+)\/([0-9]+)$/.exec(s);
  if (frac !== null) {
    num = BigInt(frac[1] as string);
    den = BigInt(frac[2] as string);
    if (den === 0n) return undefined;
  } else {
    const m = /^([+-]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?$/.exec(s);
    if (m === null || ((m[2] ?? "") === "" && (m[3] ?? "") === "")) return undefined;
    const intPart = m[2] ?? "";
    const fracPart = m[3] ?? "";
    const exp = Number(m[4] ?? "0") - fracPart.length;
    if (!Number.isSafeInteger(exp) || Math.abs(exp) > 10_000) return undefined;
    num = BigInt(`${intPart}${fracPart}` || "0") * (m[1] === "-" ? -1n : 1n);
    den = 1n;
    if (exp >= 0) num *= 10n ** BigInt(exp);
    else den = 10n ** BigInt(-exp);
  }
  const g = gcd(num, den);
  if (g > 1n) {
    num /= g;
    den /= g;
  }
  return den === 1n ? num.toString() : `${num}/${den}`;
}

function ratText(v: unknown): string {
  return typeof v === "string" ? v : "0";
}

/** *big.Rat's text methods (MarshalText, AppendText, UnmarshalText) over string values in Go's normal form ("3/4", "5"). */
export const bigRatTwins = {
  MarshalText: ratText,
  AppendText: ratText,
  UnmarshalText: (data: Uint8Array | string): string => {
    const s = text(data);
    const r = parseRat(s);
    if (r === undefined) throw new Error(`math/big: cannot unmarshal ${goQuote(s)} into a *big.Rat`);
    return r;
  },
};

/** Most significant digits the big.Float twin reads exactly (a 64-bit mantissa tells all such decimals apart). */
export const BIG_FLOAT_MAX_DIGITS = 19;

// big.Float's UnmarshalText at the default precision 64, then Text('g', -1),
// for decimals of up to BIG_FLOAT_MAX_DIGITS significant digits.
function normaliseFloat(s: string): string {
  if (/^[+-]?(?:inf|Inf)$/.test(s)) return s.startsWith("-") ? "-Inf" : "+Inf";
  const m = /^([+-]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?$/.exec(s);
  if (m === null || ((m[2] ?? "") === "" && (m[3] ?? "") === ""))
    throw new Error(
      `math/big: cannot unmarshal ${goQuote(s)} into a *big.Float (gotype's big.Float twin reads decimal numbers only)`,
    );
  const neg = m[1] === "-";
  let digits = `${m[2] ?? ""}${m[3] ?? ""}`;
  let exp = Number(m[4] ?? "0") + (m[2] ?? "").length; // decimal point after `exp` digits
  const lead = digits.length - digits.replace(/^0+/, "").length;
  digits = digits.slice(lead);
  exp -= lead;
  digits = digits.replace(/0+$/, "");
  if (digits === "") return neg ? "-0" : "0";
  if (digits.length > BIG_FLOAT_MAX_DIGITS)
    throw new Error(
      `gotype: big.Float twin: ${goQuote(s)} has more than ${BIG_FLOAT_MAX_DIGITS} significant digits; Go rounds it to its 64-bit mantissa, which this twin does not compute`,
    );
  const x = exp - 1; // exponent of the first digit
  let out: string;
  if (x < -4 || x >= 6) {
    const e = Math.abs(x);
    out = `${digits[0]}${digits.length > 1 ? `.${digits.slice(1)}` : ""}e${x < 0 ? "-" : "+"}${e < 10 ? `0${e}` : e}`;
  } else if (exp <= 0) out = `0.${"0".repeat(-exp)}${digits}`;
  else if (exp >= digits.length) out = digits + "0".repeat(exp - digits.length);
  else out = `${digits.slice(0, exp)}.${digits.slice(exp)}`;
  return neg ? `-${out}` : out;
}

function floatText(v: unknown): string {
  return typeof v === "string" ? v : "0";
}

/** *big.Float's text methods (MarshalText, AppendText, UnmarshalText) over string values (Go's shortest 'g' text at precision 64). */
export const bigFloatTwins = {
  MarshalText: floatText,
  AppendText: floatText,
  UnmarshalText: (data: Uint8Array | string): string => normaliseFloat(text(data)),
};
