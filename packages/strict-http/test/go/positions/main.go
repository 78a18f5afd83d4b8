// Command positions records Go's jsontext answers for parse-strict.test.ts: for each body (JSON
// array of {name, bytes} on stdin), the SyntacticError of a ReadToken pass (or of v2 Unmarshal
// for data after the top-level value) with its ByteOffset and JSONPointer, and the start offset
// and StackPointer of the first "__proto__"/"prototype" name or unsafe/overflowing number.
// Run: GOEXPERIMENT=jsonv2 go run . < cases.json > ../../fixtures/parse-strict-go.json
package main

import (
	"bytes"
	"encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
)

type in struct {
	Name  string `json:"name"`
	Bytes []int  `json:"bytes"`
}
type out struct {
	Name    string  `json:"name"`
	Err     string  `json:"err,omitempty"`
	Offset  *int64  `json:"offset,omitempty"`
	Pointer *string `json:"pointer,omitempty"`
	// position of the first "__proto__"/"prototype" name or unsafe/overflowing number token
	TokOffset  *int64  `json:"tokOffset,omitempty"`
	TokPointer *string `json:"tokPointer,omitempty"`
}

func main() {
	var cases []in
	if err := json.NewDecoder(os.Stdin).Decode(&cases); err != nil {
		panic(err)
	}
	var res []out
	for _, c := range cases {
		b := make([]byte, len(c.Bytes))
		for i, x := range c.Bytes {
			b[i] = byte(x)
		}
		o := out{Name: c.Name}
		d := jsontext.NewDecoder(bytes.NewReader(b))
		first := true
		for {
			prev := d.InputOffset()
			t, err := d.ReadToken()
			start := prev
			for start < int64(len(b)) && strings.IndexByte(" \t\r\n,:", b[start]) >= 0 {
				start++
			}
			if err == io.EOF && !first {
				break
			}
			if err != nil {
				o.Err = err.Error()
				var se *jsontext.SyntacticError
				if errors.As(err, &se) {
					off := se.ByteOffset
					p := string(se.JSONPointer)
					o.Offset, o.Pointer = &off, &p
				}
				break
			}
			if o.TokOffset == nil {
				hit := false
				if t.Kind() == '"' && (t.String() == "__proto__" || t.String() == "prototype") {
					hit = true
				}
				if t.Kind() == '0' {
					raw := string(b[start:d.InputOffset()])
					f, _ := strconv.ParseFloat(raw, 64)
					if math.IsInf(f, 0) || (!strings.ContainsAny(raw, ".eE") && math.Abs(f) > 9007199254740991) {
						hit = true
					}
				}
				if hit {
					off := start
					p := string(d.StackPointer())
					o.TokOffset, o.TokPointer = &off, &p
				}
			}
			if d.StackDepth() == 0 {
				first = false
				var v any
				if err := jsonv2.Unmarshal(b, &v); err != nil && o.Err == "" {
					var se *jsontext.SyntacticError
					if errors.As(err, &se) && strings.Contains(err.Error(), "after top-level value") {
						o.Err = err.Error()
						off := se.ByteOffset
						p := string(se.JSONPointer)
						o.Offset, o.Pointer = &off, &p
					}
				}
				break
			}
		}
		res = append(res, o)
	}
	e := json.NewEncoder(os.Stdout)
	e.SetIndent("", " ")
	e.Encode(res)
}
