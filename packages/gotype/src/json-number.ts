/**
 * JsonNumber: Go's json.Number in TypeScript, the literal text of a JSON
 * number kept exactly as it appeared (or as it will be written).
 */
export class JsonNumber {
  /** The literal text, e.g. `"1e3"` or `"-0.50"`; json.Number's zero value is `""`. */
  readonly text: string;

  constructor(text = "") {
    this.text = text;
  }

  /** The literal text (Go's Number.String). */
  toString(): string {
    return this.text;
  }

  /** The value as a float64 (Go's Number.Float64 without the error: NaN when the text is not a number). */
  valueOf(): number {
    return this.text === "" ? Number.NaN : Number(this.text);
  }

  /** The JSON form used by JSON.stringify: the literal text as a string. */
  toJSON(): string {
    return this.text;
  }

  /** Whether `x` is a JsonNumber from any copy of this package. */
  static isInstance(x: unknown): x is JsonNumber {
    return typeof x === "object" && x !== null && (x as Record<symbol, unknown>)[JSON_NUMBER_MARK] === true;
  }
}

const JSON_NUMBER_MARK = Symbol.for("gojson.value.JsonNumber");
Object.defineProperty(JsonNumber.prototype, JSON_NUMBER_MARK, { value: true });
