//go:build goexperiment.jsonv2

package main

import (
	"encoding/json/v2"
)

func decode(body string) (any, error) {
	var o Order
	err := json.Unmarshal([]byte(body), &o, json.RejectUnknownMembers(true))
	if err != nil {
		return nil, err
	}
	return o, nil
}
