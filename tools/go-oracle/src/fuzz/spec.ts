/**
 * Generated Go types: the type model of a case (TypeSpec), the registry of method types compiled
 * into the oracle, the arbitraries that draw types, and their Go source (renderGo). Values and
 * inputs of these types are in values.ts, broken inputs in mutate.ts.
 */
import fc from "fast-check";

/** Named types compiled into the oracle (go/registry.go): methods, unexported embedding, recursion. */
export type RegName =
  | "CentsV"
  | "CentsP"
  | "UpperText"
  | "AlwaysZero"
  | "FailText"
  | "BadJSON"
  | "KeyJSON"
  | "Stamped"
  | "Outer"
  | "OuterP"
  | "Node"
  | "Tree"
  | "Rec"
  | "Chain";

/** Map key types the fuzzer uses (text marshalers and a MarshalJSON type among them; float64 and bool keys are v2's). */
export type KeySpec =
  | "string"
  | "int"
  | "int8"
  | "int16"
  | "uint8"
  | "uint64"
  | "float64"
  | "bool"
  | "UpperText"
  | "KeyJSON"
  | "CentsV";

/** The JSON and text methods a generated type may declare. */
export type MethodName = "MarshalJSON" | "UnmarshalJSON" | "MarshalText" | "UnmarshalText" | "IsZero";

/**
 * A generated method: a pointer or value receiver and a fixed behaviour (Go source and
 * its TypeScript twin are both written from it). Marshal methods return `out` (bytes, any
 * content: invalid JSON, invalid UTF-8) or fail with `<method>: no`; unmarshal methods
 * leave the value as it was, or fail; IsZero answers `zero`.
 */
export interface MethodSpec {
  m: MethodName;
  ptr: boolean;
  fail?: boolean;
  out?: number[];
  zero?: boolean;
}

/** A generated Go type, small enough to print and to shrink. */
export type TypeSpec =
  | {
      k:
        | "bool"
        | "int"
        | "int8"
        | "int16"
        | "int32"
        | "int64"
        | "uint8"
        | "uint16"
        | "uint32"
        | "uint64"
        | "uintptr"
        | "float32"
        | "float64"
        | "string"
        | "any"
        | "time"
        | "duration"
        | "number"
        | "raw"
        | "bytes";
    }
  | { k: "slice"; e: TypeSpec }
  | { k: "array"; n: number; e: TypeSpec }
  | { k: "map"; key: KeySpec; e: TypeSpec }
  | { k: "ptr"; e: TypeSpec }
  | { k: "reg"; name: RegName }
  /**
   * A declared non-struct type (`type N1 *[]byte`, `type N2 any`, `type N3 json.RawMessage`),
   * named N1, N2, ... when the case is built; it may declare methods (not on pointer or interface types).
   */
  | { k: "named"; u: TypeSpec; name?: string; methods?: MethodSpec[] }
  /** `name` is set for structs that are embedded (the field is named after its type). */
  | { k: "struct"; fields: FieldSpec[]; name?: string; methods?: MethodSpec[] };

/** A generated struct field. */
export interface FieldSpec {
  name: string;
  /** JSON name in the tag ("" = none, "-" = skip). */
  json: string;
  opts: string[];
  t: TypeSpec;
  /** Embedded (anonymous) field: `t` is a struct or a pointer to one; `name` is its type's name. */
  embed?: boolean;
}

const int: TypeSpec = { k: "int" };
const str: TypeSpec = { k: "string" };
const reg = (name: RegName): TypeSpec => ({ k: "reg", name });
const fld = (name: string, t: TypeSpec, json = "", opts: string[] = [], embed = false): FieldSpec =>
  embed ? { name, json, opts, t, embed } : { name, json, opts, t };

/**
 * The registry: Go declarations (what TypeScript's parseGo reads; the oracle
 * uses its compiled twin), the structure (drives values and comparison), and
 * the declarations each depends on.
 */
export const REG: Readonly<
  Record<RegName, { decl: string; shape: TypeSpec; deps?: RegName[]; recursive?: boolean }>
> = {
  CentsV: { decl: "type CentsV int64", shape: { k: "int64" } },
  CentsP: { decl: "type CentsP int64", shape: { k: "int64" } },
  UpperText: { decl: "type UpperText string", shape: str },
  AlwaysZero: {
    decl: "type AlwaysZero struct {\n\tN int\n}",
    shape: { k: "struct", fields: [fld("N", int)] },
  },
  FailText: { decl: "type FailText string", shape: str },
  BadJSON: { decl: "type BadJSON struct{}", shape: { k: "struct", fields: [] } },
  KeyJSON: { decl: "type KeyJSON string", shape: str },
  Stamped: {
    decl: 'type Stamped struct {\n\ttime.Time\n\tID   int    `json:"id"`\n\tKind string `json:"kind"`\n}',
    shape: {
      k: "struct",
      fields: [fld("Time", { k: "time" }, "", [], true), fld("ID", int, "id"), fld("Kind", str, "kind")],
    },
  },
  Outer: {
    decl: "type Outer struct {\n\tinner\n\tY int\n}",
    deps: ["inner" as RegName],
    shape: {
      k: "struct",
      fields: [fld("inner", { k: "struct", fields: [fld("X", int)] }, "", [], true), fld("Y", int)],
    },
  },
  OuterP: {
    decl: "type OuterP struct {\n\t*inner\n\tY int\n}",
    deps: ["inner" as RegName],
    shape: {
      k: "struct",
      fields: [
        fld("inner", { k: "ptr", e: { k: "struct", fields: [fld("X", int)] } }, "", [], true),
        fld("Y", int),
      ],
    },
  },
  Node: {
    decl: "type Node struct {\n\tVal  int\n\tNext *Node\n\tKids []Node\n}",
    recursive: true,
    shape: {
      k: "struct",
      fields: [
        fld("Val", int),
        fld("Next", { k: "ptr", e: reg("Node") }),
        fld("Kids", { k: "slice", e: reg("Node") }),
      ],
    },
  },
  Tree: {
    decl: 'type Tree struct {\n\tName string           `json:"name"`\n\tSub  map[string]*Tree `json:"sub,omitempty"`\n}',
    recursive: true,
    shape: {
      k: "struct",
      fields: [
        fld("Name", str, "name"),
        fld("Sub", { k: "map", key: "string", e: { k: "ptr", e: reg("Tree") } }, "sub", ["omitempty"]),
      ],
    },
  },
  Rec: {
    decl: 'type Rec struct {\n\t*Rec\n\tN int `json:"n"`\n}',
    recursive: true,
    shape: {
      k: "struct",
      fields: [fld("Rec", { k: "ptr", e: reg("Rec") }, "", [], true), fld("N", int, "n")],
    },
  },
  Chain: { decl: "type Chain []Chain", recursive: true, shape: { k: "slice", e: reg("Chain") } },
};

const INNER_DECL = "type inner struct {\n\tX int\n}";

const LEAVES = [
  "bool",
  "int",
  "int8",
  "int64",
  "uint8",
  "uint64",
  "int16",
  "int32",
  "uint16",
  "uint32",
  "uintptr",
  "float32",
  "float64",
  "string",
  "any",
  "time",
  "duration",
  "number",
  "raw",
  "bytes",
] as const;
const REG_NAMES = Object.keys(REG) as RegName[];
const FIELD_NAMES = ["A", "B", "Name", "ID", "Value", "x"];
/** JSON names in tags; single-quoted ones are v2's quoted names (`'-'` is the name "-" there, an invalid name in classic v1). */
const JSON_NAMES = ["", "", "", "a", "b", "A", "name", "Name", "-", "id", "'-'", "'a,b'", "'x'"];
const KEYS: KeySpec[] = [
  "string",
  "string",
  "int",
  "uint8",
  "float64",
  "bool",
  "UpperText",
  "KeyJSON",
  "CentsV",
  "int8",
  "int16",
  "uint64",
];

const latin1 = (s: string): number[] => Array.from(s, (c) => c.charCodeAt(0));

/** What generated MarshalJSON methods return: invalid JSON, invalid UTF-8, padding, duplicate names. */
const MARSHAL_JSON_OUT = [
  '"a\xffb"',
  '{"k":1}',
  "1",
  "null",
  "[",
  ' "x" ',
  '"\xc3\xa9"',
  '"<&>"',
  '{"a":1,"a":2}',
  '"\xed\xa0\x80"',
  "",
  '{"a":1} x',
  "[1,\xff]",
  '\xe2\x80\xa8"',
].map(latin1);

/** What generated MarshalText methods return. */
const MARSHAL_TEXT_OUT = ["a\xffb", "k", "", "<&>", "A", "\xed\xa0\x80", '"q"'].map(latin1);

const methodArb: fc.Arbitrary<MethodSpec> = fc.oneof(
  fc
    .record({ ptr: fc.boolean(), fail: fc.boolean(), out: fc.constantFrom(...MARSHAL_JSON_OUT) })
    .map(
      ({ ptr, fail, out }) =>
        (fail ? { m: "MarshalJSON", ptr, fail } : { m: "MarshalJSON", ptr, out }) as MethodSpec,
    ),
  fc
    .record({ ptr: fc.boolean(), fail: fc.boolean(), out: fc.constantFrom(...MARSHAL_TEXT_OUT) })
    .map(
      ({ ptr, fail, out }) =>
        (fail ? { m: "MarshalText", ptr, fail } : { m: "MarshalText", ptr, out }) as MethodSpec,
    ),
  fc
    .record({ ptr: fc.boolean(), fail: fc.boolean() })
    .map(({ ptr, fail }) => ({ m: "UnmarshalJSON", ptr, fail }) as MethodSpec),
  fc
    .record({ ptr: fc.boolean(), fail: fc.boolean() })
    .map(({ ptr, fail }) => ({ m: "UnmarshalText", ptr, fail }) as MethodSpec),
  fc
    .record({ ptr: fc.boolean(), zero: fc.boolean() })
    .map(({ ptr, zero }) => ({ m: "IsZero", ptr, zero }) as MethodSpec),
);

/** Zero to two methods with distinct names (mostly none). */
const methodsArb: fc.Arbitrary<MethodSpec[] | undefined> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  {
    weight: 2,
    arbitrary: fc.uniqueArray(methodArb, { minLength: 1, maxLength: 2, selector: (m) => m.m }),
  },
);

/** Tag options that fit a field of type `t` (v1 and v2 options, some meaningless on purpose). */
function tagOptsFor(t: TypeSpec): string[] {
  // `'string'`: a malformed option (Go 1.27 rejects a quote at the start of an option)
  const o = ["omitempty", "omitzero", "string", "case:ignore", "case:strict", "'string'"];
  const u = underlying(t.k === "ptr" ? t.e : t);
  switch (u.k) {
    case "time":
      o.push("format:unix", "format:unixmilli", "format:RFC3339", "format:DateOnly", "format:RFC1123");
      break;
    case "duration":
      o.push("format:sec", "format:nano", "format:units", "format:iso8601");
      break;
    case "bytes":
      o.push("format:base64", "format:base64url", "format:base32", "format:hex", "format:array");
      break;
    case "float32":
    case "float64":
      o.push("format:nonfinite");
      break;
    case "slice":
    case "map":
      o.push("format:emitnull", "format:emitempty");
      if (u.k === "map") o.push("inline", "unknown");
      break;
    case "struct":
    case "any":
    case "raw":
      o.push("inline", "unknown");
      break;
    case "array":
      o.push("format:array");
      break;
  }
  return o;
}

const fieldArb = (t: fc.Arbitrary<TypeSpec>): fc.Arbitrary<FieldSpec> =>
  t.chain((ft) =>
    fc.record({
      name: fc.constantFrom(...FIELD_NAMES),
      json: fc.constantFrom(...JSON_NAMES),
      opts: fc.subarray(tagOptsFor(ft), { maxLength: 2 }),
      t: fc.constant(ft),
    }),
  );

/** Declared non-struct types a struct may embed (`type N1 int`; not time.Time, whose declared type is a struct). */
const embeddableNamed: fc.Arbitrary<TypeSpec> = fc
  .constantFrom(...LEAVES.filter((k) => k !== "time"))
  .map((k) => ({ k: "named", u: { k } }) as TypeSpec);

/**
 * An embedded field: a struct, or now and then a declared non-struct type (a field named after
 * its type), by value or by pointer (never a pointer to an interface), with or without a tag.
 */
const embedArb = (s: fc.Arbitrary<TypeSpec>): fc.Arbitrary<FieldSpec> =>
  fc
    .record({
      name: fc.constantFrom("Ea", "Eb"),
      json: fc.constantFrom("", "", "", "a", "A", "-"),
      opts: fc.subarray(["omitempty", "omitzero", "inline"], { maxLength: 1 }),
      ptr: fc.boolean(),
      s: fc.oneof({ weight: 4, arbitrary: s }, { weight: 1, arbitrary: embeddableNamed }),
    })
    .map(({ name, json, opts, ptr, s }) => ({
      name,
      json,
      opts,
      embed: true,
      t: ptr && !(s.k === "named" && s.u.k === "any") ? ({ k: "ptr", e: s } as TypeSpec) : s,
    }));

const rawStructArb = (tie: (k: string) => fc.Arbitrary<unknown>) =>
  fc
    .record({
      fields: fc.uniqueArray(
        fc.oneof(
          { weight: 4, arbitrary: fieldArb(tie("t") as fc.Arbitrary<TypeSpec>) },
          { weight: 1, arbitrary: tie("e") as fc.Arbitrary<FieldSpec> },
        ),
        { maxLength: 4, selector: (f) => f.name },
      ),
      methods: fc.oneof(
        { weight: 6, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: methodsArb },
      ),
    })
    .map(
      ({ fields, methods }) =>
        (methods ? { k: "struct", fields, methods } : { k: "struct", fields }) as TypeSpec,
    );

const rawTypeArb: fc.Arbitrary<TypeSpec> = fc.letrec<{ t: TypeSpec; s: TypeSpec; e: FieldSpec }>((tie) => ({
  t: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { weight: 4, arbitrary: fc.constantFrom(...LEAVES).map((k) => ({ k }) as TypeSpec) },
    { weight: 2, arbitrary: fc.constantFrom(...REG_NAMES).map(reg) },
    // []uint8 is []byte: Go spells its tagged value as base64.
    {
      weight: 1,
      arbitrary: tie("t").map((e) => (e.k === "uint8" ? { k: "bytes" } : { k: "slice", e }) as TypeSpec),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({ n: fc.integer({ min: 0, max: 3 }), e: tie("t") })
        .map(({ n, e }) => ({ k: "array", n, e }) as TypeSpec),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({ key: fc.constantFrom(...KEYS), e: tie("t") })
        .map(({ key, e }) => ({ k: "map", key, e }) as TypeSpec),
    },
    { weight: 1, arbitrary: tie("t").map((e) => ({ k: "ptr", e }) as TypeSpec) },
    { weight: 2, arbitrary: tie("s") },
    // named pointers (`type PB *[]byte`, `type PT *time.Time`) and named interfaces (`type NA any`) more often
    {
      weight: 1,
      arbitrary: fc.oneof(
        tie("t").map((e) => ({ k: "named", u: { k: "ptr", e } }) as TypeSpec),
        fc.constant({ k: "named", u: { k: "any" } } as TypeSpec),
      ),
    },
    // declared non-struct types: named pointers, named interfaces, named slices/maps/leaves, with or without methods
    {
      weight: 2,
      arbitrary: fc
        // (not time.Time: a declared time type is a struct of unexported fields without time's methods)
        .record({ u: tie("t").filter((u) => u.k !== "time"), methods: methodsArb })
        .map(({ u, methods }) => (methods ? { k: "named", u, methods } : { k: "named", u }) as TypeSpec),
    },
  ),
  s: rawStructArb(tie as (k: string) => fc.Arbitrary<unknown>),
  e: embedArb(tie("s")),
})).t;

/** Whether a slice's elements are bytes under declared names (`[]N` with `type N uint8`: base64 in JSON and in tagged values). */
export function isByteElem(e: TypeSpec): boolean {
  return underlying(e).k === "uint8";
}

/** The type under declared names (`type N1 *[]byte` → `*[]byte`). */
export function underlying(t: TypeSpec): TypeSpec {
  return t.k === "named" ? underlying(t.u) : t;
}

/** Whether a type needs the Go compiler: declared non-struct types or methods (reflect can build neither). */
export function needsCompiler(t: TypeSpec): boolean {
  switch (t.k) {
    case "named":
      return true;
    case "slice":
    case "ptr":
    case "array":
    case "map":
      return needsCompiler(t.e);
    case "struct":
      return (t.methods?.length ?? 0) > 0 || t.fields.some((f) => needsCompiler(f.t));
    default:
      return false;
  }
}

/**
 * Names the declared types of a case: embedded structs E1, E2, ... (in rendering order, so
 * declarations never clash) and declared non-struct types N1, N2, ...; with a `tag` (cases
 * the Go compiler builds, many to a program) every declared type, structs S1, S2, ... too,
 * carries it so the types of different cases can share one package. Drops methods Go does
 * not allow (on pointer and interface types).
 */
function nameTypes(spec: TypeSpec, tag: string): TypeSpec {
  let n = 0;
  let named = 0;
  let anon = 0;
  const walk = (t: TypeSpec): TypeSpec => {
    switch (t.k) {
      case "slice":
      case "ptr":
        return { ...t, e: walk(t.e) };
      case "array":
        return { ...t, e: walk(t.e) };
      case "map":
        return { ...t, e: walk(t.e) };
      case "named": {
        const name = `N${++named}${tag}`;
        const u = walk(t.u);
        const uu = underlying(u);
        const noMethods = uu.k === "ptr" || uu.k === "any" || !t.methods?.length;
        return noMethods ? { k: "named", u, name } : { k: "named", u, name, methods: t.methods };
      }
      case "struct": {
        const fields = t.fields.map((f) => {
          if (!f.embed) return { ...f, t: walk(f.t) };
          const inner = f.t.k === "ptr" ? f.t.e : f.t;
          if (inner.k === "named") {
            // an embedded declared type: the field is named after it
            const decl = walk(inner) as Extract<TypeSpec, { k: "named" }>;
            return {
              ...f,
              name: decl.name as string,
              t: f.t.k === "ptr" ? ({ k: "ptr", e: decl } as TypeSpec) : decl,
            };
          }
          const name = `E${++n}${tag}`;
          const decl = { ...(walk(inner) as Extract<TypeSpec, { k: "struct" }>), name };
          return { ...f, name, t: f.t.k === "ptr" ? ({ k: "ptr", e: decl } as TypeSpec) : decl };
        });
        return tag && t.name === undefined ? { ...t, fields, name: `S${++anon}${tag}` } : { ...t, fields };
      }
      default:
        return t;
    }
  };
  return walk(spec);
}

/** Digits of a case tag (base 36): four give 1.7 million tags (the campaign re-tags cases from their seeds, see retag.ts). */
export const TAG_DIGITS = 4;
const TAG_SPACE = 36 ** TAG_DIGITS;

/** Arbitrary Go types (depth-limited). */
export const typeSpecArb: fc.Arbitrary<TypeSpec> = fc
  .tuple(rawTypeArb, fc.integer({ min: 0, max: TAG_SPACE - 1 }))
  .map(([t, tag]) => nameTypes(t, needsCompiler(t) ? `_${tag.toString(36).padStart(TAG_DIGITS, "0")}` : ""));

/** Whether a type mentions a recursive registry type (values need a depth budget). */
export function rootRecursive(t: TypeSpec): RegName | undefined {
  const u = t.k === "ptr" ? t.e : t;
  return u.k === "reg" && REG[u.name].recursive ? u.name : undefined;
}

/** A Go interpreted string literal holding exactly these bytes (printable ASCII as is, the rest as \\xNN). */
export function goBytesLiteral(bytes: readonly number[]): string {
  let out = '"';
  for (const b of bytes) {
    if (b === 0x22 || b === 0x5c) out += `\\${String.fromCharCode(b)}`;
    else if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b);
    else out += `\\x${b.toString(16).padStart(2, "0")}`;
  }
  return `${out}"`;
}

/** The error text of a failing generated method (`MarshalJSON` → `mj: no`). */
export function methodErrorText(m: MethodName): string {
  const short: Record<MethodName, string> = {
    MarshalJSON: "mj",
    UnmarshalJSON: "uj",
    MarshalText: "mt",
    UnmarshalText: "ut",
    IsZero: "iz",
  };
  return `${short[m]}: no`;
}

/** Go declaration of a generated method of type `name`. */
function renderMethod(name: string, m: MethodSpec): string {
  const recv = m.ptr ? `*${name}` : name;
  const fail = `errors.New(${JSON.stringify(methodErrorText(m.m))})`;
  switch (m.m) {
    case "MarshalJSON":
    case "MarshalText":
      return m.fail
        ? `func (${recv}) ${m.m}() ([]byte, error) { return nil, ${fail} }`
        : `func (${recv}) ${m.m}() ([]byte, error) { return []byte(${goBytesLiteral(m.out ?? [])}), nil }`;
    case "UnmarshalJSON":
    case "UnmarshalText":
      return `func (${recv}) ${m.m}([]byte) error { return ${m.fail ? fail : "nil"} }`;
    case "IsZero":
      return `func (${recv}) IsZero() bool { return ${m.zero ? "true" : "false"} }`;
  }
}

/** A case's Go: its own declarations, the registry declarations it uses, and the root expression. */
export interface RenderedGo {
  /** Every declaration (what TypeScript's parseGo reads and what the oracle gets). */
  goSource: string;
  /** Root type expression. */
  type: string;
  /** The case's own declarations and methods (without the registry's). */
  own: string;
  /** Names the case declares (not the registry's). */
  names: string[];
  /** Names of the registry types used (compiled into every oracle program). */
  regs: RegName[];
  /** Declared name of every struct and named spec (by object identity), for Go literals. */
  nameOf: Map<TypeSpec, string>;
}

const rendered = new WeakMap<TypeSpec, RenderedGo>();

/**
 * Renders a type as Go: declarations for its structs (S1, S2, ..., embedded ones E1, ...), declared
 * types (N1, ...), methods, and the root expression. Remembered per spec object (a case renders its
 * type for every engine and side); the result is shared, never to be changed by callers.
 */
export function renderGo(spec: TypeSpec): RenderedGo {
  let r = rendered.get(spec);
  if (!r) {
    r = renderGoOnce(spec);
    rendered.set(spec, r);
  }
  return r;
}

function renderGoOnce(spec: TypeSpec): RenderedGo {
  const decls: string[] = [];
  const names: string[] = [];
  const nameOf = new Map<TypeSpec, string>();
  const regs = new Set<RegName>();
  let anon = 0;
  const expr = (t: TypeSpec): string => {
    switch (t.k) {
      case "time":
        return "time.Time";
      case "duration":
        return "time.Duration";
      case "number":
        return "json.Number";
      case "raw":
        return "json.RawMessage";
      case "bytes":
        return "[]byte";
      case "slice":
        return `[]${expr(t.e)}`;
      case "array":
        return `[${t.n}]${expr(t.e)}`;
      case "map":
        if (t.key === "UpperText" || t.key === "KeyJSON" || t.key === "CentsV") regs.add(t.key);
        return `map[${t.key}]${expr(t.e)}`;
      case "ptr":
        return `*${expr(t.e)}`;
      case "reg":
        regs.add(t.name);
        return t.name;
      case "named": {
        const name = t.name ?? `N${names.length + 1}`;
        nameOf.set(t, name);
        names.push(name);
        decls.push("");
        const idx = decls.length - 1;
        const methods = (t.methods ?? []).map((m) => renderMethod(name, m));
        decls[idx] = [`type ${name} ${expr(t.u)}`, ...methods].join("\n");
        return name;
      }
      case "struct": {
        const name = t.name ?? `S${++anon}`;
        nameOf.set(t, name);
        names.push(name);
        decls.push("");
        const idx = decls.length - 1;
        const lines = t.fields.map((f) => {
          const parts = [f.json, ...f.opts];
          const tag = f.json === "-" && f.opts.length === 0 ? "-" : parts.join(",");
          const tagText = tag === "" ? "" : ` \`json:"${tag}"\``;
          return f.embed ? `\t${expr(f.t)}${tagText}` : `\t${f.name} ${expr(f.t)}${tagText}`;
        });
        const methods = (t.methods ?? []).map((m) => renderMethod(name, m));
        decls[idx] = [`type ${name} struct {\n${lines.join("\n")}\n}`, ...methods].join("\n");
        return name;
      }
      default:
        return t.k;
    }
  };
  const type = expr(spec);
  const all = [...decls];
  // Registry declarations (and those they need), in a fixed order.
  const need = new Set<RegName>();
  const add = (r: RegName) => {
    if (need.has(r)) return;
    need.add(r);
    const sh = REG[r].shape;
    // recursive shapes mention other registry types (Node → Node only); walk once
    const visit = (t: TypeSpec) => {
      if (t.k === "reg") add(t.name);
      else if (t.k === "slice" || t.k === "ptr" || t.k === "array" || t.k === "map") visit(t.e);
      else if (t.k === "struct") for (const f of t.fields) visit(f.t);
    };
    visit(sh);
  };
  for (const r of regs) add(r);
  let inner = false;
  const used: RegName[] = [];
  for (const r of REG_NAMES) {
    if (!need.has(r)) continue;
    used.push(r);
    all.push(REG[r].decl);
    if (REG[r].deps) inner = true;
  }
  if (inner) all.push(INNER_DECL);
  return { goSource: all.join("\n\n"), type, own: decls.join("\n\n"), names, regs: used, nameOf };
}
