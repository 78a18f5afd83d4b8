package shop

import "time"

// Order is the five-field order of the lesson's cost.go, with a few more
// fields that show where v1 and v2 differ.
type Order struct {
	ID       int64     `json:"id"`
	Customer string    `json:"customer"`
	Total    int64     `json:"total"`
	Paid     bool      `json:"paid"`
	Items    []string  `json:"items"`
	Placed   time.Time `json:"placed,omitzero"`
	Note     string    `json:"note,omitempty"`
}
