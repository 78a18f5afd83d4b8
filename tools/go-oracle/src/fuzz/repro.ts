/**
 * Reproductions of a disagreement for the codec owners: a standalone Go
 * program (types as declared, the value as a Go literal, the call with its
 * options) and the TypeScript call that should print the same.
 */
import { GO_EXPERIMENTS, GO_TOOLCHAINS, type GoVersion } from "../go-version.js";
import type { Engine, Tagged } from "../protocol.js";
import { type Answer, type FuzzCase, requestFor } from "./differential.js";
import { goBytesLiteral, isByteElem, methodErrorText, REG, renderGo, type TypeSpec } from "./spec.js";

const V2_PKG: Record<string, "jsonv2" | "jsontext" | "json"> = {
  stringifyNumbers: "jsonv2",
  deterministic: "jsonv2",
  formatNilSliceAsNull: "jsonv2",
  formatNilMapAsNull: "jsonv2",
  omitZeroStructFields: "jsonv2",
  matchCaseInsensitiveNames: "jsonv2",
  discardUnknownMembers: "jsonv2",
  rejectUnknownMembers: "jsonv2",
  allowDuplicateNames: "jsontext",
  allowInvalidUTF8: "jsontext",
  escapeForHTML: "jsontext",
  escapeForJS: "jsontext",
  preserveRawStrings: "jsontext",
  canonicalizeRawInts: "jsontext",
  canonicalizeRawFloats: "jsontext",
  reorderRawObjects: "jsontext",
  spaceAfterColon: "jsontext",
  spaceAfterComma: "jsontext",
  multiline: "jsontext",
};

const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The Go option expressions of a v2 request, in the oracle's order (defaultOptionsV1 first, then by name). */
function v2OptionExprs(o: Record<string, boolean | string>): string[] {
  const out: string[] = [];
  if (o.defaultOptionsV1 === true) out.push("json.DefaultOptionsV1()");
  for (const n of Object.keys(o).sort()) {
    const v = o[n];
    if (typeof v !== "boolean") continue;
    if (n === "defaultOptionsV1") continue;
    out.push(`${V2_PKG[n] ?? "json"}.${upper(n)}(${v})`);
  }
  if (typeof o.withIndent === "string") out.push(`jsontext.WithIndent(${JSON.stringify(o.withIndent)})`);
  if (typeof o.withIndentPrefix === "string")
    out.push(`jsontext.WithIndentPrefix(${JSON.stringify(o.withIndentPrefix)})`);
  return out;
}

/** How to run the program: the environment of the release and engine. */
export function runLine(engine: Engine, go: GoVersion): string {
  const exp = GO_EXPERIMENTS[go][engine === "v1" ? "classic" : "v2"];
  const env = [go === "1.27" ? `GOTOOLCHAIN=${GO_TOOLCHAINS[go]}` : "", exp ? `GOEXPERIMENT=${exp}` : ""]
    .filter(Boolean)
    .join(" ");
  return `${env ? `${env} ` : ""}go run .`;
}

/** Go expression of a spec's type, with the case's declared names. */
function exprOf(t: TypeSpec, nameOf: Map<TypeSpec, string>): string {
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
      return `[]${exprOf(t.e, nameOf)}`;
    case "array":
      return `[${t.n}]${exprOf(t.e, nameOf)}`;
    case "map":
      return `map[${t.key}]${exprOf(t.e, nameOf)}`;
    case "ptr":
      return `*${exprOf(t.e, nameOf)}`;
    case "reg":
      return t.name;
    case "named":
    case "struct":
      return nameOf.get(t) ?? t.name ?? "struct{}";
    default:
      return t.k;
  }
}

const b64 = (s: string) => [...Buffer.from(s, "base64")];

function floatLit(s: string, type: string): string {
  switch (s) {
    case "NaN":
      return `${type}(math.NaN())`;
    case "+Inf":
      return `${type}(math.Inf(1))`;
    case "-Inf":
      return `${type}(math.Inf(-1))`;
    case "-0":
      return `${type}(math.Copysign(0, -1))`;
    default:
      return s;
  }
}

function anyLit(v: Tagged): string {
  if (v === null) return "nil";
  const { t, v: x } = v as { t: string; v: Tagged };
  switch (t) {
    case "bool":
      return String(x);
    case "float64":
      return `float64(${floatLit(x as string, "float64")})`;
    case "string":
      return JSON.stringify(x);
    case "json.Number":
      return `json.Number(${JSON.stringify(x)})`;
    case "[]interface {}":
      return `[]any{${(x as Tagged[]).map(anyLit).join(", ")}}`;
    case "map[string]interface {}":
      return x === null
        ? "map[string]any(nil)"
        : `map[string]any{${(x as Tagged[][]).map(([k, y]) => `${JSON.stringify(k)}: ${anyLit(y as Tagged)}`).join(", ")}}`;
    default:
      return `/* ${t} */ nil`;
  }
}

/** A Go expression of type `t` holding the tagged value `v`. */
export function goLiteral(t: TypeSpec, v: Tagged, nameOf: Map<TypeSpec, string>, hint?: string): string {
  const lit = (u: TypeSpec, x: Tagged, h?: string) => goLiteral(u, x, nameOf, h);
  switch (t.k) {
    case "bool":
      return String(v);
    case "int":
    case "int8":
    case "int16":
    case "int32":
    case "int64":
    case "uint8":
    case "uint16":
    case "uint32":
    case "uint64":
    case "uintptr":
      return v as string;
    case "duration":
      return `time.Duration(${v as string})`;
    case "float32":
    case "float64":
      return floatLit(v as string, t.k);
    case "string":
      return JSON.stringify(v);
    case "any":
      return anyLit(v);
    case "time":
      return `mustTime(${JSON.stringify(v)})`;
    case "number":
      return `json.Number(${JSON.stringify(v)})`;
    case "raw":
      return v === null ? "nil" : `json.RawMessage(${goBytesLiteral(b64(v as string))})`;
    case "bytes":
      return v === null ? "nil" : `[]byte(${goBytesLiteral(b64(v as string))})`;
    case "slice":
    case "array":
      if (v === null) return "nil";
      if (t.k === "slice" && isByteElem(t.e)) return `${exprOf(t, nameOf)}{${b64(v as string).join(", ")}}`;
      return `${exprOf(t, nameOf)}{${(v as Tagged[]).map((x) => lit(t.e, x)).join(", ")}}`;
    case "map": {
      if (v === null) return "nil";
      const key = (k: Tagged) =>
        t.key === "float64"
          ? floatLit(k as string, "float64")
          : typeof k === "string" && !/^(u?int(8|16|64)?|CentsV)$/.test(t.key)
            ? JSON.stringify(k)
            : String(k);
      return `${exprOf(t, nameOf)}{${(v as Tagged[][]).map(([k, x]) => `${key(k as Tagged)}: ${lit(t.e, x as Tagged)}`).join(", ")}}`;
    }
    case "ptr": {
      if (v === null) return "nil";
      if (v !== null && typeof v === "object" && !Array.isArray(v) && "$ref" in v)
        return "nil /* cycle: points back to the root, set by hand */";
      const inner = t.e.k === "reg" ? REG[t.e.name].shape : t.e;
      if (inner.k === "struct") return `&${lit(t.e, v, hint)}`;
      return `ptr[${exprOf(t.e, nameOf)}](${lit(t.e, v)})`;
    }
    case "reg": {
      const shape = REG[t.name].shape;
      if (shape.k === "struct") return lit(shape, v, t.name);
      return `${t.name}(${lit(shape, v)})`;
    }
    case "named":
      return `${exprOf(t, nameOf)}(${lit(t.u, v)})`;
    case "struct": {
      const name = nameOf.get(t) ?? t.name ?? hint ?? "struct{}";
      const o = (v ?? {}) as Record<string, Tagged>;
      const parts = t.fields
        .filter((f) => o[f.name] !== undefined)
        .map((f) => `${f.name}: ${lit(f.t, o[f.name] as Tagged, f.embed ? f.name : undefined)}`);
      return `${name}{${parts.join(", ")}}`;
    }
  }
}

/** The standalone Go program that shows what Go does with a case. */
export function goProgram(c: FuzzCase, engine: Engine, go: GoVersion): string {
  const r = renderGo(c.spec);
  const req = requestFor(c, engine, go);
  const o = req.options;
  const body: string[] = [];
  if (c.op === "marshal") {
    body.push(`\tv := ${goLiteral(c.spec, req.value, r.nameOf)}`, "\tvar out []byte", "\tvar err error");
    if (engine === "v2") {
      body.push(
        `\tout, err = jsonv2.Marshal(v${v2OptionExprs(o)
          .map((x) => `, ${x}`)
          .join("")})`,
      );
    } else if (o.escapeHTML === false) {
      body.push("\tvar b bytes.Buffer", "\tenc := json.NewEncoder(&b)", "\tenc.SetEscapeHTML(false)");
      if ("prefix" in o || "indent" in o)
        body.push(`\tenc.SetIndent(${JSON.stringify(o.prefix ?? "")}, ${JSON.stringify(o.indent ?? "")})`);
      body.push("\terr = enc.Encode(v)", '\tout = bytes.TrimSuffix(b.Bytes(), []byte("\\n"))');
    } else if ("prefix" in o || "indent" in o) {
      body.push(
        `\tout, err = json.MarshalIndent(v, ${JSON.stringify(o.prefix ?? "")}, ${JSON.stringify(o.indent ?? "")})`,
      );
    } else body.push("\tout, err = json.Marshal(v)");
    body.push('\tfmt.Printf("%s\\nerr: %v\\n", out, err)');
  } else {
    body.push(`\tin := []byte(${goBytesLiteral([...req.input])})`);
    body.push(
      req.into === undefined
        ? `\tvar v ${r.type}`
        : `\tvar v ${r.type} = ${goLiteral(c.spec, req.into, r.nameOf)}`,
    );
    if (engine === "v2") {
      body.push(
        `\terr := jsonv2.Unmarshal(in, &v${v2OptionExprs(o)
          .map((x) => `, ${x}`)
          .join("")})`,
      );
    } else if (o.useNumber || o.disallowUnknownFields) {
      body.push(
        "\tvar err error",
        "\tif !json.Valid(in) {",
        "\t\terr = json.Unmarshal(in, &v) // Unmarshal checks the whole input first",
        "\t} else {",
        "\t\tdec := json.NewDecoder(bytes.NewReader(in))",
        ...(o.useNumber ? ["\t\tdec.UseNumber()"] : []),
        ...(o.disallowUnknownFields ? ["\t\tdec.DisallowUnknownFields()"] : []),
        "\t\terr = dec.Decode(&v)",
        "\t}",
      );
    } else body.push("\terr := json.Unmarshal(in, &v)");
    body.push('\tfmt.Printf("%#v\\nerr: %v\\n", v, err)');
  }
  const helpers: string[] = [];
  const text = `${r.own}\n${body.join("\n")}`;
  if (/\bptr\[/.test(text)) helpers.push("func ptr[T any](v T) *T { return &v }");
  if (/\bmustTime\(/.test(text))
    helpers.push(
      "func mustTime(s string) time.Time {\n\tt, err := time.Parse(time.RFC3339Nano, s)\n\tif err != nil {\n\t\tpanic(err)\n\t}\n\treturn t\n}",
    );
  const all = `${text}\n${helpers.join("\n")}`;
  const imports = [
    ["bytes", /\bbytes\./],
    ["encoding/json", /\bjson\./],
    ["encoding/json/jsontext", /\bjsontext\./],
    ["encoding/json/v2", /\bjsonv2\./],
    ["errors", /\berrors\./],
    ["fmt", /\bfmt\./],
    ["math", /\bmath\./],
    ["time", /\btime\./],
  ]
    .filter(([, re]) => (re as RegExp).test(all))
    .map(([p]) => (p === "encoding/json/v2" ? `\tjsonv2 "${p}"` : `\t"${p}"`));
  const regNote =
    r.regs.length > 0
      ? `// Uses ${r.regs.join(", ")}: put tools/go-oracle/go/registry.go (package main) beside this file.\n`
      : "";
  return [
    `// Run: ${runLine(engine, go)}`,
    `${regNote}package main`,
    "",
    `import (\n${imports.join("\n")}\n)`,
    "",
    r.own,
    "",
    ...helpers.map((h) => `${h}\n`),
    `func main() {\n${body.join("\n")}\n}`,
  ]
    .filter((x, i, a) => !(x === "" && a[i - 1] === ""))
    .join("\n");
}

/** The TypeScript call that should print what Go prints. */
export function tsCall(c: FuzzCase, engine: Engine, go: GoVersion): string {
  const r = renderGo(c.spec);
  const req = requestFor(c, engine, go);
  const pkg = engine === "v1" ? "@gojson/codec-v1" : "@gojson/codec-v2";
  const lines = [
    'import { goType, parseGo, withMethods } from "@gojson/gotype";',
    'import { fromTagged, withRegistryMethods } from "@gojson/fixtures";',
    `import { ${c.op}${engine === "v1v2" ? ", defaultOptionsV1" : ""} } from "${pkg}";`,
    `const decls = withRegistryMethods(parseGo(${JSON.stringify(r.goSource)}));`,
  ];
  const visit = (t: TypeSpec) => {
    if (t.k === "slice" || t.k === "ptr" || t.k === "array" || t.k === "map") visit(t.e);
    else if (t.k === "named" || t.k === "struct") {
      for (const m of t.methods ?? []) {
        const fn = m.fail
          ? `() => { throw new Error(${JSON.stringify(methodErrorText(m.m))}); }`
          : m.m === "IsZero"
            ? `() => ${m.zero === true}`
            : m.m.startsWith("Unmarshal")
              ? "(_data, current) => current"
              : `() => Uint8Array.from(${JSON.stringify(m.out ?? [])})`;
        lines.push(
          `withMethods(decls[${JSON.stringify(r.nameOf.get(t))}], { ${m.m}: ${fn} }, { receiver: "${m.ptr ? "pointer" : "value"}" });`,
        );
      }
      if (t.k === "named") visit(t.u);
      else for (const f of t.fields) visit(f.t);
    }
  };
  visit(c.spec);
  lines.push(`const t = goType(${JSON.stringify(r.type)}, decls);`);
  const opts: string[] = [];
  if (engine === "v1v2") {
    opts.push("...defaultOptionsV1()");
    if (req.options.escapeHTML === false) opts.push("escapeForHTML: false");
    if (req.options.useNumber) opts.push("unmarshalAnyWithRawNumber: true");
    if (req.options.disallowUnknownFields) opts.push("rejectUnknownMembers: true");
  } else for (const [k, v] of Object.entries(req.options)) opts.push(`${k}: ${JSON.stringify(v)}`);
  opts.push(`goVersion: "${go}"`);
  if (c.op === "marshal") {
    lines.push(`${c.op}(t, fromTagged(t, ${JSON.stringify(req.value)}), { ${opts.join(", ")} });`);
  } else {
    if (req.into !== undefined) opts.push(`into: fromTagged(t, ${JSON.stringify(req.into)})`);
    lines.push(
      `unmarshal(t, Buffer.from(${JSON.stringify(Buffer.from(req.input).toString("base64"))}, "base64"), { ${opts.join(", ")} });`,
    );
  }
  return lines.join("\n");
}

/** Both reproductions and the two answers, as markdown (a case the writer cannot render says so instead). */
export function reproduce(
  c: FuzzCase,
  engine: Engine,
  go: GoVersion,
  goAnswer: Answer,
  tsAnswer: Answer,
): string {
  try {
    return reproduction(c, engine, go, goAnswer, tsAnswer);
  } catch (e) {
    return `(no standalone program: ${(e as Error).message})`;
  }
}

function reproduction(
  c: FuzzCase,
  engine: Engine,
  go: GoVersion,
  goAnswer: Answer,
  tsAnswer: Answer,
): string {
  return [
    "```go",
    goProgram(c, engine, go),
    "```",
    "```ts",
    tsCall(c, engine, go),
    "```",
    `Go answered:     ${JSON.stringify(goAnswer).slice(0, 1500)}`,
    `gojson answered: ${JSON.stringify(tsAnswer).slice(0, 1500)}`,
  ].join("\n");
}
