package shop

// Test files are not part of the package gojson reads (as with go build).
type fixture struct{ broken undeclared }
