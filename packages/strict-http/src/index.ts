export {
  DEFAULT_BODY_TIMEOUT_MS,
  DEFAULT_CONTENT_TYPES,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_DEPTH,
  DISCARD_MAX_BYTES,
  INFLATE_ENCODINGS,
  LINGER_MS,
  MAX_SAFE_INTEGER,
} from "./constants.js";
export { type MediaType, matchesMediaType, parseMediaType } from "./content-type.js";
export {
  StrictBodyCode,
  StrictBodyError,
  type StrictBodyErrorCode,
  type StrictBodyErrorInit,
  type StrictBodyIssue,
  type StrictBodyStatus,
} from "./errors.js";
export {
  checkStrict,
  type KeyAction,
  LONG_STRING_BYTES,
  type ParseStrictOptions,
  parseStrict,
  type ResolvedParseOptions,
  resolveParseOptions,
  type TopLevel,
} from "./parse-strict.js";
export {
  PROBLEM_CONTENT_TYPE,
  type ProblemDetails,
  problemDetails,
  problemHeaders,
  sendProblem,
} from "./problem-details.js";
export {
  type BodyDecoder,
  decodeBody,
  type ReadJsonOptions,
  type ResolvedReadJsonOptions,
  readJson,
  resolveReadJsonOptions,
  toDecodeError,
} from "./read-json.js";
