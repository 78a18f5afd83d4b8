/** A JSON number's grammar over the whole text (Go's jsonwire.ConsumeNumber consuming all of it). */
const JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

/** Whether `s` is exactly one JSON number (json.Number texts, numeric map keys). */
export function isJsonNumber(s: string): boolean {
  return JSON_NUMBER.test(s);
}
