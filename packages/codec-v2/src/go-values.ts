/**
 * Value helpers over @gojson/gotype: zero values, IsZero for omitzero,
 * and method lookup with the receiver reached through promoted fields.
 */
import {
  GoTime,
  GoTimeError,
  type GoType,
  lookupMethod as gotypeLookup,
  isBigIntKind,
  type MethodName,
  type ZeroMaker,
  zero,
  zeroMaker,
} from "@gojson/gotype";

/** Whether t is int, int64, uint, uint64 or uintptr (a bigint in TypeScript): gotype's isBigIntKind. */
export const isBigKind: (t: GoType) => boolean = isBigIntKind;

/**
 * Zero values: gotype's zero and zeroMaker (a maker compiled once per type, an object literal
 * for structs; deep chains of types built without recursion).
 */
export { type ZeroMaker, zero, zeroMaker };

/** isZero reports whether v is the zero value of t (reflect.Value.IsZero, no methods). */
export function isZero(t: GoType, v: unknown): boolean {
  if (t.known === "time.Time") return GoTime.isInstance(v) ? v.isZero() : true;
  if (t.known === "json.Number") return v === null || v === undefined || String(v) === "";
  switch (t.kind) {
    case "bool":
      return v === false;
    case "string":
      return v === "";
    case "slice":
    case "map":
    case "pointer":
    case "interface":
      return v === null || v === undefined;
    case "array":
      return Array.from(v as ArrayLike<unknown>).every((e) => isZero(t.elem, e));
    case "struct":
      return t.fields.every((f) => f.name === "_" || isZero(f.type, (v as Record<string, unknown>)[f.name]));
    default:
      return v === 0 || v === 0n;
  }
}

/**
 * A callable method: marshal-side `call(value)` (MarshalJSONTo: `call(enc, value)`), unmarshal-side
 * `call(data, current)` (UnmarshalJSONFrom: `call(dec, current)`) returning the new value.
 */
export interface FoundMethod {
  readonly call: (value: any, ...args: any[]) => any;
}

/**
 * lookupMethod finds method `name` of t (Go method sets, promotion included).
 * `addressable` admits pointer-receiver methods (always true under v2 semantics).
 */
export function lookupMethod(t: GoType, name: MethodName, addressable = true): FoundMethod | undefined {
  const r = gotypeLookup(t, name, { addressable });
  if (!r) return undefined;
  const fn = r.method.fn;
  const path = r.path;
  if (path.length === 0) return { call: fn };
  const timeOwner = r.owner.known === "time.Time";
  return {
    call:
      name === "UnmarshalJSON" || name === "UnmarshalText" || name === "UnmarshalJSONFrom"
        ? (data: any, cur: any) => {
            // The receiver is the promoted field; the method's result is stored back there.
            let holder = cur;
            for (let i = 0; i < path.length - 1; i++) holder = holder?.[(path[i] as { name: string }).name];
            const last = (path[path.length - 1] as { name: string }).name;
            if (holder === null || holder === undefined) return cur;
            try {
              holder[last] = fn(data, holder[last]);
            } catch (e) {
              // time.Time's UnmarshalJSON assigns the receiver before it returns a parse error
              // (`*t, err = parseStrictRFC3339(data)`); other inputs leave it.
              if (timeOwner && isJSONStringBytes(data)) holder[last] = new GoTime();
              throw e;
            }
            return cur;
          }
        : name === "MarshalJSONTo"
          ? (enc: any, value: any) => fn(enc, promotedReceiver(value, path))
          : (value: any) => fn(promotedReceiver(value, path)),
  };
}

/** The embedded field a promoted marshal method is called on: `path` followed from `value`. */
function promotedReceiver(value: any, path: readonly { readonly name: string }[]): any {
  let recv = value;
  for (const step of path) {
    if (recv === null || recv === undefined) break;
    recv = recv[step.name];
  }
  return recv;
}

/** Whether data (a method's input) is a JSON string: `"` … `"`, as Time.UnmarshalJSON checks. */
function isJSONStringBytes(data: Uint8Array | string): boolean {
  const n = data.length;
  if (typeof data === "string") return n >= 2 && data[0] === '"' && data[n - 1] === '"';
  return n >= 2 && data[0] === 0x22 && data[n - 1] === 0x22;
}

/** Latin-1 text whose char codes are the bytes (DEL kept apart: Go's time quoting prints it as is). */
function byteText(b: Uint8Array): string {
  let s = "";
  for (const c of b) s += c === 0x7f ? "\ue000" : String.fromCharCode(c);
  return s;
}

/**
 * goTimeErrorText renders a time parse error as Go does over the raw bytes of the value: Go's
 * time package quotes every byte outside printable ASCII as \xNN (invalid UTF-8 included, which
 * the decoded text has lost). `bytes` is the text parsed (`json`: the whole JSON string given to
 * Time.UnmarshalJSON). Returns undefined when the bytes parse (the caller keeps its message).
 */
export function goTimeErrorText(bytes: Uint8Array, json: boolean): string | undefined {
  const text = byteText(bytes);
  try {
    if (json) GoTime.unmarshalJSON(text);
    else GoTime.parse(text);
    return undefined;
  } catch (e) {
    if (!GoTimeError.isInstance(e)) return undefined;
    return e.message.replace(/[\u0080-\u00ff\ue000]/g, (c) =>
      c === "\ue000" ? "\x7f" : `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`,
    );
  }
}
