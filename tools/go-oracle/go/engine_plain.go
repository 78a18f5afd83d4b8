//go:build !goexperiment.jsonv2

package main

import "reflect"

var extraQualified = map[string]reflect.Type{}

func init() { engines["v1"] = v1Engine{} }
