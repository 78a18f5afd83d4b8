package core

// The tagged value tree: a JSON form of a Go value that keeps what plain JSON
// loses. The type drives the reading, so tags are needed only for interfaces.
//
//	bool                      true / false
//	ints, uints, Duration     decimal string ("-12")
//	float32, float64          string: shortest decimal, "NaN", "+Inf", "-Inf", "-0"
//	string, json.Number       JSON string
//	[]byte-like (elem uint8)  base64 string, or null for nil
//	[]T                       array, or null for nil
//	[N]T                      array of N
//	map[K]V                   array of [key, value] pairs, or null for nil
//	*T                        value, or null for nil
//	struct                    object keyed by Go field name (missing = zero)
//	time.Time                 RFC 3339 with nanoseconds and offset
//	interface                 null, or {"t": "<Go type>", "v": value}

import (
	"bytes"
	"encoding"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"
	"unsafe"
)

var timeType = reflect.TypeFor[time.Time]()

// fromTagged builds a value of type t from a tagged tree (decoded with UseNumber).
func (e *typeEnv) fromTagged(t reflect.Type, tv any) (reflect.Value, error) {
	v := reflect.New(t).Elem()
	return v, e.setTagged(v, tv)
}

// setRef points v at the value being built (a cycle): the root itself, or
// what a root pointer points to, whichever has v's type.
func (e *typeEnv) setRef(v reflect.Value) error {
	r := e.root
	if !r.IsValid() {
		return fmt.Errorf("tagged: $ref outside a marshal value")
	}
	if r.Type() == v.Type() {
		v.Set(r)
		return nil
	}
	if el := r.Elem(); el.Kind() == reflect.Pointer && !el.IsNil() && el.Type() == v.Type() {
		v.Set(el)
		return nil
	}
	return fmt.Errorf("tagged: $ref of type %v has no target", v.Type())
}

func settable(v reflect.Value) reflect.Value {
	if v.CanSet() {
		return v
	}
	return reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
}

func (e *typeEnv) setTagged(v reflect.Value, tv any) error {
	v = settable(v)
	t := v.Type()
	if t == timeType {
		s, _ := tv.(string)
		tm, err := parseTaggedTime(s)
		if err != nil {
			return err
		}
		v.Set(reflect.ValueOf(tm))
		return nil
	}
	switch t.Kind() {
	case reflect.Bool:
		b, ok := tv.(bool)
		if !ok {
			return fmt.Errorf("tagged: want bool for %v", t)
		}
		v.SetBool(b)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(numText(tv), 10, 64)
		if err != nil {
			return err
		}
		v.SetInt(n)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n, err := strconv.ParseUint(numText(tv), 10, 64)
		if err != nil {
			return err
		}
		v.SetUint(n)
	case reflect.Float32, reflect.Float64:
		s := numText(tv)
		var f float64
		var err error
		switch s {
		case "-0":
			f = math.Copysign(0, -1)
		default:
			f, err = strconv.ParseFloat(s, 64)
		}
		if err != nil {
			return err
		}
		v.SetFloat(f)
	case reflect.String:
		s, ok := tv.(string)
		if !ok {
			return fmt.Errorf("tagged: want string for %v", t)
		}
		v.SetString(s)
	case reflect.Slice:
		if tv == nil {
			return nil
		}
		if t.Elem().Kind() == reflect.Uint8 {
			s, _ := tv.(string)
			b, err := base64.StdEncoding.DecodeString(s)
			if err != nil {
				return err
			}
			sv := reflect.MakeSlice(t, len(b), len(b))
			for i, x := range b {
				sv.Index(i).SetUint(uint64(x)) // the element may be a declared byte type (type B uint8)
			}
			v.Set(sv)
			return nil
		}
		arr, ok := tv.([]any)
		if !ok {
			return fmt.Errorf("tagged: want array for %v", t)
		}
		sv := reflect.MakeSlice(t, len(arr), len(arr))
		for i, x := range arr {
			if err := e.setTagged(sv.Index(i), x); err != nil {
				return err
			}
		}
		v.Set(sv)
	case reflect.Array:
		arr, ok := tv.([]any)
		if !ok {
			return fmt.Errorf("tagged: want array for %v", t)
		}
		for i := 0; i < t.Len() && i < len(arr); i++ {
			if err := e.setTagged(v.Index(i), arr[i]); err != nil {
				return err
			}
		}
	case reflect.Map:
		if tv == nil {
			return nil
		}
		pairs, ok := tv.([]any)
		if !ok {
			return fmt.Errorf("tagged: want pairs for %v", t)
		}
		m := reflect.MakeMapWithSize(t, len(pairs))
		for _, p := range pairs {
			kv, ok := p.([]any)
			if !ok || len(kv) != 2 {
				return fmt.Errorf("tagged: bad map pair")
			}
			k := reflect.New(t.Key()).Elem()
			if err := e.setTagged(k, kv[0]); err != nil {
				return err
			}
			val := reflect.New(t.Elem()).Elem()
			if err := e.setTagged(val, kv[1]); err != nil {
				return err
			}
			m.SetMapIndex(k, val)
		}
		v.Set(m)
	case reflect.Pointer:
		if tv == nil {
			v.SetZero()
			return nil
		}
		if obj, ok := tv.(map[string]any); ok {
			if _, ok := obj["$ref"]; ok {
				return e.setRef(v)
			}
		}
		// The pointer is set before its target is filled, so a {"$ref"} below can point back to it.
		p := reflect.New(t.Elem())
		v.Set(p)
		if err := e.setTagged(p.Elem(), tv); err != nil {
			return err
		}
	case reflect.Interface:
		if tv == nil {
			v.SetZero()
			return nil
		}
		obj, ok := tv.(map[string]any)
		if !ok {
			return fmt.Errorf("tagged: want {t,v} for interface")
		}
		ts, _ := obj["t"].(string)
		dt, err := e.exprString(ts)
		if err != nil {
			return err
		}
		dv := reflect.New(dt).Elem()
		if err := e.setTagged(dv, obj["v"]); err != nil {
			return err
		}
		v.Set(dv)
	case reflect.Struct:
		if tv == nil {
			return nil
		}
		obj, ok := tv.(map[string]any)
		if !ok {
			return fmt.Errorf("tagged: want object for %v", t)
		}
		for i := 0; i < t.NumField(); i++ {
			x, ok := obj[t.Field(i).Name]
			if !ok {
				continue
			}
			if err := e.setTagged(v.Field(i), x); err != nil {
				return fmt.Errorf("%s: %w", t.Field(i).Name, err)
			}
		}
	default:
		return fmt.Errorf("tagged: unsupported kind %v", t.Kind())
	}
	return nil
}

func numText(tv any) string {
	switch x := tv.(type) {
	case string:
		return x
	case json.Number:
		return string(x)
	}
	return fmt.Sprint(tv)
}

// v1MarshalsKey tells whether classic v1 can marshal a map with keys of type k: strings,
// integers, and types that implement encoding.TextMarshaler.
func v1MarshalsKey(k reflect.Type) bool {
	switch k.Kind() {
	case reflect.String, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return true
	}
	return k.Implements(reflect.TypeFor[encoding.TextMarshaler]())
}

// writeTagged appends the tagged tree of v.
func (e *typeEnv) writeTagged(b *bytes.Buffer, v reflect.Value) {
	t := v.Type()
	if !v.CanAddr() {
		c := reflect.New(t).Elem()
		c.Set(v)
		v = c
	}
	if t == timeType {
		tm := settable(v).Interface().(time.Time)
		writeString(b, tm.Format(time.RFC3339Nano))
		return
	}
	switch t.Kind() {
	case reflect.Bool:
		b.WriteString(strconv.FormatBool(v.Bool()))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		writeString(b, strconv.FormatInt(v.Int(), 10))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		writeString(b, strconv.FormatUint(v.Uint(), 10))
	case reflect.Float32, reflect.Float64:
		writeString(b, floatText(v.Float(), t.Bits()))
	case reflect.String:
		writeString(b, v.String())
	case reflect.Slice:
		if v.IsNil() {
			b.WriteString("null")
			return
		}
		if t.Elem().Kind() == reflect.Uint8 {
			raw := make([]byte, v.Len())
			for i := range raw {
				raw[i] = byte(v.Index(i).Uint()) // the element may be a declared byte type
			}
			writeString(b, base64.StdEncoding.EncodeToString(raw))
			return
		}
		e.writeList(b, v)
	case reflect.Array:
		e.writeList(b, v)
	case reflect.Map:
		if v.IsNil() {
			b.WriteString("null")
			return
		}
		type pair struct{ k, v []byte }
		var pairs []pair
		it := v.MapRange()
		for it.Next() {
			var kb, vb bytes.Buffer
			e.writeTagged(&kb, it.Key())
			e.writeTagged(&vb, it.Value())
			pairs = append(pairs, pair{kb.Bytes(), vb.Bytes()})
		}
		sort.Slice(pairs, func(i, j int) bool { return bytes.Compare(pairs[i].k, pairs[j].k) < 0 })
		b.WriteByte('[')
		for i, p := range pairs {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteByte('[')
			b.Write(p.k)
			b.WriteByte(',')
			b.Write(p.v)
			b.WriteByte(']')
		}
		b.WriteByte(']')
	case reflect.Pointer:
		if v.IsNil() {
			b.WriteString("null")
			return
		}
		// A non-nil pointer to a nil slice or map (Go allocates the pointer before its element
		// fails to decode) is tagged as Go re-marshals it: on the v2 engine as the empty value,
		// "" (bytes), [] (slices, maps); in classic v1 as null, unless v1 cannot marshal the
		// map's key type (map[bool]V, map[float64]V: Marshal fails for the pointer, not for nil),
		// where it stays [].
		if el := v.Elem(); (el.Kind() == reflect.Slice || el.Kind() == reflect.Map) && el.IsNil() {
			if !v1OnV2 && (el.Kind() == reflect.Slice || v1MarshalsKey(el.Type().Key())) {
				b.WriteString("null")
				return
			}
			if el.Kind() == reflect.Slice && el.Type().Elem().Kind() == reflect.Uint8 {
				b.WriteString(`""`)
			} else {
				b.WriteString("[]")
			}
			return
		}
		e.writeTagged(b, v.Elem())
	case reflect.Interface:
		if v.IsNil() {
			b.WriteString("null")
			return
		}
		el := v.Elem()
		b.WriteString(`{"t":`)
		writeString(b, e.nameTypes(el.Type().String()))
		b.WriteString(`,"v":`)
		e.writeTagged(b, el)
		b.WriteByte('}')
	case reflect.Struct:
		b.WriteByte('{')
		for i := 0; i < t.NumField(); i++ {
			if isMarkerField(t.Field(i)) {
				continue
			}
			if i > 0 {
				b.WriteByte(',')
			}
			writeString(b, t.Field(i).Name)
			b.WriteByte(':')
			e.writeTagged(b, settable(v.Field(i)))
		}
		b.WriteByte('}')
	default:
		b.WriteString("null")
	}
}

func (e *typeEnv) writeList(b *bytes.Buffer, v reflect.Value) {
	b.WriteByte('[')
	for i := 0; i < v.Len(); i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		e.writeTagged(b, v.Index(i))
	}
	b.WriteByte(']')
}

func floatText(f float64, bits int) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "+Inf"
	case math.IsInf(f, -1):
		return "-Inf"
	case f == 0 && math.Signbit(f):
		return "-0"
	}
	return strconv.FormatFloat(f, 'g', -1, bits)
}

func writeString(b *bytes.Buffer, s string) {
	enc, _ := json.Marshal(s)
	b.Write(enc)
}

// parseTaggedTime reads a tagged time as the TypeScript side holds it: "Z" is UTC, a numeric
// offset (+00:00 too) an unnamed fixed zone. time.Parse alone would put a time whose offset
// matches the process's Local zone into Local (named "UTC" on a machine without TZ), so
// layouts that print the zone name (MST) would depend on the machine.
func parseTaggedTime(s string) (time.Time, error) {
	tm, err := time.Parse(time.RFC3339Nano, s)
	if err != nil || strings.HasSuffix(s, "Z") || strings.HasSuffix(s, "z") {
		return tm, err
	}
	_, off := tm.Zone()
	return tm.In(time.FixedZone("", off)), nil
}
