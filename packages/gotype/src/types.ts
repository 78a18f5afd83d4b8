/**
 * The Go type model: a faithful description of Go types as encoding/json
 * (v1 and v2) sees them. Both codecs are driven by these objects.
 *
 * Named types are object identities: every use of `Order` refers to the same
 * `GoType` object, so recursive types (`type Node struct { Next *Node }`) are
 * cyclic object graphs and per-type caches can key on the object.
 */

/** Signed integer kinds. int8..int32 are `number` in TypeScript; int and int64 are `bigint`. */
export type IntKind = "int" | "int8" | "int16" | "int32" | "int64";
/** Unsigned integer kinds. uint8..uint32 are `number`; uint, uint64 and uintptr are `bigint`. */
export type UintKind = "uint" | "uint8" | "uint16" | "uint32" | "uint64" | "uintptr";
/** Floating-point kinds; float32 values are rounded with Math.fround. */
export type FloatKind = "float32" | "float64";

/** The kind of a Go type (reflect.Kind restricted to what JSON can meet). */
export type GoKind =
  | "bool"
  | IntKind
  | UintKind
  | FloatKind
  | "string"
  | "slice"
  | "array"
  | "map"
  | "pointer"
  | "interface"
  | "struct";

/**
 * Types the standard library defines that the codecs treat specially.
 * They keep their Go underlying kind (time.Duration is an int64, json.Number a
 * string, json.RawMessage and jsontext.Value a []byte) and mark the type here.
 */
export type KnownType = "time.Time" | "time.Duration" | "json.Number" | "json.RawMessage" | "jsontext.Value";

/**
 * Names of the methods encoding/json (v1) and encoding/json/v2 look for.
 * MarshalJSONTo and UnmarshalJSONFrom are v2's streaming methods (json.MarshalerTo,
 * json.UnmarshalerFrom); AppendText is Go 1.24's encoding.TextAppender, which the v2
 * engine prefers to MarshalText. Classic v1 ignores all three.
 */
export type MethodName =
  | "MarshalJSON"
  | "UnmarshalJSON"
  | "MarshalText"
  | "AppendText"
  | "UnmarshalText"
  | "IsZero"
  | "MarshalJSONTo"
  | "UnmarshalJSONFrom";

/** Whether a method is declared on `T` (value receiver) or `*T` (pointer receiver). */
export type Receiver = "value" | "pointer";

/**
 * Method implementations in TypeScript. A value arrives in its TypeScript
 * form (see the contract table); unmarshal methods return the new value of
 * the receiver (for structs they may mutate and return `current`). Throwing
 * is Go's returning a non-nil error: the thrown error's message is the Go
 * error text.
 */
export interface GoMethodImpls {
  MarshalJSON?: (value: any) => Uint8Array | string;
  UnmarshalJSON?: (data: Uint8Array, current: any) => any;
  MarshalText?: (value: any) => Uint8Array | string;
  /**
   * encoding.TextAppender's AppendText(b): returns the text to append (the codec appends it), as
   * MarshalText returns its text. The v2 engine calls it before MarshalText; classic v1 never does.
   */
  AppendText?: (value: any) => Uint8Array | string;
  UnmarshalText?: (text: Uint8Array, current: any) => any;
  IsZero?: (value: any) => boolean;
  /**
   * v2's MarshalJSONTo(enc): writes exactly one JSON value to `enc`, the codec's encoder (in
   * codec-v2 a `MethodEncoder`: jsontext's `writeToken(token)` and `writeValue(raw)`). The v2
   * engine calls it before MarshalJSON, AppendText and MarshalText; classic v1 never does.
   */
  MarshalJSONTo?: (enc: any, value: any) => void;
  /**
   * v2's UnmarshalJSONFrom(dec): reads exactly one JSON value (null too) from `dec`, the codec's
   * decoder (in codec-v2 a `MethodDecoder`: jsontext's `peekKind()`, `readToken()`,
   * `readValue()`, `skipValue()`), and returns the new value of the receiver. The v2 engine calls
   * it before UnmarshalJSON and UnmarshalText; classic v1 never does.
   */
  UnmarshalJSONFrom?: (dec: any, current: any) => any;
}

/** One declared method: its implementation and receiver. */
export interface GoMethod {
  readonly name: MethodName;
  readonly receiver: Receiver;
  /**
   * The TypeScript twin. For a method declared in Go source without a twin
   * (`declaredOnly`), calling it throws a GoMethodMissingError naming the
   * type, the method and how to attach a twin.
   */
  readonly fn: (...args: any[]) => any;
  /** Set when the method was seen in Go source and no TypeScript twin is attached. */
  readonly declaredOnly?: true;
  /** Where the Go source declares the method. */
  readonly pos?: GoPos;
}

/** A source position: 1-based line and column, and the file name when known. */
export interface GoPos {
  readonly file?: string;
  readonly line: number;
  readonly col: number;
}

/**
 * What an opaque type is. Opaque types are the Go types encoding/json cannot
 * encode (func, chan, complex, unsafe.Pointer), types named in source that
 * gotype cannot resolve (an import it does not know), and constraint
 * interfaces. They may appear where JSON never looks (unexported fields,
 * `json:"-"`); a codec that reaches one fails (see `OpaqueInfo.kind`).
 */
export type OpaqueKind =
  | "func"
  | "chan"
  | "complex64"
  | "complex128"
  | "unsafe.Pointer"
  | "unresolved"
  | "constraint";

/** Description of an opaque type (kind "interface" with `opaque` set). */
export interface OpaqueInfo {
  readonly kind: OpaqueKind;
  /** The type as reflect prints it (`func(int) error`, `chan<- string`, `complex128`, `uuid.UUID`). */
  readonly text: string;
  /** The import path of an unresolved qualified type (`github.com/google/uuid`). */
  readonly importPath?: string;
  /** Where the source names the type. */
  readonly pos?: GoPos;
  /** What to do about it, for error messages. */
  readonly hint: string;
}

/** A method of a non-empty interface type. */
export interface InterfaceMethod {
  readonly name: string;
  /** The signature as reflect prints it: `func() string` without `func` (`() string`). */
  readonly signature: string;
}

/** Fields shared by every type. */
interface TypeCommon {
  /** Go name of a named type (`Order`, `time.Time`); absent for unnamed types (`[]int`). */
  readonly name?: string;
  /** Package qualifier used when printing errors (`main` for types declared by parseGo). */
  readonly pkg?: string;
  /** Set on the standard library types the codecs special-case. */
  readonly known?: KnownType;
  /** Methods declared directly on this named type (not promoted ones). */
  readonly methods?: Readonly<Partial<Record<MethodName, GoMethod>>>;
  /** Import path of the declaring package (`example.com/shop`, `time`); absent for the `main` default. */
  readonly pkgPath?: string;
  /** The Go doc comment of a named type's declaration. */
  readonly doc?: string;
  /** Where the named type is declared. */
  readonly pos?: GoPos;
  /** For an instantiated generic type (`Page[Order]`): the generic type and its type arguments. */
  readonly generic?: GenericOrigin;
}

/** Where an instantiated generic type comes from. */
export interface GenericOrigin {
  /** The generic type's name (`Page`). */
  readonly name: string;
  /** Its declaration as written (`type Page[T any] struct { ... }`). */
  readonly source: string;
  readonly typeArgs: readonly GoType[];
}

export interface BoolType extends TypeCommon {
  readonly kind: "bool";
}
export interface IntType extends TypeCommon {
  readonly kind: IntKind;
}
export interface UintType extends TypeCommon {
  readonly kind: UintKind;
}
export interface FloatType extends TypeCommon {
  readonly kind: FloatKind;
}
export interface StringType extends TypeCommon {
  readonly kind: "string";
}
export interface SliceType extends TypeCommon {
  readonly kind: "slice";
  readonly elem: GoType;
}
export interface ArrayType extends TypeCommon {
  readonly kind: "array";
  readonly elem: GoType;
  readonly len: number;
}
export interface MapType extends TypeCommon {
  readonly kind: "map";
  readonly key: GoType;
  readonly elem: GoType;
}
export interface PointerType extends TypeCommon {
  readonly kind: "pointer";
  readonly elem: GoType;
}
/**
 * An interface type. `any` / `interface{}` has neither `methods` nor
 * `interfaceMethods`; a non-empty interface (`error`, `fmt.Stringer`, a
 * declared `interface { Area() float64 }`) lists its methods; an opaque type
 * (func, chan, complex, unsafe.Pointer, unresolved imports) carries `opaque`.
 */
export interface InterfaceType extends TypeCommon {
  readonly kind: "interface";
  /** Methods of a non-empty interface (embedded interfaces flattened), sorted by name. */
  readonly interfaceMethods?: readonly InterfaceMethod[];
  /** Set on an opaque type (see OpaqueInfo). */
  readonly opaque?: OpaqueInfo;
}
/** A struct; time.Time is a struct with no visible fields and `known: "time.Time"`. */
export interface StructType extends TypeCommon {
  readonly kind: "struct";
  readonly fields: readonly StructField[];
}

/** One declared struct field, before any JSON interpretation. */
export interface StructField {
  /** Go field name; an embedded field is named by its type name without package or `*`. */
  readonly name: string;
  readonly type: GoType;
  /** The whole raw tag (`json:"id,omitempty" xml:"id"`), "" when absent. */
  readonly tag: string;
  readonly embedded: boolean;
  /** Whether the field name starts with an upper-case letter. */
  readonly exported: boolean;
  /** The field's Go doc comment (or its line comment), when the source has one. */
  readonly doc?: string;
  /** Where the source declares the field. */
  readonly pos?: GoPos;
}

/**
 * The phantom key that carries the TypeScript type of a Go type's values.
 * It exists only in the type system (no runtime property is ever set).
 */
declare const goValueKey: unique symbol;

/**
 * The phantom part of `GoType<T>`: an optional, never-present property whose
 * type mentions `T` covariantly, so `GoType<Order>` is assignable to
 * `GoType` (= `GoType<unknown>`) but not to `GoType<Item>`.
 */
export interface GoTypeValue<T> {
  readonly [goValueKey]?: () => T;
}

/** Every Go type, untyped (the structural union the codecs switch on). */
export type AnyGoType =
  | BoolType
  | IntType
  | UintType
  | FloatType
  | StringType
  | SliceType
  | ArrayType
  | MapType
  | PointerType
  | InterfaceType
  | StructType;

/**
 * A Go type. `T` is the TypeScript type of its values (see the contract's
 * value table): `GoType<Order>` is what a generated module exports for
 * `Order`, and the codecs' `unmarshal(t: GoType<T>, ...)` returns `T`.
 * Untyped use (`GoType`, i.e. `GoType<unknown>`) works everywhere.
 */
export type GoType<T = unknown> = AnyGoType & GoTypeValue<T>;

/** The TypeScript value type a `GoType<T>` carries (`unknown` for an untyped GoType). */
export type GoValueOf<G> = G extends GoTypeValue<infer V> ? V : never;
