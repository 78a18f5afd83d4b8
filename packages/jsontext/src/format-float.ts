/**
 * formatFloat writes a float as Go's encoding/json does (v1 floatEncoder and v2
 * jsonwire.AppendFloat): shortest round-trip digits for the bit size, 'f' notation
 * unless the magnitude is < 1e-6 or >= 1e21, then 'e' notation with a cleaned
 * exponent (e-07 → e-7, e+21 kept).
 */
export function formatFloat(f: number, bits: 32 | 64): string {
  if (!Number.isFinite(f)) throw new RangeError(`jsontext: unsupported float value ${f}`);
  if (bits === 32) {
    f = Math.fround(f);
    if (!Number.isFinite(f)) throw new RangeError("jsontext: float32 overflow");
  }
  if (f === 0) return Object.is(f, -0) ? "-0" : "0";
  const abs = Math.abs(f);
  // Fast paths. float64: ECMAScript's Number::toString uses the shortest round-trip digits,
  // plain decimals for 1e-6 <= |f| < 1e21 and exponent form outside — Go's 'f'/'e' switch
  // exactly; its exponents have no leading zero and e+ only from 1e21 (Go's cleaned form).
  if (bits === 64) return String(f);
  // float32 integers below 2^24 are exact and no shorter digits name the same float32.
  if (abs < F32_EXACT_INT && Number.isInteger(f)) return String(f);
  const useExp = abs < F32_1E_6 || abs >= F32_1E21;
  // digits and decimal exponent of the shortest float32 representation
  const expStr = shortestFloat32(f);
  const eIdx = expStr.indexOf("e");
  let mant = expStr.slice(0, eIdx);
  const exp = Number(expStr.slice(eIdx + 1));
  const neg = mant.charCodeAt(0) === 0x2d;
  if (neg) mant = mant.slice(1);
  const digits = mant.length > 1 ? mant[0] + mant.slice(2) : mant;
  let out: string;
  if (useExp) {
    out = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const ae = Math.abs(exp);
    out += `e${exp < 0 ? "-" : "+"}${ae < 10 ? `0${ae}` : ae}`;
    // Go's cleanup: e-07 → e-7 (only for negative two-digit exponents)
    if (exp < 0 && ae < 10) out = `${out.slice(0, -2)}${ae}`;
  } else {
    const point = exp + 1; // digits before the decimal point
    if (point <= 0) out = `0.${"0".repeat(-point)}${digits}`;
    else if (point >= digits.length) out = digits + "0".repeat(point - digits.length);
    else out = `${digits.slice(0, point)}.${digits.slice(point)}`;
  }
  return neg ? `-${out}` : out;
}

const F32_EXACT_INT = 2 ** 24;
const F32_1E_6 = Math.fround(1e-6);
const F32_1E21 = Math.fround(1e21);

function shortestFloat32(f: number): string {
  for (let p = 1; p <= 9; p++) {
    const s = f.toExponential(p - 1);
    if (Math.fround(Number(s)) !== f) continue;
    // On an exact tie between two p-digit candidates, Go (Ryu) keeps the even one;
    // toExponential rounds half away from zero.
    const longer = f.toExponential(Math.min(100, p + 40));
    const mantissa = longer.slice(0, longer.indexOf("e"));
    const digits = mantissa.replace(".", "").replace("-", "");
    if (digits[p] === "5" && /^0*$/.test(digits.slice(p + 1))) {
      const truncated = truncateDigits(f, p);
      const last = truncated.charCodeAt(truncated.indexOf("e") - 1);
      if ((last & 1) === 0 && Math.fround(Number(truncated)) === f) return truncated;
    }
    return s;
  }
  return f.toExponential(8);
}

/** truncateDigits returns f with p significant digits, truncated toward zero, in exponential form. */
function truncateDigits(f: number, p: number): string {
  const longer = f.toExponential(Math.min(100, p + 40));
  const e = longer.indexOf("e");
  const neg = longer.startsWith("-");
  const mant = longer.slice(neg ? 1 : 0, e).replace(".", "");
  const kept = mant.slice(0, p);
  const m = kept.length > 1 ? `${kept[0]}.${kept.slice(1)}` : kept;
  return `${neg ? "-" : ""}${m}${longer.slice(e)}`;
}
