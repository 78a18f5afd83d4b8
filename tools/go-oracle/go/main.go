// Command go-oracle answers JSON-lines requests with what Go's encoding/json
// (v1, v1 on the v2 engine, or v2) does. See ../README.md for the protocol.
package main

import "gojson.dev/go-oracle/core"

func main() { core.Serve(registry, nil) }
