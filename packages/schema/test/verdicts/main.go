// The verdict recorder: reads {"t": target, "p": payload} lines on stdin and
// prints, per line, what Go's Unmarshal says (default and strict options)
// and what Marshal writes for the decoded value. Built twice: plain Go gives
// encoding/json (v1), GOEXPERIMENT=jsonv2 gives encoding/json/v2.
package main

import (
	"bufio"
	"encoding/json"
	"os"
)

type request struct {
	T string `json:"t"`
	P string `json:"p"`
}

type verdict struct {
	Err    *string `json:"err"`
	Strict *string `json:"strict"`
	Out    *string `json:"out,omitempty"`
	OutErr *string `json:"outErr,omitempty"`
}

func str(err error) *string {
	if err == nil {
		return nil
	}
	s := err.Error()
	if len(s) > 160 {
		s = s[:160]
	}
	return &s
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<24)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	for in.Scan() {
		var r request
		if err := json.Unmarshal(in.Bytes(), &r); err != nil {
			panic(err)
		}
		mk := registry[r.T]
		if mk == nil {
			panic("unknown target " + r.T)
		}
		var v verdict
		dst := mk()
		v.Err = str(decode([]byte(r.P), dst, false))
		v.Strict = str(decode([]byte(r.P), mk(), true))
		if v.Err == nil {
			b, err := encode(dst)
			if err != nil {
				v.OutErr = str(err)
			} else {
				s := string(b)
				v.Out = &s
			}
		}
		if err := enc.Encode(v); err != nil {
			panic(err)
		}
	}
}
