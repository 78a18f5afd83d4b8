/** MAX_NESTING_DEPTH is Go's limit on nested objects and arrays (jsontext and v1 scanner). */
export const MAX_NESTING_DEPTH = 10000;
