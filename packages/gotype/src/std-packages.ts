/**
 * The standard-library packages gotype knows, by import path, each declared
 * the way a user declares a third-party package: Go source for the types as
 * encoding/json sees them (exported fields, unexported fields standing for
 * the hidden state, method signatures) plus TypeScript twins for the
 * methods. Each JSON behaviour was recorded from Go 1.26 (see std.test.ts).
 * Built on first use.
 */
import { buildGoPackage, type GoPackage } from "./go-package-build.js";
import { jsonNumber, jsonRawMessage, jsontextValue, timeDuration, timeTime } from "./known.js";
import { withPackageMethods } from "./methods.js";
import {
  bigFloatTwins,
  bigIntTwins,
  bigRatTwins,
  netIPTwins,
  netipAddrPortTwins,
  netipAddrTwins,
  netipPrefixTwins,
} from "./std-twins.js";
import type { GoType } from "./types.js";

interface StdDecl {
  readonly name: string;
  readonly source: string;
  readonly predeclared?: Readonly<Record<string, GoType>>;
  readonly twins?: Readonly<Record<string, Record<string, (...args: any[]) => any>>>;
}

const STD: ReadonlyMap<string, StdDecl> = new Map<string, StdDecl>([
  [
    "time",
    {
      name: "time",
      predeclared: { Time: timeTime, Duration: timeDuration },
      source: `package time

// A Month specifies a month of the year (January = 1, ...); JSON writes its number.
type Month int

// A Weekday specifies a day of the week (Sunday = 0, ...); JSON writes its number.
type Weekday int

// A Location maps time instants to the zone in use; its fields are unexported.
type Location struct {
	name string
	zone []zone
	tx   []zoneTrans
}

type zone struct {
	name   string
	offset int
	isDST  bool
}

type zoneTrans struct {
	when         int64
	index        uint8
	isstd, isutc bool
}
`,
    },
  ],
  [
    "encoding/json",
    {
      name: "json",
      predeclared: { Number: jsonNumber, RawMessage: jsonRawMessage },
      source: `package json

// Marshaler is the interface implemented by types that can marshal themselves into valid JSON.
type Marshaler interface {
	MarshalJSON() ([]byte, error)
}

// Unmarshaler is the interface implemented by types that can unmarshal a JSON description of themselves.
type Unmarshaler interface {
	UnmarshalJSON([]byte) error
}
`,
    },
  ],
  [
    "encoding/json/jsontext",
    {
      name: "jsontext",
      predeclared: { Value: jsontextValue },
      source: `package jsontext

type Encoder struct{ s encoderState }
type Decoder struct{ s decoderState }
type encoderState struct{ buf []byte }
type decoderState struct{ buf []byte }
type Kind byte
`,
    },
  ],
  [
    "encoding",
    {
      name: "encoding",
      source: `package encoding

type TextMarshaler interface {
	MarshalText() (text []byte, err error)
}

type TextAppender interface {
	AppendText(b []byte) ([]byte, error)
}

type TextUnmarshaler interface {
	UnmarshalText(text []byte) error
}
`,
    },
  ],
  [
    "net/url",
    {
      name: "url",
      source: `package url

// A URL represents a parsed URL. It has no JSON methods: JSON sees its exported fields.
type URL struct {
	Scheme      string
	Opaque      string
	User        *Userinfo
	Host        string
	Path        string
	Fragment    string
	RawQuery    string
	RawPath     string
	RawFragment string
	ForceQuery  bool
	OmitHost    bool
}

// Userinfo holds a username and password; its fields are unexported, so JSON writes {}.
type Userinfo struct {
	username    string
	password    string
	passwordSet bool
}

// Values maps a string key to a list of values.
type Values map[string][]string
`,
    },
  ],
  [
    "net/netip",
    {
      name: "netip",
      source: `package netip

// Addr is an IP address. In TypeScript its value is { text } holding Go's String() form ("" for the zero Addr).
type Addr struct{ text string }

func (ip Addr) MarshalText() ([]byte, error)
func (ip Addr) AppendText(b []byte) ([]byte, error)
func (ip *Addr) UnmarshalText(text []byte) error

// Prefix is an IP prefix (CIDR). In TypeScript its value is { text } ("10.0.0.0/8"; "" for the zero Prefix).
type Prefix struct{ text string }

func (p Prefix) MarshalText() ([]byte, error)
func (p Prefix) AppendText(b []byte) ([]byte, error)
func (p *Prefix) UnmarshalText(text []byte) error

// AddrPort is an IP and a port. In TypeScript its value is { text } ("[::1]:80"; "" for the zero AddrPort).
type AddrPort struct{ text string }

func (p AddrPort) MarshalText() ([]byte, error)
func (p AddrPort) AppendText(b []byte) ([]byte, error)
func (p *AddrPort) UnmarshalText(text []byte) error
`,
      twins: { Addr: netipAddrTwins, Prefix: netipPrefixTwins, AddrPort: netipAddrPortTwins },
    },
  ],
  [
    "net",
    {
      name: "net",
      source: `package net

// An IP is a single IP address, a slice of bytes (Uint8Array in TypeScript); JSON writes its text form.
type IP []byte

func (ip IP) MarshalText() ([]byte, error)
func (ip IP) AppendText(b []byte) ([]byte, error)
func (ip *IP) UnmarshalText(text []byte) error

// An IPMask is a bitmask; it has no text methods, so JSON writes it as base64.
type IPMask []byte

// An IPNet represents an IP network.
type IPNet struct {
	IP   IP
	Mask IPMask
}

// A HardwareAddr is a physical hardware address; JSON writes it as base64.
type HardwareAddr []byte
`,
      twins: { IP: netIPTwins },
    },
  ],
  [
    "math/big",
    {
      name: "big",
      source: `package big

// An Int is an arbitrary-precision integer. *big.Int values are bigint in TypeScript; JSON writes a number.
type Int struct {
	neg bool
	abs []uint
}

func (x *Int) MarshalJSON() ([]byte, error)
func (z *Int) UnmarshalJSON(text []byte) error
func (x *Int) MarshalText() (text []byte, err error)
func (x *Int) AppendText(b []byte) (text []byte, err error)
func (z *Int) UnmarshalText(text []byte) error

// A Float is an arbitrary-precision float. *big.Float values are strings in TypeScript (Go's 'g' text).
type Float struct {
	prec uint32
	mode byte
	acc  int8
	form byte
	neg  bool
	mant []uint
	exp  int32
}

func (x *Float) MarshalText() (text []byte, err error)
func (x *Float) AppendText(b []byte) ([]byte, error)
func (z *Float) UnmarshalText(text []byte) error

// A Rat is an arbitrary-precision quotient. *big.Rat values are strings in TypeScript ("3/4", "5").
type Rat struct {
	a, b Int
}

func (x *Rat) MarshalText() (text []byte, err error)
func (x *Rat) AppendText(b []byte) ([]byte, error)
func (z *Rat) UnmarshalText(text []byte) error
`,
      twins: { Int: bigIntTwins, Float: bigFloatTwins, Rat: bigRatTwins },
    },
  ],
  [
    "database/sql",
    {
      name: "sql",
      source: `package sql

import "time"

// The sql.Null types have no JSON methods: JSON sees their exported fields.
type NullString struct {
	String string
	Valid  bool
}
type NullInt64 struct {
	Int64 int64
	Valid bool
}
type NullInt32 struct {
	Int32 int32
	Valid bool
}
type NullInt16 struct {
	Int16 int16
	Valid bool
}
type NullByte struct {
	Byte  byte
	Valid bool
}
type NullFloat64 struct {
	Float64 float64
	Valid   bool
}
type NullBool struct {
	Bool  bool
	Valid bool
}
type NullTime struct {
	Time  time.Time
	Valid bool
}
type Null[T any] struct {
	V     T
	Valid bool
}
type RawBytes []byte
`,
    },
  ],
  [
    "crypto/sha256",
    {
      name: "sha256",
      source: "package sha256\n\nconst (\n\tSize      = 32\n\tSize224   = 28\n\tBlockSize = 64\n)\n",
    },
  ],
  [
    "crypto/sha1",
    { name: "sha1", source: "package sha1\n\nconst (\n\tSize      = 20\n\tBlockSize = 64\n)\n" },
  ],
  ["crypto/md5", { name: "md5", source: "package md5\n\nconst (\n\tSize      = 16\n\tBlockSize = 64\n)\n" }],
  [
    "crypto/sha512",
    {
      name: "sha512",
      source:
        "package sha512\n\nconst (\n\tSize      = 64\n\tSize224   = 28\n\tSize256   = 32\n\tSize384   = 48\n\tBlockSize = 128\n)\n",
    },
  ],
  [
    "unicode/utf8",
    {
      name: "utf8",
      source:
        "package utf8\n\nconst (\n\tRuneError = '\\uFFFD'\n\tRuneSelf  = 0x80\n\tMaxRune   = '\\U0010FFFF'\n\tUTFMax    = 4\n)\n",
    },
  ],
  [
    "sync",
    {
      name: "sync",
      source: `package sync

// The sync types hold only unexported state: JSON writes {} for them.
type Mutex struct{ state int32; sema uint32 }
type RWMutex struct{ w Mutex; writerSem, readerSem uint32; readerCount, readerWait int32 }
type Once struct{ done uint32; m Mutex }
type WaitGroup struct{ noCopy noCopy; state uint64; sema uint32 }
type noCopy struct{}
type Map struct{ mu Mutex }
type Pool struct{ noCopy noCopy }
`,
    },
  ],
  [
    "sync/atomic",
    {
      name: "atomic",
      source: `package atomic

// The atomic types hold only unexported state: JSON writes {} for them.
type Bool struct{ v uint32 }
type Int32 struct{ v int32 }
type Int64 struct{ v int64 }
type Uint32 struct{ v uint32 }
type Uint64 struct{ v uint64 }
type Uintptr struct{ v uintptr }
type Value struct{ v any }
type Pointer[T any] struct{ v *T }
`,
    },
  ],
]);

const built = new Map<string, GoPackage>();
const building = new Set<string>();

/** The standard-library package at `path` as gotype declares it, or undefined. */
export function stdPackage(path: string): GoPackage | undefined {
  const hit = built.get(path);
  if (hit !== undefined) return hit;
  const d = STD.get(path);
  if (d === undefined || building.has(path)) return undefined;
  building.add(path);
  try {
    // A standard-library package imports only the standard library.
    const pkg = buildGoPackage(
      [{ name: `${d.name}.go`, source: d.source }],
      { path, ...(d.predeclared !== undefined ? { predeclared: d.predeclared } : {}) },
      stdPackage,
    );
    if (d.twins !== undefined) withPackageMethods(pkg.types, d.twins);
    built.set(path, pkg);
    return pkg;
  } finally {
    building.delete(path);
  }
}

/** Import paths of the standard-library packages gotype declares. */
export const STD_PACKAGE_PATHS: readonly string[] = Object.freeze([...STD.keys()]);
