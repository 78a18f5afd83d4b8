// The tagged value form lives in @gojson/fixtures (golden vectors use it); re-exported for the oracle's callers.
export {
  anyFromTagged,
  floatFromTagged,
  floatToTagged,
  fromTagged,
  type TaggedHooks,
  toTagged,
} from "@gojson/fixtures";
