import { bindCodec, isGoError } from "../codecs.js";
import { CliError, EXIT, type ExitCode } from "../exit-codes.js";
import { loadGoType } from "../go-source.js";
import { readInput, writeLine } from "../io.js";
import { parseOptions } from "../options.js";
import { valueFromJson } from "../value-from-json.js";
import { type CodecFlags, versionOf } from "./decode.js";

/**
 * `gojson encode`: reads a value of the Go type written as JSON keyed by Go
 * field names and prints the bytes Go's Marshal writes for it.
 */
export async function encodeCommand(file: string | undefined, flags: CodecFlags): Promise<ExitCode> {
  const type = loadGoType(flags.go, flags.type);
  const codec = bindCodec(versionOf(flags), parseOptions(flags.option ?? []));
  const text = new TextDecoder().decode(await readInput(file));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new CliError(
      `the value is not JSON (${(e as Error).message}); keys are Go field names`,
      EXIT.input,
    );
  }
  const value = valueFromJson(type, json);
  try {
    const out = codec.marshal(type, value);
    if (flags.json)
      writeLine(JSON.stringify({ ok: true, version: codec.version, output: new TextDecoder().decode(out) }));
    else writeLine(out);
    return EXIT.ok;
  } catch (e) {
    if (!isGoError(e)) throw e;
    if (flags.json)
      writeLine(
        JSON.stringify({ ok: false, version: codec.version, error: { name: e.name, message: e.message } }),
      );
    else process.stderr.write(`${e.message}\n`);
    return EXIT.failed;
  }
}
