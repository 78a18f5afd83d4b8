/**
 * Go method sets for the JSON methods: attaching TypeScript implementations
 * to named types (`withMethods`) and finding a method with Go's rules
 * (`lookupMethod`): value vs pointer receivers, promotion through embedded
 * fields by value or by pointer, shadowing by shallower fields and methods,
 * and ambiguity at one depth cancelling promotion.
 */
import { isPredeclared } from "./constructors.js";
import type {
  GoMethod,
  GoMethodImpls,
  GoPos,
  GoType,
  MethodName,
  Receiver,
  StructField,
  StructType,
} from "./types.js";

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
  "AppendText",
  "UnmarshalText",
  "IsZero",
  "MarshalJSONTo",
  "UnmarshalJSONFrom",
];
const CAMEL: ReadonlyMap<string, MethodName> = new Map([
  ["marshalJSON", "MarshalJSON"],
  ["unmarshalJSON", "UnmarshalJSON"],
  ["marshalText", "MarshalText"],
  ["appendText", "AppendText"],
  ["unmarshalText", "UnmarshalText"],
  ["isZero", "IsZero"],
  ["marshalJSONTo", "MarshalJSONTo"],
  ["unmarshalJSONFrom", "UnmarshalJSONFrom"],
]);

/** Method implementations accepted by withMethods: Go names or their camelCase forms. */
export type MethodImpls = GoMethodImpls & {
  marshalJSON?: GoMethodImpls["MarshalJSON"];
  unmarshalJSON?: GoMethodImpls["UnmarshalJSON"];
  marshalText?: GoMethodImpls["MarshalText"];
  appendText?: GoMethodImpls["AppendText"];
  unmarshalText?: GoMethodImpls["UnmarshalText"];
  isZero?: GoMethodImpls["IsZero"];
  marshalJSONTo?: GoMethodImpls["MarshalJSONTo"];
  unmarshalJSONFrom?: GoMethodImpls["UnmarshalJSONFrom"];
};

/** Options of `withMethods`. */
export interface WithMethodsOptions {
  /**
   * Receiver of every method in this call. Unset: the receiver the Go source
   * declares, else UnmarshalJSON, UnmarshalText and UnmarshalJSONFrom take a
   * pointer receiver and the others a value receiver (Go's usual style).
   */
  readonly receiver?: Receiver;
}

let methodsGeneration = 0;

type MethodTable = Readonly<Partial<Record<MethodName, GoMethod>>>;
// Shared by every copy of gotype in the process (the CommonJS build of a subpath, a second
// install), so twins attached through one copy are seen by types made by another.
const registry: WeakMap<object, MethodTable> = ((globalThis as Record<symbol, unknown>)[
  Symbol.for("gojson.gotype.methodRegistry")
] ??= new WeakMap<object, MethodTable>()) as WeakMap<object, MethodTable>;
const attachHooks = new WeakMap<object, () => void>();

// One shared accessor for every slot (no closure per type).
function methodsGetter(this: object): MethodTable | undefined {
  return registry.get(this);
}
const METHODS_SLOT: PropertyDescriptor = Object.freeze({
  get: methodsGetter,
  enumerable: false,
  configurable: false,
});

/**
 * Gives a named type object a `methods` slot backed by a registry, so the
 * object itself can be frozen while withMethods still attaches twins (used by
 * parseGo for the types it returns).
 */
export function installMethodSlot(t: object, initial?: MethodTable): void {
  Object.defineProperty(t, "methods", METHODS_SLOT);
  if (initial !== undefined && Object.keys(initial).length > 0) registry.set(t, Object.freeze(initial));
}

/** Sets the methods the Go source declares on a type with a method slot (internal to parseGo). */
export function setMethodTable(t: object, table: MethodTable): void {
  registry.set(t, Object.freeze({ ...table }));
}

/** Registers a callback run when withMethods changes `t` (parseGo's cache drops the entry that holds `t`). */
export function onMethodsAttached(t: object, hook: () => void): void {
  attachHooks.set(t, hook);
}

function hasSlot(t: object): boolean {
  return Object.getOwnPropertyDescriptor(t, "methods")?.get !== undefined;
}

function defaultReceiver(name: MethodName): Receiver {
  return name === "UnmarshalJSON" || name === "UnmarshalText" || name === "UnmarshalJSONFrom"
    ? "pointer"
    : "value";
}

/**
 * Attaches methods to a named type (in place: every use of the type sees them)
 * and returns the type. Calls add to earlier ones, so methods with different
 * receivers come from separate calls. A twin replaces a method the Go source
 * declares and takes its receiver. Throws TypeError for unnamed,
 * predeclared and standard-library types, unknown method names and
 * non-function twins. Attach methods before the type is first used by a
 * codec (codecs may cache per type).
 */
export function withMethods<X extends GoType>(type: X, impls: MethodImpls, opts: WithMethodsOptions = {}): X {
  if (type === null || typeof type !== "object")
    throw new TypeError("withMethods: the first argument must be a GoType");
  if (type.name === undefined || isPredeclared(type)) {
    throw new TypeError("withMethods: methods can only be declared on a named type (type T ...)");
  }
  if (type.known !== undefined)
    throw new TypeError(`withMethods: cannot define new methods on ${type.known}`);
  if (type.kind === "pointer" || type.kind === "interface") {
    throw new TypeError(`withMethods: invalid receiver type ${type.name} (pointer or interface type)`);
  }
  if (impls === null || typeof impls !== "object" || Array.isArray(impls))
    throw new TypeError(`withMethods: methods of ${type.name} must be an object of functions`);
  const slot = hasSlot(type);
  if (!slot && Object.isFrozen(type)) throw new TypeError(`withMethods: type ${type.name} is frozen`);
  const ms: Partial<Record<MethodName, GoMethod>> = { ...(type.methods ?? {}) };
  for (const key of Object.keys(impls)) {
    const fn = (impls as Record<string, unknown>)[key];
    if (fn === undefined) continue;
    const name =
      CAMEL.get(key) ?? (METHOD_NAMES.includes(key as MethodName) ? (key as MethodName) : undefined);
    if (name === undefined)
      throw new TypeError(
        `withMethods: unknown method ${key} on ${type.name}; JSON methods are ${METHOD_NAMES.join(", ")} (or camelCase)`,
      );
    if (typeof fn !== "function")
      throw new TypeError(
        `withMethods: ${type.name}.${key} must be a function, got ${fn === null ? "null" : typeof fn}`,
      );
    const declared = ms[name];
    let receiver = opts.receiver ?? (declared?.declaredOnly ? declared.receiver : defaultReceiver(name));
    if (declared?.declaredOnly && opts.receiver !== undefined && opts.receiver !== declared.receiver) {
      const recv = declared.receiver === "pointer" ? `*${type.name}` : type.name;
      throw new TypeError(
        `withMethods: ${type.name}.${name} is declared with receiver ${recv} in Go source; the twin must use the same receiver`,
      );
    }
    if (declared?.declaredOnly) receiver = declared.receiver;
    ms[name] = Object.freeze({
      name,
      receiver,
      fn: fn as (...args: any[]) => any,
      ...(declared?.pos !== undefined ? { pos: declared.pos } : {}),
    });
  }
  const table = Object.freeze(ms);
  if (slot) registry.set(type, table);
  else (type as { methods?: unknown }).methods = table;
  methodsGeneration++;
  attachHooks.get(type)?.();
  return type;
}

/**
 * Attaches TypeScript twins to many types of a package at once, keyed by Go
 * type name: `withPackageMethods(types, { Timestamp: { MarshalJSON, UnmarshalJSON }, Plan: { UnmarshalJSON } })`.
 * Throws TypeError naming the type for a name the package does not declare
 * and for a wrongly shaped twin (see withMethods). Returns `types`.
 */
export function withPackageMethods<R extends Readonly<Record<string, GoType>>>(
  types: R,
  twins: { readonly [K in keyof R]?: MethodImpls } & Readonly<Record<string, MethodImpls>>,
  opts: WithMethodsOptions = {},
): R {
  if (types === null || typeof types !== "object")
    throw new TypeError(
      "withPackageMethods: the first argument must be the types of a package (parseGo's result)",
    );
  if (twins === null || typeof twins !== "object")
    throw new TypeError("withPackageMethods: the second argument must map Go type names to method twins");
  for (const name of Object.keys(twins)) {
    if (!Object.hasOwn(types, name)) {
      const known = Object.keys(types).slice(0, 20).join(", ");
      throw new TypeError(`withPackageMethods: the package declares no type ${name} (types: ${known})`);
    }
    withMethods(types[name] as GoType, (twins as Record<string, MethodImpls>)[name] as MethodImpls, opts);
  }
  return types;
}

/** One method declared in Go source that has no TypeScript twin yet. */
export interface MissingTwin {
  /** The Go type name (record key). */
  readonly type: string;
  readonly method: MethodName;
  readonly receiver: Receiver;
  readonly pos?: GoPos;
}

/** The JSON methods of `types` that the Go source declares and no twin implements yet (what a port still needs). */
export function missingTwins(types: Readonly<Record<string, GoType>>): MissingTwin[] {
  const out: MissingTwin[] = [];
  for (const key of Object.keys(types)) {
    const t = types[key] as GoType;
    if (t.name !== key) continue;
    for (const m of Object.values(t.methods ?? {}) as GoMethod[]) {
      if (m.declaredOnly)
        out.push({
          type: key,
          method: m.name,
          receiver: m.receiver,
          ...(m.pos !== undefined ? { pos: m.pos } : {}),
        });
    }
  }
  return out;
}

interface Level {
  readonly type: GoType;
  /** The level this one was reached from, and the embedded field followed (the path is built only for a hit). */
  readonly parent: Level | undefined;
  readonly step: EmbedStep | undefined;
  /** Whether pointer-receiver methods of `type` may be called (through a pointer or addressable). */
  readonly addr: boolean;
}

// The embedded fields from the start to `e`.
function pathOf(e: Level): EmbedStep[] {
  const out: EmbedStep[] = [];
  for (let x: Level | undefined = e; x?.step !== undefined; x = x.parent) out.push(x.step);
  return out.reverse();
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
  if (noMethods(t)) return undefined;
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

interface StructShape {
  /** Field names (Go forbids two fields of one name, except `_`); built when a lookup first needs them. */
  names: ReadonlySet<string> | undefined;
  /** Indexes of the embedded fields. */
  readonly embedded: readonly number[];
}

// Keyed by the fields array: a declared struct gets its fields when defined (declare/define).
const shapes = new WeakMap<readonly StructField[], StructShape>();

// What method lookup needs of a struct, once per struct: a lookup then costs
// the embedded fields it follows, not every field of every struct it passes.
function shapeOf(st: StructType): StructShape {
  let s = shapes.get(st.fields);
  if (s === undefined) {
    const embedded: number[] = [];
    for (let i = 0; i < st.fields.length; i++) if ((st.fields[i] as StructField).embedded) embedded.push(i);
    s = { names: undefined, embedded };
    shapes.set(st.fields, s);
  }
  return s;
}

function fieldNames(st: StructType): ReadonlySet<string> {
  const s = shapeOf(st);
  if (s.names === undefined) s.names = new Set(st.fields.map((f) => f.name));
  return s.names;
}

/**
 * Whether `t` (or `*t`) has no method at all: no methods of its own and no embedded field to
 * promote one (most types; answered without the lookup cache).
 */
function noMethods(t: GoType): boolean {
  const base = t.kind === "pointer" && t.name === undefined ? t.elem : t;
  if (base.kind === "pointer" || base.kind === "interface") return true;
  if (base.methods !== undefined) return false;
  return base.kind !== "struct" || shapeOf(base).embedded.length === 0;
}

// The method names declared on `t` or on any type reached through embedded
// fields at any depth (ambiguity ignored), once per type and methods version;
// undefined when an embedding cycle was met (then find walks the levels).
// find answers at once for a name no embedded type declares, so asking every
// struct of a deep embedding chain costs the chain once, not once per struct.
const reachable = new WeakMap<GoType, { version: number; names: ReadonlySet<string> | undefined }>();

function embeddedTypes(t: GoType): GoType[] {
  if (t.kind !== "struct") return [];
  const out: GoType[] = [];
  for (const i of shapeOf(t).embedded) {
    const ft = (t.fields[i] as StructField).type;
    out.push(ft.kind === "pointer" && ft.name === undefined ? ft.elem : ft);
  }
  return out;
}

function ownNames(t: GoType): string[] {
  if (t.kind === "pointer" || t.kind === "interface" || t.methods === undefined) return [];
  return Object.keys(t.methods);
}

function reachableNames(root: GoType): ReadonlySet<string> | undefined {
  const cached = (t: GoType) => {
    const e = reachable.get(t);
    return e !== undefined && e.version === methodsGeneration ? e : undefined;
  };
  const hit = cached(root);
  if (hit !== undefined) return hit.names;
  type Frame = { t: GoType; kids: GoType[]; next: number; names: Set<string> | undefined };
  const onStack = new Set<GoType>([root]);
  const stack: Frame[] = [{ t: root, kids: embeddedTypes(root), next: 0, names: new Set(ownNames(root)) }];
  let result: ReadonlySet<string> | undefined;
  while (stack.length > 0) {
    const f = stack[stack.length - 1] as Frame;
    if (f.next < f.kids.length) {
      const k = f.kids[f.next++] as GoType;
      const e = cached(k);
      if (e !== undefined) {
        if (e.names === undefined) f.names = undefined;
        else if (f.names !== undefined) for (const n of e.names) f.names.add(n);
      } else if (onStack.has(k)) f.names = undefined;
      else {
        onStack.add(k);
        stack.push({ t: k, kids: embeddedTypes(k), next: 0, names: new Set(ownNames(k)) });
      }
      continue;
    }
    stack.pop();
    onStack.delete(f.t);
    reachable.set(f.t, { version: methodsGeneration, names: f.names });
    const parent = stack[stack.length - 1];
    if (parent !== undefined) {
      if (f.names === undefined) parent.names = undefined;
      else if (parent.names !== undefined) for (const n of f.names) parent.names.add(n);
    } else result = f.names;
  }
  return result;
}

function find(t: GoType, name: MethodName, addressable: boolean): MethodLookup | undefined {
  let base = t;
  let addr = addressable;
  if (t.kind === "pointer" && t.name === undefined) {
    base = t.elem;
    addr = true;
    if (base.kind === "pointer" || base.kind === "interface") return undefined;
  }
  if (reachableNames(base)?.has(name) === false) return undefined;
  let level: Level[] = [{ type: base, parent: undefined, step: undefined, addr }];
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
        found = { method: m, owner: e.type, path: pathOf(e) };
        foundAddrOk = m.receiver === "value" || e.addr;
      }
      if (e.type.kind !== "struct") continue;
      const st = e.type as StructType;
      const shape = shapeOf(st);
      if (fieldNames(st).has(name)) count++; // a field of the same name at this depth
      for (const i of shape.embedded) {
        const f = st.fields[i] as StructField;
        let ft = f.type;
        let pointer = false;
        if (ft.kind === "pointer" && ft.name === undefined) {
          ft = ft.elem;
          pointer = true;
        }
        next.push({
          type: ft,
          parent: e,
          step: { index: i, name: f.name, pointer },
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
