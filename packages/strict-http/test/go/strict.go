//go:build ignore

// strict.go records how Go answers the seed's eight strict.go bodies (MaxBytesReader 64,
// DisallowUnknownFields, a second Decode that must be io.EOF). Run: go run test/go/strict.go
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
)

type Req struct {
	Name string `json:"name"`
}

func handler(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 64)
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	var v Req
	if err := dec.Decode(&v); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			http.Error(w, err.Error(), http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if err := dec.Decode(&struct{}{}); err != io.EOF {
		http.Error(w, "body must contain a single JSON value", http.StatusBadRequest)
		return
	}
	b, _ := json.Marshal(v)
	w.Write(b)
}

func main() {
	bodies := []struct{ name, body string }{
		{"ok", `{"name":"ann"}`},
		{"unknown-field", `{"name":"ann","role":"admin"}`},
		{"two-values", `{"name":"ann"} {}`},
		{"trailing-garbage", `{"name":"ann"}x`},
		{"duplicate-name", `{"name":"a","name":"b"}`},
		{"too-large", `{"name":"` + strings.Repeat("a", 80) + `"}`},
		{"empty", ``},
		{"truncated", `{"name":`},
	}
	out := []map[string]any{}
	for _, b := range bodies {
		req := httptest.NewRequest("POST", "/", strings.NewReader(b.body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		handler(rec, req)
		out = append(out, map[string]any{"name": b.name, "body": b.body, "status": rec.Code, "response": strings.TrimSpace(rec.Body.String())})
	}
	j, _ := json.MarshalIndent(out, "", "  ")
	fmt.Println(string(j))
}
