import { describe, expect, it } from "vitest";
import { gojson } from "./run-cli.js";

const decode = (version: "--v1" | "--v2", option: string, input = '{"id":1}') =>
  gojson(["decode", version, "--go", "order.go", "--type", "Order", "--option", option], input);

// Found by a user audit: these options used to be accepted silently (exit 0, the
// value misread: `multiline=yes` turned indentation on, `nosuchOption=true` was
// ignored) or crashed as an internal error (exit 4 with a stack trace).
describe("--option values are checked (exit 2, one line)", () => {
  it.each([
    ["--v2", "nosuchOption=true", "unknown v2 option nosuchOption"],
    ["--v2", "deterministic=maybe", "want deterministic=true or deterministic=false"],
    ["--v2", "multiline=yes", "want multiline=true or multiline=false"],
    ["--v2", "formatNilSliceAsNull=1", "want formatNilSliceAsNull=true"],
    ["--v2", "withIndent=3", "want only spaces and tabs"],
    ["--v2", "withIndent", "want withIndent=TEXT"],
    ["--v1", "escapeHTML=nope", "want escapeHTML=true or escapeHTML=false"],
    ["--v1", "disallowUnknownFields=maybe", "want disallowUnknownFields=true"],
    ["--v1", "indent", "want indent=TEXT"],
  ] as const)("%s --option %s", async (version, option, message) => {
    const r = await decode(version, option);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(message);
    expect(r.stderr).not.toContain("internal error");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("good values still work: a bare boolean option means true", async () => {
    const r = await decode("--v1", "disallowUnknownFields", '{"id":1,"x":2}');
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('json: unknown field "x"\n');
  });

  it('a string option keeps digits as text (Go\'s MarshalIndent(v, "", "2"))', async () => {
    // go run: json.MarshalIndent(Order{ID: 1}, "", "2")
    const r = await decode("--v1", "indent=2");
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      '{\n2"id": 1,\n2"customer": "",\n2"total": 0,\n2"paid": false,\n2"items": null\n}\n',
    );
  });

  it("withIndent takes \\t as a tab", async () => {
    const r = await decode("--v2", "withIndent=\\t");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('\n\t"id": 1,');
  });
});

describe("strict --max-bytes", () => {
  // Found by a user audit: `abc` was ignored (200) and `-1` crashed with exit 4.
  it.each(["abc", "-1", "1.5"])("--max-bytes %s is a usage error (2)", async (n) => {
    const r = await gojson(["strict", "--max-bytes", n], '{"name":"a"}');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("want a whole number of bytes");
    expect(r.stderr).not.toContain("internal error");
  });
  it("--max-bytes 0 is a limit of 0 bytes, not the default", async () => {
    const r = await gojson(["strict", "--max-bytes", "0"], '{"name":"a"}');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("413 GOJSON_ERR_BODY_TOO_LARGE");
  });
});

describe("schema with a missing file", () => {
  it("names the path, not a --go flag the command does not have", async () => {
    const r = await gojson(["schema", "nope.go"]);
    expect(r.status).toBe(3);
    expect(r.stderr).toBe("gojson: cannot read Go file nope.go: check the path\n");
  });
});
