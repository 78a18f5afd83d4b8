import { bindCodec, isGoError, type Version } from "../codecs.js";
import { errorFields } from "../error-fields.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import { loadGoType } from "../go-source.js";
import { readInput, writeErr, writeLine } from "../io.js";
import { DEFAULT_MAX_INPUT_BYTES } from "../limits.js";
import { parseOptions } from "../options.js";

/** Flags shared by the commands that run a codec. */
export interface CodecFlags {
  go?: string[];
  type?: string;
  v1?: boolean;
  v2?: boolean;
  option?: string[];
  json?: boolean;
  maxBytes?: number;
}

/** The version chosen by --v1/--v2 (v1 by default, as encoding/json is Go's default). */
export function versionOf(flags: CodecFlags): Version {
  return flags.v2 ? "v2" : "v1";
}

/**
 * `gojson decode`: unmarshals JSON from a file or stdin into the Go type and
 * prints what marshal writes for the result; Go's error text goes to stderr.
 */
export async function decodeCommand(file: string | undefined, flags: CodecFlags): Promise<ExitCode> {
  const maxBytes = flags.maxBytes ?? DEFAULT_MAX_INPUT_BYTES;
  const type = loadGoType(flags.go, flags.type, { maxBytes });
  const codec = bindCodec(versionOf(flags), parseOptions(flags.option ?? []));
  const data = await readInput(file, maxBytes);
  try {
    const value = codec.unmarshal(type, data);
    const out = codec.marshal(type, value);
    if (flags.json)
      writeLine(JSON.stringify({ ok: true, version: codec.version, output: new TextDecoder().decode(out) }));
    else writeLine(out);
    return EXIT.ok;
  } catch (e) {
    if (!isGoError(e)) throw e;
    if (flags.json) {
      writeLine(JSON.stringify({ ok: false, version: codec.version, error: errorFields(e, data) }));
    } else writeErr(`${e.message}\n`);
    return EXIT.failed;
  }
}
