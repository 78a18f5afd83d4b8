module gojson.local/harness-bench

go 1.25
