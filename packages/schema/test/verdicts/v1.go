//go:build !goexperiment.jsonv2

package main

import (
	"bytes"
	"encoding/json"
	"errors"
)

func decode(data []byte, dst any, strict bool) error {
	if !strict {
		return json.Unmarshal(data, dst)
	}
	if !json.Valid(data) {
		return json.Unmarshal(data, dst)
	}
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(dst); err != nil {
		return err
	}
	if d.More() {
		return errors.New("trailing data")
	}
	return nil
}

func encode(v any) ([]byte, error) { return json.Marshal(v) }
