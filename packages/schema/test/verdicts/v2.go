//go:build goexperiment.jsonv2

package main

import jsonv2 "encoding/json/v2"

func decode(data []byte, dst any, strict bool) error {
	if !strict {
		return jsonv2.Unmarshal(data, dst)
	}
	return jsonv2.Unmarshal(data, dst, jsonv2.RejectUnknownMembers(true))
}

func encode(v any) ([]byte, error) { return jsonv2.Marshal(v) }
