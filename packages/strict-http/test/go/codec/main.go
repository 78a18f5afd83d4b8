// Records test/fixtures/codec-go.json: in this folder, `go run .` prints the v1 rows and
// `GOEXPERIMENT=jsonv2 go run .` the v2 rows.
package main

import (
	"encoding/json"
	"fmt"
	"os"
)

type Item struct {
	SKU string `json:"sku"`
	Qty int    `json:"qty"`
}

type Order struct {
	Name  string `json:"name"`
	Total int    `json:"total"`
	Items []Item `json:"items"`
}

func main() {
	bodies := map[string]string{
		"ok":             `{"name":"ann","total":3,"items":[{"sku":"a","qty":1}]}`,
		"unknown-field":  `{"name":"ann","role":"admin"}`,
		"unknown-nested": `{"name":"ann","items":[{"sku":"a","qty":1},{"sku":"b","color":"red"}]}`,
		"type-mismatch":  `{"name":"ann","total":"3"}`,
		"type-nested":    `{"items":[{"sku":"a","qty":1.5}]}`,
		"duplicate-name": `{"name":"a","name":"b"}`,
	}
	names := []string{"ok", "unknown-field", "unknown-nested", "type-mismatch", "type-nested", "duplicate-name"}
	var rows []map[string]any
	for _, n := range names {
		v, err := decode(bodies[n])
		row := map[string]any{"name": n, "body": bodies[n]}
		if err != nil {
			row["error"] = err.Error()
		} else {
			b, _ := json.Marshal(v)
			row["value"] = string(b)
		}
		rows = append(rows, row)
	}
	b, _ := json.MarshalIndent(rows, "", "  ")
	os.Stdout.Write(b)
	fmt.Println()
}
