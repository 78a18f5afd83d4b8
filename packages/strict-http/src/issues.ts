import type { StrictBodyIssue } from "./errors.js";

/** One segment of a Standard Schema issue path: a key, or an object holding one. */
export type PathSegment = PropertyKey | { readonly key: PropertyKey };

/** One issue of a Standard Schema v1 result (standardschema.dev). */
export interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PathSegment> | undefined;
}

/** pointerOf renders a Standard Schema path as an RFC 6901 JSON pointer. */
export function pointerOf(path: ReadonlyArray<PathSegment> | undefined): string {
  if (!path) return "";
  let p = "";
  for (const seg of path) {
    const k = typeof seg === "object" && seg !== null ? seg.key : seg;
    p += `/${String(k).replace(/~/g, "~0").replace(/\//g, "~1")}`;
  }
  return p;
}

/** toIssues maps Standard Schema issues to strict-http's (message and pointer). */
export function toIssues(issues: ReadonlyArray<StandardIssue>): StrictBodyIssue[] {
  return issues.map((i) => ({ message: i.message, pointer: pointerOf(i.path) }));
}

/**
 * standardIssuesOf returns the issues of a thrown Standard Schema failure (an
 * error whose `issues` is a non-empty list of `{ message, path? }`, as
 * `@standard-schema/utils`' SchemaError, zod's ZodError and valibot's ValiError
 * carry), or undefined when e is not one.
 */
export function standardIssuesOf(e: unknown): StandardIssue[] | undefined {
  const issues = (e as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return undefined;
  for (const i of issues) {
    if (typeof i !== "object" || i === null || typeof (i as StandardIssue).message !== "string")
      return undefined;
    const path = (i as StandardIssue).path;
    if (path !== undefined && !Array.isArray(path)) return undefined;
  }
  return issues as StandardIssue[];
}

/** validationMessage is the message of a failed validation: a count, never the issues' texts. */
export function validationMessage(count: number): string {
  return `request body failed validation: ${count} issue${count === 1 ? "" : "s"}`;
}
