// Records Go's answers for test/golden/cases.json into test/golden/v1-golden.json.
// Usage: node test/record-golden.mjs   (needs `go` on PATH; plain go = classic encoding/json)
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const cases = JSON.parse(readFileSync(join(here, "golden/cases.json"), "utf8"));
const decls = readFileSync(join(here, "golden/types.go.txt"), "utf8");

// A Go string literal for any JavaScript string (non-ASCII escaped).
const goStr = (s) =>
  JSON.stringify(s).replace(/[^\x00-\x7f]/gu, (ch) => {
    const cp = ch.codePointAt(0);
    return cp > 0xffff ? `\\U${cp.toString(16).padStart(8, "0")}` : `\\u${cp.toString(16).padStart(4, "0")}`;
  });

let body = "";
cases.forEach((c, i) => {
  const seed =
    c.into === undefined
      ? ""
      : `if err := json.Unmarshal([]byte(${goStr(c.into)}), &v); err != nil { panic(err) }`;
  let dec;
  if (c.useNumber || c.disallowUnknownFields) {
    dec = `d := json.NewDecoder(bytes.NewReader([]byte(in)))
	${c.useNumber ? "d.UseNumber()" : ""}
	${c.disallowUnknownFields ? "d.DisallowUnknownFields()" : ""}
	err := d.Decode(&v)`;
  } else dec = "err := json.Unmarshal([]byte(in), &v)";
  body += `
func case${i}() result {
	var v ${c.type}
	${seed}
	in := ${goStr(c.in)}
	${dec}
	return finish(v, err)
}
`;
});
const calls = cases.map((_, i) => `case${i}()`).join(",\n\t\t");
const prog = `package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"time"
)

var _ = time.Now
var _ = bytes.NewReader

${decls}

type result struct {
	Err     *string \`json:"err"\`
	ErrType string  \`json:"errType,omitempty"\`
	Out     *string \`json:"out"\`
	OutErr  *string \`json:"outErr"\`
}

func finish(v any, err error) result {
	var r result
	if err != nil {
		s := err.Error()
		r.Err = &s
		r.ErrType = fmt.Sprintf("%T", err)
	}
	b, merr := json.Marshal(v)
	if merr != nil {
		s := merr.Error()
		r.OutErr = &s
	} else {
		s := string(b)
		r.Out = &s
	}
	return r
}
${body}
func main() {
	rs := []result{
		${calls},
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	enc.Encode(rs)
}
`;
const dir = mkdtempSync(join(tmpdir(), "gojson-v1-golden-"));
writeFileSync(join(dir, "main.go"), prog);
const out = execFileSync("go", ["run", "main.go"], {
  cwd: dir,
  env: { ...process.env, GOEXPERIMENT: "", GOFLAGS: "-mod=mod" },
});
const results = JSON.parse(out.toString());
const golden = cases.map((c, i) => ({ ...c, want: results[i] }));
writeFileSync(join(here, "golden/v1-golden.json"), `${JSON.stringify(golden, null, 1)}\n`);
console.log(`recorded ${golden.length} cases with ${execFileSync("go", ["version"]).toString().trim()}`);
