/**
 * Where a codec error points, as a Standard Schema path: from the error's
 * JSON Pointer (json/v2's SemanticError.jsonPointer, jsontext's
 * SyntacticError.pointer) or, for v1's UnmarshalTypeError, from its byte
 * offset. Array indices become numbers, object member names stay strings.
 * Only built on the error path.
 */
import { Decoder } from "@gojson/jsontext";

/** The RFC 6901 pointer a codec error carries or implies, or undefined when it says nothing of place. */
export function errorPointer(e: unknown, input: Uint8Array | string): string | undefined {
  if (typeof e !== "object" || e === null) return undefined;
  const r = e as { jsonPointer?: unknown; pointer?: unknown; offset?: unknown; name?: unknown };
  if (typeof r.jsonPointer === "string" && r.jsonPointer !== "") return r.jsonPointer;
  if (typeof r.pointer === "string" && r.pointer !== "") return r.pointer;
  if (r.name === "UnmarshalTypeError" && typeof r.offset === "number")
    return pointerAtOffset(input, r.offset);
  return undefined;
}

/**
 * The pointer of the first token that ends at or after byte `offset` (v1's
 * UnmarshalTypeError.Offset is where the offending value ends, or just past
 * the `{`/`[` that opens it).
 */
export function pointerAtOffset(input: Uint8Array | string, offset: number): string | undefined {
  try {
    const d = new Decoder(input, { allowDuplicateNames: true, allowInvalidUTF8: true });
    while (d.peekKind() !== "") {
      d.readToken();
      if (d.inputOffset >= offset) return d.stackPointer();
    }
  } catch {
    // The input is not valid JSON past some point: the place is unknown.
  }
  return undefined;
}

/** A pointer's reference tokens, unescaped; a token naming an array element becomes a number. */
export function pointerPath(pointer: string, input: Uint8Array | string): PropertyKey[] {
  if (pointer === "") return [];
  const tokens = pointer
    .slice(1)
    .split("/")
    .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
  let node: unknown = parsed(input);
  return tokens.map((t) => {
    if (Array.isArray(node)) {
      const i = Number(t);
      node = node[i];
      return /^(?:0|[1-9][0-9]*)$/.test(t) ? i : t;
    }
    node =
      typeof node === "object" && node !== null && Object.hasOwn(node, t)
        ? (node as Record<string, unknown>)[t]
        : undefined;
    // Without the parsed value (invalid JSON) a token of digits is taken as an index.
    return node === undefined && /^(?:0|[1-9][0-9]*)$/.test(t) ? Number(t) : t;
  });
}

function parsed(input: Uint8Array | string): unknown {
  try {
    return JSON.parse(typeof input === "string" ? input : new TextDecoder().decode(input));
  } catch {
    return undefined;
  }
}
