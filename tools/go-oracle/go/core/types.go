package core

// Building reflect types at run time from Go type declarations.
//
// The request carries Go source text (the subset @gojson/gotype's parseGo
// reads). go/parser turns it into an AST and the builder maps every type
// expression onto reflect.StructOf / SliceOf / MapOf / ArrayOf / PointerTo.
// Reflect cannot create named types: a declared struct becomes an unnamed
// struct type, and the builder remembers its name so that error texts can be
// rewritten to name it (main.Order). Named non-struct types (type Tags []string)
// become their underlying type. Types with methods come from the registry.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"
)

type typeEnv struct {
	specs    map[string]*ast.TypeSpec
	built    map[string]reflect.Type
	building map[string]bool
	// names maps the String() of a built struct type to its declared name.
	names map[string]string
	fset  *token.FileSet
	src   string
	// root is a pointer to the value a marshal request builds (the target of {"$ref": true}).
	root reflect.Value
	// compiled: the types come from the Go compiler (Compiled), not from reflect.
	compiled bool
	roots    map[string]reflect.Type
}

var envCache = map[string]*typeEnv{}

func newEnv(src string) (*typeEnv, error) {
	if e, ok := envCache[src]; ok {
		return e, nil
	}
	if c, ok := compiled[src]; ok {
		e := &typeEnv{built: map[string]reflect.Type{}, building: map[string]bool{}, names: map[string]string{}, src: src, compiled: true, roots: c.Roots}
		for n, t := range c.Named {
			e.built[n] = t
		}
		envCache[src] = e
		return e, nil
	}
	full := src
	if !strings.Contains(src, "package ") {
		full = "package main\n" + src
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "types.go", full, parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("oracle: parse Go source: %v", err)
	}
	if err := checkReflectable(fset, f); err != nil {
		return nil, err
	}
	e := &typeEnv{specs: map[string]*ast.TypeSpec{}, built: map[string]reflect.Type{}, building: map[string]bool{}, names: map[string]string{}, fset: fset, src: src}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		for _, s := range gd.Specs {
			ts := s.(*ast.TypeSpec)
			e.specs[ts.Name.Name] = ts
		}
	}
	for name := range e.specs {
		if _, err := e.named(name); err != nil {
			return nil, err
		}
	}
	envCache[src] = e
	return e, nil
}

var predeclared = map[string]reflect.Type{
	"bool": reflect.TypeFor[bool](), "string": reflect.TypeFor[string](),
	"int": reflect.TypeFor[int](), "int8": reflect.TypeFor[int8](), "int16": reflect.TypeFor[int16](),
	"int32": reflect.TypeFor[int32](), "int64": reflect.TypeFor[int64](),
	"uint": reflect.TypeFor[uint](), "uint8": reflect.TypeFor[uint8](), "uint16": reflect.TypeFor[uint16](),
	"uint32": reflect.TypeFor[uint32](), "uint64": reflect.TypeFor[uint64](), "uintptr": reflect.TypeFor[uintptr](),
	"byte": reflect.TypeFor[byte](), "rune": reflect.TypeFor[rune](),
	"float32": reflect.TypeFor[float32](), "float64": reflect.TypeFor[float64](),
	"any": reflect.TypeFor[any](),
}

var qualified = map[string]reflect.Type{
	"time.Time":       reflect.TypeFor[time.Time](),
	"time.Duration":   reflect.TypeFor[time.Duration](),
	"json.Number":     reflect.TypeFor[json.Number](),
	"json.RawMessage": reflect.TypeFor[json.RawMessage](),
}

func (e *typeEnv) named(name string) (reflect.Type, error) {
	if t, ok := e.built[name]; ok {
		return t, nil
	}
	if t, ok := registry[name]; ok {
		// Registry types win over a declaration with the same name: the
		// declaration in the request documents the type for TypeScript.
		return t, nil
	}
	ts, ok := e.specs[name]
	if !ok {
		if t, ok := predeclared[name]; ok {
			return t, nil
		}
		return nil, fmt.Errorf("oracle: unknown type %q", name)
	}
	if e.building[name] {
		return nil, e.compileError(fmt.Sprintf("recursive type %s", name))
	}
	e.building[name] = true
	defer delete(e.building, name)
	t, err := e.expr(ts.Type)
	if err != nil {
		return nil, err
	}
	if t.Kind() == reflect.Struct && !ts.Assign.IsValid() {
		if _, dup := e.names[t.String()]; dup {
			// Identical to a struct declared before (StructOf would return the very same type):
			// a zero-size unexported marker field, invisible to JSON, keeps the two apart.
			t = distinctStruct(t, e.names)
		}
		e.names[t.String()] = "main." + name
	}
	e.built[name] = t
	return t, nil
}

// markerPrefix names the zero-size fields distinctStruct adds (tagged values leave them out).
const markerPrefix = "_oracleDistinct"

func isMarkerField(f reflect.StructField) bool { return strings.HasPrefix(f.Name, markerPrefix) }

// distinctStruct returns t with a zero-size unexported field `_oracleDistinctN struct{}` added,
// N chosen so that its String() is not among names yet. JSON (v1 and v2) ignores unexported
// fields, so the type behaves as t does; only error texts tell it apart (names restores them).
func distinctStruct(t reflect.Type, names map[string]string) reflect.Type {
	fields := make([]reflect.StructField, 0, t.NumField()+1)
	for i := range t.NumField() {
		f := t.Field(i)
		fields = append(fields, reflect.StructField{Name: f.Name, PkgPath: f.PkgPath, Type: f.Type, Tag: f.Tag, Anonymous: f.Anonymous})
	}
	// v2 rejects a struct that has fields but neither a json tag nor a JSON field ("Go struct has
	// no exported fields"), unlike struct{}: the marker of an empty struct carries `json:"-"`.
	var tag reflect.StructTag
	if t.NumField() == 0 {
		tag = `json:"-"`
	}
	for n := 1; ; n++ {
		marker := reflect.StructField{Name: markerPrefix + strconv.Itoa(n), PkgPath: "main", Type: reflect.TypeFor[struct{}](), Tag: tag}
		d := reflect.StructOf(append(fields[:len(fields):len(fields)], marker))
		if _, dup := names[d.String()]; !dup {
			return d
		}
	}
}

func (e *typeEnv) exprString(s string) (reflect.Type, error) {
	if t, ok := e.roots[s]; ok {
		return t, nil
	}
	x, err := parser.ParseExpr(s)
	if err != nil {
		return nil, fmt.Errorf("oracle: parse type %q: %v", s, err)
	}
	return e.expr(x)
}

func (e *typeEnv) expr(x ast.Expr) (t reflect.Type, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("oracle: reflect: %v", r)
		}
	}()
	switch x := x.(type) {
	case *ast.ParenExpr:
		return e.expr(x.X)
	case *ast.Ident:
		return e.named(x.Name)
	case *ast.SelectorExpr:
		pkg, ok := x.X.(*ast.Ident)
		if !ok {
			return nil, fmt.Errorf("oracle: unsupported selector")
		}
		if pkg.Name == "main" {
			return e.named(x.Sel.Name) // a declared type as Go prints it (main.S1), in tagged interface values
		}
		q := pkg.Name + "." + x.Sel.Name
		if t, ok := qualified[q]; ok {
			return t, nil
		}
		if t, ok := extraQualified[q]; ok {
			return t, nil
		}
		return nil, fmt.Errorf("oracle: unsupported type %s", q)
	case *ast.StarExpr:
		el, err := e.expr(x.X)
		if err != nil {
			return nil, err
		}
		return reflect.PointerTo(el), nil
	case *ast.ArrayType:
		el, err := e.expr(x.Elt)
		if err != nil {
			return nil, err
		}
		if x.Len == nil {
			return reflect.SliceOf(el), nil
		}
		lit, ok := x.Len.(*ast.BasicLit)
		if !ok {
			return nil, fmt.Errorf("oracle: array length must be a literal")
		}
		n, err := strconv.Atoi(lit.Value)
		if err != nil {
			return nil, err
		}
		return reflect.ArrayOf(n, el), nil
	case *ast.MapType:
		k, err := e.expr(x.Key)
		if err != nil {
			return nil, err
		}
		v, err := e.expr(x.Value)
		if err != nil {
			return nil, err
		}
		return reflect.MapOf(k, v), nil
	case *ast.InterfaceType:
		if x.Methods != nil && len(x.Methods.List) > 0 {
			return nil, fmt.Errorf("oracle: only the empty interface is supported")
		}
		return reflect.TypeFor[any](), nil
	case *ast.StructType:
		var fields []reflect.StructField
		for _, f := range x.Fields.List {
			ft, err := e.expr(f.Type)
			if err != nil {
				return nil, err
			}
			tag := ""
			if f.Tag != nil {
				tag, err = strconv.Unquote(f.Tag.Value)
				if err != nil {
					return nil, err
				}
			}
			if len(f.Names) == 0 {
				name := embeddedName(f.Type)
				sf := reflect.StructField{Name: name, Type: ft, Tag: reflect.StructTag(tag), Anonymous: true}
				if !ast.IsExported(name) {
					sf.PkgPath = "main"
				}
				fields = append(fields, sf)
				continue
			}
			for _, n := range f.Names {
				sf := reflect.StructField{Name: n.Name, Type: ft, Tag: reflect.StructTag(tag)}
				if !ast.IsExported(n.Name) {
					sf.PkgPath = "main"
				}
				fields = append(fields, sf)
			}
		}
		return reflect.StructOf(fields), nil
	}
	return nil, fmt.Errorf("oracle: unsupported type expression %T", x)
}

func embeddedName(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.StarExpr:
		return embeddedName(x.X)
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return x.Sel.Name
	}
	return "X"
}

// nameTypes rewrites reflect's spelling of unnamed struct types built from
// declarations into their declared names, longest first.
func (e *typeEnv) nameTypes(msg string) string {
	if e == nil || len(e.names) == 0 {
		return msg
	}
	keys := make([]string, 0, len(e.names))
	for k := range e.names {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return len(keys[i]) > len(keys[j]) })
	for _, k := range keys {
		msg = strings.ReplaceAll(msg, k, e.names[k])
	}
	return msg
}

// structName gives the declared name of a struct type built by this env.
func (e *typeEnv) structName(t reflect.Type) string {
	if t.Name() != "" {
		return t.Name()
	}
	if e == nil {
		return ""
	}
	if n, ok := e.names[t.String()]; ok {
		return strings.TrimPrefix(n, "main.")
	}
	return ""
}

// compileInfo tells the client how to build a source the Go compiler must build:
// its declarations without the registry's, and the type names it declares.
type compileInfo struct {
	Own   string   `json:"own"`
	Names []string `json:"names"`
}

// needsCompilerError: reflect cannot build what the source declares (a named non-struct
// type, a method, a generic or recursive type); the client compiles it into a program.
type needsCompilerError struct {
	reason string
	info   compileInfo
}

func (e *needsCompilerError) Error() string {
	return "oracle: needs the Go compiler: " + e.reason
}

// checkReflectable reports declarations reflect cannot build faithfully (types of the registry excepted).
func checkReflectable(fset *token.FileSet, f *ast.File) error {
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			if d.Tok != token.TYPE {
				continue
			}
			for _, s := range d.Specs {
				ts := s.(*ast.TypeSpec)
				if _, ok := registry[ts.Name.Name]; ok || ts.Assign.IsValid() {
					continue
				}
				if ts.TypeParams != nil {
					return compileErrorOf(fset, f, "generic type "+ts.Name.Name)
				}
				if _, ok := ts.Type.(*ast.StructType); !ok {
					return compileErrorOf(fset, f, "declared non-struct type "+ts.Name.Name)
				}
			}
		case *ast.FuncDecl:
			if d.Recv == nil || len(d.Recv.List) == 0 {
				continue
			}
			if name := embeddedName(d.Recv.List[0].Type); registry[name] == nil {
				return compileErrorOf(fset, f, "method "+name+"."+d.Name.Name)
			}
		}
	}
	return nil
}

func (e *typeEnv) compileError(reason string) error {
	full := e.src
	if !strings.Contains(full, "package ") {
		full = "package main\n" + full
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "types.go", full, parser.SkipObjectResolution)
	if err != nil {
		return fmt.Errorf("oracle: %s cannot be built with reflect", reason)
	}
	return compileErrorOf(fset, f, reason)
}

// compileErrorOf prints the source's declarations that are not the registry's.
func compileErrorOf(fset *token.FileSet, f *ast.File, reason string) error {
	var own bytes.Buffer
	var names []string
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			if d.Tok == token.IMPORT {
				continue
			}
			if d.Tok == token.TYPE {
				var keep []ast.Spec
				for _, s := range d.Specs {
					ts := s.(*ast.TypeSpec)
					if _, ok := registry[ts.Name.Name]; ok {
						continue
					}
					keep = append(keep, s)
					if ts.TypeParams == nil {
						names = append(names, ts.Name.Name)
					}
				}
				if len(keep) == 0 {
					continue
				}
				c := *d
				c.Specs = keep
				if len(keep) > 1 && !c.Lparen.IsValid() {
					c.Lparen = d.Pos()
				}
				printer.Fprint(&own, fset, &c)
				own.WriteString("\n\n")
				continue
			}
			printer.Fprint(&own, fset, d)
			own.WriteString("\n\n")
		case *ast.FuncDecl:
			if d.Recv != nil && len(d.Recv.List) > 0 && registry[embeddedName(d.Recv.List[0].Type)] != nil {
				continue
			}
			printer.Fprint(&own, fset, d)
			own.WriteString("\n\n")
		}
	}
	return &needsCompilerError{reason: reason, info: compileInfo{Own: own.String(), Names: names}}
}
