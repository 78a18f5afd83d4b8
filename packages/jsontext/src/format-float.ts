/**
 * formatFloat writes a float as Go's encoding/json does (v1 floatEncoder and v2
 * jsonwire.AppendFloat): shortest round-trip digits for the bit size, 'f' notation
 * unless the magnitude is < 1e-6 or >= 1e21, then 'e' notation with a cleaned
 * exponent (e-07 → e-7, e+21 kept).
 */
export function formatFloat(f: number, bits: 32 | 64): string {
  if (!Number.isFinite(f)) throw new RangeError(`jsontext: unsupported float value ${f}`);
  if (bits === 32) f = Math.fround(f);
  if (f === 0) return Object.is(f, -0) ? "-0" : "0";
  const abs = Math.abs(f);
  const useExp = abs < 1e-6 || abs >= 1e21;
  // digits and decimal exponent of the shortest representation
  let expStr: string;
  if (bits === 64) {
    expStr = f.toExponential();
  } else {
    expStr = shortestFloat32(f);
  }
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

function shortestFloat32(f: number): string {
  for (let p = 1; p <= 9; p++) {
    const s = f.toExponential(p - 1);
    if (Math.fround(Number(s)) === f) return s;
  }
  return f.toExponential(8);
}
