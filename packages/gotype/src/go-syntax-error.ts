/** GoSyntaxError: Go source that parseGo / goType cannot read, with the line and column. */
export class GoSyntaxError extends Error {
  override readonly name = "GoSyntaxError" as const;
  readonly code = "GOJSON_ERR_GO_SYNTAX" as const;
  /** 1-based line of the offending token. */
  readonly line: number;
  /** 1-based column (UTF-16 code units) of the offending token. */
  readonly column: number;
  /** The message without the `line:column: ` prefix. */
  readonly reason: string;

  constructor(line: number, column: number, reason: string) {
    super(`${line}:${column}: ${reason}`);
    this.line = line;
    this.column = column;
    this.reason = reason;
  }

  /** Whether `e` is a GoSyntaxError from any copy of this package. */
  static isInstance(e: unknown): e is GoSyntaxError {
    return typeof e === "object" && e !== null && (e as Record<symbol, unknown>)[MARK] === true;
  }
}
const MARK = Symbol.for("gojson.error.GoSyntaxError");
Object.defineProperty(GoSyntaxError.prototype, MARK, { value: true });
