/**
 * Per-type plan caches (compiled decoders and encoders, method lookups, field
 * tables), keyed on the GoType object and dropped together whenever
 * `withMethods` has attached methods since they were built (gotype's
 * `methodsVersion`), so methods attached after first use are seen.
 */
import { type GoType, methodsVersion } from "./deps.js";

const all: PlanCache<unknown>[] = [];
let builtAt = methodsVersion();

/** A WeakMap from GoType to a plan, cleared when gotype's methods version moves. */
export class PlanCache<V> {
  private map = new WeakMap<GoType, V>();
  constructor() {
    all.push(this as PlanCache<unknown>);
  }
  get(t: GoType): V | undefined {
    return this.map.get(t);
  }
  set(t: GoType, v: V): void {
    this.map.set(t, v);
  }
  delete(t: GoType): void {
    this.map.delete(t);
  }
  clear(): void {
    this.map = new WeakMap();
  }
}

/** Called at each marshal/unmarshal entry: drops every plan when methods were attached since they were built. */
export function syncPlans(): void {
  const v = methodsVersion();
  if (v === builtAt) return;
  builtAt = v;
  for (const c of all) c.clear();
}
