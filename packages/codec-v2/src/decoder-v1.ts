/**
 * Go's v1 json.Decoder as Go 1.27 builds it by default (and Go 1.26 under GOEXPERIMENT=jsonv2):
 * encoding/json's API over a jsontext.Decoder, each value unmarshaled by json/v2 with the v1
 * options (encoding/json's v2_stream.go). It differs from the classic decoder (codec-v1's
 * SyncDecoder) in small ways: a failed token read leaves the whitespace and the `,` or `:` before
 * it unread (Buffered, InputOffset), Decode after a failed Token reports jsontext's error, a number
 * token past float64 is an error (Go 1.27), and after Token's EOF InputOffset counts a trailing
 * `,` or `:` (Go 1.27). Reads bytes in memory (Go's `json.NewDecoder(bytes.NewReader(b))`);
 * Buffered follows the jsontext decoder's buffer (64 bytes first, grown as Go grows it).
 */
import { type GoType, JsonNumber, T } from "@gojson/gotype";
import { Decoder, JsonError, SyntacticError } from "@gojson/jsontext";
import { unmarshal } from "./api.js";
import { checkGoType, checkInput } from "./argument-errors.js";
import { EOFError } from "./errors.js";
import { legacySyntaxError, UnmarshalTypeError } from "./legacy-errors.js";
import {
  defaultOptionsV1,
  type Options,
  type OptionsInput,
  type ResolvedOptions,
  resolveOptions,
} from "./options.js";

/** A JSON delimiter token of DecoderV1.token (Go's json.Delim). */
export class DelimV1 {
  private constructor(readonly value: "[" | "]" | "{" | "}") {}
  /** The delimiter character (Go's Delim.String). */
  toString(): string {
    return this.value;
  }
  static readonly BeginArray = new DelimV1("[");
  static readonly EndArray = new DelimV1("]");
  static readonly BeginObject = new DelimV1("{");
  static readonly EndObject = new DelimV1("}");
}

/** A token of DecoderV1.token (Go's json.Token): a delimiter, boolean, number (JsonNumber after useNumber), string or null. */
export type TokenV1 = DelimV1 | boolean | number | JsonNumber | string | null;

/** jsontext's first buffer and the size it stops doubling at unless a value needs more (its fetch). */
const FIRST_BUFFER = 64;
const MAX_GROWN_BUFFER = 4 << 10;

/** Go's io.ErrUnexpectedEOF (Decode of a truncated value, Token inside a token). */
function unexpectedEOF(): JsonError {
  return new JsonError("unexpected EOF", { code: "GOJSON_ERR_UNEXPECTED_EOF", flavour: "v1" });
}

const isWS = (c: number | undefined) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/**
 * DecoderV1 is Go's json.Decoder on the v2 engine (the default of Go 1.27) over bytes in memory:
 * decode, token, more, inputOffset, buffered, useNumber and disallowUnknownFields as Go's. The
 * options are `defaultOptionsV1()` joined with the ones given (`goVersion` picks the release).
 */
export class DecoderV1 {
  private readonly buf: Uint8Array;
  private readonly d: Decoder;
  private o: ResolvedOptions;
  private err: unknown = undefined;
  private hadPeeked = false;
  private hadEOF = false;
  /** jsontext's read buffer over the input: its start offset, length and capacity. */
  private base = 0;
  private len = 0;
  private cap = 0;

  constructor(input: Uint8Array | string, options?: OptionsInput) {
    checkInput("DecoderV1", input);
    this.buf = typeof input === "string" ? new TextEncoder().encode(input) : input;
    const list = (Array.isArray(options) ? options : [options]) as (Options | ResolvedOptions | undefined)[];
    this.o = resolveOptions([defaultOptionsV1(), ...list]);
    // DefaultOptionsV1's jsontext options: duplicate names and invalid UTF-8 allowed.
    this.d = new Decoder(this.buf, { allowDuplicateNames: true, allowInvalidUTF8: true });
  }

  /** Go's Decoder.UseNumber: numbers in `any` (and tokens) become JsonNumber. */
  useNumber(): void {
    this.o = resolveOptions([this.o, { unmarshalAnyWithRawNumber: true }]);
  }

  /** Go's Decoder.DisallowUnknownFields (the option rejectUnknownMembers). */
  disallowUnknownFields(): void {
    this.o = resolveOptions([this.o, { rejectUnknownMembers: true }]);
  }

  /**
   * Go's Decoder.Decode: reads the next value and unmarshals it (json/v2 with the decoder's
   * options), into `options.into` when given (Go's v, merged as v1 merges). A syntax error stops
   * the decoder (later calls throw it again); at the end `EOFError`.
   */
  decode<T>(type: GoType<T>, options?: { into?: NoInfer<T> }): T {
    checkGoType("DecoderV1.decode", type);
    if (this.err !== undefined) throw this.err;
    const from = this.d.inputOffset;
    let b: Uint8Array;
    try {
      if (this.d.stackDepth === 0 && this.atEnd()) {
        this.need(this.buf.length, from);
        throw new EOFError();
      }
      b = this.d.readValue();
    } catch (e) {
      this.err = this.transform(e, from, true);
      throw this.err;
    }
    this.need(this.consumedUpTo(), from);
    this.hadPeeked = false;
    this.hadEOF = false;
    // Go's Decode(v) decodes into what v holds (v1 semantics merge into it): `into`.
    return unmarshal(
      type,
      b,
      options !== undefined && "into" in options ? [this.o, { into: options.into }] : this.o,
    ) as T;
  }

  /** Go's Decoder.Token: the next token; `EOFError` at the end of the input (or of a prefix of a value). */
  token(): TokenV1 {
    if (this.err !== undefined) throw this.err;
    const from = this.d.inputOffset;
    let tok: ReturnType<Decoder["readToken"]>;
    try {
      if (this.d.stackDepth === 0 && this.atEnd()) {
        this.need(this.buf.length, from);
        throw new EOFError();
      }
      tok = this.d.readToken();
    } catch (e) {
      if (EOFError.isInstance(e)) throw e;
      const err = this.transform(e, from, false);
      if (SyntacticError.isInstance(e) && e.detail === "unexpected EOF") {
        // v1 reports a stream that is a prefix of a valid value as EOF (only separators left).
        let p = this.d.inputOffset;
        while (p < this.buf.length) {
          const c = this.buf[p] as number;
          if (!isWS(c) && c !== 0x2c && c !== 0x3a) break;
          p++;
        }
        if (p === this.buf.length) {
          this.hadEOF = true;
          throw new EOFError();
        }
        throw unexpectedEOF();
      }
      throw err;
    }
    this.need(this.consumedUpTo(), from);
    this.hadPeeked = false;
    this.hadEOF = false;
    switch (tok.kind) {
      case "n":
        return null;
      case "f":
        return false;
      case "t":
        return true;
      case '"':
        return tok.string();
      case "0": {
        const text = tok.string();
        if (this.o.flags.unmarshalAnyWithRawNumber) return new JsonNumber(text);
        const v = Number(text);
        if (Number.isFinite(v)) return v;
        if (this.o.goVersion === "1.26") return v > 0 ? Number.MAX_VALUE : -Number.MAX_VALUE;
        throw new UnmarshalTypeError({
          description: `number ${text}`,
          goType: T.float64,
          offset: this.inputOffset(),
          struct: "",
          field: "",
          detail: undefined,
        });
      }
      case "{":
        return DelimV1.BeginObject;
      case "}":
        return DelimV1.EndObject;
      case "[":
        return DelimV1.BeginArray;
      default:
        return DelimV1.EndArray;
    }
  }

  /** Go's Decoder.More: whether another element follows in the current array or object. */
  more(): boolean {
    this.hadPeeked = true;
    const from = this.d.inputOffset;
    let k = "";
    try {
      k = this.d.peekKind();
    } catch {
      k = "";
    }
    if (k === "") {
      if (this.err === undefined) {
        try {
          if (this.d.stackDepth === 0 && this.atEnd()) {
            this.need(this.buf.length, from);
            throw new EOFError();
          }
          this.d.readToken();
          this.err = new JsonError("json: successful read after failed peek");
        } catch (e) {
          this.err = EOFError.isInstance(e) ? e : this.transform(e, from, false);
        }
      }
      return !EOFError.isInstance(this.err);
    }
    this.need(this.nextTokenStart(), from);
    return k !== "]" && k !== "}";
  }

  /** Go's Decoder.InputOffset: the end of the last token read (the start of the next after more()). */
  inputOffset(): number {
    let offset = this.d.inputOffset;
    const go127 = this.o.goVersion !== "1.26";
    if (this.hadPeeked || (go127 && this.hadEOF)) {
      const end = this.base + this.len;
      let p = offset;
      while (p < end && isWS(this.buf[p])) p++;
      if (p < end) {
        offset = p;
        const c = this.buf[p];
        if (go127 && this.hadEOF && (c === 0x2c || c === 0x3a)) offset++;
      }
    }
    return offset;
  }

  /** Go's Decoder.Buffered: the bytes jsontext's buffer holds past the last token read (a view). */
  buffered(): Uint8Array {
    return this.buf.subarray(Math.min(this.d.inputOffset, this.base + this.len), this.base + this.len);
  }

  /** atEnd reports whether only whitespace is left. */
  private atEnd(): boolean {
    let p = this.d.inputOffset;
    while (p < this.buf.length && isWS(this.buf[p])) p++;
    return p === this.buf.length;
  }

  /** The last byte Go looked at to read the last token or value: a number's end needs the byte after it. */
  private consumedUpTo(): number {
    const end = this.d.inputOffset;
    const last = this.buf[end - 1] as number;
    const number = (last >= 0x30 && last <= 0x39) || last === 0x2e;
    return number ? end : end - 1;
  }

  /** The offset of the next token: past whitespace and one `,` or `:`. */
  private nextTokenStart(): number {
    let p = this.d.inputOffset;
    while (p < this.buf.length && isWS(this.buf[p])) p++;
    const c = this.buf[p];
    if (c === 0x2c || c === 0x3a) {
      p++;
      while (p < this.buf.length && isWS(this.buf[p])) p++;
    }
    return p;
  }

  /**
   * transform turns a read error into Go's v1 error (transformSyntacticError), having the buffer
   * hold what Go read to find it; Decode reports a truncated value as io.ErrUnexpectedEOF.
   */
  private transform(e: unknown, from: number, decoding: boolean): unknown {
    if (!SyntacticError.isInstance(e)) return e;
    this.need(e.detail === "unexpected EOF" ? this.buf.length : e.offset, from);
    const err = legacySyntaxError(e, this.o.rules);
    if (decoding && err.message === "unexpected end of JSON input") return unexpectedEOF();
    return err;
  }

  /**
   * need makes the buffer hold byte q (or reach the end of the input) the way jsontext's fetch
   * fills it from a reader: start at 64 bytes, keep what follows the last token read (`from`),
   * double while small and enough was read, or when one value fills three quarters of it.
   */
  private need(q: number, from: number): void {
    const n = this.buf.length;
    while (this.base + this.len <= q && this.base + this.len < n) {
      if (this.cap === 0) this.cap = FIRST_BUFFER;
      const keepFrom = from - this.base;
      let grow = this.cap <= MAX_GROWN_BUFFER / 2 && this.cap < from / 2;
      grow = grow || (keepFrom === 0 && this.len >= (3 * this.cap) / 4);
      if (grow) this.cap *= 2;
      this.len -= keepFrom;
      this.base = from;
      const read = Math.min(this.cap - this.len, n - (this.base + this.len));
      this.len += read;
    }
  }
}
