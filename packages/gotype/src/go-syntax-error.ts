/**
 * GoSyntaxError: Go source that parseGo / goType cannot read, or a type a
 * codec needs that cannot be resolved, with the file, line and column.
 */
export class GoSyntaxError extends Error {
  override readonly name = "GoSyntaxError" as const;
  readonly code = "GOJSON_ERR_GO_SYNTAX" as const;
  /** The file name given to the parser (parseGoPackage, readGoPackage), when there is one. */
  readonly file?: string;
  /** 1-based line of the offending token. */
  readonly line: number;
  /** 1-based column (UTF-16 code units) of the offending token. */
  readonly column: number;
  /** The message without the `file:line:column: ` prefix. */
  readonly reason: string;

  /**
   * The message is `file:line:column: reason` as Go's compiler prints it
   * (`line:column: reason` when there is no file name).
   */
  constructor(line: number, column: number, reason: string, file?: string) {
    super(`${file !== undefined && file !== "" ? `${file}:` : ""}${line}:${column}: ${reason}`);
    this.line = line;
    this.column = column;
    this.reason = reason;
    if (file !== undefined && file !== "") this.file = file;
  }

  /** Whether `e` is a GoSyntaxError from any copy of this package. */
  static isInstance(e: unknown): e is GoSyntaxError {
    return typeof e === "object" && e !== null && (e as Record<symbol, unknown>)[MARK] === true;
  }
}
const MARK = Symbol.for("gojson.error.GoSyntaxError");
Object.defineProperty(GoSyntaxError.prototype, MARK, { value: true });
