/**
 * Exit statuses of the `gojson` command, documented in the README and `--help`.
 */
export const EXIT = {
  /** Success; for `diff`, no payload decodes differently; for `strict`, the body is accepted. */
  ok: 0,
  /** Go returns an error (decode/encode), payloads differ (diff), or the body is rejected (strict). */
  failed: 1,
  /** The command line is wrong: unknown command, flag or option. */
  usage: 2,
  /** An input cannot be used: a file is missing, the Go source does not parse, the type is unknown. */
  input: 3,
  /** A bug in gojson: please report it. */
  internal: 4,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Where in an input a CliError is: byte offset and RFC 6901 JSON pointer, when known. */
export interface ErrorPlace {
  readonly offset?: number;
  readonly pointer?: string;
}

/**
 * An error the CLI reports in one line, with the exit status it maps to; an
 * error about a JSON input also says where it is (`--json` answers carry it).
 */
export class CliError extends Error {
  override readonly name = "CliError";
  readonly offset?: number;
  readonly pointer?: string;
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    place: ErrorPlace = {},
  ) {
    super(message);
    if (place.offset !== undefined) this.offset = place.offset;
    if (place.pointer !== undefined) this.pointer = place.pointer;
  }
}

/**
 * Codes of gojson errors that are about the inputs given to gojson rather
 * than Go's answer (exit status 3): Go source gotype cannot use (an
 * undeclared type a field needs), a method declared in Go without a
 * TypeScript twin.
 */
export const INPUT_ERROR_CODES: ReadonlySet<string> = new Set([
  "GOJSON_ERR_GO_SYNTAX",
  "GOJSON_ERR_METHOD_MISSING",
]);
