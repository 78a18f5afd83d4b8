/**
 * Go method sets for the JSON methods: attaching TypeScript implementations
 * to named types (`withMethods`) and finding a method with Go's rules
 * (`lookupMethod`): value vs pointer receivers, promotion through embedded
 * fields by value or by pointer, shadowing by shallower fields and methods,
 * and ambiguity at one depth cancelling promotion.
 */
import { isPredeclared } from "./constructors.js";
import type { GoMethod, GoMethodImpls, GoType, MethodName, Receiver, StructType } from "./types.js";

/** One step from a value to an embedded field on the way to a promoted method. */
export interface EmbedStep {
  /** Index of the field in its struct's `fields`. */
  readonly index: number;
  /** Go name of the embedded field. */
  readonly name: string;
  /** Whether the embedded field is a pointer (`*T`): following it dereferences, and it may be nil. */
  readonly pointer: boolean;
}

/** A method found by `lookupMethod`. */
export interface MethodLookup {
  readonly method: GoMethod;
  /** The named type that declares the method. */
  readonly owner: GoType;
  /** Embedded fields from the value to the receiver; empty when declared on the type itself. */
  readonly path: readonly EmbedStep[];
}

/** Options of `lookupMethod`. */
export interface LookupOptions {
  /**
   * Whether the value is addressable (a struct field or slice element reached
   * through a pointer): Go then also calls pointer-receiver methods on it.
   */
  readonly addressable?: boolean;
}

const METHOD_NAMES: readonly MethodName[] = [
  "MarshalJSON",
  "UnmarshalJSON",
  "MarshalText",
  "UnmarshalText",
  "IsZero",
];
const CAMEL: Record<string, MethodName> = {
  marshalJSON: "MarshalJSON",
  unmarshalJSON: "UnmarshalJSON",
  marshalText: "MarshalText",
  unmarshalText: "UnmarshalText",
  isZero: "IsZero",
};

/** Method implementations accepted by withMethods: Go names or their camelCase forms. */
export type MethodImpls = GoMethodImpls & {
  marshalJSON?: GoMethodImpls["MarshalJSON"];
  unmarshalJSON?: GoMethodImpls["UnmarshalJSON"];
  marshalText?: GoMethodImpls["MarshalText"];
  unmarshalText?: GoMethodImpls["UnmarshalText"];
  isZero?: GoMethodImpls["IsZero"];
};

/** Options of `withMethods`. */
export interface WithMethodsOptions {
  /**
   * Receiver of every method in this call. Unset: UnmarshalJSON and
   * UnmarshalText take a pointer receiver, the others a value receiver (Go's usual style).
   */
  readonly receiver?: Receiver;
}

let methodsGeneration = 0;

/**
 * Attaches methods to a named type (in place: every use of the type sees them)
 * and returns the type. Calls add to earlier ones, so methods with different
 * receivers come from separate calls. Throws TypeError for unnamed,
 * predeclared and standard-library types. Attach methods before the type is
 * first used by a codec (codecs may cache per type).
 */
export function withMethods<X extends GoType>(type: X, impls: MethodImpls, opts: WithMethodsOptions = {}): X {
  if (type.name === undefined || isPredeclared(type)) {
    throw new TypeError("withMethods: methods can only be declared on a named type (type T ...)");
  }
  if (type.known !== undefined)
    throw new TypeError(`withMethods: cannot define new methods on ${type.known}`);
  if (type.kind === "pointer" || type.kind === "interface") {
    throw new TypeError(`withMethods: invalid receiver type ${type.name} (pointer or interface type)`);
  }
  if (Object.isFrozen(type)) throw new TypeError(`withMethods: type ${type.name} is frozen`);
  const ms: Partial<Record<MethodName, GoMethod>> = { ...(type.methods ?? {}) };
  for (const [key, fn] of Object.entries(impls)) {
    if (fn === undefined) continue;
    const name = CAMEL[key] ?? (METHOD_NAMES.includes(key as MethodName) ? (key as MethodName) : undefined);
    if (name === undefined) throw new TypeError(`withMethods: unknown method ${key}`);
    if (typeof fn !== "function") throw new TypeError(`withMethods: ${key} must be a function`);
    const receiver =
      opts.receiver ?? (name === "UnmarshalJSON" || name === "UnmarshalText" ? "pointer" : "value");
    ms[name] = Object.freeze({ name, receiver, fn });
  }
  (type as { methods?: unknown }).methods = Object.freeze(ms);
  methodsGeneration++;
  return type;
}

interface Level {
  readonly type: GoType;
  readonly path: readonly EmbedStep[];
  /** Whether pointer-receiver methods of `type` may be called (through a pointer or addressable). */
  readonly addr: boolean;
}

type CacheEntry = { version: number; hits: Map<string, MethodLookup | null> };
const lookupCache = new WeakMap<GoType, CacheEntry>();

/**
 * Finds method `name` in the method set of `t` (or of `*t` when the value is
 * addressable) as Go does, including promotion through embedded fields.
 * Returns undefined when the method is absent, shadowed by a field, or
 * ambiguous at its depth.
 */
export function lookupMethod(
  t: GoType,
  name: MethodName,
  opts: LookupOptions = {},
): MethodLookup | undefined {
  const key = opts.addressable ? `${name}&` : name;
  let entry = lookupCache.get(t);
  if (entry === undefined || entry.version !== methodsGeneration) {
    entry = { version: methodsGeneration, hits: new Map() };
    lookupCache.set(t, entry);
  }
  let hit = entry.hits.get(key);
  if (hit === undefined) {
    hit = find(t, name, opts.addressable === true) ?? null;
    entry.hits.set(key, hit);
  }
  return hit ?? undefined;
}

/** Whether any method named `name` could be reached from `t` (cheap pre-check for codecs). */
export function hasMethod(t: GoType, name: MethodName, opts: LookupOptions = {}): boolean {
  return lookupMethod(t, name, opts) !== undefined;
}

function find(t: GoType, name: MethodName, addressable: boolean): MethodLookup | undefined {
  let base = t;
  let addr = addressable;
  if (t.kind === "pointer" && t.name === undefined) {
    base = t.elem;
    addr = true;
    if (base.kind === "pointer" || base.kind === "interface") return undefined;
  }
  let level: Level[] = [{ type: base, path: [], addr }];
  const seen = new Set<GoType>();
  while (level.length > 0) {
    let found: MethodLookup | undefined;
    let foundAddrOk = false;
    let count = 0;
    const next: Level[] = [];
    const current = level.filter((e) => !seen.has(e.type));
    for (const e of current) if (e.type.name !== undefined) seen.add(e.type);
    for (const e of current) {
      const m = e.type.kind !== "pointer" && e.type.kind !== "interface" ? e.type.methods?.[name] : undefined;
      if (m !== undefined) {
        count++;
        found = { method: m, owner: e.type, path: e.path };
        foundAddrOk = m.receiver === "value" || e.addr;
      }
      if (e.type.kind !== "struct") continue;
      const st = e.type as StructType;
      for (let i = 0; i < st.fields.length; i++) {
        const f = st.fields[i];
        if (f === undefined) continue;
        if (f.name === name) count++; // a field of the same name at this depth
        if (!f.embedded) continue;
        let ft = f.type;
        let pointer = false;
        if (ft.kind === "pointer" && ft.name === undefined) {
          ft = ft.elem;
          pointer = true;
        }
        next.push({
          type: ft,
          path: [...e.path, { index: i, name: f.name, pointer }],
          addr: pointer || e.addr,
        });
      }
    }
    if (count > 1) return undefined;
    if (count === 1) return found !== undefined && foundAddrOk ? found : undefined;
    level = next;
  }
  return undefined;
}

/** A counter bumped by every withMethods call (caches that depend on methods compare it). */
export function methodsVersion(): number {
  return methodsGeneration;
}
