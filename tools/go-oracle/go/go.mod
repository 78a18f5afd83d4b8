module gojson.dev/go-oracle

go 1.26
