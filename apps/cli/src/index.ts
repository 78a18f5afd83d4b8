/**
 * @gojson/cli: the `gojson` command, also usable from code.
 */

export { type EngineOutcome, type Observation, observations } from "./commands/observe.js";
export { type Cause, comparePayload, type Outcome, type PayloadVerdict } from "./diff-engine.js";
export { DIFFERENCES, type Difference } from "./differences.js";
export { CliError, EXIT, type ExitCode } from "./exit-codes.js";
export type { CliIo } from "./io.js";
export { buildProgram, main } from "./main.js";
export { sameValue } from "./same-value.js";
export { valueFromJson } from "./value-from-json.js";
