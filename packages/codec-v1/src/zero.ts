/**
 * Zero values of Go types in their TypeScript form (../shared/CONTRACT.md):
 * structs are plain objects with every field present.
 */
import { GoTime, type GoType, JsonNumber } from "./deps.js";

/** Go's zero value of `t`. */
export function zeroValue(t: GoType): any {
  switch (t.kind) {
    case "bool":
      return false;
    case "int":
    case "int64":
    case "uint":
    case "uint64":
    case "uintptr":
      return 0n;
    case "int8":
    case "int16":
    case "int32":
    case "uint8":
    case "uint16":
    case "uint32":
    case "float32":
    case "float64":
      return 0;
    case "string":
      return t.known === "json.Number" ? new JsonNumber("") : "";
    case "slice":
    case "map":
    case "pointer":
    case "interface":
      return null;
    case "array": {
      const a = new Array(t.len);
      for (let i = 0; i < t.len; i++) a[i] = zeroValue(t.elem);
      return a;
    }
    case "struct": {
      if (t.known === "time.Time") return new GoTime();
      const o: Record<string, unknown> = {};
      for (const f of t.fields) {
        if (f.name === "__proto__") Object.defineProperty(o, f.name, { value: zeroValue(f.type), writable: true, enumerable: true, configurable: true });
        else o[f.name] = zeroValue(f.type);
      }
      return o;
    }
  }
}
