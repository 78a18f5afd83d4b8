/**
 * typeString as v2 errors print it (reflect's String(), shortened past 100 bytes).
 */
export { typeStringV2Error as typeString } from "@gojson/gotype";
