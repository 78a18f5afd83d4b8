/**
 * v2 struct fields as the plans use them: for Go 1.26 a view over @gojson/gotype's
 * `structFields(t, "v2")`, for Go 1.27 over fields-go127.ts (Go's json/v2
 * makeStructFields: tags parsed, embedded structs inlined, dominant fields chosen,
 * structural errors recorded), with Go field names along the path and the types
 * to allocate nil embedded pointers. Cached per type object and Go release.
 */
import {
  foldNameV1,
  foldNameV2,
  type GoType,
  type JsonField,
  type StructType,
  structFields,
} from "@gojson/gotype";
import { type Field127, structFieldsGo127 } from "./fields-go127.js";
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

const cache = new WeakMap<GoType, StructFieldsV2>();

function view(f: JsonField): FieldV2 {
  return {
    name: f.name,
    path: f.path.map((s) => s.name),
    hopTypes: f.path.slice(0, -1).map((s) => s.type),
    hopBlocked: f.path.slice(0, -1).map((s) => s.pointer && !s.exported),
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
 */
export function structFieldsV2(t: StructType, go: GoVersion = DEFAULT_GO_VERSION): StructFieldsV2 {
  return go === "1.26" ? structFieldsV2Go126(t) : structFieldsV2Go127(t);
}

function index(
  fields: FieldV2[],
  fallback: FallbackV2 | undefined,
  error: StructFieldsV2["error"],
  unsupportedFormat: StructFieldsV2["unsupportedFormat"],
): StructFieldsV2 {
  const byName = new Map<string, FieldV2>();
  const byFolded = new Map<string, FieldV2[]>();
  for (const f of fields) {
    byName.set(f.name, f);
    const k = foldName(f.name);
    const l = byFolded.get(k);
    if (l) l.push(f);
    else byFolded.set(k, [f]);
  }
  return { fields, byName, byFolded, fallback, error, unsupportedFormat };
}

function structFieldsV2Go126(t: StructType): StructFieldsV2 {
  const sf = structFields(t, "v2");
  const hit = cache.get(t);
  if (hit && cacheSrc.get(t) === sf) return hit;
  const fb = sf.inlinedFallback;
  const r = index(
    sf.fields.map(view),
    fb
      ? {
          path: fb.path.map((s) => s.name),
          hopTypes: fb.path.map((s) => s.type),
          type: fb.type,
          unknown: fb.unknown,
        }
      : undefined,
    sf.error ? { type: sf.error.goType, text: fixDashName(sf.error.message) } : undefined,
    undefined,
  );
  cache.set(t, r);
  cacheSrc.set(t, sf);
  return r;
}

const cache127 = new WeakMap<GoType, StructFieldsV2>();
const cache127Src = new WeakMap<GoType, unknown>();

function view127(f: Field127): FieldV2 {
  return {
    name: f.name,
    path: f.path,
    hopTypes: f.types.slice(0, -1),
    hopBlocked: f.blocked.slice(0, -1),
    type: f.type,
    goName: f.path[f.path.length - 1] as string,
    hasName: f.hasName,
    omitempty: f.omitempty,
    omitzero: f.omitzero,
    string: f.string,
    caseMode: f.caseMode,
    format: f.format,
    index: f.index,
    id: f.id,
  };
}

function structFieldsV2Go127(t: StructType): StructFieldsV2 {
  const sf = structFieldsGo127(t);
  const hit = cache127.get(t);
  if (hit && cache127Src.get(t) === sf) return hit;
  const fb = sf.fallback;
  const r = index(
    sf.fields.map(view127),
    fb ? { path: fb.path, hopTypes: fb.types, type: fb.type, unknown: false } : undefined,
    sf.error,
    sf.unsupportedFormat,
  );
  cache127.set(t, r);
  cache127Src.set(t, sf);
  return r;
}

const cacheSrc = new WeakMap<GoType, unknown>();

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
