/** Go types for the fast paths' differential properties. */
import type { GoType } from "@gojson/gotype";
import { goTypeArbitrary } from "@gojson/gotype/arbitrary";
import fc from "fast-check";

/** Generated Go types: half without known types (time, json.Number, ...), half with. */
export function fastPathTypes(): fc.Arbitrary<GoType> {
  return fc.oneof(
    goTypeArbitrary({ maxDepth: 3, maxFields: 5, known: false }),
    goTypeArbitrary({ maxDepth: 3 }),
  );
}
