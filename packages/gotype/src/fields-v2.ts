/**
 * json/v2 makeStructFields: the JSON fields of a struct under v2 rules
 * (embedded structs inlined, `inline`/`unknown` fallbacks, names from the v2
 * tag grammar), the dominant field of each name kept, and the first
 * structural error recorded. Linear in the fields reached times the
 * embedding depth.
 */
import { goQuote } from "./go-quote.js";
import { lookupMethod } from "./methods.js";
import type { FieldStep, JsonField, StructFields, StructFieldsError } from "./struct-fields.js";
import {
  assertFieldResolved,
  derefUnnamed,
  dominantFields,
  extend,
  finish,
  freezeOne,
  type Pending,
  sortByIndex,
  stepOf,
} from "./struct-fields-build.js";
import { CASE_IGNORE, CASE_STRICT, emptyOptions, type FieldOptions, parseFieldOptions } from "./tag-v2.js";
import { lookupTag } from "./tags.js";
import { typeStringV2Build } from "./type-string.js";
import type { GoType, MethodName, StructType } from "./types.js";

const ALL_METHODS: readonly MethodName[] = ["MarshalJSON", "UnmarshalJSON", "MarshalText", "UnmarshalText"];

function implementsAnyMarshal(t: GoType): boolean {
  for (const m of ALL_METHODS) if (lookupMethod(t, m, { addressable: true }) !== undefined) return true;
  return false;
}

/** json/v2 makeStructFields. */
export function resolveV2(root: StructType): StructFields {
  let error: StructFieldsError | undefined;
  const orError = (t: GoType, message: string) => {
    if (error === undefined) error = Object.freeze({ goType: t, message });
  };
  type Q = { typ: GoType; index: number[]; path: FieldStep[]; visitChildren: boolean };
  const queue: Q[] = [{ typ: root, index: [], path: [], visitChildren: true }];
  const seen = new Set<GoType>([root]);
  const allFields: Pending[] = [];
  const inlinedFallbacks: Pending[] = [];
  for (let qi = 0; qi < queue.length; qi++) {
    const qe = queue[qi] as Q;
    const t = qe.typ;
    if (t.kind !== "struct") continue;
    let inlinedFallbackIndex = -1;
    const namesIndex = new Map<string, number>();
    let hasAnyJSONTag = false;
    let hasAnyJSONField = false;
    for (let i = 0; i < t.fields.length; i++) {
      const sf = t.fields[i];
      if (sf === undefined) continue;
      hasAnyJSONTag ||= lookupTag(sf.tag, "json") !== undefined;
      const parsed = parseFieldOptions(sf);
      if (parsed.err !== undefined) orError(t, parsed.err);
      if (parsed.ignored) continue;
      assertFieldResolved(t, sf.name, sf.type);
      hasAnyJSONField = true;
      const o = parsed.out;
      const index = extend(qe.index, i);
      const path = extend(qe.path, stepOf(t, i));
      if (sf.embedded && !o.hasName) {
        if (derefUnnamed(sf.type).kind !== "struct") {
          orError(
            t,
            `embedded Go struct field ${sf.name} of non-struct type must be explicitly given a JSON name`,
          );
        } else {
          o.inline = true;
        }
      }
      if (o.inline || o.unknown) {
        const onlyInlineOrUnknown =
          !o.hasName && o.casing === 0 && !o.omitzero && !o.omitempty && !o.string && o.format === "";
        if (onlyInlineOrUnknown && o.inline && o.unknown) {
          orError(t, `Go struct field ${sf.name} cannot have both \`inline\` and \`unknown\` specified`);
          o.inline = false;
        } else if (!onlyInlineOrUnknown) {
          orError(
            t,
            `Go struct field ${sf.name} cannot have any options other than \`inline\` or \`unknown\` specified`,
          );
          if (o.hasName) continue;
          const inline = o.inline;
          const unknown = o.unknown;
          Object.assign(o, emptyOptions(), { name: o.name, inline, unknown });
          if (o.inline && o.unknown) o.inline = false;
        }
        const tf = derefUnnamed(sf.type);
        if (!isRawValueV2(tf) && implementsAnyMarshal(tf)) {
          orError(
            t,
            `inlined Go struct field ${sf.name} of type ${typeStringV2Build(tf)} must not implement marshal or unmarshal methods`,
          );
        }
        if (tf.kind === "struct") {
          if (o.unknown) {
            orError(
              t,
              `inlined Go struct field ${sf.name} of type ${typeStringV2Build(tf)} with \`unknown\` tag must be a Go map of string key or a jsontext.Value`,
            );
            continue;
          }
          if (qe.visitChildren) queue.push({ typ: tf, index, path, visitChildren: !seen.has(tf) });
          seen.add(tf);
          continue;
        }
        if (!sf.exported) {
          orError(t, `inlined Go struct field ${sf.name} is not exported`);
          continue;
        }
        if (isRawValueV2(tf)) {
          // handled specially by the codec
        } else if (tf.kind === "map" && tf.key.kind === "string") {
          if (implementsAnyMarshal(tf.key)) {
            orError(
              t,
              `inlined map field ${sf.name} of type ${typeStringV2Build(tf)} must have a string key that does not implement marshal or unmarshal methods`,
            );
            continue;
          }
        } else {
          orError(
            t,
            `inlined Go struct field ${sf.name} of type ${typeStringV2Build(tf)} must be a Go struct, Go map of string key, or jsontext.Value`,
          );
          continue;
        }
        if (inlinedFallbackIndex >= 0) {
          const prev = t.fields[inlinedFallbackIndex];
          orError(
            t,
            `inlined Go struct fields ${prev?.name} and ${sf.name} cannot both be a Go map or jsontext.Value`,
          );
        }
        inlinedFallbackIndex = i;
        inlinedFallbacks.push(pendingV2(o, index, path, sf.type, 0));
      } else {
        if (!sf.exported) {
          const tf = derefUnnamed(sf.type);
          if (!(sf.embedded && tf.kind === "struct")) {
            orError(t, `Go struct field ${sf.name} is not exported`);
            continue;
          }
          if (
            implementsAnyMarshal(tf) ||
            (o.omitzero && lookupMethod(tf, "IsZero", { addressable: true }) !== undefined)
          ) {
            orError(t, `Go struct field ${sf.name} is not exported for method calls`);
            continue;
          }
        }
        const j = namesIndex.get(o.name);
        if (j !== undefined) {
          orError(
            t,
            `Go struct fields ${t.fields[j]?.name} and ${sf.name} conflict over JSON object name ${goQuote(o.name)}`,
          );
        }
        namesIndex.set(o.name, i);
        allFields.push(pendingV2(o, index, path, sf.type, allFields.length));
      }
    }
    if (t.fields.length > 0 && !hasAnyJSONTag && !hasAnyJSONField)
      orError(t, "Go struct has no exported fields");
  }
  // The dominant field of each name, in breadth-first (id) order; ids renumbered from 0.
  const flattened = dominantFields(allFields);
  for (let i = 0; i < flattened.length; i++) (flattened[i] as Pending).id = i;
  sortByIndex(flattened);
  let fallback: Pending | undefined;
  const f0 = inlinedFallbacks[0];
  const f1 = inlinedFallbacks[1];
  if (f0 !== undefined && (f1 === undefined || f0.index.length !== f1.index.length)) fallback = f0;
  const extra: { inlinedFallback?: JsonField; error?: StructFieldsError } = {};
  if (fallback !== undefined) extra.inlinedFallback = freezeOne("v2", fallback);
  if (error !== undefined) extra.error = error;
  return finish("v2", flattened, extra);
}

function pendingV2(o: FieldOptions, index: number[], path: FieldStep[], type: GoType, id: number): Pending {
  return {
    name: o.name,
    tagged: o.hasName,
    index,
    path,
    type,
    omitEmpty: o.omitempty,
    omitZero: o.omitzero,
    string: o.string,
    casing: o.casing === CASE_IGNORE ? "ignore" : o.casing === CASE_STRICT ? "strict" : undefined,
    format: o.format !== "" ? o.format : undefined,
    inline: o.inline,
    unknown: o.unknown,
    id,
  };
}

/**
 * isRawValueV2: jsontext.Value, or json.RawMessage, which the v2 build of encoding/json
 * declares as an alias of jsontext.Value (v2_stream.go), so it may be an inlined fallback.
 */
function isRawValueV2(t: GoType): boolean {
  return t.known === "jsontext.Value" || t.known === "json.RawMessage";
}
