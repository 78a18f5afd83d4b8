/**
 * A tiny WebAssembly assembler: the opcodes, LEB128 immediates and section encoding the kernel's
 * modules are written with, instruction by instruction, so that the package ships no binary
 * (WebAssembly core specification 2.0, chapter 5, "Binary Format"). Code is a flat list of bytes;
 * the helpers return the bytes of one instruction or construct, to be spread into a list.
 *
 * Not semver-stable: part of `@gojson/jsontext/internal`.
 */

/** Value types (5.3.1). */
export const I32 = 0x7f;
export const I64 = 0x7e;
export const F64 = 0x7c;
/** The empty block type. */
export const VOID = 0x40;

// Control instructions (5.4.1).
export const BLOCK = 0x02;
export const LOOP = 0x03;
export const IF = 0x04;
export const ELSE = 0x05;
export const END = 0x0b;
export const BR = 0x0c;
export const BR_IF = 0x0d;
export const RETURN = 0x0f;
export const SELECT = 0x1b;
// Variable instructions (5.4.4).
export const GET = 0x20;
export const SET = 0x21;
export const TEE = 0x22;
// Memory instructions (5.4.6): each followed by its alignment (log2) and offset, see mem().
export const I32_LOAD = 0x28;
export const I64_LOAD = 0x29;
export const F64_LOAD = 0x2b;
export const I32_LOAD8_U = 0x2d;
export const I32_LOAD16_U = 0x2f;
export const I32_STORE = 0x36;
export const I64_STORE = 0x37;
export const F64_STORE = 0x39;
export const I32_STORE8 = 0x3a;
export const I32_STORE16 = 0x3b;
export const I64_STORE8 = 0x3c;
export const I64_STORE16 = 0x3d;
export const I64_STORE32 = 0x3e;
// Numeric instructions (5.4.7).
export const I32_CONST = 0x41;
export const I64_CONST = 0x42;
export const F64_CONST = 0x44;
export const I32_EQZ = 0x45;
export const I32_EQ = 0x46;
export const I32_NE = 0x47;
export const I32_LT_S = 0x48;
export const I32_LT_U = 0x49;
export const I32_GT_S = 0x4a;
export const I32_GT_U = 0x4b;
export const I32_LE_S = 0x4c;
export const I32_LE_U = 0x4d;
export const I32_GE_S = 0x4e;
export const I32_GE_U = 0x4f;
export const I64_EQZ = 0x50;
export const I64_EQ = 0x51;
export const I64_NE = 0x52;
export const I64_LT_S = 0x53;
export const I64_LT_U = 0x54;
export const I64_GT_U = 0x56;
export const I64_LE_U = 0x58;
export const I64_GE_U = 0x5a;
export const F64_EQ = 0x61;
export const F64_NE = 0x62;
export const F64_LT = 0x63;
export const F64_GT = 0x64;
export const F64_LE = 0x65;
export const F64_GE = 0x66;
export const I32_CLZ = 0x67;
export const I32_CTZ = 0x68;
export const I32_ADD = 0x6a;
export const I32_SUB = 0x6b;
export const I32_MUL = 0x6c;
export const I32_DIV_S = 0x6d;
export const I32_DIV_U = 0x6e;
export const I32_REM_U = 0x70;
export const I32_AND = 0x71;
export const I32_OR = 0x72;
export const I32_XOR = 0x73;
export const I32_SHL = 0x74;
export const I32_SHR_S = 0x75;
export const I32_SHR_U = 0x76;
export const I64_CLZ = 0x79;
export const I64_CTZ = 0x7a;
export const I64_ADD = 0x7c;
export const I64_SUB = 0x7d;
export const I64_MUL = 0x7e;
export const I64_DIV_U = 0x80;
export const I64_REM_U = 0x82;
export const I64_AND = 0x83;
export const I64_OR = 0x84;
export const I64_XOR = 0x85;
export const I64_SHL = 0x86;
export const I64_SHR_S = 0x87;
export const I64_SHR_U = 0x88;
export const F64_ABS = 0x99;
export const F64_NEG = 0x9a;
export const F64_TRUNC = 0x9d;
export const F64_MUL = 0xa2;
export const I32_WRAP_I64 = 0xa7;
export const I32_TRUNC_F64_S = 0xaa;
export const I64_EXTEND_I32_S = 0xac;
export const I64_EXTEND_I32_U = 0xad;
export const I64_TRUNC_F64_U = 0xb1;
export const F64_CONVERT_I64_U = 0xba;
export const I64_REINTERPRET_F64 = 0xbd;

/** Unsigned LEB128 of a non-negative 32-bit value (5.2.2). */
export function uleb(n: number): number[] {
  const out: number[] = [];
  let v = n >>> 0;
  do {
    let b = v & 0x7f;
    v >>>= 7;
    if (v !== 0) b |= 0x80;
    out.push(b);
  } while (v !== 0);
  return out;
}

/** Signed LEB128 of a 64-bit value (a bigint; two's complement, so 2^63 and up read as negative). */
export function sleb(value: bigint): number[] {
  const out: number[] = [];
  let v = BigInt.asIntN(64, value);
  for (;;) {
    const b = Number(v & 0x7fn);
    v >>= 7n;
    if ((v === 0n && (b & 0x40) === 0) || (v === -1n && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

/** Signed LEB128 of a 32-bit value (number arithmetic: no BigInt per constant). */
export function sleb32(value: number): number[] {
  const out: number[] = [];
  let v = value | 0;
  for (;;) {
    const b = v & 0x7f;
    v >>= 7;
    if ((v === 0 && (b & 0x40) === 0) || (v === -1 && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

/** `i32.const v`. */
export const i32c = (v: number): number[] => {
  const code = sleb32(v);
  code.unshift(I32_CONST);
  return code;
};
/** The encodings of the i64 constants made so far (a module repeats a few; BigInt steps are slow cold). */
const I64_CONSTS = new Map<bigint, number[]>();
/** `i64.const v` (v taken modulo 2^64). */
export function i64c(v: bigint): number[] {
  let code = I64_CONSTS.get(v);
  if (code === undefined) {
    code = [I64_CONST, ...sleb(v)];
    I64_CONSTS.set(v, code);
  }
  return code;
}
/** `f64.const v`. */
export const f64c = (v: number): number[] => {
  const b = new Uint8Array(new Float64Array([v]).buffer);
  // The immediate is little-endian (5.2.3); a big-endian host stores the double the other way round.
  const little = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
  return [F64_CONST, ...(little ? b : b.reverse())];
};
/** A memory access: opcode, alignment (log2), offset. */
export const mem = (op: number, align: number, offset = 0): number[] => [op, align, ...uleb(offset)];
/** `local.get l`, `local.set l`, `local.tee l` (an index below 128 is one byte). */
export const get = (l: number): number[] => (l < 128 ? [GET, l] : [GET, ...uleb(l)]);
export const set = (l: number): number[] => (l < 128 ? [SET, l] : [SET, ...uleb(l)]);
export const tee = (l: number): number[] => (l < 128 ? [TEE, l] : [TEE, ...uleb(l)]);

/** A vector: count, then the items (5.1.3). */
export const vec = (items: readonly (readonly number[])[]): number[] => [
  ...uleb(items.length),
  ...items.flat(),
];
/** A section: id, size, contents (5.5.2). */
export const section = (id: number, body: readonly number[]): number[] => [id, ...uleb(body.length), ...body];
/** A name (UTF-8 bytes of an ASCII string, with its length). */
const name = (s: string): number[] => vec([...s].map((c) => [c.charCodeAt(0)]));

/** A function of a module: its parameter and result types, locals (types in order), and code. */
export interface WasmFunction {
  params: readonly number[];
  results: readonly number[];
  /** The locals after the parameters, one type each. */
  locals: readonly number[];
  /** The instructions, without the final `end`. */
  code: readonly number[];
  /** The export name, if exported. */
  export?: string;
}

/** A module's description: its functions, its memory (pages, exported as `memoryExport`), and data at offsets. */
export interface WasmModule {
  functions: readonly WasmFunction[];
  memoryPages: number;
  memoryExport: string;
  data?: readonly { offset: number; bytes: Uint8Array }[];
}

/** Run-length groups of the local types: the code section's local declarations (5.5.13). */
function localGroups(types: readonly number[]): number[][] {
  const groups: number[][] = [];
  for (const t of types) {
    const last = groups[groups.length - 1];
    if (last !== undefined && last[1] === t) last[0] = (last[0] as number) + 1;
    else groups.push([1, t]);
  }
  return groups.map(([n, t]) => [...uleb(n as number), t as number]);
}

/** The binary of a module (5.5): one type per function, functions indexed in order. */
export function moduleBytes(m: WasmModule): Uint8Array<ArrayBuffer> {
  const fns = m.functions;
  const types = fns.map((f) => [0x60, ...vec(f.params.map((t) => [t])), ...vec(f.results.map((t) => [t]))]);
  const exports: number[][] = [[...name(m.memoryExport), 0x02, 0]];
  fns.forEach((f, i) => {
    if (f.export !== undefined) exports.push([...name(f.export), 0x00, ...uleb(i)]);
  });
  const bodies = fns.map((f) => {
    const body = [...vec(localGroups(f.locals)), ...f.code, END];
    return [...uleb(body.length), ...body];
  });
  const data = (m.data ?? []).map((d) => [0x00, ...i32c(d.offset), END, ...uleb(d.bytes.length), ...d.bytes]);
  const bytes = [
    ...[0x00, 0x61, 0x73, 0x6d], // "\0asm"
    ...[0x01, 0x00, 0x00, 0x00], // version 1
    ...section(1, vec(types)),
    ...section(
      3,
      fns.map((_, i) => uleb(i)).reduce((a, b) => a.concat(b), uleb(fns.length)),
    ),
    ...section(5, vec([[0x00, ...uleb(m.memoryPages)]])), // memory: no maximum
    ...section(7, vec(exports)),
    ...section(10, vec(bodies)),
    ...(data.length > 0 ? section(11, vec(data)) : []),
  ];
  return Uint8Array.from(bytes);
}
