package main

// Named types with methods: reflect cannot declare methods, so the types the
// tests need are compiled in. A request's Go source may declare a type with
// one of these names (so TypeScript's parseGo sees it); the oracle uses the
// compiled type instead. Behaviours are fixed and documented in ../README.md.

import (
	"bytes"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"time"
)

// centsText formats an amount in cents as a decimal string: sign and
// magnitude separately, so -1 is "-0.01" and math.MinInt64 works.
func centsText(n int64) string {
	neg := n < 0
	u := uint64(n)
	if neg {
		u = -u
	}
	s := strconv.FormatUint(u/100, 10) + "." + strconv.FormatUint(u%100/10, 10) + strconv.FormatUint(u%10, 10)
	if neg {
		s = "-" + s
	}
	return s
}

func parseCents(b []byte) (int64, error) {
	s, err := strconv.Unquote(string(b))
	if err != nil {
		return 0, errors.New("cents: want a quoted decimal")
	}
	whole, frac, _ := strings.Cut(s, ".")
	for len(frac) < 2 {
		frac += "0"
	}
	n, err := strconv.ParseInt(whole+frac[:2], 10, 64)
	if err != nil {
		return 0, errors.New("cents: bad amount")
	}
	return n, nil
}

// CentsV has a value-receiver MarshalJSON ("12.34") and a pointer-receiver UnmarshalJSON.
type CentsV int64

func (c CentsV) MarshalJSON() ([]byte, error) { return []byte(`"` + centsText(int64(c)) + `"`), nil }
func (c *CentsV) UnmarshalJSON(b []byte) error {
	n, err := parseCents(b)
	if err != nil {
		return err // leaves *c as it was: the TypeScript twin (a method that throws) cannot assign and fail
	}
	*c = CentsV(n)
	return nil
}

// CentsP has pointer-receiver MarshalJSON and UnmarshalJSON: v1 calls
// MarshalJSON only on addressable values, v2 always.
type CentsP int64

func (c *CentsP) MarshalJSON() ([]byte, error) { return []byte(`"` + centsText(int64(*c)) + `"`), nil }
func (c *CentsP) UnmarshalJSON(b []byte) error {
	n, err := parseCents(b)
	if err != nil {
		return err // leaves *c as it was (see CentsV)
	}
	*c = CentsP(n)
	return nil
}

// UpperText is a text marshaler: MarshalText (value receiver) upper-cases,
// UnmarshalText (pointer receiver) lower-cases. Usable as a map key type.
type UpperText string

func (u UpperText) MarshalText() ([]byte, error) { return []byte(strings.ToUpper(string(u))), nil }
func (u *UpperText) UnmarshalText(b []byte) error {
	*u = UpperText(strings.ToLower(string(b)))
	return nil
}

// AlwaysZero reports IsZero() == true whatever it holds (value receiver).
type AlwaysZero struct{ N int }

func (AlwaysZero) IsZero() bool { return true }

// FailText's MarshalText (value receiver) always fails with "failtext: no".
type FailText string

func (FailText) MarshalText() ([]byte, error) { return nil, errors.New("failtext: no") }

// BadJSON's MarshalJSON (value receiver) returns invalid JSON `{`.
type BadJSON struct{}

func (BadJSON) MarshalJSON() ([]byte, error) { return []byte("{"), nil }

// Stamped embeds time.Time (promoting its MarshalJSON) next to two fields:
// the twin-type pitfall of seed 000 section 9. It lives here because
// reflect.StructOf cannot promote methods of embedded fields.
type Stamped struct {
	time.Time
	ID   int    `json:"id"`
	Kind string `json:"kind"`
}

// KeyJSON has a value-receiver MarshalJSON writing "k:<s>" and a
// pointer-receiver UnmarshalJSON stripping the "k:" prefix; v2 calls them
// for map keys, v1 never does.
type KeyJSON string

func (k KeyJSON) MarshalJSON() ([]byte, error) { return []byte(strconv.Quote("k:" + string(k))), nil }
func (k *KeyJSON) UnmarshalJSON(b []byte) error {
	s, err := strconv.Unquote(string(b))
	if err != nil {
		return errors.New("keyjson: want a string")
	}
	*k = KeyJSON(strings.TrimPrefix(s, "k:"))
	return nil
}

// Outer embeds the unexported struct type inner (seed 000:
// Outer{inner{X: 1}, 2} marshals as {"X":1,"Y":2}). reflect.StructOf
// cannot embed an unexported type, so this shape is compiled in.
type Outer struct {
	inner
	Y int
}

type inner struct {
	X int
}

// OuterP embeds a pointer to the unexported struct type inner: v1 and v2
// promote X when the pointer is set, and cannot allocate it when decoding.
type OuterP struct {
	*inner
	Y int
}

// Recursive types (reflect.StructOf cannot build a type that refers to
// itself): deep nesting, embedded recursion and cycles.
type Node struct {
	Val  int
	Next *Node
	Kids []Node
}

type Tree struct {
	Name string           `json:"name"`
	Sub  map[string]*Tree `json:"sub,omitempty"`
}

// Rec embeds a pointer to itself: its promoted fields are found once.
type Rec struct {
	*Rec
	N int `json:"n"`
}

type Chain []Chain

var registry = map[string]reflect.Type{
	"OuterP":     reflect.TypeFor[OuterP](),
	"Node":       reflect.TypeFor[Node](),
	"Tree":       reflect.TypeFor[Tree](),
	"Rec":        reflect.TypeFor[Rec](),
	"Chain":      reflect.TypeFor[Chain](),
	"CentsV":     reflect.TypeFor[CentsV](),
	"CentsP":     reflect.TypeFor[CentsP](),
	"UpperText":  reflect.TypeFor[UpperText](),
	"AlwaysZero": reflect.TypeFor[AlwaysZero](),
	"FailText":   reflect.TypeFor[FailText](),
	"BadJSON":    reflect.TypeFor[BadJSON](),
	"Stamped":    reflect.TypeFor[Stamped](),
	"KeyJSON":    reflect.TypeFor[KeyJSON](),
	"Outer":      reflect.TypeFor[Outer](),
	"inner":      reflect.TypeFor[inner](),
}

var _ = bytes.Equal
