//go:build goexperiment.jsonv2 && !go1.27

package core

import jsonv2 "encoding/json/v2"

// Go 1.26 only: json/v2 lost DiscardUnknownMembers in Go 1.27.
func init() { boolOptions["discardUnknownMembers"] = jsonv2.DiscardUnknownMembers }
