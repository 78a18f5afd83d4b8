/**
 * Positions of one parsed text, made from offsets when asked. Type
 * expressions keep the offset where they start and build their `{ line, col }`
 * only for an error or an opaque type, so the happy path of a package of
 * thousands of fields makes no position object per type node (STYLE.md:
 * positions on the error path only).
 */
import type { FieldAst, GoPos, TExpr } from "./go-ast.js";

/** The line and column of offsets in one source text (lines counted as the lexer counts them: at each `\n`). */
export class SourcePositions {
  // Offsets where lines 2, 3, ... start, made at the first question.
  private starts: number[] | undefined;

  constructor(
    private readonly src: string,
    /** The file name positions carry, when known. */
    readonly file: string | undefined,
  ) {}

  /** The position of offset `at`: 1-based line and column (UTF-16 units), with the file name when known. */
  at(at: number): GoPos {
    const starts = this.starts ?? this.lineStarts();
    // The last line start at or before `at` (binary search; line 1 starts at 0).
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((starts[mid] as number) <= at) lo = mid + 1;
      else hi = mid;
    }
    const line = lo + 1;
    const col = at - (lo === 0 ? 0 : (starts[lo - 1] as number)) + 1;
    return this.file !== undefined ? { file: this.file, line, col } : { line, col };
  }

  private lineStarts(): number[] {
    const starts: number[] = [];
    const src = this.src;
    for (let k = src.indexOf("\n"); k >= 0; k = src.indexOf("\n", k + 1)) starts.push(k + 1);
    this.starts = starts;
    return starts;
  }
}

/**
 * The type expressions a struct of plain fields is made of (`Name`, `pkg.Name`, `*T`, `[]T`,
 * `map[K]V`, `struct { ... }`), with their position made from their offset when it is read (`pos`). (Fields are
 * assigned in the constructors, in one order: every node of a kind has one shape.)
 */
abstract class PlacedExpr {
  /** Offset of the expression's first character. */
  declare readonly at: number;
  declare private readonly where: SourcePositions;

  constructor(at: number, where: SourcePositions) {
    this.at = at;
    this.where = where;
  }

  /** Where the expression starts (made on each read: errors and opaque types read it). */
  get pos(): GoPos {
    return this.where.at(this.at);
  }
}

/** `Name`, `pkg.Name`, `Name[Args]`, `pkg.Name[Args]`. */
export class NameExpr extends PlacedExpr {
  declare readonly k: "name";
  declare readonly name: string;
  declare readonly pkg: string | undefined;
  declare readonly args: TExpr[] | undefined;

  constructor(
    name: string,
    pkg: string | undefined,
    args: TExpr[] | undefined,
    at: number,
    where: SourcePositions,
  ) {
    super(at, where);
    this.k = "name";
    this.name = name;
    this.pkg = pkg;
    this.args = args;
  }
}

/** `*Elem`. */
export class PtrExpr extends PlacedExpr {
  declare readonly k: "ptr";
  declare readonly elem: TExpr;

  constructor(elem: TExpr, at: number, where: SourcePositions) {
    super(at, where);
    this.k = "ptr";
    this.elem = elem;
  }
}

/** `[]Elem`. */
export class SliceExpr extends PlacedExpr {
  declare readonly k: "slice";
  declare readonly elem: TExpr;

  constructor(elem: TExpr, at: number, where: SourcePositions) {
    super(at, where);
    this.k = "slice";
    this.elem = elem;
  }
}

/** `map[Key]Elem`. */
export class MapExpr extends PlacedExpr {
  declare readonly k: "map";
  declare readonly key: TExpr;
  declare readonly elem: TExpr;

  constructor(key: TExpr, elem: TExpr, at: number, where: SourcePositions) {
    super(at, where);
    this.k = "map";
    this.key = key;
    this.elem = elem;
  }
}

/** `struct { Fields }`. */
export class StructExpr extends PlacedExpr {
  declare readonly k: "struct";
  declare readonly fields: FieldAst[];

  constructor(fields: FieldAst[], at: number, where: SourcePositions) {
    super(at, where);
    this.k = "struct";
    this.fields = fields;
  }
}
