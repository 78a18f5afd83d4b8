/**
 * Fidelity cases of issue #22 for classic v1, recorded from Go (test/audit/fid/:
 * go126.out with Go 1.26.8, go127.out with Go 1.27.3 and GOEXPERIMENT=nojsonv2):
 * pointers allocated before a failed decode, named pointer types hiding the
 * pointee's methods and `,string`, json.Number error quoting, RawMessage with
 * invalid UTF-8, base64 into an existing slice, map[float64]V, MarshalText
 * output with invalid UTF-8, null into UnmarshalText types, unsigned map keys with a sign,
 * pointers to maps of undecodable key types, and what Go 1.27's Unicode 17 tables change
 * (quoting in error texts, case folding of names). Each line of
 * go*.out is the Go-quoted error texts and the Go-quoted bytes of Marshal of the
 * destination afterwards.
 */
import { readFileSync } from "node:fs";
import { type GoType, goType, parseGo, withMethods } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import { unquoteBytes } from "../test/go-literal.js";
import { type GoVersion, quoteBytesFor, quoteFor } from "./go-version.js";
import { Decoder, marshal, unmarshal } from "./index.js";

const read = (p: string) => readFileSync(new URL(`../test/audit/fid/${p}`, import.meta.url), "utf8");
const lines = (p: string) => read(p).trimEnd().split("\n");
const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const msg = (e: unknown) => (e as Error).message;
const decls = parseGo(read("types.go.txt"));
// types.go.txt's TB.MarshalText (invalid UTF-8, a U+FFFD, a truncated sequence, `<`).
withMethods(decls.TB as GoType, { MarshalText: () => latin1("a\xffb\xef\xbf\xbd\xe2\x80<") });
withMethods(decls.NB as GoType, { MarshalText: () => latin1("a\xffb") });
// Pointer-receiver methods promoted through a nil embedded pointer run with a nil receiver.
withMethods(
  decls.EU as GoType,
  {
    UnmarshalJSON: () => {
      throw new Error("uj: no");
    },
  },
  { receiver: "pointer" },
);
withMethods(decls.EM as GoType, { MarshalJSON: () => '"m"' }, { receiver: "pointer" });
// types.go.txt's UnmarshalText twins: null reaches none of them (a map or slice becomes nil).
const text = (b: Uint8Array | string) => (typeof b === "string" ? b : new TextDecoder().decode(b));
withMethods(
  decls.TM as GoType,
  { UnmarshalText: (b: Uint8Array | string) => new Map([[text(b), 1n]]) },
  { receiver: "pointer" },
);
withMethods(
  decls.TL as GoType,
  { UnmarshalText: (b: Uint8Array | string) => [BigInt(text(b).length)] },
  { receiver: "pointer" },
);
withMethods(
  decls.TSt as GoType,
  { UnmarshalText: (b: Uint8Array | string) => `u${text(b)}` },
  { receiver: "pointer" },
);
withMethods(decls.TV as GoType, { UnmarshalText: (_b: Uint8Array | string, cur: unknown) => cur });
const cases = lines("cases.tsv").map(
  (l, i) => [i, ...(l.split("\t") as [string, string, string, string])] as const,
);

/** Runs one case the way main.go.txt does; returns the output line. */
async function run(
  goVersion: GoVersion,
  typ: string,
  inQ: string,
  intoQ: string,
  flags: string,
): Promise<string> {
  const t = goType(typ, decls);
  const input = unquoteBytes(inQ);
  const out: string[] = [];
  let v: unknown;
  const haveInto = intoQ !== "-";
  if (haveInto) v = unmarshal(t, unquoteBytes(intoQ), { goVersion });
  try {
    if (flags === "-") v = unmarshal(t, input, haveInto ? { into: v, goVersion } : { goVersion });
    else {
      const d = new Decoder(input, { goVersion, disallowUnknownFields: flags.includes("u") });
      v = await d.decode(t, haveInto ? { into: v } : {});
    }
  } catch (e) {
    out.push(`ERR ${quoteFor(goVersion, msg(e))}`);
    // What Go's destination holds after the error (null included); a Decoder's syntax error
    // leaves it as it was (zero).
    const held = (e as { value?: unknown }).value;
    v = held !== undefined ? held : (v ?? unmarshal(t, "null"));
  }
  try {
    out.push(quoteBytesFor(goVersion, marshal(t, v, { goVersion })));
  } catch (e) {
    out.push(`MERR ${quoteFor(goVersion, msg(e))}`);
  }
  return out.join(" | ");
}

describe("fidelity (#22), classic v1", () => {
  for (const [ver, file] of [
    ["1.26", "go126.out"],
    ["1.27", "go127.out"],
  ] as const) {
    const want = lines(file);
    test.each(cases)(`Go ${ver} #%i %s %s into=%s flags=%s`, async (i, typ, inQ, intoQ, flags) => {
      expect(await run(ver, typ, inQ, intoQ, flags)).toBe(want[i]);
    });
  }
});
