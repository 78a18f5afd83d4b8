import { Decoder } from "@gojson/jsontext";

/**
 * pointerAt is the JSON pointer (RFC 6901) of the value being read at a byte
 * offset of `input`: the input is read token by token up to the offset, and
 * the pointer is that of the last value or name read (Go's
 * Decoder.StackPointer), as far as the input is valid. It gives a `--json`
 * error a pointer when the codec knows only the offset (Go's v1 errors).
 * Called on the error path only.
 */
export function pointerAt(input: Uint8Array, offset: number): string {
  const d = new Decoder(input, { allowDuplicateNames: true, allowInvalidUTF8: true });
  let pointer = "";
  try {
    while (d.inputOffset < offset) {
      d.readToken();
      pointer = d.stackPointer();
    }
  } catch {
    // the input is invalid from here on: the last pointer read is where the error is
  }
  return pointer;
}
