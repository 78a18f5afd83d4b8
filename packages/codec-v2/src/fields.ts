/**
 * v2 struct fields as the plans use them: a view over @gojson/gotype's
 * `structFields(t, "v2", release)` (Go's json/v2 makeStructFields of Go 1.26 or 1.27:
 * tags parsed, embedded structs inlined, dominant fields chosen, structural errors
 * recorded), with Go field names along the path and the types to allocate nil
 * embedded pointers. One object per field; cached per gotype result and Go release.
 */
import {
  foldNameV1,
  foldNameV2,
  type GoType,
  type JsonField,
  type StructFields,
  type StructType,
  structFields,
} from "@gojson/gotype";
import { DEFAULT_GO_VERSION, type GoVersion } from "./go-version.js";

/** One JSON-visible field of a struct after resolution. */
export interface FieldV2 {
  /** JSON object name. */
  readonly name: string;
  /** Go field names from the outer struct to this field (embedded struct names first). */
  readonly path: readonly string[];
  /** For each hop of `path` but the last, the embedded field's type (to allocate nil embedded pointers). */
  readonly hopTypes: readonly GoType[];
  /**
   * For each hop of `path` but the last, whether it is an embedded pointer Go cannot allocate
   * when nil (the field is unexported: reflect cannot set it; Go's errNilField).
   */
  readonly hopBlocked: readonly boolean[];
  readonly type: GoType;
  /** Go name of the field (last path element). */
  readonly goName: string;
  readonly hasName: boolean;
  readonly omitempty: boolean;
  readonly omitzero: boolean;
  readonly string: boolean;
  /** case:ignore → "ignore", case:strict → "strict", else "". */
  readonly caseMode: "" | "ignore" | "strict";
  readonly format: string;
  readonly index: readonly number[];
  readonly id: number;
}

/** The inlined fallback (`inline`/`unknown` map or jsontext.Value) of a struct. */
export interface FallbackV2 {
  readonly path: readonly string[];
  readonly hopTypes: readonly GoType[];
  readonly type: GoType;
  /** Tagged `unknown` (rejectUnknownMembers still rejects) rather than `inline`. */
  readonly unknown: boolean;
}

/** The resolved fields of a struct type, plus the first structural error if any. */
export interface StructFieldsV2 {
  readonly fields: readonly FieldV2[];
  readonly byName: ReadonlyMap<string, FieldV2>;
  /** Folded name (v2 folding: case-insensitive, without '-' '_') → fields. */
  readonly byFolded: ReadonlyMap<string, readonly FieldV2[]>;
  readonly fallback: FallbackV2 | undefined;
  /** Structural error text and the struct type that has it (ignored under legacy error reporting). */
  readonly error: { readonly type: GoType; readonly text: string } | undefined;
  /**
   * Go 1.27: the first field with a `format` tag option, which that release does not support
   * (reported before `error` is looked at under legacy reporting, and after it otherwise).
   */
  readonly unsupportedFormat: { readonly type: GoType; readonly text: string } | undefined;
}

/** foldName folds a name as v2's case-insensitive matching does (gotype's foldNameV2). */
export const foldName: (s: string) => string = foldNameV2;
/** foldNameLegacy folds a name as v1 does (MatchCaseSensitiveDelimiter: '-' and '_' count). */
export const foldNameLegacy: (s: string) => string = foldNameV1;

/** Per Go release, keyed by gotype's result (recomputed when methods are attached later). */
const cache126 = new WeakMap<StructFields, StructFieldsV2>();
const cache127 = new WeakMap<StructFields, StructFieldsV2>();

const NO_HOPS: readonly never[] = Object.freeze([]);

/** The codec's view of one of gotype's fields (the hop arrays shared and empty for a direct field). */
function view(f: JsonField): FieldV2 {
  const p = f.path;
  const direct = p.length === 1;
  return {
    name: f.name,
    path: direct ? [f.goName] : p.map((s) => s.name),
    hopTypes: direct ? NO_HOPS : p.slice(0, -1).map((s) => s.type),
    hopBlocked: direct ? NO_HOPS : p.slice(0, -1).map((s) => s.pointer && !s.exported),
    type: f.type,
    goName: f.goName,
    hasName: f.tagged,
    omitempty: f.omitEmpty,
    omitzero: f.omitZero,
    string: f.string,
    caseMode: f.casing ?? "",
    format: f.format ?? "",
    index: f.index,
    id: f.id,
  };
}

/**
 * structFieldsV2 resolves the JSON fields of struct type t with the v2 rules of Go release `go`
 * (cached per type). Plans pass their options' `goVersion`; the default is the newest release.
 * Go 1.27's rules are gotype's `structFields(t, "v2", "1.27")`: `embed` in place of
 * `inline`/`unknown`, no single-quoted names or options, an invalid embedded field kept as a
 * regular field, "embedded" in error texts, an unsupported `format` option reported even under
 * v1's legacy error reporting.
 */
export function structFieldsV2(t: StructType, go: GoVersion = DEFAULT_GO_VERSION): StructFieldsV2 {
  const go126 = go === "1.26";
  const sf = structFields(t, "v2", go126 ? "1.26" : "1.27");
  const cache = go126 ? cache126 : cache127;
  let r = cache.get(sf);
  if (r === undefined) {
    const fb = sf.inlinedFallback;
    const err = sf.error;
    const uf = sf.unsupportedFormat;
    r = index(
      sf.fields.map(view),
      fb === undefined
        ? undefined
        : {
            path: fb.path.map((s) => s.name),
            hopTypes: fb.path.map((s) => s.type),
            type: fb.type,
            unknown: fb.unknown,
          },
      err === undefined
        ? undefined
        : { type: err.goType, text: go126 ? fixDashName(err.message) : err.message },
      uf === undefined || go126 ? undefined : { type: uf.goType, text: uf.message },
    );
    cache.set(sf, r);
  }
  return r;
}

/** The fields with their name indexes, built when first read (the fast paths read neither). */
function index(
  fields: FieldV2[],
  fallback: FallbackV2 | undefined,
  error: StructFieldsV2["error"],
  unsupportedFormat: StructFieldsV2["unsupportedFormat"],
): StructFieldsV2 {
  return new Indexed(fields, fallback, error, unsupportedFormat);
}

/**
 * A struct's fields, the name indexes behind getters on the prototype (an object literal with
 * getters defines its accessors anew for every struct: a first call over many types paid for it).
 */
class Indexed implements StructFieldsV2 {
  #byName: Map<string, FieldV2> | undefined;
  #byFolded: Map<string, FieldV2[]> | undefined;
  constructor(
    readonly fields: FieldV2[],
    readonly fallback: FallbackV2 | undefined,
    readonly error: StructFieldsV2["error"],
    readonly unsupportedFormat: StructFieldsV2["unsupportedFormat"],
  ) {}

  get byName(): Map<string, FieldV2> {
    if (this.#byName === undefined) {
      const m = new Map<string, FieldV2>();
      for (const f of this.fields) m.set(f.name, f);
      this.#byName = m;
    }
    return this.#byName;
  }

  get byFolded(): Map<string, FieldV2[]> {
    if (this.#byFolded === undefined) {
      const m = new Map<string, FieldV2[]>();
      for (const f of this.fields) {
        const k = foldName(f.name);
        const l = m.get(k);
        if (l) l.push(f);
        else m.set(k, [f]);
      }
      this.#byFolded = m;
    }
    return this.#byFolded;
  }
}

/**
 * fixDashName corrects gotype's text for a `json:"-,..."` tag: Go names the field "-"
 * in this error (gotype prints the Go field name). Local stand-in until gotype is fixed.
 */
function fixDashName(text: string): string {
  return text.replace(
    /has JSON object name "(?:[^"\\]|\\.)*"; either use `json:"-"` to ignore/,
    'has JSON object name "-"; either use `json:"-"` to ignore',
  );
}
