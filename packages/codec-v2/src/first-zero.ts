/**
 * Zero structs of a struct's first decodes (unmarshal-fast-struct.ts), made without compiling
 * gotype's zero maker. A first call over many types decodes most of them once, and compiling a
 * maker (an object literal built by `new Function`) costs more than that one decode; the later
 * tiers, which make many values, compile it.
 *
 * The value is JSON.parse of a template with the literal's keys in the literal's order, the zeros
 * JSON cannot write (0n, nested structs, arrays, known types) stored over their `null`: V8 gives
 * a parsed object the hidden class of the literal of the same keys, so a struct's first values
 * share their class with the maker's later ones (code reading them sees one class, not two).
 */
import { type GoType, type StructField, type StructType, zero } from "@gojson/gotype";
import { isBigKind } from "./go-values.js";

/**
 * Nested structs made by this walk at most (a value-struct chain deeper than this is made by
 * gotype's zero, which builds any depth with an explicit stack).
 */
const MAX_NESTING = 32;

/** firstZero returns a fresh zero value of struct t, equal to gotype's `zero(t)` and of its hidden class. */
export function firstZero(t: StructType): unknown {
  return structZero(t, 0);
}

function structZero(t: StructType, depth: number): unknown {
  if (t.known !== undefined || depth > MAX_NESTING) return zero(t);
  const fields = t.fields;
  let template = "{";
  // Fields stored over their `null` placeholder, and their types (undefined: 0n).
  let later: string[] | undefined;
  let laterTypes: (GoType | undefined)[] | undefined;
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i] as StructField;
    const name = f.name;
    if (name === "_") continue;
    // A `__proto__` key of JSON.parse is an own property, the literal's is not one of its keys: gotype's maker.
    if (name === "__proto__") return zero(t);
    let text = constantText(f.type);
    if (text === undefined) {
      text = "null";
      later ??= [];
      laterTypes ??= [];
      later.push(name);
      laterTypes.push(isBigKind(f.type) ? undefined : f.type);
    }
    template += `${template.length === 1 ? "" : ","}${JSON.stringify(name)}:${text}`;
  }
  const o = JSON.parse(`${template}}`) as Record<string, unknown>;
  if (later !== undefined) {
    const types = laterTypes as (GoType | undefined)[];
    for (let i = 0; i < later.length; i++) {
      const ft = types[i];
      o[later[i] as string] =
        ft === undefined ? 0n : ft.kind === "struct" ? structZero(ft, depth + 1) : zero(ft);
    }
  }
  return o;
}

/** The JSON text of a zero JSON can write (gotype's constant zeros but 0n), else undefined. */
function constantText(t: GoType): string | undefined {
  switch (t.kind) {
    case "pointer":
    case "slice":
    case "map":
    case "interface":
      return "null";
    case "bool":
      return "false";
    case "int8":
    case "int16":
    case "int32":
    case "uint8":
    case "uint16":
    case "uint32":
    case "float32":
    case "float64":
      return "0";
    case "string":
      // json.Number is a string type with its own zero.
      return t.known === undefined ? '""' : undefined;
    default:
      return undefined;
  }
}
