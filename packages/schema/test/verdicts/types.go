package main

import (
	"encoding/json"
	"time"
)

// Scalars has one field of every scalar kind.
type Scalars struct {
	B    bool
	I    int
	I8   int8
	I16  int16
	I32  int32
	I64  int64
	U    uint
	U8   uint8
	U16  uint16
	U32  uint32
	U64  uint64
	Uptr uintptr
	F32  float32
	F64  float64
	S    string
}

// Tagged renames, omits and hides fields.
type Tagged struct {
	ID      int64  `json:"id"`
	Name    string `json:"name,omitempty"`
	Count   int    `json:"count,omitzero"`
	Skip    string `json:"-"`
	Dash    string `json:"-,omitempty"`
	private int
}

// Stringed uses the string option.
type Stringed struct {
	I int64   `json:"i,string"`
	U uint8   `json:"u,string"`
	F float64 `json:"f,string"`
	B bool    `json:"b,string"`
	S string  `json:"s,string"`
	P *int    `json:"p,string"`
	L []int   `json:"l,string"`
}

// Byte is a named byte.
type Byte uint8

// Bytes holds byte slices and arrays.
type Bytes struct {
	B []byte
	A [3]byte
	N []Byte
	P *[]byte
}

// Collections holds lists and maps.
type Collections struct {
	L      []string
	A      [2]int
	M      map[string]int
	MI     map[int]string
	MU     map[uint8]bool
	MF     map[float64]int
	MB     map[bool]int
	PP     **int
	Nested [][]int
}

// Times holds the standard library's special types.
type Times struct {
	T   time.Time
	D   time.Duration
	PT  *time.Time
	N   json.Number
	R   json.RawMessage
	Any any
}

// Formats uses json/v2 format options (v1 ignores them).
type Formats struct {
	D  time.Duration `json:",format:units"`
	DN time.Duration `json:",format:nano"`
	T  time.Time     `json:",format:unix"`
	B  []byte        `json:",format:hex"`
	F  float64       `json:",format:nonfinite"`
	L  []int         `json:",format:emitnull"`
}

// Cases tests name matching.
type Cases struct {
	Name     string
	ID       int    `json:"id"`
	UserName string `json:"user_name"`
	Ignore   int    `json:"ignore,case:ignore"`
	Strict   int    `json:"strict,case:strict"`
	Kelvin   bool   `json:"kind"`
}

// Collide has two names equal under case folding.
type Collide struct {
	A int    `json:"a"`
	B string `json:"A"`
}

// Base is embedded.
type Base struct {
	X int
	Y string
}

type base struct {
	Z int
}

// Embeds promotes fields.
type Embeds struct {
	Base
	*base
	W bool
}

// Inline holds unknown members (v2).
type Inline struct {
	A    int
	Rest map[string]int `json:",inline"`
}

// Node is recursive.
type Node struct {
	V    int
	Next *Node
	Kids []Node
}

// BadTag has a tag json/v2 refuses (a trailing comma).
type BadTag struct {
	A int `json:"a,"`
}

// Ifaces holds interfaces Go cannot fill, and fields JSON cannot see or use.
type Ifaces struct {
	E  error
	S  Shape
	F  func() `json:"-"`
	C  chan int `json:"-"`
	Fn func()
	n  complex128
}

// Shape is an interface with methods.
type Shape interface {
	Area() float64
}
