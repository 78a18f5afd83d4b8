export {
  defaultGoVersion,
  GO_EXPERIMENTS,
  GO_TOOLCHAINS,
  GO_VERSIONS,
  type GoVersion,
  goAvailable,
  goEnv,
  NEWEST_GO,
  parseGoFlag,
} from "./go-version.js";
export { normalizeGoMessage } from "./normalize.js";
export {
  buildEnv,
  buildOracle,
  hasGo,
  type Oracle,
  type OracleBinaries,
  oracleSourceDir,
  startOracle,
} from "./oracle.js";
export type { Engine, OracleError, OracleOp, OracleRequest, OracleResponse, Tagged } from "./protocol.js";
export {
  anyFromTagged,
  floatFromTagged,
  floatToTagged,
  fromTagged,
  type TaggedHooks,
  toTagged,
} from "./tagged.js";
