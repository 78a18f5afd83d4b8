// Package shop is a small package of two files: `--go shop` reads both.
package shop

// Order refers to Item, declared in item.go.
type Order struct {
	ID    int64  `json:"id"`
	Items []Item `json:"items"`
}
