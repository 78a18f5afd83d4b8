/**
 * Normalises a Go error text for comparison: Go's v2 picks "cannot" or
 * "unable to" once per process; gojson writes "cannot".
 */
export function normalizeGoMessage(message: string): string {
  return message.replaceAll("unable to ", "cannot ");
}
