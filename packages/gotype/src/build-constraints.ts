/**
 * Build constraints as `go build` applies them to the files of a package:
 * `//go:build` expressions and the `_GOOS`, `_GOARCH` and `_test` file-name
 * suffixes (go/build's rules), for a target that defaults to linux/amd64.
 */

/** The build target: GOOS, GOARCH and extra tags (`-tags`). */
export interface BuildContext {
  /** Default "linux". */
  readonly goos?: string;
  /** Default "amd64". */
  readonly goarch?: string;
  /** Extra build tags, as `go build -tags a,b`. */
  readonly tags?: readonly string[];
  /** Whether cgo is enabled (the `cgo` tag; default false). */
  readonly cgo?: boolean;
}

const KNOWN_OS = new Set(
  "aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 solaris wasip1 windows zos".split(
    " ",
  ),
);
const KNOWN_ARCH = new Set(
  "386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le mips64p32 mips64p32le ppc ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm".split(
    " ",
  ),
);
const UNIX = new Set(
  "aix android darwin dragonfly freebsd hurd illumos ios linux netbsd openbsd solaris".split(" "),
);

/** Newest Go minor version whose `go1.N` release tag is satisfied. */
export const GO_RELEASE_MINOR = 26;

function tagSatisfied(tag: string, ctx: BuildContext): boolean {
  const goos = ctx.goos ?? "linux";
  const goarch = ctx.goarch ?? "amd64";
  if (tag === goos || tag === goarch) return true;
  if (tag === "unix") return UNIX.has(goos);
  if (tag === "gc") return true;
  if (tag === "cgo") return ctx.cgo === true;
  if (goos === "android" && tag === "linux") return true;
  if (goos === "illumos" && tag === "solaris") return true;
  if (goos === "ios" && tag === "darwin") return true;
  const m = /^go1\.([0-9]+)$/.exec(tag);
  if (m !== null) return Number(m[1]) <= GO_RELEASE_MINOR;
  return ctx.tags?.includes(tag) === true;
}

/**
 * Evaluates a `//go:build` expression (`linux && (amd64 || arm64)`, `!windows`).
 * Returns undefined for a malformed expression.
 */
export function evalBuildConstraint(expr: string, ctx: BuildContext = {}): boolean | undefined {
  const toks = expr.match(/\s*(\|\||&&|!|\(|\)|[\p{L}\p{Nd}_.]+|\S)/gu)?.map((t) => t.trim()) ?? [];
  let i = 0;
  let depth = 0;
  const or = (): boolean | undefined => {
    let v = and();
    while (toks[i] === "||") {
      i++;
      const w = and();
      if (v === undefined || w === undefined) return undefined;
      v = v || w;
    }
    return v;
  };
  const and = (): boolean | undefined => {
    let v = not();
    while (toks[i] === "&&") {
      i++;
      const w = not();
      if (v === undefined || w === undefined) return undefined;
      v = v && w;
    }
    return v;
  };
  const not = (): boolean | undefined => {
    const t = toks[i];
    if (t === "!") {
      i++;
      if (++depth > 100) return undefined;
      const v = not();
      depth--;
      return v === undefined ? undefined : !v;
    }
    if (t === "(") {
      i++;
      if (++depth > 100) return undefined;
      const v = or();
      depth--;
      if (toks[i] !== ")") return undefined;
      i++;
      return v;
    }
    if (t === undefined || !/^[\p{L}\p{Nd}_.]+$/u.test(t)) return undefined;
    i++;
    return tagSatisfied(t, ctx);
  };
  const v = or();
  return i === toks.length ? v : undefined;
}

/**
 * Why `go build` leaves out a file by its name (`_test.go`, `x_windows.go`,
 * `_x.go`, `.x.go`, not `.go`), or undefined when the name does not exclude it.
 */
export function fileNameExclusion(fileName: string, ctx: BuildContext = {}): string | undefined {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  if (!base.endsWith(".go")) return "not a .go file";
  if (base.startsWith("_") || base.startsWith(".")) return "file name starts with _ or .";
  let stem = base.slice(0, -3);
  if (stem.endsWith("_test")) return "test file";
  const i = stem.indexOf("_");
  if (i < 0) return undefined;
  stem = stem.slice(i);
  const parts = stem.split("_");
  const n = parts.length;
  const goos = ctx.goos ?? "linux";
  const goarch = ctx.goarch ?? "amd64";
  const last = parts[n - 1] as string;
  const prev = n >= 2 ? (parts[n - 2] as string) : "";
  if (n >= 2 && KNOWN_OS.has(prev) && KNOWN_ARCH.has(last)) {
    return tagSatisfied(prev, ctx) && last === goarch ? undefined : `built only for ${prev}/${last}`;
  }
  if (KNOWN_OS.has(last)) return tagSatisfied(last, ctx) ? undefined : `built only for GOOS=${last}`;
  if (KNOWN_ARCH.has(last)) return last === goarch ? undefined : `built only for GOARCH=${last}`;
  void goos;
  return undefined;
}
