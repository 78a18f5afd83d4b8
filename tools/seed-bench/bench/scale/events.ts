/**
 * The inputs of the scale benches, generated on the fly into a temporary folder: a stream of
 * NDJSON events (one `Event` a line), a single big document (a JSON array of the same events),
 * a pool of events the encoders cycle through, a document of one long string, an escaped string
 * where a number is expected, and structs of many fields. Go and TypeScript read the same Go
 * declarations (EVENT_GO_SOURCE) and the same bytes.
 */
import { closeSync, openSync, writeSync } from "node:fs";

/** A small seeded PRNG (mulberry32): the same seed gives the same events everywhere. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function int(r: () => number, lo: number, hi: number): number {
  return lo + Math.floor(r() * (hi - lo + 1));
}

function pick<T>(r: () => number, xs: readonly T[]): T {
  return xs[Math.floor(r() * xs.length)] as T;
}

/** The Go declarations every scale reader decodes into (gotype's parseGo and the Go probe share them). */
export const EVENT_GO_SOURCE = `package events

// Event is one value of the scale benches' NDJSON stream.
type Event struct {
	ID     int64             \`json:"id"\`
	Kind   string            \`json:"kind"\`
	At     string            \`json:"at"\`
	User   User              \`json:"user"\`
	Amount float64           \`json:"amount"\`
	Items  []Item            \`json:"items"\`
	Tags   []string          \`json:"tags"\`
	Attrs  map[string]string \`json:"attrs"\`
	OK     bool              \`json:"ok"\`
}

// User is who caused an Event.
type User struct {
	ID      int64  \`json:"id"\`
	Name    string \`json:"name"\`
	Email   string \`json:"email"\`
	Country string \`json:"country"\`
}

// Item is one line of an order Event.
type Item struct {
	SKU   string  \`json:"sku"\`
	Qty   int     \`json:"qty"\`
	Price float64 \`json:"price"\`
}
`;

const KINDS = ["order.created", "order.paid", "user.login", "cart.update", "refund"] as const;
const NAMES = ["Ann Smith", "Bo Li", "Zoë Müller", "Ola Nordmann", 'Jo "JJ" Doe', "Søren Ås"] as const;
const COUNTRIES = ["DE", "FR", "NO", "US", "JP", "BR"] as const;
const TAGS = ["new", "vip", "mobile", "web", "promo", "retry", "eu"] as const;

/** One event's JSON text (Go's field order; what json.Marshal of the decoded Event prints, up to float formatting). */
export function eventJson(r: () => number, id: number): string {
  const items = [];
  for (let i = int(r, 0, 3); i > 0; i--)
    items.push({ sku: `SKU-${int(r, 1000, 9999)}`, qty: int(r, 1, 9), price: int(r, 100, 99999) / 100 });
  const tags = [];
  for (let i = int(r, 0, 3); i > 0; i--) tags.push(pick(r, TAGS));
  const uid = int(r, 1, 1e6);
  const ev = {
    id,
    kind: pick(r, KINDS),
    at: `2026-12-05T${String(int(r, 0, 23)).padStart(2, "0")}:${String(int(r, 0, 59)).padStart(2, "0")}:${String(
      int(r, 0, 59),
    ).padStart(2, "0")}.${String(int(r, 0, 999999)).padStart(6, "0")}Z`,
    user: { id: uid, name: pick(r, NAMES), email: `user${uid}@example.com`, country: pick(r, COUNTRIES) },
    amount: int(r, 0, 1e7) / 100,
    items,
    tags,
    attrs: {
      ua: pick(r, ["curl/8.5", "Mozilla/5.0 (X11; Linux x86_64)", "okhttp/4.12"]),
      ref: `c${int(r, 1, 99)}`,
    },
    ok: r() < 0.9,
  };
  return JSON.stringify(ev);
}

const BLOCK = 1 << 20;

/**
 * Writes events to `file` until it holds at least `bytes` bytes: NDJSON (one event a line) or,
 * with `array`, one JSON array (`[` newline, events separated by `,` newline, `]`). Returns the
 * bytes written and the events. Deterministic for a seed; memory stays at one block.
 */
export function writeEvents(
  file: string,
  bytes: number,
  options: { array?: boolean; seed?: number } = {},
): { bytes: number; values: number } {
  const r = prng(options.seed ?? 24);
  const fd = openSync(file, "w");
  let written = 0;
  let values = 0;
  let block = options.array ? "[\n" : "";
  let blockBytes = block.length;
  try {
    while (written + blockBytes < bytes || values === 0) {
      const line = eventJson(r, ++values);
      const piece = options.array ? (values > 1 ? `,\n${line}` : line) : `${line}\n`;
      block += piece;
      blockBytes += Buffer.byteLength(piece);
      if (blockBytes >= BLOCK) {
        written += writeSync(fd, block);
        block = "";
        blockBytes = 0;
      }
    }
    if (options.array) block += "\n]\n";
    written += writeSync(fd, block);
  } finally {
    closeSync(fd);
  }
  return { bytes: written, values };
}

/** Writes a document of one JSON string of `bytes` ASCII characters between the quotes (letters, a few escapes none). */
export function writeLongString(file: string, bytes: number): number {
  return writeRepeated(file, bytes, "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-_ ");
}

/** Writes a document of one JSON string of `\u0041` escapes (`bytes` bytes between the quotes): the reject-where-a-number-is-expected input. */
export function writeEscapedString(file: string, bytes: number): number {
  return writeRepeated(file, bytes, "\\u0041");
}

function writeRepeated(file: string, bytes: number, unit: string): number {
  const n = Math.max(1, Math.floor(bytes / unit.length));
  const chunkUnits = Math.max(1, Math.floor(BLOCK / unit.length));
  const chunk = unit.repeat(chunkUnits);
  const fd = openSync(file, "w");
  let written = 0;
  try {
    written += writeSync(fd, '"');
    for (let left = n; left > 0; left -= chunkUnits)
      written += writeSync(fd, left >= chunkUnits ? chunk : unit.repeat(left));
    written += writeSync(fd, '"');
  } finally {
    closeSync(fd);
  }
  return written;
}

/** Go source of a struct of `k` int fields F0…F(k−1) tagged f0…f(k−1) (the field-resolution bound). */
export function manyFieldsGoSource(k: number): string {
  const lines = ["package wide", "", "// Wide has many fields.", "type Wide struct {"];
  for (let i = 0; i < k; i++) lines.push(`\tF${i} int \`json:"f${i}"\``);
  lines.push("}", "");
  return lines.join("\n");
}

/** A JSON object that sets every field of manyFieldsGoSource(k) (fi = i). */
export function manyFieldsJson(k: number): string {
  const parts: string[] = [];
  for (let i = 0; i < k; i++) parts.push(`"f${i}":${i}`);
  return `{${parts.join(",")}}`;
}

/** The type names of manyTypesGoDecls(k): `K<k>Root` and `K<k>T<i>` (one set per k, so that sets of several sizes share one Go program). */
export function manyTypesRoot(k: number): string {
  return `K${k}Root`;
}

/**
 * Go declarations of k struct types alike in shape — an int, a string, a []float64, a pointer to
 * the next type (omitted when nil: the types form one cycle) and a map[string]bool — and a root
 * struct holding one of each (the first-call bound over many types: a service's API package).
 */
export function manyTypesGoDecls(k: number): string {
  const t = (i: number) => `K${k}T${i}`;
  const lines = [
    `// ${manyTypesRoot(k)} holds one value of each of ${k} struct types.`,
    `type ${manyTypesRoot(k)} struct {`,
  ];
  for (let i = 0; i < k; i++) lines.push(`\tT${i} ${t(i)} \`json:"t${i}"\``);
  lines.push("}", "");
  for (let i = 0; i < k; i++)
    lines.push(
      `type ${t(i)} struct {`,
      `\tA int \`json:"a"\``,
      `\tB string \`json:"b"\``,
      `\tC []float64 \`json:"c"\``,
      `\tD *${t((i + 1) % k)} \`json:"d,omitempty"\``,
      `\tE map[string]bool \`json:"e"\``,
      "}",
      "",
    );
  return lines.join("\n");
}

/** manyTypesGoDecls(k) as one Go file. */
export function manyTypesGoSource(k: number): string {
  return `package many\n\n${manyTypesGoDecls(k)}`;
}

/** A JSON object that sets every field of manyTypesGoDecls(k)'s root but the nil pointers, as Go's encoders write it back. */
export function manyTypesJson(k: number): string {
  const parts: string[] = [];
  for (let i = 0; i < k; i++) parts.push(`"t${i}":{"a":${i},"b":"x${i}","c":[1.5,2],"e":{"k":true}}`);
  return `{${parts.join(",")}}`;
}
