// Seed 002's experiment on this machine: Go's encoding/json on the five
// payloads, unmarshal into any and marshal of the typed value. The harness
// builds this package twice (plain, GOEXPERIMENT=jsonv2) and runs the two
// binaries ABBA-ordered. Payloads come from GOJSON_PAYLOAD_DIR (<id>.json),
// written by the TypeScript side so both languages read identical bytes.
package bench

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

type FlatRecord struct {
	ID     int64   `json:"id"`
	Name   string  `json:"name"`
	Email  string  `json:"email"`
	Age    int     `json:"age"`
	Active bool    `json:"active"`
	Score  float64 `json:"score"`
}

type Item struct {
	SKU   string  `json:"sku"`
	Qty   int     `json:"qty"`
	Price float64 `json:"price"`
}

type Address struct {
	Street string `json:"street"`
	City   string `json:"city"`
	Zip    string `json:"zip"`
}

type NestedOrder struct {
	ID       int64    `json:"id"`
	Customer string   `json:"customer"`
	Items    []Item   `json:"items"`
	Shipping Address  `json:"shipping"`
	Tags     []string `json:"tags"`
	Total    float64  `json:"total"`
}

type Event struct {
	Type string `json:"type"`
	At   string `json:"at"`
	Data any    `json:"data"`
}

type TextDoc struct {
	Title string   `json:"title"`
	Body  string   `json:"body"`
	Lines []string `json:"lines"`
}

type Series struct {
	Name   string    `json:"name"`
	Points []float64 `json:"points"`
	Stamps []int64   `json:"stamps"`
}

var payloads = []struct {
	id  string
	new func() any
}{
	{"flat-records", func() any { return new([]FlatRecord) }},
	{"nested-orders", func() any { return new([]NestedOrder) }},
	{"interface-events", func() any { return new([]Event) }},
	{"escaped-text", func() any { return new([]TextDoc) }},
	{"numeric-series", func() any { return new([]Series) }},
}

func load(b *testing.B, id string) []byte {
	dir := os.Getenv("GOJSON_PAYLOAD_DIR")
	if dir == "" {
		b.Skip("GOJSON_PAYLOAD_DIR not set")
	}
	data, err := os.ReadFile(filepath.Join(dir, id+".json"))
	if err != nil {
		b.Fatal(err)
	}
	return data
}

var sink any

func BenchmarkUnmarshalAny(b *testing.B) {
	for _, p := range payloads {
		b.Run(p.id, func(b *testing.B) {
			data := load(b, p.id)
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				var v any
				if err := json.Unmarshal(data, &v); err != nil {
					b.Fatal(err)
				}
				sink = v
			}
		})
	}
}

func BenchmarkMarshal(b *testing.B) {
	for _, p := range payloads {
		b.Run(p.id, func(b *testing.B) {
			data := load(b, p.id)
			v := p.new()
			if err := json.Unmarshal(data, v); err != nil {
				b.Fatal(err)
			}
			out, err := json.Marshal(v)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(out)))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				out, err := json.Marshal(v)
				if err != nil {
					b.Fatal(err)
				}
				sink = out
			}
		})
	}
}

// TestPayloadsRoundTrip is the benchmark body run once as a test.
func TestPayloadsRoundTrip(t *testing.T) {
	dir := os.Getenv("GOJSON_PAYLOAD_DIR")
	if dir == "" {
		t.Skip("GOJSON_PAYLOAD_DIR not set")
	}
	for _, p := range payloads {
		data, err := os.ReadFile(filepath.Join(dir, p.id+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var a any
		if err := json.Unmarshal(data, &a); err != nil {
			t.Fatalf("%s: %v", p.id, err)
		}
		v := p.new()
		if err := json.Unmarshal(data, v); err != nil {
			t.Fatalf("%s: %v", p.id, err)
		}
		if _, err := json.Marshal(v); err != nil {
			t.Fatalf("%s: %v", p.id, err)
		}
	}
}
