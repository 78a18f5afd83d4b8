/**
 * Go declarations the codecs' tests share: `Rec`, a struct with a field of each kind and tag
 * option the fast decoders serve, and `Order`, a typed struct for the type tests.
 */
import { type GoTime, type GoType, type JsonNumber, parseGo, typed } from "@gojson/gotype";

/**
 * Inner, Base, PBase, Rec and Kelvin (a field named K, which v1 also matches with the Kelvin
 * sign). Rec has a field of each kind and tag option both codecs' fast paths serve, then
 * `recExtra` (Go field lines: a codec's own, such as v1's `,string` on bool and string fields,
 * json.Number and an embedded *PBase, which v2's fast path leaves to its exact engine).
 * `case:ignore` means nothing to v1, which folds every name.
 */
export function fastPathDecls(recExtra: readonly string[] = []): string {
  return `
type Inner struct {
	Z string \`json:"z"\`
	N int32  \`json:"n"\`
}
type Base struct {
	B int32 \`json:"b"\`
}
type PBase struct {
	P string \`json:"p"\`
}
type Rec struct {
	ID    int64             \`json:"id"\`
	Name  string            \`json:"name,case:ignore"\`
	Small int8              \`json:"small"\`
	U     uint16            \`json:"u"\`
	U64   uint64            \`json:"u64"\`
	F32   float32           \`json:"f32"\`
	F64   float64           \`json:"f64"\`
	Q     int64             \`json:"q,string"\`
	QF    float64           \`json:"qf,string"\`
	QP    *int32            \`json:"qp,string"\`
	Raw   []byte            \`json:"raw"\`
	Fix   [4]byte           \`json:"fix"\`
	Pair  [2]int            \`json:"pair"\`
	Tags  []string          \`json:"tags"\`
	Ptr   *Inner            \`json:"ptr"\`
	In    Inner             \`json:"in"\`
	Ins   []Inner           \`json:"ins"\`
	M     map[string]int32  \`json:"m"\`
	MI    map[int64]bool    \`json:"mi"\`
	MU    map[uint8]string  \`json:"mu"\`
	MF    map[float64]uint8 \`json:"mf"\`
	Any   any               \`json:"any"\`
	Ok    bool              \`json:"ok"\`
	Base
${recExtra.map((f) => `\t${f}\n`).join("")}}
type Kelvin struct {
	K string
	S string
}
`;
}

/** The TypeScript type of an `Order`'s values. */
export interface Order {
  ID: bigint;
  Name: string;
  Tags: string[] | null;
  Qty: number;
  Attrs: Map<string, number> | null;
  At: GoTime;
  Total: JsonNumber;
}

/** `shop.Order`, typed: its values are the `Order` interface's. */
export const Order = typed<Order>(
  parseGo(`package shop
import ("encoding/json"; "time")
type Order struct {
	ID    int64
	Name  string
	Tags  []string
	Qty   int32
	Attrs map[string]int32
	At    time.Time
	Total json.Number
}`).Order as GoType,
);
