/**
 * @gojson/gotype/thirdparty: ready declarations of widely used third-party Go
 * types, made the way any user declares an imported package for gotype (Go
 * source for the types as JSON sees them, plus TypeScript twins of their JSON
 * methods). Behaviour and error texts recorded from the real modules
 * (github.com/google/uuid v1.6.0, github.com/shopspring/decimal v1.6.0).
 *
 * ```ts
 * import { parseGo } from "@gojson/gotype";
 * import { thirdPartyPackages } from "@gojson/gotype/thirdparty";
 * const types = parseGo(source, { imports: thirdPartyPackages });
 * ```
 */
import { type GoPackage, parseGoPackage } from "./go-package.js";
import { goQuote } from "./go-quote.js";
import { withPackageMethods } from "./methods.js";

const utf8 = new TextDecoder();
function text(data: Uint8Array | string): string {
  return typeof data === "string" ? data : utf8.decode(data);
}

// ---------------------------------------------------------------- github.com/google/uuid

const HEX = "0123456789abcdef";

function xtob(s: string, i: number): number | undefined {
  const a = HEX.indexOf((s[i] ?? "").toLowerCase());
  const b = HEX.indexOf((s[i + 1] ?? "").toLowerCase());
  return a < 0 || b < 0 || s[i] === undefined || s[i + 1] === undefined ? undefined : (a << 4) | b;
}

const UUID_OFFSETS = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];

/** uuid.ParseBytes: the 16 bytes of a UUID in any of its four text forms, or Go's error. */
function parseUUID(input: string): number[] {
  const byteLen = new TextEncoder().encode(input).length;
  let s = input;
  const out = new Array<number>(16).fill(0);
  switch (byteLen) {
    case 36:
      break;
    case 45:
      if (s.slice(0, 9).toLowerCase() !== "urn:uuid:")
        throw new Error(`invalid urn prefix: ${goQuote(s.slice(0, 9))}`);
      s = s.slice(9);
      break;
    case 38:
      s = s.slice(1);
      break;
    case 32:
      for (let i = 0; i < 32; i += 2) {
        const v = xtob(s, i);
        if (v === undefined) throw new Error("invalid UUID format");
        out[i / 2] = v;
      }
      return out;
    default:
      throw new Error(`invalid UUID length: ${byteLen}`);
  }
  if (s[8] !== "-" || s[13] !== "-" || s[18] !== "-" || s[23] !== "-") throw new Error("invalid UUID format");
  UUID_OFFSETS.forEach((x, i) => {
    const v = xtob(s, x);
    if (v === undefined) throw new Error("invalid UUID format");
    out[i] = v;
  });
  return out;
}

function formatUUID(v: unknown): string {
  const b: ArrayLike<number> = Array.isArray(v) || v instanceof Uint8Array ? (v as ArrayLike<number>) : [];
  let s = "";
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) s += "-";
    const x = b[i] ?? 0;
    s += `${HEX[(x >> 4) & 15]}${HEX[x & 15]}`;
  }
  return s;
}

/** Twins of uuid.UUID ([16]byte, a 16-number array in TypeScript): MarshalText and UnmarshalText. */
export const uuidTwins = {
  MarshalText: (v: unknown): string => (typeof v === "string" ? formatUUID(parseUUID(v)) : formatUUID(v)),
  UnmarshalText: (data: Uint8Array | string): number[] => parseUUID(text(data)),
};

function jsonStringContent(s: string): string | undefined {
  if (s.length < 2 || s[0] !== '"' || s[s.length - 1] !== '"') return undefined;
  return JSON.parse(s) as string;
}

/** Twins of uuid.NullUUID ({ UUID, Valid }): null when not Valid, else the UUID's text. */
export const nullUUIDTwins = {
  MarshalJSON: (v: { UUID: unknown; Valid: boolean }): string =>
    v?.Valid ? JSON.stringify(formatUUID(v.UUID)) : "null",
  UnmarshalJSON: (data: Uint8Array | string): { UUID: number[]; Valid: boolean } => {
    const s = text(data);
    if (s === "" || s === "null") return { UUID: new Array<number>(16).fill(0), Valid: false };
    const str = jsonStringContent(s);
    if (str === undefined) {
      const kind =
        s[0] === "{" ? "object" : s[0] === "[" ? "array" : s === "true" || s === "false" ? "bool" : "number";
      throw new Error(`json: cannot unmarshal ${kind} into Go value of type uuid.UUID`);
    }
    return { UUID: parseUUID(str), Valid: true };
  },
};

const uuidSource = `package uuid

// A UUID is a 128 bit (16 byte) Universal Unique IDentifier (RFC 9562).
// In TypeScript it is an array of 16 numbers; JSON writes its text form.
type UUID [16]byte

func (uuid UUID) MarshalText() ([]byte, error)
func (uuid *UUID) UnmarshalText(data []byte) error

// NullUUID represents a UUID that may be null (JSON null when not Valid).
type NullUUID struct {
	UUID  UUID
	Valid bool
}

func (nu NullUUID) MarshalJSON() ([]byte, error)
func (nu *NullUUID) UnmarshalJSON(data []byte) error
`;

// ---------------------------------------------------------------- github.com/shopspring/decimal

/** decimal.MaxDecodeExponent (v1.6.0). */
export const DECIMAL_MAX_DECODE_EXPONENT = 10000;

function parseInt64SkipIndex(s: string, skip: number): bigint | undefined {
  let i = 0;
  let neg = false;
  if (s.length > 0 && skip !== 0 && (s[0] === "+" || s[0] === "-")) {
    i = 1;
    neg = s[0] === "-";
  }
  let digits = "";
  for (; i < s.length; i++) {
    if (i === skip) continue;
    const c = s[i] as string;
    if (c < "0" || c > "9") return undefined;
    digits += c;
  }
  if (digits === "") return undefined;
  const n = BigInt(digits);
  return neg ? -n : n;
}

/** decimal.NewFromString, then d.String(): the canonical text of a decimal, or the module's error. */
function canonicalDecimal(originalInput: string): string {
  let value = originalInput.replaceAll("\u2212", "-");
  let exp = 0n;
  let eIndex = -1;
  let pIndex = -1;
  let i = 0;
  for (const r of value) {
    if (r === "E" || r === "e") {
      if (eIndex > -1) throw new Error(`can't convert ${value} to decimal: multiple 'E' characters found`);
      eIndex = i;
    } else if (r === ".") {
      if (pIndex > -1) throw new Error(`can't convert ${value} to decimal: too many .s`);
      pIndex = i;
    }
    i += new TextEncoder().encode(r).length;
  }
  const bytes = new TextEncoder().encode(value);
  if (eIndex !== -1) {
    const expStr = utf8.decode(bytes.slice(eIndex + 1));
    if (!/^[+-]?[0-9]+$/.test(expStr))
      throw new Error(`can't convert ${value} to decimal: exponent is not numeric`);
    const e = BigInt(expStr);
    if (e < -(2n ** 31n) || e > 2n ** 31n - 1n)
      throw new Error(`can't convert ${value} to decimal: fractional part too long`);
    value = utf8.decode(bytes.slice(0, eIndex));
    exp = e;
  }
  if (pIndex !== -1) {
    const next = value[pIndex + 1];
    if (pIndex + 1 < value.length && (next === "-" || next === "+"))
      throw new Error(`can't convert ${value} to decimal`);
    exp -= BigInt(value.length - pIndex - 1);
  }
  let n: bigint | undefined;
  const numLen = value.length - (pIndex !== -1 ? 1 : 0);
  if (numLen <= 18) n = parseInt64SkipIndex(value, pIndex);
  else {
    const intString = pIndex !== -1 ? value.slice(0, pIndex) + value.slice(pIndex + 1) : value;
    n = /^[+-]?[0-9]+$/.test(intString) ? BigInt(intString) : undefined;
  }
  if (n === undefined) throw new Error(`can't convert ${value} to decimal`);
  if (exp < -(2n ** 31n) || exp > 2n ** 31n - 1n)
    throw new Error(`can't convert ${originalInput} to decimal: fractional part too long`);
  if (exp > BigInt(DECIMAL_MAX_DECODE_EXPONENT) || exp < -BigInt(DECIMAL_MAX_DECODE_EXPONENT))
    throw new Error(
      `can't convert ${originalInput} to decimal: exponent ${exp} exceeds MaxDecodeExponent (${DECIMAL_MAX_DECODE_EXPONENT})`,
    );
  return decimalString(n, Number(exp));
}

// Decimal.string(trimTrailingZeros=true, useScientificNotation=false).
function decimalString(value: bigint, exp: number): string {
  if (exp === 0) return value.toString();
  if (exp > 0) return (value * 10n ** BigInt(exp)).toString();
  let str = value.toString();
  let sign = "";
  if (str[0] === "-") {
    sign = "-";
    str = str.slice(1);
  }
  let intPart: string;
  let leadingZeros = "";
  let fractionalPart: string;
  if (str.length > -exp) {
    intPart = str.slice(0, str.length + exp);
    fractionalPart = str.slice(str.length + exp);
  } else {
    intPart = "0";
    leadingZeros = "0".repeat(-exp - str.length);
    fractionalPart = str;
  }
  fractionalPart = fractionalPart.replace(/0+$/, "");
  if (fractionalPart === "") leadingZeros = "";
  return leadingZeros.length + fractionalPart.length > 0
    ? `${sign}${intPart}.${leadingZeros}${fractionalPart}`
    : `${sign}${intPart}`;
}

function decimalText(v: unknown): string {
  if (typeof v === "string") return v === "" ? "0" : canonicalDecimal(v);
  if (v !== null && typeof v === "object" && typeof (v as { text?: unknown }).text === "string") {
    const t = (v as { text: string }).text;
    return t === "" ? "0" : t;
  }
  return "0";
}

/** Options of the decimal declaration. */
export interface DecimalOptions {
  /** decimal.MarshalJSONWithoutQuotes: write numbers instead of strings (default false, as the module). */
  readonly marshalJSONWithoutQuotes?: boolean;
}

/**
 * Twins of decimal.Decimal, whose TypeScript value is `{ text }` holding its
 * canonical String() form ("" for the zero Decimal; plain strings are accepted on marshal).
 */
export function decimalTwins(opts: DecimalOptions = {}) {
  return {
    MarshalJSON: (v: unknown): string => {
      const s = decimalText(v);
      return opts.marshalJSONWithoutQuotes ? s : `"${s}"`;
    },
    UnmarshalJSON: (data: Uint8Array | string, current: unknown): unknown => {
      const raw = text(data);
      if (raw === "null") return current;
      const unq = raw.length > 2 && raw[0] === '"' && raw[raw.length - 1] === '"' ? raw.slice(1, -1) : raw;
      try {
        return { text: canonicalDecimal(unq) };
      } catch (e) {
        throw new Error(`error decoding string '${raw}': ${(e as Error).message}`);
      }
    },
    MarshalText: (v: unknown): string => decimalText(v),
    UnmarshalText: (data: Uint8Array | string): { text: string } => {
      const s = text(data);
      try {
        return { text: canonicalDecimal(s) };
      } catch (e) {
        throw new Error(`error decoding string '${s}': ${(e as Error).message}`);
      }
    },
    IsZero: (v: unknown): boolean => decimalText(v) === "0",
  };
}

function nullDecimalTwins(opts: DecimalOptions) {
  const d = decimalTwins(opts);
  return {
    MarshalJSON: (v: { Decimal: unknown; Valid: boolean }): string =>
      v?.Valid ? d.MarshalJSON(v.Decimal) : "null",
    UnmarshalJSON: (data: Uint8Array | string): { Decimal: unknown; Valid: boolean } => {
      const s = text(data);
      if (s === "null") return { Decimal: { text: "" }, Valid: false };
      return { Decimal: d.UnmarshalJSON(s, { text: "" }), Valid: true };
    },
  };
}

const decimalSource = `package decimal

// Decimal represents a fixed-point decimal. In TypeScript its value is { text }
// holding the canonical String() form ("" for the zero Decimal).
type Decimal struct{ text string }

func (d Decimal) MarshalJSON() ([]byte, error)
func (d *Decimal) UnmarshalJSON(decimalBytes []byte) error
func (d Decimal) MarshalText() (text []byte, err error)
func (d *Decimal) UnmarshalText(text []byte) error
func (d Decimal) IsZero() bool

// NullDecimal represents a nullable decimal (JSON null when not Valid).
type NullDecimal struct {
	Decimal Decimal
	Valid   bool
}

func (d NullDecimal) MarshalJSON() ([]byte, error)
func (d *NullDecimal) UnmarshalJSON(decimalBytes []byte) error
`;

/** github.com/google/uuid as gotype declares it (UUID, NullUUID). */
export function googleUUIDPackage(): GoPackage {
  const pkg = parseGoPackage([{ name: "uuid.go", source: uuidSource }], { path: "github.com/google/uuid" });
  withPackageMethods(pkg.types, { UUID: uuidTwins, NullUUID: nullUUIDTwins });
  return pkg;
}

/** github.com/shopspring/decimal as gotype declares it (Decimal, NullDecimal). */
export function shopspringDecimalPackage(opts: DecimalOptions = {}): GoPackage {
  const pkg = parseGoPackage([{ name: "decimal.go", source: decimalSource }], {
    path: "github.com/shopspring/decimal",
  });
  withPackageMethods(pkg.types, { Decimal: decimalTwins(opts), NullDecimal: nullDecimalTwins(opts) });
  return pkg;
}

/** The ready third-party packages, for parseGo / parseGoPackage's `imports` option. */
export const thirdPartyPackages: readonly GoPackage[] = Object.freeze([
  googleUUIDPackage(),
  shopspringDecimalPackage(),
]);
