import { bindCodec, isGoError } from "../codecs.js";
import { errorFields } from "../error-fields.js";
import { CliError, EXIT, type ExitCode } from "../exit-codes.js";
import { loadGoType } from "../go-source.js";
import { readInput, writeErr, writeLine } from "../io.js";
import { parseJsonLiteral } from "../json-literal.js";
import { DEFAULT_MAX_INPUT_BYTES } from "../limits.js";
import { parseOptions } from "../options.js";
import { valueFromJson } from "../value-from-json.js";
import { type CodecFlags, versionOf } from "./decode.js";

/**
 * `gojson encode`: reads a value of the Go type written as JSON keyed by Go
 * field names and prints the bytes Go's Marshal writes for it.
 */
export async function encodeCommand(file: string | undefined, flags: CodecFlags): Promise<ExitCode> {
  const maxBytes = flags.maxBytes ?? DEFAULT_MAX_INPUT_BYTES;
  const type = loadGoType(flags.go, flags.type, { maxBytes });
  const codec = bindCodec(versionOf(flags), parseOptions(flags.option ?? []));
  // Numbers are kept as typed: 9007199254740993 is never rounded to ...992 on the way.
  const bytes = await readInput(file, maxBytes);
  let value: unknown;
  try {
    value = valueFromJson(type, parseJsonLiteral(bytes, "the value (JSON keyed by Go field names)"));
  } catch (e) {
    // With --json a value that cannot be built is an answer too: where it is, as data (exit status 3).
    if (!(flags.json && e instanceof CliError)) throw e;
    writeLine(JSON.stringify({ ok: false, version: codec.version, error: errorFields(e) }));
    return e.exitCode;
  }
  try {
    const out = codec.marshal(type, value);
    if (flags.json)
      writeLine(JSON.stringify({ ok: true, version: codec.version, output: new TextDecoder().decode(out) }));
    else writeLine(out);
    return EXIT.ok;
  } catch (e) {
    if (!isGoError(e)) throw e;
    if (flags.json) writeLine(JSON.stringify({ ok: false, version: codec.version, error: errorFields(e) }));
    else writeErr(`${e.message}\n`);
    return EXIT.failed;
  }
}
