import { describe, expect, it } from "vitest";
import { GO_EXPERIMENTS, GO_TOOLCHAINS, GO_VERSIONS, goEnv, parseGoFlag, releaseOf } from "./go-version.js";

describe("Go releases (no Go needed)", () => {
  it.each([
    { name: "One", in: "1.26", want: ["1.26"] },
    { name: "Newest", in: "1.27", want: ["1.27"] },
    { name: "Both", in: "both", want: ["1.26", "1.27"] },
  ])("--go/$name", ({ in: s, want }) => {
    expect(parseGoFlag(s)).toEqual(want);
  });

  it("--go rejects an unknown release", () => {
    expect(() => parseGoFlag("1.25")).toThrow("--go must be 1.26, 1.27 or both");
  });

  it.each([
    { in: "go1.26.8", want: "1.26" },
    { in: "go1.27.3-X:nojsonv2", want: "1.27" },
    { in: "devel", want: "" },
  ])("releaseOf($in)", ({ in: s, want }) => {
    expect(releaseOf(s)).toBe(want);
  });

  it("pins one toolchain per release and says which GOEXPERIMENT gives each engine family", () => {
    expect(GO_VERSIONS.map((v) => GO_TOOLCHAINS[v])).toEqual(["go1.26.8", "go1.27.3"]);
    expect(GO_EXPERIMENTS["1.26"]).toEqual({ classic: "", v2: "jsonv2" });
    expect(GO_EXPERIMENTS["1.27"]).toEqual({ classic: "nojsonv2", v2: "" });
  });

  it("always sets GOTOOLCHAIN (local for the go on PATH, the pinned toolchain otherwise)", () => {
    for (const v of GO_VERSIONS) expect(["local", GO_TOOLCHAINS[v]]).toContain(goEnv(v, {}).GOTOOLCHAIN);
  });
});
