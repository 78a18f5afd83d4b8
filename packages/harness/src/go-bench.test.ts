import { describe, expect, it } from "vitest";
import { parseGoBench } from "./go-bench.js";

const CPU1 = `goos: linux
goarch: amd64
pkg: example
BenchmarkUnmarshalAny/flat-records         	   12345	     95684 ns/op	  88.10 MB/s	   51234 B/op	     812 allocs/op
BenchmarkUnmarshalAny/series-2         	    1000	   1420861 ns/op
BenchmarkMarshal 	 5000000	       331.5 ns/op	      96 B/op	       1 allocs/op
PASS
`;

describe("go test -bench output", () => {
  it("Cpu1/NoSuffixIsStripped", () => {
    const r = parseGoBench(CPU1, 1);
    expect(r.map((x) => x.name)).toEqual([
      "BenchmarkUnmarshalAny/flat-records",
      "BenchmarkUnmarshalAny/series-2", // a real name ending in -2 is kept under -cpu=1
      "BenchmarkMarshal",
    ]);
    expect(r[0]).toMatchObject({
      iterations: 12345,
      nsPerOp: 95684,
      mbPerSec: 88.1,
      bytesPerOp: 51234,
      allocsPerOp: 812,
    });
    expect(r[2]?.nsPerOp).toBe(331.5);
  });
  it("Cpu2/SuffixStripped", () => {
    const r = parseGoBench("BenchmarkX/a-2 \t 10\t 5 ns/op\n", 2);
    expect(r[0]?.name).toBe("BenchmarkX/a");
    expect(r[0]?.procs).toBe(2);
  });
});
