// Package core is the oracle: it answers JSON-lines requests with what Go's
// encoding/json (v1, v1 on the v2 engine, or v2) does. See ../../README.md for
// the protocol. A program's package main calls Serve with its types with
// methods (they must live in package main so that Go prints them main.T).
package core

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"runtime"
	"strings"
	"unicode"
	"unicode/utf8"
)

// request is one line on stdin.
type request struct {
	ID       any             `json:"id"`
	Engine   string          `json:"engine"`
	GoSource string          `json:"goSource"`
	Type     string          `json:"type"`
	Op       string          `json:"op"`
	Input    *string         `json:"input"`     // base64
	Text     *string         `json:"inputText"` // alternative to input
	Value    json.RawMessage `json:"value"`
	Into     json.RawMessage `json:"into"`
	Options  map[string]any  `json:"options"`
}

type errInfo struct {
	Type    string `json:"type"`
	Message string `json:"message"`
}

type response struct {
	ID     any             `json:"id"`
	Engine string          `json:"engine"`
	Output *string         `json:"output,omitempty"`
	Error  *errInfo        `json:"error,omitempty"`
	Value  json.RawMessage `json:"value,omitempty"`
	// ValueOmitted says why Value is missing after an unmarshal (too deep to write).
	ValueOmitted string `json:"valueOmitted,omitempty"`
	Panic        string `json:"panic,omitempty"`
	Oracle       string `json:"oracleError,omitempty"`
	Version      string `json:"goVersion,omitempty"`
	// Compile is set with an oracleError when the source needs the Go compiler (see needsCompiler).
	Compile *compileInfo `json:"compile,omitempty"`
}

// engine is implemented once per engine name.
type engine interface {
	marshal(v any, opts map[string]any) ([]byte, error)
	unmarshal(data []byte, ptr any, opts map[string]any) error
	valid(data []byte, opts map[string]any) bool
	compact(data []byte, opts map[string]any) ([]byte, error)
	indent(data []byte, opts map[string]any) ([]byte, error)
	// knows reports whether an option name means something to this engine.
	knows(name string) bool
}

var engines = map[string]engine{}

// Compiled holds the types of one request's Go source as the Go compiler
// built them (declared in a generated package main): every declared type by
// name, and the root type expressions the requests use.
type Compiled struct {
	Named map[string]reflect.Type
	Roots map[string]reflect.Type
}

// registry holds package main's compiled types with methods, by name.
var registry = map[string]reflect.Type{}

// compiled holds the compiled types of generated sources, by source text.
var compiled = map[string]*Compiled{}

// Serve answers requests from stdin until it ends. reg: package main's types
// with methods (used for a declared type of the same name); comp: sources
// whose types were compiled into the program (used instead of reflect).
func Serve(reg map[string]reflect.Type, comp map[string]*Compiled) {
	registry = reg
	if comp != nil {
		compiled = comp
	}
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	out := bufio.NewWriter(os.Stdout)
	for {
		line, err := in.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			resp := serve(line)
			enc, err := json.Marshal(resp)
			if err != nil && resp.Value != nil {
				// A destination nested deeper than encoding/json writes (10000 levels):
				// answer without it rather than with an empty line.
				resp.Value = nil
				resp.ValueOmitted = err.Error()
				enc, err = json.Marshal(resp)
			}
			if err != nil {
				enc, _ = json.Marshal(response{ID: resp.ID, Engine: resp.Engine, Oracle: "oracle: cannot encode the response: " + err.Error()})
			}
			out.Write(enc)
			out.WriteByte('\n')
			out.Flush()
		}
		if err != nil {
			return
		}
	}
}

func serve(line []byte) (resp response) {
	var req request
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	if err := dec.Decode(&req); err != nil {
		return response{Oracle: "bad request: " + err.Error()}
	}
	resp.ID = req.ID
	resp.Engine = req.Engine
	if req.Op == "version" {
		resp.Version = runtime.Version()
		names := []string{}
		for n := range engines {
			names = append(names, n)
		}
		s := strings.Join(names, ",")
		resp.Output = &s
		return resp
	}
	eng, ok := engines[req.Engine]
	if !ok {
		resp.Oracle = fmt.Sprintf("engine %q not in this binary", req.Engine)
		return resp
	}
	for name := range req.Options {
		if !eng.knows(name) {
			resp.Oracle = fmt.Sprintf("option %q is not known to engine %s on %s", name, req.Engine, runtime.Version())
			return resp
		}
	}
	var env *typeEnv
	defer func() {
		if r := recover(); r != nil {
			resp.Panic = env.nameTypes(normalize(fmt.Sprint(r)))
		}
	}()
	env, err := newEnv(req.GoSource)
	if err != nil {
		resp.Oracle = err.Error()
		if nc, ok := err.(*needsCompilerError); ok {
			resp.Compile = &nc.info
		}
		return resp
	}
	var input []byte
	if req.Input != nil {
		input, err = base64.StdEncoding.DecodeString(*req.Input)
		if err != nil {
			resp.Oracle = "bad base64 input"
			return resp
		}
	} else if req.Text != nil {
		input = []byte(*req.Text)
	}
	setOut := func(b []byte) {
		s := base64.StdEncoding.EncodeToString(b)
		resp.Output = &s
	}
	setErr := func(err error, root reflect.Type) {
		if err != nil {
			resp.Error = &errInfo{Type: fmt.Sprintf("%T", err), Message: env.errorText(err, root)}
		}
	}
	switch req.Op {
	case "valid":
		if eng.valid(input, req.Options) {
			setOut([]byte("true"))
		} else {
			setOut([]byte("false"))
		}
	case "compact":
		b, err := eng.compact(input, req.Options)
		setErr(err, nil)
		if err == nil {
			setOut(b)
		}
	case "indent":
		b, err := eng.indent(input, req.Options)
		setErr(err, nil)
		if err == nil {
			setOut(b)
		}
	case "marshal", "unmarshal":
		t, err := env.exprString(req.Type)
		if err != nil {
			resp.Oracle = err.Error()
			return resp
		}
		if req.Op == "marshal" {
			var tv any
			if len(req.Value) > 0 {
				if err := decodeUseNumber(req.Value, &tv); err != nil {
					resp.Oracle = err.Error()
					return resp
				}
			}
			root := reflect.New(t)
			env.root = root
			err := env.setTagged(root.Elem(), tv)
			env.root = reflect.Value{}
			if err != nil {
				resp.Oracle = "value: " + err.Error()
				return resp
			}
			b, err := eng.marshal(root.Elem().Interface(), req.Options)
			setErr(err, t)
			if err == nil {
				setOut(b)
			}
			return resp
		}
		ptr := reflect.New(t)
		if len(req.Into) > 0 && string(req.Into) != "null" || (len(req.Into) > 0 && t.Kind() == reflect.Pointer) {
			var tv any
			if err := decodeUseNumber(req.Into, &tv); err != nil {
				resp.Oracle = err.Error()
				return resp
			}
			if err := env.setTagged(ptr.Elem(), tv); err != nil {
				resp.Oracle = "into: " + err.Error()
				return resp
			}
		}
		err = eng.unmarshal(input, ptr.Interface(), req.Options)
		setErr(err, t)
		var b bytes.Buffer
		env.writeTagged(&b, ptr.Elem())
		resp.Value = b.Bytes()
	default:
		resp.Oracle = "unknown op " + req.Op
	}
	return resp
}

func decodeUseNumber(raw []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	return d.Decode(v)
}

// normalize makes Go v2's per-process choice between "unable to" and
// "cannot" deterministic.
func normalize(s string) string {
	return strings.ReplaceAll(s, "unable to ", "cannot ")
}

func optBool(opts map[string]any, name string) (bool, bool) {
	v, ok := opts[name]
	if !ok {
		return false, false
	}
	b, ok := v.(bool)
	return b, ok
}

func optString(opts map[string]any, name string) (string, bool) {
	v, ok := opts[name]
	if !ok {
		return "", false
	}
	s, ok := v.(string)
	return s, ok
}

// errorText is err.Error() with declared struct names restored.
func (e *typeEnv) errorText(err error, root reflect.Type) string {
	if e != nil && e.compiled {
		// Compiled types carry their names: Go's text is right as it is.
		return normalize(err.Error())
	}
	if ute, ok := err.(*json.UnmarshalTypeError); ok && ute.Struct == "" && ute.Field != "" && root != nil {
		c := *ute
		if v1OnV2 {
			// encoding/json on the v2 engine names the root type (v2_inject.go).
			if root.Kind() == reflect.Struct {
				c.Struct = e.structName(root)
			}
		} else {
			c.Struct = e.innermostStruct(root, ute.Field)
		}
		return e.nameTypes(normalize(c.Error()))
	}
	msg := normalize(err.Error())
	if semanticTypeFix != nil {
		msg = semanticTypeFix(err, e, msg)
	}
	return e.nameTypes(msg)
}

// v1OnV2 is true in the GOEXPERIMENT=jsonv2 build, where encoding/json runs on v2.
var v1OnV2 bool

// semanticTypeFix is set by the jsonv2 build.
var semanticTypeFix func(err error, e *typeEnv, msg string) string

// innermostStruct walks a v1 field path (JSON names joined by dots; Go 1.20+
// also names the embedded structs passed through) from root and returns the
// declared name of the struct whose JSON object holds the last field.
// Embedded structs share their parent's JSON object, so stepping through one
// keeps the owner.
func (e *typeEnv) innermostStruct(root reflect.Type, path string) string {
	cur := root
	owner := ""
	var obj reflect.Type
	embedded := false
	for _, name := range strings.Split(path, ".") {
		st := structUnder(cur)
		if st == nil {
			return owner
		}
		if !embedded {
			obj = st
		}
		if f, ok := embeddedField(st, name); ok {
			owner = e.structName(obj)
			cur = f.Type
			embedded = true
			continue
		}
		f, _, ok := findJSONField(st, name)
		if !ok {
			return owner
		}
		owner = e.structName(obj)
		cur = f.Type
		embedded = false
	}
	return owner
}

// embeddedField finds an embedded struct field (no JSON name of its own) by its Go name.
func embeddedField(st reflect.Type, name string) (reflect.StructField, bool) {
	for i := 0; i < st.NumField(); i++ {
		f := st.Field(i)
		tag := f.Tag.Get("json")
		if !f.Anonymous || tag == "-" || f.Name != name {
			continue
		}
		if v1TagName(tag) == "" && structUnder(f.Type) != nil {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

// v1TagName is the JSON name a classic v1 tag gives its field: the text before the first comma
// when it is a name v1 accepts (letters, digits, spaces and ASCII punctuation other than quotes,
// backquote, backslash and comma), else "" (the field keeps its Go name: `json:"'x'"` names it
// by its Go name in v1, where v2 reads the quoted name x).
func v1TagName(tag string) string {
	name, _, _ := strings.Cut(tag, ",")
	for _, r := range name {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			continue
		}
		if r < utf8.RuneSelf && (r == ' ' || unicode.IsPunct(r) || unicode.IsSymbol(r)) && !strings.ContainsRune("\"'`,\\", r) {
			continue
		}
		return ""
	}
	return name
}

func structUnder(t reflect.Type) reflect.Type {
	for t != nil {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			t = t.Elem()
		case reflect.Struct:
			return t
		default:
			return nil
		}
	}
	return nil
}

func findJSONField(st reflect.Type, name string) (reflect.StructField, reflect.Type, bool) {
	var untagged reflect.StructField
	untaggedOK := false
	for i := 0; i < st.NumField(); i++ {
		f := st.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" || (f.PkgPath != "" && !f.Anonymous) {
			continue // ignored, or unexported (v1 never decodes into it, whatever its tag)
		}
		tn := v1TagName(tag)
		if tn == "" && f.Anonymous {
			continue
		}
		tagged := tn != ""
		if tn == "" {
			tn = f.Name
		}
		if tn == name {
			if tagged {
				return f, st, true
			}
			if !untaggedOK {
				untagged, untaggedOK = f, true
			}
		}
	}
	// Go's dominance rule at one depth: a field tagged with the name wins over one that has the
	// name only as its Go name (`A json.RawMessage` beside `E1 \`json:"A"\``: E1 takes "A").
	if untaggedOK {
		return untagged, st, true
	}
	for i := 0; i < st.NumField(); i++ {
		f := st.Field(i)
		if f.Anonymous && v1TagName(f.Tag.Get("json")) == "" {
			if inner := structUnder(f.Type); inner != nil && f.Type.Kind() != reflect.Slice {
				if g, h, ok := findJSONField(inner, name); ok {
					// v1 reports the struct being decoded at the time.
					_ = h
					return g, st, true
				}
			}
		}
	}
	return reflect.StructField{}, nil, false
}
