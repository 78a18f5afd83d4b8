//go:build !goexperiment.jsonv2

package core

import "reflect"

var extraQualified = map[string]reflect.Type{}

func init() { engines["v1"] = v1Engine{} }
