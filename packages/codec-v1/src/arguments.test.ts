/**
 * Wrong arguments are InvalidArgumentError (a TypeError with a stable code):
 * a type that is not a GoType, input that is not bytes or text, unknown option
 * names (the nearest known one suggested), options of the wrong type, sources
 * and sinks of the wrong kind. Never ignored.
 */
import { type GoType, T } from "@gojson/gotype";
import { describe, expect, test } from "vitest";
import {
  Decoder,
  decodeValues,
  Encoder,
  InvalidArgumentError,
  marshal,
  marshalIndent,
  SyncDecoder,
  unmarshal,
  unmarshalRead,
} from "./index.js";

const bad = <A extends unknown[]>(f: (...a: A) => unknown) => f as (...a: unknown[]) => unknown;

const cases: [string, () => unknown, string][] = [
  [
    "unmarshal/TypeUndefined",
    () => bad(unmarshal)(undefined, "{}"),
    "gojson: unmarshal: type must be a GoType (from parseGo, goType, T or the gotype constructors), got undefined",
  ],
  [
    "unmarshal/TypeString",
    () => bad(unmarshal)("int", "1"),
    'gojson: unmarshal: type must be a GoType (from parseGo, goType, T or the gotype constructors), got string "int"',
  ],
  [
    "unmarshal/DataNumber",
    () => bad(unmarshal)(T.int64, 42),
    "gojson: unmarshal: data must be a Uint8Array or a string of JSON text, got number 42",
  ],
  [
    "unmarshal/DataObject",
    () => bad(unmarshal)(T.int64, { a: 1 }),
    "gojson: unmarshal: data must be a Uint8Array or a string of JSON text, got object",
  ],
  [
    "unmarshal/UnknownOption",
    () => bad(unmarshal)(T.int64, "1", { rejectUnknownMember: true }),
    'gojson: unmarshal: option "rejectUnknownMember" is unknown (did you mean "disallowUnknownFields"?)',
  ],
  [
    "unmarshal/Typo",
    () => bad(unmarshal)(T.int64, "1", { useNumbr: true }),
    'gojson: unmarshal: option "useNumbr" is unknown (did you mean "useNumber"?)',
  ],
  [
    "unmarshal/FarOff",
    () => bad(unmarshal)(T.int64, "1", { zzzzzzzz: true }),
    'gojson: unmarshal: option "zzzzzzzz" is unknown (known: useNumber, disallowUnknownFields, goVersion, into)',
  ],
  [
    "unmarshal/MarshalOption",
    () => bad(unmarshal)(T.int64, "1", { escapeHTML: false }),
    'gojson: unmarshal: option "escapeHTML" is a marshal option, not one of unmarshal\'s (useNumber, disallowUnknownFields, goVersion, into)',
  ],
  [
    "unmarshal/WrongType",
    () => bad(unmarshal)(T.int64, "1", { useNumber: "yes" }),
    'gojson: unmarshal: option "useNumber" must be a boolean, got string "yes"',
  ],
  [
    "unmarshal/GoVersion",
    () => bad(unmarshal)(T.int64, "1", { goVersion: "1.25" }),
    'gojson: unmarshal: option "goVersion" must be one of "1.26", "1.27", got string "1.25"',
  ],
  [
    "unmarshal/OptionsNotObject",
    () => bad(unmarshal)(T.int64, "1", "useNumber"),
    'gojson: unmarshal: options must be an object, got string "useNumber"',
  ],
  [
    "marshal/TypeNull",
    () => bad(marshal)(null, 1),
    "gojson: marshal: type must be a GoType (from parseGo, goType, T or the gotype constructors), got null",
  ],
  [
    "marshal/Typo",
    () => bad(marshal)(T.int64, 1n, { escapeHtml: false }),
    'gojson: marshal: option "escapeHtml" is unknown (did you mean "escapeHTML"?)',
  ],
  [
    "marshal/V2Name",
    () => bad(marshal)(T.int64, 1n, { escapeForHTML: false }),
    'gojson: marshal: option "escapeForHTML" is unknown (did you mean "escapeHTML"?)',
  ],
  [
    "marshal/UnmarshalOption",
    () => bad(marshal)(T.int64, 1n, { useNumber: true }),
    'gojson: marshal: option "useNumber" is an unmarshal option, not one of marshal\'s (escapeHTML, prefix, indent, goVersion)',
  ],
  [
    "marshal/IndentNumber",
    () => bad(marshal)(T.int64, 1n, { indent: 2 }),
    'gojson: marshal: option "indent" must be a string, got number 2',
  ],
  [
    "marshalIndent/Prefix",
    () => bad(marshalIndent)(T.int64, 1n, 1, ""),
    "gojson: marshalIndent: prefix must be a string, got number 1",
  ],
  [
    "Decoder/Source",
    () => new Decoder(42 as never),
    "gojson: Decoder: source must be a Uint8Array, a string, a Node Readable, a web ReadableStream or an (async) iterable of Uint8Array or string chunks, got number 42",
  ],
  [
    "Decoder/Option",
    () => new Decoder("1", { useNumbers: true } as never),
    'gojson: Decoder: option "useNumbers" is unknown (did you mean "useNumber"?)',
  ],
  [
    "SyncDecoder/AsyncSource",
    () => new SyncDecoder((async function* () {})() as never),
    "gojson: SyncDecoder: source must be a Uint8Array, a string or an iterable of Uint8Array or string chunks, got object",
  ],
  [
    "SyncDecoder/DecodeType",
    () => new SyncDecoder("1").decode(undefined as never),
    "gojson: SyncDecoder.decode: type must be a GoType (from parseGo, goType, T or the gotype constructors), got undefined",
  ],
  [
    "SyncDecoder/Chunk",
    () => new SyncDecoder([1, 2] as never).decode(T.any),
    "gojson: SyncDecoder: source yielded a chunk that is not a Uint8Array or a string: number 1",
  ],
  [
    "Encoder/Sink",
    () => new Encoder({} as never),
    "gojson: Encoder: sink must be a Node Writable, a web WritableStream, an object with write(chunk) or a function, got object",
  ],
  [
    "Encoder/Option",
    () => new Encoder(() => undefined, { indnet: "  " } as never),
    'gojson: Encoder: option "indnet" is unknown (did you mean "indent"?)',
  ],
  [
    "Encoder/SetEscapeHTML",
    () => new Encoder(() => undefined).setEscapeHTML("no" as never),
    'gojson: Encoder.setEscapeHTML: on must be a boolean, got string "no"',
  ],
];

describe("argument errors", () => {
  test.each(cases)("%s", (_name, f, want) => {
    expect(f).toThrow(InvalidArgumentError);
    expect(f).toThrow(TypeError);
    expect(f).toThrow(want);
    let err: unknown;
    try {
      f();
    } catch (e) {
      err = e;
    }
    expect(InvalidArgumentError.isInstance(err)).toBe(true);
    expect((err as InvalidArgumentError).code).toBe("GOJSON_ERR_INVALID_ARGUMENT");
    expect((err as Error).message).toBe(want);
  });

  test("async entry points reject with the same errors", async () => {
    await expect(unmarshalRead(undefined as never, "1")).rejects.toThrow(
      "gojson: unmarshalRead: type must be a GoType",
    );
    await expect(unmarshalRead(T.int64, "1", { strict: true } as never)).rejects.toThrow(
      'gojson: unmarshalRead: option "strict" is unknown (did you mean "disallowUnknownFields"?)',
    );
    await expect(new Decoder("1").decode(T.int64, { into: 1n, useNumber: true } as never)).rejects.toThrow(
      InvalidArgumentError,
    );
    await expect(decodeValues(42 as never, "1").next()).rejects.toThrow("gojson: decodeValues: type must be");
    await expect(new Encoder(() => undefined).encode({} as GoType, 1)).rejects.toThrow(
      "gojson: Encoder.encode: type must be a GoType",
    );
  });

  test("valid options still work, and undefined values mean unset", () => {
    expect(unmarshal(T.any, "1.5", { useNumber: true, goVersion: "1.26" })).toEqual(
      expect.objectContaining({ text: "1.5" }),
    );
    expect(
      new TextDecoder().decode(marshal(T.string, "<", { escapeHTML: undefined, goVersion: "1.27" })),
    ).toBe('"\\u003c"');
  });
});
