// Records Go's string quoting and float formatting into test/data (run by hand).
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";

const enc = new TextEncoder();
const strings = [
  "",
  "plain",
  "a<b>&c",
  "\u2028\u2029",
  "é😀",
  "\u007f",
  "\ufffd",
  "\u00a0",
  ...Array.from({ length: 32 }, (_, i) => `x${String.fromCharCode(i)}y`),
  '"\\/',
  "\ud800",
  "a\udc00b",
  "\ud83d",
  "tail\ud83d",
].map((s) => Buffer.from(enc.encode(s)));
const rawBytes = [
  [0xff],
  [0x61, 0xe2, 0x82, 0x62],
  [0xed, 0xa0, 0x80],
  [0xc0, 0xaf],
  [0xf4, 0x90, 0x80, 0x80],
  [0xe2, 0x80, 0xa8],
];
const stringsIn = [...strings, ...rawBytes.map((b) => Buffer.from(b))];
// JS strings with lone surrogates are encoded by TextEncoder as U+FFFD; keep the JS string alongside
const jsStrings = [
  "",
  "plain",
  "a<b>&c",
  "\u2028\u2029",
  "é😀",
  "\u007f",
  "\ufffd",
  "\u00a0",
  ...Array.from({ length: 32 }, (_, i) => `x${String.fromCharCode(i)}y`),
  '"\\/',
  "\ud800",
  "a\udc00b",
  "\ud83d",
  "tail\ud83d",
];

const f64 = new Float64Array(1);
const u64 = new BigUint64Array(f64.buffer);
const hexOf = (f) => {
  f64[0] = f;
  return u64[0].toString(16);
};
const floats = [
  0,
  -0,
  1,
  -1,
  0.1,
  0.2,
  0.3,
  1 / 3,
  2 / 3,
  1e20,
  1e21,
  1e-6,
  1e-7,
  9.999999e-7,
  1.0000001e21,
  123456789,
  1.5e-10,
  5e-324,
  1.7976931348623157e308,
  2.2250738585072014e-308,
  3.4028234663852886e38,
  1.401298464324817e-45,
  16777216,
  16777217,
  0.000001234,
  1e100,
  1e-100,
  12345.678,
  100,
  1e15,
  1e16,
  1.2e-5,
  Math.PI,
  65504,
  0.1 + 0.2,
  2 ** 53 + 2,
];
let seed = 12345;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
for (let i = 0; i < 300; i++) {
  const e = Math.floor(rnd() * 80) - 40;
  floats.push((rnd() - 0.5) * 10 ** e);
}
for (let i = 0; i < 100; i++) floats.push(Math.fround((rnd() - 0.5) * 10 ** (Math.floor(rnd() * 70) - 35)));
const input = { strings: stringsIn.map((b) => b.toString("base64")), floats: floats.map(hexOf) };
const out = JSON.parse(execFileSync("/tmp/jtgo/encbin", { input: JSON.stringify(input) }).toString());
// v1 answers come from plain Go (classic encoding/json, no GOEXPERIMENT)
const outV1 = JSON.parse(execFileSync("/tmp/jtgo/encv1bin", { input: JSON.stringify(input) }).toString());
for (const [i, r] of out.strings.entries()) {
  Object.assign(r, { V1: outV1.strings[i].V1, V1NoHTML: outV1.strings[i].V1NoHTML });
}
for (const [i, r] of out.floats.entries()) {
  Object.assign(r, { V1_64: outV1.floats[i].V1_64, V1_32: outV1.floats[i].V1_32 });
}
writeFileSync(
  new URL("../test/data/encode.go.json", import.meta.url),
  `${JSON.stringify(
    {
      strings: out.strings.map((r, i) => ({
        in: input.strings[i],
        js: i < jsStrings.length ? jsStrings[i] : null,
        ...r,
      })),
      floats: out.floats.map((r, i) => ({ in: floats[i], bits: input.floats[i], ...r })),
    },
    null,
    1,
  )}\n`,
);
console.log(out.strings.length, out.floats.length);
