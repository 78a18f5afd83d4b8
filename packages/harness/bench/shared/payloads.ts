/**
 * Stand-in for @gojson/fixtures' seed payloads (being written at the same
 * time): seed 002's five synthetic payloads as seeded generators, their Go
 * types as source text, and the real corpora from ../shared/corpora.
 * Replace with the fixtures API once it is published.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

export interface BenchInput {
  id: string;
  label: string;
  /** JSON text as bytes: every candidate receives these same bytes. */
  bytes: Uint8Array;
  /** Go declarations (parseGo input) and the root type expression. */
  goSource: string;
  goType: string;
}

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet"];

/** Go types of the five seed payloads. */
export const SEED_GO_SOURCE = `package main

type FlatRecord struct {
	ID     int64   \`json:"id"\`
	Name   string  \`json:"name"\`
	Email  string  \`json:"email"\`
	Age    int     \`json:"age"\`
	Active bool    \`json:"active"\`
	Score  float64 \`json:"score"\`
}

type Item struct {
	SKU   string  \`json:"sku"\`
	Qty   int     \`json:"qty"\`
	Price float64 \`json:"price"\`
}

type Address struct {
	Street string \`json:"street"\`
	City   string \`json:"city"\`
	Zip    string \`json:"zip"\`
}

type NestedOrder struct {
	ID       int64    \`json:"id"\`
	Customer string   \`json:"customer"\`
	Items    []Item   \`json:"items"\`
	Shipping Address  \`json:"shipping"\`
	Tags     []string \`json:"tags"\`
	Total    float64  \`json:"total"\`
}

type Event struct {
	Type string \`json:"type"\`
	At   string \`json:"at"\`
	Data any    \`json:"data"\`
}

type TextDoc struct {
	Title string   \`json:"title"\`
	Body  string   \`json:"body"\`
	Lines []string \`json:"lines"\`
}

type Series struct {
	Name   string    \`json:"name"\`
	Points []float64 \`json:"points"\`
	Stamps []int64   \`json:"stamps"\`
}
`;

function enc(v: unknown): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(v));
}

/** Scale 1 gives inputs of roughly 15–60 KB. */
export function seedPayloads(scale = 1): BenchInput[] {
  const r = rng(2026);
  const w = () => WORDS[Math.floor(r() * WORDS.length)] as string;
  const n = (k: number) => Math.max(1, Math.round(k * scale));
  const flat = Array.from({ length: n(200) }, (_, i) => ({
    id: 100000 + i,
    name: `${w()} ${w()}`,
    email: `${w()}${i}@example.com`,
    age: 18 + Math.floor(r() * 60),
    active: r() < 0.5,
    score: Math.round(r() * 1e4) / 100,
  }));
  const orders = Array.from({ length: n(60) }, (_, i) => ({
    id: 5000 + i,
    customer: `${w()} ${w()}`,
    items: Array.from({ length: 1 + Math.floor(r() * 5) }, () => ({
      sku: `${w().toUpperCase()}-${Math.floor(r() * 1e4)}`,
      qty: 1 + Math.floor(r() * 9),
      price: Math.round(r() * 1e5) / 100,
    })),
    shipping: {
      street: `${Math.floor(r() * 999)} ${w()} st`,
      city: w(),
      zip: String(10000 + Math.floor(r() * 89999)),
    },
    tags: [w(), w()],
    total: Math.round(r() * 1e6) / 100,
  }));
  const events = Array.from({ length: n(150) }, (_, i) => {
    const k = i % 3;
    return {
      type: ["click", "purchase", "login"][k],
      at: `2026-08-${String(1 + (i % 28)).padStart(2, "0")}T12:${String(i % 60).padStart(2, "0")}:00Z`,
      data:
        k === 0
          ? { x: Math.floor(r() * 1920), y: Math.floor(r() * 1080), target: w() }
          : k === 1
            ? { order: 5000 + i, amount: Math.round(r() * 1e4) / 100, items: [w(), w()] }
            : { user: w(), ok: r() < 0.9, ip: `10.0.${i % 255}.${Math.floor(r() * 255)}` },
    };
  });
  const text = Array.from({ length: n(40) }, (_, i) => ({
    title: `"${w()}" & <${w()}> — ${i}`,
    body: Array.from({ length: 20 }, () => `${w()}\t"${w()}"\\n<b>${w()}</b> é ☃ \u0001`).join("\n"),
    lines: Array.from({ length: 5 }, () => `C:\\path\\${w()}\r\n`),
  }));
  const series = Array.from({ length: n(8) }, (_, i) => ({
    name: `series-${i}`,
    points: Array.from({ length: 400 }, () => (r() - 0.5) * 10 ** Math.floor(r() * 12 - 4)),
    stamps: Array.from({ length: 400 }, (_, j) => 1_700_000_000_000 + j * 1000 + i),
  }));
  return [
    {
      id: "flat-records",
      label: "Flat records",
      bytes: enc(flat),
      goSource: SEED_GO_SOURCE,
      goType: "[]FlatRecord",
    },
    {
      id: "nested-orders",
      label: "Nested orders",
      bytes: enc(orders),
      goSource: SEED_GO_SOURCE,
      goType: "[]NestedOrder",
    },
    {
      id: "interface-events",
      label: "Interface events",
      bytes: enc(events),
      goSource: SEED_GO_SOURCE,
      goType: "[]Event",
    },
    {
      id: "escaped-text",
      label: "Escaped text",
      bytes: enc(text),
      goSource: SEED_GO_SOURCE,
      goType: "[]TextDoc",
    },
    {
      id: "numeric-series",
      label: "Numeric series",
      bytes: enc(series),
      goSource: SEED_GO_SOURCE,
      goType: "[]Series",
    },
  ];
}

/** ../shared/corpora beside the repository (the CI clone has a copy of shared/ beside it). */
export function corporaDir(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const c = path.join(dir, "shared", "corpora");
    if (existsSync(c)) return c;
    dir = path.dirname(dir);
  }
  return undefined;
}

/** Go types for canada (typed); twitter and citm run as `any` until fixtures ships their types. */
export const CANADA_GO_SOURCE = `package main

type Canada struct {
	Type     string    \`json:"type"\`
	Features []Feature \`json:"features"\`
}

type Feature struct {
	Type       string            \`json:"type"\`
	Properties map[string]string \`json:"properties"\`
	Geometry   Geometry          \`json:"geometry"\`
}

type Geometry struct {
	Type        string         \`json:"type"\`
	Coordinates [][][2]float64 \`json:"coordinates"\`
}
`;

/** The corpora twitter, citm, canada (absent ones are left out). */
export function corpora(): BenchInput[] {
  const dir = corporaDir();
  if (!dir) return [];
  const list: Array<[string, string, string, string, string]> = [
    ["twitter", "twitter.json", "twitter_status.json.gz", "", "any"],
    ["citm", "citm_catalog.json", "citm_catalog.json.gz", "", "any"],
    ["canada", "canada.json", "canada_geometry.json.gz", CANADA_GO_SOURCE, "Canada"],
  ];
  const out: BenchInput[] = [];
  for (const [id, label, file, goSource, goType] of list) {
    const f = path.join(dir, file);
    if (!existsSync(f)) continue;
    out.push({ id, label, bytes: new Uint8Array(gunzipSync(readFileSync(f))), goSource, goType });
  }
  return out;
}
