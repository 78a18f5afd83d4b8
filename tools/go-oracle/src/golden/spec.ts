import type { Engine, OracleOp, Tagged } from "../protocol.js";

/** All three engines. */
export const ALL: readonly Engine[] = ["v1", "v1v2", "v2"];
/** The two v1 engines. */
export const V1S: readonly Engine[] = ["v1", "v1v2"];

/** A golden case before Go answers it; expanded once per engine. */
export interface GoldenCase {
  name: string;
  engines?: readonly Engine[];
  goSource?: string;
  type?: string;
  op: OracleOp;
  input?: string | Uint8Array;
  value?: Tagged;
  into?: Tagged;
  options?: Record<string, boolean | string>;
  /** Options for one engine only (merged over `options`). */
  optionsFor?: Partial<Record<Engine, Record<string, boolean | string>>>;
  note?: string;
}

/** A group of cases written to golden/<group>.json. */
export interface GoldenGroup {
  group: string;
  cases: GoldenCase[];
}
