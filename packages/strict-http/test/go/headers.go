//go:build ignore

// headers.go records how Go's net/http server answers requests whose body
// headers are repeated or unusual, sent as raw bytes to the strict.go handler
// (MaxBytesReader 1024, json.Decoder). Run: go run test/go/headers.go
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"time"
)

func handler(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 1024)
	var v any
	if err := json.NewDecoder(r.Body).Decode(&v); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			http.Error(w, err.Error(), http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	w.Write([]byte("ok"))
}

type row struct {
	Name       string `json:"name"`
	Request    string `json:"request"`
	Status     int    `json:"status"`
	Connection string `json:"connection,omitempty"`
}

const body = `{"a":1}`

func main() {
	srv := httptest.NewServer(http.HandlerFunc(handler))
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	post := "POST / HTTP/1.1\r\nHost: x\r\n"
	cases := []struct{ name, raw string }{
		{"ContentType/TwoLinesConflict", post + "Content-Type: application/json\r\nContent-Type: text/plain\r\nContent-Length: 7\r\n\r\n" + body},
		{"ContentType/TwoLinesSame", post + "Content-Type: application/json\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n" + body},
		{"ContentType/OneLineList", post + "Content-Type: application/json, text/plain\r\nContent-Length: 7\r\n\r\n" + body},
		{"ContentLength/TwoLinesSame", post + "Content-Type: application/json\r\nContent-Length: 7\r\nContent-Length: 7\r\n\r\n" + body},
		{"ContentLength/TwoLinesConflict", post + "Content-Type: application/json\r\nContent-Length: 7\r\nContent-Length: 8\r\n\r\n" + body},
		{"ContentLength/OneLineList", post + "Content-Type: application/json\r\nContent-Length: 7, 7\r\n\r\n" + body},
		{"TransferEncoding/TwoLinesChunked", post + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n7\r\n" + body + "\r\n0\r\n\r\n"},
		{"TransferEncoding/GzipChunked", post + "Content-Type: application/json\r\nTransfer-Encoding: gzip, chunked\r\n\r\n7\r\n" + body + "\r\n0\r\n\r\n"},
		{"TransferEncoding/Identity", post + "Content-Type: application/json\r\nTransfer-Encoding: identity\r\nContent-Length: 7\r\n\r\n" + body},
		{"TransferEncoding/WithContentLength", post + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nContent-Length: 7\r\n\r\n7\r\n" + body + "\r\n0\r\n\r\n"},
		{"ContentEncoding/GzipThenIdentity", post + "Content-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Encoding: identity\r\nContent-Length: 7\r\n\r\n" + body},
		{"NoBody/Get", "GET / HTTP/1.1\r\nHost: x\r\n\r\n"},
		{"NoBody/Head", "HEAD / HTTP/1.1\r\nHost: x\r\n\r\n"},
		{"NoBody/PostLengthZero", post + "Content-Length: 0\r\n\r\n"},
	}
	var rows []row
	for _, c := range cases {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			panic(err)
		}
		conn.SetDeadline(time.Now().Add(5 * time.Second))
		conn.Write([]byte(c.raw))
		method := strings.SplitN(c.raw, " ", 2)[0]
		resp, err := http.ReadResponse(bufio.NewReader(conn), &http.Request{Method: method})
		if err != nil {
			panic(fmt.Sprintf("%s: %v", c.name, err))
		}
		rows = append(rows, row{Name: c.name, Request: c.raw, Status: resp.StatusCode, Connection: resp.Header.Get("Connection")})
		resp.Body.Close()
		conn.Close()
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	enc.Encode(rows)
}
