export { normalizeGoMessage } from "./normalize.js";
export { buildOracle, hasGo, type Oracle, oracleSourceDir, startOracle } from "./oracle.js";
export type { Engine, OracleError, OracleOp, OracleRequest, OracleResponse, Tagged } from "./protocol.js";
export {
  anyFromTagged,
  floatFromTagged,
  floatToTagged,
  fromTagged,
  type TaggedHooks,
  toTagged,
} from "./tagged.js";
