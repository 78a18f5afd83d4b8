// Records Go's value helpers into test/data/value.go.json (run by hand):
// v2 jsontext.Value.Compact/Indent/Canonicalize/IsValid (GOEXPERIMENT=jsonv2) and
// v1 json.Compact/Indent/HTMLEscape/Valid, over the inputs below.
// The Go programs live under /tmp/jt-value (v1.go, v2.go); see the package README.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";

const texts = [
  "",
  "   ",
  "null",
  " true ",
  "false\n",
  "0",
  "-0",
  "1.0",
  "1e2",
  "1E+2",
  "-1.5e-7",
  "0.000001",
  "1e21",
  "123456789012345678901234567890",
  "9007199254740993",
  "1e400",
  "[1e1000]",
  '"plain"',
  '"\\u0041\\/\\"\\\\"',
  '"<>&\u2028\u2029"',
  '"\\u003c\\u2028"',
  '"\\ud83d\\ude00"',
  '"\\ud800"',
  '"tab\\tnl\\n\\u0001"',
  "{}",
  "[]",
  "{ }",
  "[ ]",
  '{"a":1}',
  ' { "a" : [ 1 , 2 , { } , [ ] ] , "b" : { "c" : null } } ',
  '[[[]],[{}],{"x":[]}]',
  '{"b":1,"a":2}',
  '{"b":1,"a":{"z":0,"y":[{"q":1,"p":2}]}}',
  '{"\\ud83d\\ude00":1,"\\ufb33":2,"a":3,"":4}',
  '{"a":1,"a":2}',
  '{"a":1,"\\u0061":2}',
  "[1,2,3]",
  "[1 2]",
  "[1,]",
  '{"a" 1}',
  '{"a":1,}',
  '{"a":1 "b":2}',
  "{1:2}",
  "[",
  '{"a":',
  '{"a":[1,{"b":tru}]}',
  "nul",
  "01",
  "1.",
  "-",
  "{} x",
  "1 2",
  "[1]]",
  '"abc',
  '"\\x"',
  '"a\u0001"',
  "]",
  '{"a":1]',
  '{"k":"v"}\n',
  "[1.000,2e0,-0.0,1E-7,100000000000000000000000]",
];
const raw = [
  Buffer.from([0x22, 0xff, 0x22]),
  Buffer.from([0x7b, 0x22, 0x61, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
  Buffer.from([0x5b, 0x22, 0xe2, 0x82, 0x22, 0x5d]),
];
const ins = [...texts.map((t) => Buffer.from(t)), ...raw].map((b) => b.toString("base64"));
const go = (file, env) =>
  JSON.parse(
    execFileSync("go", ["run", file], {
      cwd: "/tmp/jt-value",
      input: JSON.stringify(ins),
      env: { ...process.env, ...env },
    }).toString(),
  );
const v1 = go("v1.go", {});
const v2 = go("v2.go", { GOEXPERIMENT: "jsonv2" });
const out = ins.map((s, i) => ({ in: s, v1: { ...v1[i], in: undefined }, v2: { ...v2[i], in: undefined } }));
writeFileSync(new URL("../test/data/value.go.json", import.meta.url), `${JSON.stringify(out, null, 1)}\n`);
console.log(`recorded ${out.length} inputs`);
