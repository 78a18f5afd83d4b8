import { CliError, EXIT } from "./exit-codes.js";

/** Parses repeated `--option name=value` flags into a codec options object. */
export function parseOptions(pairs: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    const name = eq < 0 ? pair : pair.slice(0, eq);
    if (!/^[a-zA-Z][a-zA-Z0-9]*$/.test(name)) {
      throw new CliError(`--option ${pair}: want name=value with a camelCase option name`, EXIT.usage);
    }
    out[name] = eq < 0 ? true : parseValue(pair.slice(eq + 1));
  }
  return { ...out };
}

function parseValue(raw: string): unknown {
  if (raw === "true") return true;
  if (raw === "false") return false;
  // Every codec option is a boolean or a string: other values stay text, and
  // bindCodec rejects a string given to a boolean option (exit 2).
  // Escapes let indentation be typed in a shell: --option withIndent='\t'.
  return raw.replace(/\\t/g, "\t").replace(/\\n/g, "\n");
}

/** Collects a repeatable commander option into an array. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}
