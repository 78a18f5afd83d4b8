import { pointerAt } from "./pointer-at.js";

/** The fields of a gojson error a `--json` answer carries: Go's text, its stable code, and where. */
export interface ErrorFields {
  name: string;
  code?: string;
  message: string;
  /** Byte offset in the input (jsontext/codec-v1 `offset`, codec-v2 `byteOffset`). */
  offset?: number;
  /**
   * RFC 6901 JSON pointer (`pointer`, codec-v2 `jsonPointer`); for an error
   * that has only an offset (Go's v1 errors), the pointer of the value at that
   * offset of the input, when the input is given.
   */
  pointer?: string;
}

/**
 * errorFields reads name, code, message, offset and pointer off an error,
 * under either codec's names; `input` is the JSON the error is about.
 */
export function errorFields(e: Error, input?: Uint8Array): ErrorFields {
  const r = e as Error & {
    code?: unknown;
    offset?: unknown;
    byteOffset?: unknown;
    pointer?: unknown;
    jsonPointer?: unknown;
  };
  const num = (v: unknown) => (typeof v === "number" ? v : typeof v === "bigint" ? Number(v) : undefined);
  const offset = num(r.offset) ?? num(r.byteOffset);
  const pointer =
    typeof r.pointer === "string"
      ? r.pointer
      : typeof r.jsonPointer === "string"
        ? r.jsonPointer
        : offset !== undefined && input !== undefined
          ? pointerAt(input, offset)
          : undefined;
  return {
    name: e.name,
    ...(typeof r.code === "string" ? { code: r.code } : {}),
    message: e.message,
    ...(offset !== undefined ? { offset } : {}),
    ...(pointer !== undefined ? { pointer } : {}),
  };
}
