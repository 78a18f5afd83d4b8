/**
 * User-level audit against Go 1.26.8 (test/audit/README.md): the public API
 * driven the way applications drive it — Decoder scripts over one chunk and one
 * byte at a time, the byte helpers and Encoder on odd inputs, unmarshal/merge
 * into declared types that reflect.StructOf cannot build (unexported and
 * embedded fields, named types, methods), marshal of tags and time edge cases.
 * Expected lines are go.out, recorded by the Go program in each folder.
 */
import { readFileSync } from "node:fs";
import { GoTime, goQuote, goType, JsonNumber, parseGo, T, withMethods } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import {
  compact,
  Decoder,
  Delim,
  Encoder,
  htmlEscape,
  indent,
  JsonSyntaxError,
  marshal,
  marshalIndent,
  SyncDecoder,
  type Token,
  unmarshal,
  valid,
} from "./index.js";

const td = new TextDecoder("utf-8", { ignoreBOM: true });
const te = new TextEncoder();
const read = (p: string) => readFileSync(new URL(`../test/audit/${p}`, import.meta.url), "utf8");
const lines = (p: string) => read(p).trimEnd().split("\n");
const msg = (e: unknown) => (e as Error).message;
const errStr = (e: unknown) =>
  JsonSyntaxError.isInstance(e) ? `ERR ${e.message} @${e.offset}` : `ERR ${msg(e)}`;

describe("audit: Decoder scripts (stream/)", () => {
  const S = goType(
    "S",
    parseGo('type S struct { A int `json:"a"`; B []int `json:"b"`; C map[string]int `json:"c"` }'),
  );
  const fv = (x: number) => (Object.is(x, -0) ? "-0" : String(x));
  const tokStr = (t: unknown): string => {
    if (t instanceof Delim) return `D${t}`;
    if (t === null) return "null";
    if (JsonNumber.isInstance(t)) return `N${t.text}`;
    if (typeof t === "number") return `F${fv(t)}`;
    if (typeof t === "string") return `S${goQuote(t)}`;
    return `B${t}`;
  };
  const oneByte = (b: Uint8Array) => {
    let i = 0;
    return new ReadableStream<Uint8Array>({
      pull(c) {
        if (i >= b.length) c.close();
        else c.enqueue(b.slice(i, ++i));
      },
    });
  };
  async function run(
    input: string,
    ops: string,
    flags: string,
    onebyte: boolean,
    sync = false,
  ): Promise<string> {
    const bytes = te.encode(input);
    // SyncDecoder over the bytes in memory: Go's json.NewDecoder(bytes.NewReader(b)), the same answers.
    const d: Pick<Decoder, "useNumber" | "disallowUnknownFields" | "inputOffset" | "buffered"> & {
      token(): Promise<Token> | Token;
      decode<T>(t: import("@gojson/gotype").GoType<T>): Promise<T> | T;
      more(): Promise<boolean> | boolean;
    } = sync ? new SyncDecoder(bytes) : new Decoder(onebyte ? oneByte(bytes) : bytes);
    if (flags.includes("n")) d.useNumber();
    if (flags.includes("u")) d.disallowUnknownFields();
    const out: string[] = [];
    let errs = 0;
    for (let step = 0; step < 40 && errs < 3; step++) {
      const op = ops[step % ops.length];
      let s: string;
      try {
        if (op === "T") s = tokStr(await d.token());
        else if (op === "D") s = `V${td.decode(marshal(T.any, await d.decode(T.any)))}`;
        else if (op === "S") s = `V${td.decode(marshal(S, await d.decode(S)))}`;
        else s = `M${await d.more()}`;
      } catch (e) {
        errs++;
        s = errStr(e);
        if (op === "S") {
          // Go prints its (zero, or partly filled) destination; an EOF leaves it zero.
          const v = (e as { value?: unknown }).value ?? unmarshal(S, "{}");
          s += ` ${td.decode(marshal(S, v))}`;
        }
      }
      out.push(`${s} o${d.inputOffset()} b${goQuote(onebyte ? "" : td.decode(d.buffered()))}`);
    }
    return out.join(" | ");
  }
  const want = lines("stream/go.out");
  const cases = lines("stream/cases.tsv").map((l, i) => {
    const [ops, flags, js] = l.split("\t") as [string, string, string];
    return [i, ops, flags, JSON.parse(js) as string] as const;
  });
  test.each(cases)("#%i %s %s %j", async (i, ops, flags, input) => {
    expect(await run(input, ops, flags, false)).toBe(want[2 * i]);
    expect(await run(input, ops, flags, true)).toBe(want[2 * i + 1]);
    expect(await run(input, ops, flags, false, true)).toBe(want[2 * i]);
  });
});

describe("audit: valid/compact/indent/htmlEscape/Encoder/marshalIndent (fmt/)", () => {
  const Raw = goType("json.RawMessage");
  const MapRaw = goType("map[string]json.RawMessage");
  const SliceRaw = goType("[]json.RawMessage");
  const q = (b: Uint8Array) => goQuote(td.decode(b));
  const pre = (b: Uint8Array) => {
    const o = new Uint8Array(3 + b.length);
    o.set(te.encode("PRE"));
    o.set(b, 3);
    return q(o);
  };
  const want = lines("fmt/go.out");
  const cases = lines("fmt/cases.txt").map((l, i) => [i, JSON.parse(l) as string] as const);
  test.each(cases)("#%i %j", async (i, input) => {
    const src = te.encode(input);
    const out: string[] = [`valid=${valid(src)}`];
    try {
      out.push(`compact=${pre(compact(src))}`);
    } catch (e) {
      out.push(`compact=${errStr(e)} buf="PRE"`);
    }
    for (const [p, ind] of [
      ["", ""],
      ["", "  "],
      [">", ""],
      ["\t", "\n"],
      ["x", "é"],
    ] as const) {
      try {
        out.push(`indent=${pre(indent(src, p, ind))}`);
      } catch (e) {
        out.push(`indent=${errStr(e)} buf="PRE"`);
      }
    }
    out.push(`html=${q(htmlEscape(src))}`);
    for (const esc of [true, false]) {
      for (const [p, ind] of [
        ["", ""],
        ["", "\t"],
        ["-", ""],
      ] as const) {
        const chunks: string[] = [];
        const e = new Encoder((c) => chunks.push(td.decode(c)));
        e.setEscapeHTML(esc);
        e.setIndent(p, ind);
        try {
          await e.encode(Raw, src);
          out.push(`enc${esc}=${goQuote(chunks.join(""))}`);
        } catch (err) {
          out.push(`enc${esc}=${errStr(err)}`);
        }
      }
    }
    try {
      out.push(`mi=${q(marshalIndent(MapRaw, new Map([["r", src]]), "", " "))}`);
    } catch (e) {
      out.push(`mi=${errStr(e)}`);
    }
    try {
      out.push(`m=${q(marshal(SliceRaw, [src]))}`);
    } catch (e) {
      out.push(`m=${errStr(e)}`);
    }
    expect(out.join(" | ")).toBe(want[i]);
  });
});

describe("audit: unmarshal into declared types (um/)", () => {
  const decls = parseGo(read("um/types.go.txt"));
  const want = lines("um/go.out");
  const cases = lines("um/cases.tsv").map(
    (l, i) => [i, ...(l.split("\t") as [string, string, string, string])] as const,
  );
  test.each(cases)("#%i %s %s into=%s flags=%s", async (i, typ, input, into, flags) => {
    const t = goType(typ, decls);
    const out: string[] = [];
    let v: unknown;
    const haveInto = into !== "-";
    if (haveInto) v = unmarshal(t, into);
    try {
      if (flags === "-") v = unmarshal(t, input, haveInto ? { into: v } : {});
      else {
        const d = new Decoder(input);
        if (flags.includes("n")) d.useNumber();
        if (flags.includes("u")) d.disallowUnknownFields();
        v = await d.decode(t, haveInto ? { into: v } : {});
      }
    } catch (e) {
      out.push(`ERR ${msg(e)}`);
      if (typeof e === "object" && e !== null && "value" in e) v = e.value;
    }
    try {
      out.push(td.decode(marshal(t, v)));
    } catch (e) {
      out.push(`MERR ${msg(e)}`);
    }
    expect(out.join(" | ")).toBe(want[i]);
  });
});

describe("audit: marshal of tags, embedding, omitempty/omitzero, ,string (mar/)", () => {
  const decls = parseGo(read("mar/types.go.txt"));
  const want = lines("mar/go.out");
  const cases = lines("mar/cases.tsv").map((l, i) => [i, ...(l.split("\t") as [string, string])] as const);
  test.each(cases)("#%i %s %s", (i, typ, input) => {
    const t = goType(typ, decls);
    const out: string[] = [];
    let v: unknown;
    try {
      v = unmarshal(t, input);
    } catch (e) {
      out.push(`UERR ${msg(e)}`);
      v = (e as { value?: unknown }).value;
    }
    out.push(td.decode(marshal(t, v)));
    expect(out.join(" | ")).toBe(want[i]);
  });
});

describe("audit: methods and addressability (meth/)", () => {
  const D = parseGo(read("meth/types.go.txt"));
  const ty = (e: string) => goType(e, D);
  type N = { N: bigint };
  withMethods(ty("Ws"), { MarshalJSON: (w: N) => ` {"n" : ${w.N}, "h": "<&>\u2028" } ` });
  withMethods(ty("Bad"), { MarshalJSON: () => "{bad" });
  withMethods(ty("Empty"), { MarshalJSON: () => "" });
  withMethods(ty("Two"), { MarshalJSON: () => "1 2" });
  withMethods(ty("Fail"), {
    MarshalJSON: () => {
      throw new Error("boom");
    },
  });
  withMethods(ty("PR"), { MarshalJSON: (p: N) => `"pr${p.N}"` }, { receiver: "pointer" });
  withMethods(ty("TK"), { MarshalText: (k: { X: bigint }) => `k${k.X}` });
  withMethods(ty("TKP"), { MarshalText: (k: { X: bigint }) => `p${k.X}` }, { receiver: "pointer" });
  withMethods(ty("Upper"), {
    UnmarshalText: (b: Uint8Array) => {
      const s = td.decode(b);
      if (s === "bad") throw new Error("bad text");
      return s.toUpperCase();
    },
  });
  withMethods(ty("UJ"), {
    UnmarshalJSON: (b: Uint8Array, cur: { Raw: string }) => {
      const s = td.decode(b);
      if (s === '"fail"') throw new Error("nope");
      cur.Raw = s;
      return cur;
    },
  });
  withMethods(ty("TF"), {
    MarshalText: (t: N) => {
      if (t.N < 0n) throw new Error("neg");
      return `<t${t.N}>`;
    },
  });
  withMethods(ty("Both"), { MarshalJSON: () => '"json"', MarshalText: () => "text" });

  test("same lines as Go", () => {
    const out: string[] = [];
    const show = (name: string, f: () => Uint8Array) => {
      try {
        out.push(...`${name}: ${td.decode(f())}`.split("\n"));
      } catch (e) {
        out.push(`${name}: ERR ${msg(e)} `);
      }
    };
    const h = unmarshal(ty("Holder"), "{}") as Record<string, unknown>;
    Object.assign(h, {
      W: { N: 1n },
      PW: { N: 2n },
      P: { N: 3n },
      PP: { N: 4n },
      SP: [{ N: 5n }],
      MP: new Map([["a", { N: 6n }]]),
      AP: [{ N: 7n }],
      MK: new Map([
        [{ X: 2n }, 1n],
        [{ X: 10n }, 2n],
      ]),
      T: { N: 1n },
      B: { N: 0n },
    });
    show("holderval", () => marshal(ty("Holder"), h));
    show("holderptr", () => marshal(ty("*Holder"), h));
    show("holderindent", () => marshalIndent(ty("*Holder"), h, ">", "  "));
    show("bad", () => marshal(ty("HBad"), { B: { N: 0n } }));
    show("empty", () => marshal(ty("HEmpty"), { E: { N: 0n } }));
    show("two", () => marshal(ty("HTwo"), { T: { N: 0n } }));
    show("fail", () => marshal(ty("HFail"), { F: { N: 0n } }));
    show("tferr", () => marshal(ty("HTF"), { T: { N: -1n } }));
    show("tfkeyerr", () => marshal(ty("HTFKey"), { M: new Map([[{ N: -1n }, 1n]]) }));
    show("tfkey", () =>
      marshal(ty("HTFKey"), {
        M: new Map([
          [{ N: 1n }, 1n],
          [{ N: 2n }, 2n],
        ]),
      }),
    );
    show("wrap", () => marshal(ty("Wrap"), { Ws: { N: 1n }, Z: 2n }));
    show("tkp", () => marshal(ty("map[TKP]int"), new Map([[{ X: 1n }, 1n]])));
    show("many", () =>
      marshal(ty("Many"), {
        S: [{ N: 1n }],
        M: new Map([
          ["x", { N: 1n }],
          ["y", null],
        ]),
        A: null,
      }),
    );
    show("nilws", () => marshal(ty("[]*Ws"), [null, { N: 3n }]));
    const View = ty("struct { U Upper; UJ UJ; PUJ *UJ; MU map[Upper]int }");
    for (const inp of [
      `{"U":"abc","UJ":"x","PUJ":{"a" : 1},"MU":{"k":1,"bad":2}}`,
      `{"U":5}`,
      `{"U":"bad"}`,
      `{"UJ":null,"PUJ":null}`,
      `{"UJ":"fail"}`,
      `{"MU":{"bad":1}}`,
      `{"U":null}`,
      `{"U":"x","MU":{"a":"x"}}`,
      `{"MK":{"k1":1}}`,
      `{"UJ": [1, 2 ,3] }`,
      `{"U":[1]}`,
      `{"U":{"a":1}}`,
      `{"U":true}`,
      `{"PUJ":"fail","U":"a"}`,
    ]) {
      const into = unmarshal(ty("Holder"), "{}") as { UJ: { Raw: string } };
      into.UJ.Raw = "pre";
      let v: Record<string, unknown>;
      let err = "";
      try {
        v = unmarshal(ty("Holder"), inp, { into }) as Record<string, unknown>;
      } catch (e) {
        err = `ERR ${msg(e)} `;
        v = ((e as { value?: unknown }).value ?? into) as Record<string, unknown>;
      }
      out.push(`un ${inp}: ${err}${td.decode(marshal(View, { U: v.U, UJ: v.UJ, PUJ: v.PUJ, MU: v.MU }))}`);
    }
    for (const [n, t, inp] of [
      ["mapupper", "map[Upper]string", `{"a":"b","bad":"c"}`],
      ["maptk", "map[TK]int", `{"a":1}`],
    ] as const) {
      let v: unknown;
      let err = "";
      try {
        v = unmarshal(ty(t), inp);
      } catch (e) {
        err = `ERR ${msg(e)} `;
        v = (e as { value?: unknown }).value;
      }
      out.push(`${n}: ${err}${td.decode(marshal(ty(t), v))}`);
    }
    expect(out).toEqual(lines("meth/go.out"));
  });
});

describe("audit: time.Time and Duration marshal (tm/)", () => {
  test("same lines as Go", () => {
    const D = GoTime.date;
    const out: string[] = [];
    const show = (t: string, v: unknown) => {
      try {
        out.push(td.decode(marshal(goType(t), v)));
      } catch (e) {
        out.push(`ERR ${msg(e)}`);
      }
    };
    show("time.Time", D(10000, 1, 1));
    show("time.Time", D(-1, 1, 1));
    show("time.Time", D(2020, 1, 1, 0, 0, 0, 0, 24 * 3600, "x"));
    show("time.Time", D(2020, 1, 1, 0, 0, 0, 0, 5 * 3600 + 30 * 60 + 15, "x"));
    show("time.Time", D(2020, 1, 1, 0, 0, 0, 0, -(23 * 3600 + 59 * 60), "x"));
    show("time.Time", D(2020, 1, 1, 0, 0, 0, 120, 0, "x"));
    show("map[time.Time]int", new Map([[D(10000, 1, 1), 1n]]));
    show("map[time.Time]int", new Map([[D(2020, 1, 1, 0, 0, 0, 5), 1n]]));
    show("[]time.Duration", [-1n, 1n << 62n]);
    show('struct { T time.Time `json:",string"`; D time.Duration `json:",string"` }', {
      T: D(2020, 1, 1),
      D: 5n,
    });
    show("time.Time", D(0, 1, 1));
    show("time.Time", D(9999, 12, 31, 23, 59, 59, 999999999, 24 * 3600 - 60, "x"));
    expect(out).toEqual(lines("tm/go.out"));
  });
});
