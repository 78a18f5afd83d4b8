import * as v1 from "@gojson/codec-v1";
import * as v2 from "@gojson/codec-v2";
import { DEFAULT_MAX_BYTES, readJson, StrictBodyError } from "@gojson/strict-http";
import { goDecoderV1, goDecoderV2 } from "@gojson/strict-http/codec";
import { EXIT, type ExitCode } from "../exit-codes.js";
import { loadGoType } from "../go-source.js";
import { cliIo, writeLine } from "../io.js";
import { readFilePrefix, readStreamPrefix } from "../limits.js";
import { palette, useColor } from "../style.js";

interface StrictFlags {
  go?: string[];
  type?: string;
  v1?: boolean;
  v2?: boolean;
  maxBytes?: number;
  contentType: string;
  json?: boolean;
}

/**
 * `gojson strict`: sends the body through strict-http's readJson as a Fetch
 * Request and reports the answer a server would give: 200 with the value, or
 * the status, code, message, offset and pointer of the rejection.
 */
export async function strictCommand(file: string | undefined, flags: StrictFlags): Promise<ExitCode> {
  const maxBytes = flags.maxBytes ?? DEFAULT_MAX_BYTES;
  const type = flags.type ? loadGoType(flags.go, flags.type) : undefined;
  // One byte past the limit is enough for strict-http to answer 413, as a server would.
  const body = await readPrefix(file, maxBytes + 1);
  const request = new Request("http://localhost/", {
    method: "POST",
    // A body cut at the limit has no known length: strict-http counts it as it streams, as for chunked.
    headers: {
      "content-type": flags.contentType,
      ...(body.byteLength <= maxBytes ? { "content-length": String(body.byteLength) } : {}),
    },
    body: body as Uint8Array<ArrayBuffer>,
  });
  // The Go strict.go pattern: unknown fields rejected, strict-http's own pass first.
  const decode = type ? (flags.v1 ? goDecoderV1(v1, type) : goDecoderV2(v2, type)) : undefined;
  const c = palette(useColor(cliIo().stdout));
  try {
    const value = await readJson(request, {
      maxBytes,
      ...(decode ? { decode } : {}),
    });
    const shown = type
      ? new TextDecoder().decode(flags.v1 ? v1.marshal(type, value) : v2.marshal(type, value))
      : JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
    if (flags.json) writeLine(JSON.stringify({ status: 200, value: shown }));
    else writeLine(`${c.green("200 OK")} ${shown}`);
    return EXIT.ok;
  } catch (e) {
    if (!StrictBodyError.isInstance(e)) throw e;
    // A 500 is strict-http hiding a decoder failure from the client: the CLI user wants the failure itself.
    if (e.statusCode === 500) throw e.cause ?? e;
    if (flags.json) {
      writeLine(
        JSON.stringify({
          status: e.statusCode,
          code: e.code,
          message: e.message,
          offset: e.offset,
          pointer: e.pointer,
        }),
      );
    } else {
      writeLine(`${c.red(String(e.statusCode))} ${e.code}`);
      writeLine(`  ${e.message}`);
      if (e.offset !== undefined)
        writeLine(
          `  at byte offset ${e.offset}${e.pointer !== undefined ? `, JSON pointer "${e.pointer}"` : ""}`,
        );
    }
    return EXIT.failed;
  }
}

/**
 * readPrefix reads at most `limit` bytes of the body (a file or stdin): a body
 * past the limit is cut there, and strict-http answers 413 for it as a server
 * does, without the CLI reading the rest.
 */
function readPrefix(file: string | undefined, limit: number): Promise<Uint8Array> {
  if (file && file !== "-") return Promise.resolve(readFilePrefix(file, limit));
  return readStreamPrefix(cliIo().stdin, limit);
}
