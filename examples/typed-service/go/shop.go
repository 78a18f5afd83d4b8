package shop

import "time"

// CreateOrder is the body of POST /orders.
type CreateOrder struct {
	// Customer is who buys.
	Customer string `json:"customer"`
	// Lines are what is bought.
	Lines []Line `json:"lines"`
	// Note is free text for the warehouse.
	Note string `json:"note,omitempty"`
}

// Line is one product and how many.
type Line struct {
	SKU string `json:"sku"`
	Qty int32  `json:"qty"`
	// PriceCents is the unit price in cents (int64: never rounded).
	PriceCents int64 `json:"price_cents"`
}

// Order is what the service answers.
type Order struct {
	ID         int64     `json:"id"`
	Customer   string    `json:"customer"`
	Lines      []Line    `json:"lines"`
	TotalCents int64     `json:"total_cents"`
	Placed     time.Time `json:"placed"`
}
