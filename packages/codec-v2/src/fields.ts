/**
 * v2 struct fields as the plans use them: a view over @gojson/gotype's
 * `structFields(t, "v2")` (Go's json/v2 makeStructFields: tags parsed,
 * embedded structs inlined, dominant fields chosen, structural errors
 * recorded), with Go field names along the path and the types to allocate
 * nil embedded pointers. Cached per type object.
 */
import {
  foldNameV1,
  foldNameV2,
  type GoType,
  type JsonField,
  type StructType,
  structFields,
} from "@gojson/gotype";

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
  /** Structural error text and the struct type that has it. */
  readonly error: { readonly type: GoType; readonly text: string } | undefined;
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

/** structFieldsV2 resolves the JSON fields of struct type t with v2 rules (cached per type). */
export function structFieldsV2(t: StructType): StructFieldsV2 {
  const sf = structFields(t, "v2");
  const hit = cache.get(t);
  if (hit && cacheSrc.get(t) === sf) return hit;
  const fields = sf.fields.map(view);
  const byName = new Map<string, FieldV2>();
  const byFolded = new Map<string, FieldV2[]>();
  for (const f of fields) {
    byName.set(f.name, f);
    const k = foldName(f.name);
    const l = byFolded.get(k);
    if (l) l.push(f);
    else byFolded.set(k, [f]);
  }
  const fb = sf.inlinedFallback;
  const r: StructFieldsV2 = {
    fields,
    byName,
    byFolded,
    fallback: fb
      ? {
          path: fb.path.map((s) => s.name),
          hopTypes: fb.path.map((s) => s.type),
          type: fb.type,
          unknown: fb.unknown,
        }
      : undefined,
    error: sf.error ? { type: sf.error.goType, text: fixDashName(sf.error.message) } : undefined,
  };
  cache.set(t, r);
  cacheSrc.set(t, sf);
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
