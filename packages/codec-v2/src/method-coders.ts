/**
 * The encoder and decoder handed to v2's streaming methods: a MarshalJSONTo twin writes its one
 * value to a MethodEncoder (Go's *jsontext.Encoder), an UnmarshalJSONFrom twin reads its one
 * value from a MethodDecoder (Go's *jsontext.Decoder). Both speak jsontext's token API
 * (writeToken/writeValue, readToken/readValue/peekKind) and count the values passed, so the
 * codec can report Go's "must read or write exactly one value".
 */
import { Decoder, Encoder, type Kind, type Token } from "@gojson/jsontext";
import { escapePointerToken, syntacticError } from "./errors.js";
import type { ResolvedOptions } from "./options.js";
import { encoderFlags } from "./raw.js";

/** Go's errNonSingularValue: a streaming method wrote or read no value, part of one, or several. */
export const ERR_NON_SINGULAR = "must read or write exactly one value";

const ERR_NON_STRING_NAME = "object member name must be a string";

/** Thrown to a twin that reads past its value (Go reads on into the next value or the end of input). */
export class MethodReadPastValue extends Error {
  constructor(readonly atEOF: boolean) {
    super(atEOF ? "unexpected EOF" : ERR_NON_SINGULAR);
    this.name = "MethodReadPastValue";
  }
}

const textDecoder = new TextDecoder();

/**
 * The objects and arrays a streaming method has opened and not closed, for the JSON pointer of
 * its error (Go's appendStackPointer with where=0 over the levels inside the method's value).
 */
export class InnerStack {
  readonly #frames: { obj: boolean; len: number; name: string }[] = [];

  /** Records a token or a whole value (`kind` of its first token; `name`: its text when a string). */
  item(kind: string, name: string): void {
    const top = this.#frames[this.#frames.length - 1];
    if (kind === "}" || kind === "]") {
      this.#frames.pop();
      return;
    }
    if (top !== undefined) {
      top.len++;
      if (top.obj && top.len % 2 === 1) top.name = name;
    }
    if (kind === "{" || kind === "[") this.#frames.push({ obj: kind === "{", len: 0, name: "" });
  }

  /** Whether the method stands inside a level it opened, after something it wrote or read there. */
  get afterItem(): boolean {
    const top = this.#frames[this.#frames.length - 1];
    return top !== undefined && top.len > 0;
  }

  /** The pointer within the method's value: each level's current member, the last one's only when its value is due. */
  pointer(): string {
    let p = "";
    const n = this.#frames.length;
    for (let i = 0; i < n; i++) {
      const f = this.#frames[i] as { obj: boolean; len: number; name: string };
      if (i === n - 1) return f.obj && f.len % 2 === 1 ? `${p}/${escapePointerToken(f.name)}` : p;
      p += f.obj ? `/${escapePointerToken(f.name)}` : `/${f.len - 1}`;
    }
    return p;
  }
}

/** The text of a raw value that is a JSON string (a member name), else "". */
function rawName(v: Uint8Array | string): string {
  if (firstByte(v) !== 0x22) return "";
  try {
    return JSON.parse(typeof v === "string" ? v : textDecoder.decode(v)) as string;
  } catch {
    return "";
  }
}

/** The first byte of a raw value after whitespace (0 when there is none). */
function firstByte(v: Uint8Array | string): number {
  for (let i = 0; i < v.length; i++) {
    const c = typeof v === "string" ? v.charCodeAt(i) : (v[i] as number);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return c;
  }
  return 0;
}

/**
 * MethodEncoder is the `enc` a MarshalJSONTo twin writes to (Go's *jsontext.Encoder within
 * MarshalJSONTo): `writeToken(t)` and `writeValue(v)` as jsontext's Encoder has them, with the
 * marshal options' escaping and checks (invalid UTF-8, duplicate names). The method must write
 * exactly one value; as a map key, one string. `marshalEncode(enc, T, v)` writes a Go value to it
 * under the caller's options (Go's json.MarshalEncode).
 */
export interface MethodEncoder {
  /** writeToken writes one token (Go's Encoder.WriteToken); throws jsontext's SyntacticError on a grammar error. */
  writeToken(t: Token): void;
  /** writeValue writes one complete raw JSON value (Go's Encoder.WriteValue), validated and reformatted. */
  writeValue(v: Uint8Array | string): void;
  /** stackDepth is the nesting depth within the method's value (0 before and after it). */
  readonly stackDepth: number;
  /** outputOffset is the number of bytes the method has written. */
  readonly outputOffset: number;
}

/**
 * MethodDecoder is the `dec` an UnmarshalJSONFrom twin reads from (Go's *jsontext.Decoder within
 * UnmarshalJSONFrom): `peekKind()`, `readToken()`, `readValue()` and `skipValue()` as jsontext's
 * Decoder has them, over the method's value (already validated by the codec). The method must
 * read exactly one value; reading past it throws (Go: the next value, or unexpected EOF).
 * `unmarshalDecode(dec, T)` reads a Go value from it under the caller's options (Go's
 * json.UnmarshalDecode).
 */
export interface MethodDecoder {
  /** peekKind returns the kind of the next token without reading it (`""` after the method's value). */
  peekKind(): Kind;
  /** readToken reads the next token (Go's Decoder.ReadToken). */
  readToken(): Token;
  /** readValue reads the next complete value and returns its exact bytes (Go's Decoder.ReadValue). */
  readValue(): Uint8Array;
  /** skipValue reads the next complete value and discards it (Go's Decoder.SkipValue). */
  skipValue(): void;
  /** stackDepth is the nesting depth within the method's value (0 before and after it). */
  readonly stackDepth: number;
  /** inputOffset is the byte offset in the whole input just after the last token read. */
  readonly inputOffset: number;
}

/**
 * marshalThroughTwin calls a MarshalJSONTo twin with `enc`; the error it ends with, or
 * errNonSingularValue's when it wrote other than one value, or undefined.
 */
export function marshalThroughTwin(
  fn: (enc: TwinEncoder, v: any) => unknown,
  enc: TwinEncoder,
  v: unknown,
): unknown {
  try {
    fn(enc, v);
  } catch (e) {
    return e;
  }
  return enc.singular ? undefined : new Error(ERR_NON_SINGULAR);
}

/** The MethodEncoder of one MarshalJSONTo call, over a jsontext Encoder of its own. */
export class TwinEncoder implements MethodEncoder {
  readonly #enc: Encoder;
  readonly #name: boolean;
  /** The levels the method has opened (for its error's pointer). */
  readonly inner = new InnerStack();
  #values = 0;
  readonly #ends: number[] = [];
  #extraName: string | undefined;

  /** `name`: the value is a map key (an object member name). */
  constructor(
    readonly options: ResolvedOptions,
    name: boolean,
  ) {
    const f = options.flags;
    this.#enc = new Encoder(null, {
      ...encoderFlags(f),
      omitTopLevelNewline: true,
    });
    this.#name = name;
  }

  /** writeToken writes one token (Go's Encoder.WriteToken); throws jsontext's SyntacticError on a grammar error. */
  writeToken(t: Token): void {
    this.#check(t.kind);
    if (this.#values > 0 && this.#enc.stackDepth === 0) this.#extraName = t.kind === '"' ? t.raw : undefined;
    this.#enc.writeToken(t);
    this.inner.item(t.kind, t.raw);
    this.#count();
  }

  /** writeValue writes one complete raw JSON value (Go's Encoder.WriteValue), validated and reformatted. */
  writeValue(v: Uint8Array | string): void {
    this.#check(firstByte(v) === 0x22 ? '"' : "0");
    if (this.#values > 0 && this.#enc.stackDepth === 0) this.#extraName = undefined;
    this.#enc.writeValue(v);
    this.inner.item("0", rawName(v));
    this.#count();
  }

  /** stackDepth is the nesting depth within the method's value (0 before and after it). */
  get stackDepth(): number {
    return this.#enc.stackDepth;
  }

  /** outputOffset is the number of bytes the method has written. */
  get outputOffset(): number {
    return this.#enc.outputOffset;
  }

  /** The bytes written, as the value's compact JSON text. */
  text(): string {
    return textDecoder.decode(this.#enc.bytes());
  }

  /** Whether exactly one complete value was written. */
  get singular(): boolean {
    return this.#values === 1 && this.#enc.stackDepth === 0;
  }

  /** How many values the method wrote after its first, when it ended between values (else 0). */
  get extra(): number {
    return this.#enc.stackDepth === 0 && this.#values > 1 ? this.#values - 1 : 0;
  }

  /** The last extra value when it is a string token (an object member name, in Go's encoder). */
  get extraName(): string | undefined {
    return this.#extraName;
  }

  /** Bytes written so far (where Go reports an error after the method wrote some). */
  get written(): number {
    return this.#enc.outputOffset;
  }

  // A map key is an object member name: Go's encoder refuses anything but a string there.
  #check(kind: Token["kind"]): void {
    if (this.#name && this.#values === 0 && this.#enc.stackDepth === 0 && kind !== '"')
      throw syntacticError(ERR_NON_STRING_NAME, 0);
  }

  #count(): void {
    if (this.#enc.stackDepth === 0) {
      this.#values++;
      this.#ends.push(this.#enc.outputOffset);
    }
  }

  /** The text of each complete value written at the top of the method's output. */
  values(): string[] {
    const b = this.#enc.bytes();
    let start = 0;
    return this.#ends.map((end) => textDecoder.decode(b.subarray(start, (start = end))));
  }
}

/** The MethodDecoder of one UnmarshalJSONFrom call, over a jsontext Decoder of the method's value. */
export class TwinDecoder implements MethodDecoder {
  readonly #d: Decoder;
  readonly #base: number;
  /** The levels the method has opened (for its error's pointer). */
  readonly inner = new InnerStack();
  readonly #topLevel: boolean;
  #values = 0;
  #reads = 0;
  #readPast = false;

  /** `raw` is the method's value, `base` its offset in the input, `topLevel` whether nothing follows it. */
  constructor(
    raw: Uint8Array,
    base: number,
    topLevel: boolean,
    readonly options: ResolvedOptions,
  ) {
    this.#d = new Decoder(raw, { allowDuplicateNames: true, allowInvalidUTF8: true, flavour: "v2" });
    this.#base = base;
    this.#topLevel = topLevel;
  }

  /** peekKind returns the kind of the next token without reading it (`""` after the method's value). */
  peekKind(): Kind {
    return this.#d.peekKind();
  }

  /** readToken reads the next token (Go's Decoder.ReadToken). */
  readToken(): Token {
    this.#guard();
    const t = this.#d.readToken();
    this.inner.item(t.kind, t.raw);
    this.#count();
    return t;
  }

  /** readValue reads the next complete value and returns its exact bytes (Go's Decoder.ReadValue). */
  readValue(): Uint8Array {
    this.#guard();
    const v = this.#d.readValue();
    this.inner.item("0", rawName(v));
    this.#count();
    return v;
  }

  /** skipValue reads the next complete value and discards it (Go's Decoder.SkipValue). */
  skipValue(): void {
    this.#guard();
    this.#d.skipValue();
    this.inner.item("0", "");
    this.#count();
  }

  /** stackDepth is the nesting depth within the method's value (0 before and after it). */
  get stackDepth(): number {
    return this.#d.stackDepth;
  }

  /** inputOffset is the byte offset in the whole input just after the last token read. */
  get inputOffset(): number {
    return this.#base + this.#d.inputOffset;
  }

  /** Whether exactly one complete value was read. */
  get singular(): boolean {
    return this.#values === 1 && this.#d.stackDepth === 0 && !this.#readPast;
  }

  /** Whether the method read past its value into its container. */
  get readPast(): boolean {
    return this.#readPast;
  }

  /** Whether anything was read. */
  get read(): boolean {
    return this.#reads > 0;
  }

  /** Offset in the input of the last token or value read (Go's InputOffset - len(PreviousTokenOrValue)). */
  get previousOffset(): number {
    return this.#base + this.#d.previousOffset;
  }

  #guard(): void {
    if (this.#values > 0 && this.#d.stackDepth === 0) {
      // In a container Go's decoder reads on (a method that catches this has still read past its
      // value); at the top level the read fails at the end of the input and changes nothing.
      if (!this.#topLevel) this.#readPast = true;
      throw new MethodReadPastValue(this.#topLevel);
    }
  }

  #count(): void {
    this.#reads++;
    if (this.#d.stackDepth === 0) this.#values++;
  }
}
