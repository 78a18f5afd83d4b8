/**
 * @gojson/test-support: test scaffolds the codecs share (private; never published, no build:
 * the codecs' test runners read this source). Nothing here is a codec's logic.
 */
export { fastPathDecls, Order } from "./go-decls.js";
export { fastPathTypes } from "./go-types.js";
export {
  anyJson,
  type Gen,
  jsonFor,
  type Member,
  type Members,
  NAMES,
  nameText,
  numberText,
  quoteMixed,
  richString,
  stringText,
} from "./json-text.js";
export { mangle } from "./mangle.js";
export { outcome, outcomeWithout } from "./outcome.js";
export { chainText, chainValue, typeChain, wideStruct } from "./wide-structs.js";
