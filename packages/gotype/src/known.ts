/**
 * The standard-library types the codecs special-case, with their real Go
 * method sets: time.Time, time.Duration, json.Number, json.RawMessage and
 * jsontext.Value. Each carries `known` so codecs can switch on it.
 */
import { named, sliceOf, T } from "./constructors.js";
import { GoTime } from "./go-time.js";
import type { JsonNumber } from "./json-number.js";
import type { GoMethod, GoType, MethodName, Receiver } from "./types.js";

const utf8Decoder = new TextDecoder();

function method(name: MethodName, receiver: Receiver, fn: (...args: any[]) => any): GoMethod {
  return Object.freeze({ name, receiver, fn });
}

function knownType<V>(
  name: string,
  pkg: string,
  pkgPath: string,
  underlying: GoType,
  known: GoType["known"],
  methods: GoMethod[],
): GoType<V> {
  const t = named(name, underlying, { pkg }) as unknown as Record<string, unknown>;
  t.known = known;
  t.pkgPath = pkgPath;
  const ms: Record<string, GoMethod> = {};
  for (const m of methods) ms[m.name] = m;
  t.methods = Object.freeze(ms);
  return Object.freeze(t) as unknown as GoType<V>;
}

function asText(data: Uint8Array | string): string {
  return typeof data === "string" ? data : utf8Decoder.decode(data);
}

/**
 * Go's time.Time: a struct whose fields are all unexported, so JSON sees only
 * its methods: MarshalJSON, MarshalText, AppendText (Go 1.24) and IsZero
 * (value receivers), UnmarshalJSON and UnmarshalText (pointer receivers).
 * Values are GoTime.
 */
export const timeTime: GoType<GoTime> = knownType(
  "Time",
  "time",
  "time",
  { kind: "struct", fields: [] },
  "time.Time",
  [
    method("MarshalJSON", "value", (v: GoTime) => v.marshalJSON()),
    method("MarshalText", "value", (v: GoTime) => v.marshalText()),
    // Its errors name the method: "Time.AppendText: year outside of range [0,9999]".
    method("AppendText", "value", (v: GoTime) => v.marshalText("Time.AppendText: ")),
    method("IsZero", "value", (v: GoTime) => v.isZero()),
    method("UnmarshalJSON", "pointer", (data: Uint8Array | string, current: GoTime) =>
      GoTime.unmarshalJSON(asText(data), current),
    ),
    method("UnmarshalText", "pointer", (data: Uint8Array | string) => GoTime.parse(asText(data))),
  ],
);

/** Go's time.Duration: an int64 count of nanoseconds (bigint in TypeScript), no JSON methods. */
export const timeDuration: GoType<bigint> = knownType(
  "Duration",
  "time",
  "time",
  T.int64,
  "time.Duration",
  [],
);

/** Go's json.Number: a string kind holding a number literal (JsonNumber in TypeScript), no JSON methods. */
export const jsonNumber: GoType<JsonNumber> = knownType(
  "Number",
  "json",
  "encoding/json",
  T.string,
  "json.Number",
  [],
);

function rawMarshal(v: Uint8Array | null): Uint8Array | string {
  return v === null ? "null" : v;
}
function rawUnmarshal(data: Uint8Array | string): Uint8Array {
  return typeof data === "string" ? new TextEncoder().encode(data) : data.slice();
}

/**
 * Go's json.RawMessage ([]byte): MarshalJSON (value receiver; nil → `null`)
 * and UnmarshalJSON (pointer receiver; stores a copy of the input).
 */
export const jsonRawMessage: GoType<Uint8Array | null> = knownType(
  "RawMessage",
  "json",
  "encoding/json",
  sliceOf(T.uint8),
  "json.RawMessage",
  [method("MarshalJSON", "value", rawMarshal), method("UnmarshalJSON", "pointer", rawUnmarshal)],
);

/**
 * Go's jsontext.Value ([]byte): MarshalJSON (value receiver; nil → `null`)
 * and UnmarshalJSON (pointer receiver; stores a copy of the input).
 */
export const jsontextValue: GoType<Uint8Array | null> = knownType(
  "Value",
  "jsontext",
  "encoding/json/jsontext",
  sliceOf(T.uint8),
  "jsontext.Value",
  [method("MarshalJSON", "value", rawMarshal), method("UnmarshalJSON", "pointer", rawUnmarshal)],
);

/** The known types by their qualified Go name (`time.Time`, ...), as parseGo resolves them. */
export const KNOWN_TYPES: Readonly<Record<string, GoType>> = Object.freeze({
  "time.Time": timeTime,
  "time.Duration": timeDuration,
  "json.Number": jsonNumber,
  "json.RawMessage": jsonRawMessage,
  "jsontext.Value": jsontextValue,
});
