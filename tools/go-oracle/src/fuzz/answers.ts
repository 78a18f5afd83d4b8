/**
 * Go's answers to a campaign block, kept on disk and replayed. Go's answer to a request depends
 * only on the request, the oracle's Go sources and the toolchain, so a block whose requests are
 * all the same as a recorded block's (same cases, same generator) is answered from the record:
 * no `go build` of its compiled cases and no Go process. The record is found by a hash of every
 * request of the block, the toolchain and the oracle's source hash; any change to any of them
 * asks Go again. A disagreement met with a replayed answer is judged again by live Go (json/v2
 * marshals map names in random order, so some answers vary), so replay can hide nothing that a
 * live run would report.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import type { GoVersion } from "../go-version.js";
import type { Oracle } from "../oracle.js";
import type { OracleRequest, OracleResponse } from "../protocol.js";

/** Bytes as base64 so requests and answers round-trip through JSON. */
function replacer(_k: string, v: unknown): unknown {
  return v instanceof Uint8Array ? { $bytes: Buffer.from(v).toString("base64") } : v;
}

function reviver(_k: string, v: unknown): unknown {
  if (v !== null && typeof v === "object" && !Array.isArray(v)) {
    const b = (v as { $bytes?: unknown }).$bytes;
    if (typeof b === "string" && Object.keys(v).length === 1) return new Uint8Array(Buffer.from(b, "base64"));
  }
  return v;
}

/** A request's identity: its JSON, with the release it runs on ("" when it cannot be written: never recorded). */
export function requestKey(req: OracleRequest, go: GoVersion): string {
  try {
    return JSON.stringify({ ...req, go: req.go ?? go }, replacer);
  } catch {
    return "";
  }
}

/** The hash that names a block's record: toolchain, oracle sources and every request, in order. */
export function blockKey(toolchain: string, sourceHash: string, keys: readonly string[]): string {
  const h = createHash("sha256").update(toolchain).update("\0").update(sourceHash);
  for (const k of keys) h.update("\0").update(k);
  return h.digest("hex").slice(0, 32);
}

/** Recorded blocks under one directory: `<dir>/<key>.json.gz`, each a list of [request key, answer]. */
export class AnswerStore {
  constructor(readonly dir: string) {}

  private file(key: string): string {
    return join(this.dir, `${key}.json.gz`);
  }

  /** The block's answers, or undefined when it was not recorded (or its record lacks a request). */
  load(key: string, keys: readonly string[]): Map<string, OracleResponse> | undefined {
    const f = this.file(key);
    if (!existsSync(f)) return undefined;
    try {
      const pairs = JSON.parse(gunzipSync(readFileSync(f)).toString("utf8"), reviver) as [
        string,
        OracleResponse,
      ][];
      const m = new Map(pairs);
      return keys.every((k) => m.has(k)) ? m : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Records a block when every one of its requests has an answer; returns whether it did. A
   * block whose answers JSON cannot write (a value nested too deep for JSON.stringify's stack)
   * is not recorded: it is asked of Go again next time.
   */
  save(key: string, keys: readonly string[], answers: ReadonlyMap<string, OracleResponse>): boolean {
    const pairs: [string, OracleResponse][] = [];
    for (const k of new Set(keys)) {
      const a = answers.get(k);
      if (!a) return false;
      pairs.push([k, a]);
    }
    let text: string;
    try {
      text = JSON.stringify(pairs, replacer);
    } catch {
      return false;
    }
    mkdirSync(this.dir, { recursive: true });
    const tmp = `${this.file(key)}.${process.pid}.tmp`;
    writeFileSync(tmp, gzipSync(text));
    renameSync(tmp, this.file(key));
    return true;
  }
}

/** Passes requests to `inner` and keeps the first answer to each (answers the oracle could not serve are not kept). */
export class RecordingOracle implements Oracle {
  readonly go: GoVersion;
  constructor(
    private readonly inner: Oracle,
    readonly answers: Map<string, OracleResponse>,
  ) {
    this.go = inner.go;
  }

  async run(req: OracleRequest): Promise<OracleResponse> {
    const k = requestKey(req, this.go);
    const r = await this.inner.run(req);
    if (k !== "" && r.oracleError === undefined && !this.answers.has(k)) this.answers.set(k, r);
    return r;
  }

  goVersion(go?: GoVersion): string {
    return this.inner.goVersion(go);
  }

  close(): void {}
}

/** The message of a request a replayed block has no answer for (judged again live). */
export const REPLAY_MISS = "go-oracle replay: no recorded answer";

/** Answers requests from a recorded block. */
export class ReplayOracle implements Oracle {
  constructor(
    readonly go: GoVersion,
    private readonly answers: ReadonlyMap<string, OracleResponse>,
    private readonly toolchain: string,
  ) {}

  run(req: OracleRequest): Promise<OracleResponse> {
    const r = this.answers.get(requestKey(req, this.go));
    return r ? Promise.resolve(r) : Promise.reject(new Error(REPLAY_MISS));
  }

  goVersion(): string {
    return this.toolchain;
  }

  close(): void {}
}
