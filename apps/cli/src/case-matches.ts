import { type GoType, structFields } from "@gojson/gotype";

/** A JSON member name that v1 matched to a field only by ignoring case. */
export interface CaseMatch {
  readonly key: string;
  readonly field: string;
  readonly pointer: string;
}

const MAX_WALK = 100_000;

/** Pointer hops followed before a chain counts as endless (`type P *P`). */
const MAX_POINTER_HOPS = 64;

/**
 * Walks a payload beside its Go type and lists the member names that match a
 * struct field's JSON name only case-insensitively (what v1 accepts and v2 does not).
 * Returns nothing for payloads JSON.parse cannot read.
 */
export function caseInsensitiveMatches(type: GoType, bytes: Uint8Array): CaseMatch[] {
  let root: unknown;
  try {
    root = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return [];
  }
  const out: CaseMatch[] = [];
  const stack: [GoType, unknown, string][] = [[type, root, ""]];
  let steps = 0;
  while (stack.length > 0 && steps++ < MAX_WALK) {
    let [t, v, ptr] = stack.pop()!;
    // A chain of pointers that never ends (`type P *P`) holds no struct to match.
    for (let hops = 0; t.kind === "pointer"; hops++) {
      if (hops === MAX_POINTER_HOPS) break;
      t = t.elem;
    }
    if (t.kind === "pointer") continue;
    if (v === null || typeof v !== "object") continue;
    if ((t.kind === "slice" || t.kind === "array") && Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push([t.elem, v[i], `${ptr}/${i}`]);
    } else if (t.kind === "map" && !Array.isArray(v)) {
      for (const [k, x] of Object.entries(v)) stack.push([t.elem, x, `${ptr}/${pointerToken(k)}`]);
    } else if (t.kind === "struct" && !t.known && !Array.isArray(v)) {
      const fields = structFields(t, "v1").fields;
      for (const [k, x] of Object.entries(v)) {
        const exact = fields.find((f) => f.name === k);
        const folded = exact ?? fields.find((f) => f.name.toLowerCase() === k.toLowerCase());
        if (!folded) continue;
        if (!exact) out.push({ key: k, field: folded.goName, pointer: `${ptr}/${pointerToken(k)}` });
        stack.push([folded.type, x, `${ptr}/${pointerToken(k)}`]);
      }
    }
  }
  return out;
}

function pointerToken(k: string): string {
  return k.replace(/~/g, "~0").replace(/\//g, "~1");
}
