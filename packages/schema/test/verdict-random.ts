/** The random type sets of test/verdicts/random.json: gotype's goDeclsArbitrary with this seed. */
export const RANDOM_SEED = 20261204;
/** How many type sets. */
export const RANDOM_SETS = 24;
/** At most this many payloads per set (a spread-out subset of payloadsFor). */
export const RANDOM_PAYLOADS_PER_SET = 300;
