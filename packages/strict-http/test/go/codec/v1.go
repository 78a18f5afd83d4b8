//go:build !goexperiment.jsonv2

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

func decode(body string) (any, error) {
	var o Order
	d := json.NewDecoder(bytes.NewReader([]byte(body)))
	d.DisallowUnknownFields()
	if err := d.Decode(&o); err != nil {
		return nil, err
	}
	if err := d.Decode(&struct{}{}); err != io.EOF {
		return nil, fmt.Errorf("trailing")
	}
	return o, nil
}
