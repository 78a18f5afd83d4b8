/**
 * Seed 003's question in TypeScript: codec-v1 marshal (a fresh byte slice)
 * vs the streaming Encoder writing into a sink (Go's json.NewEncoder(w).Encode),
 * on a small struct (Person{Name, Age}) and a ViaCEP-like address record, and
 * on a seed payload. The Encoder appends "\n" as Go's does; the check
 * requires its output to be marshal's bytes plus that newline.
 */
import { Encoder, marshal, unmarshal } from "@gojson/codec-v1";
import { formatSummary, runSuite, type Suite } from "@gojson/harness";
import { asBytes, bytesEqual, goTypeOf, isMain, seedPayloads } from "./inputs.js";

const GO = `package main

type Person struct {
	Name string
	Age  int
}

type Info struct {
	Cep         string \`json:"cep"\`
	Logradouro  string \`json:"logradouro"\`
	Complemento string \`json:"complemento"\`
	Bairro      string \`json:"bairro"\`
	Localidade  string \`json:"localidade"\`
	Uf          string \`json:"uf"\`
	Ibge        string \`json:"ibge"\`
	Gia         string \`json:"gia"\`
	Ddd         string \`json:"ddd"\`
	Siafi       string \`json:"siafi"\`
}
`;

interface Input {
  goSource: string;
  goType: string;
  json: Uint8Array;
}

/** A writer that keeps only the last chunk (like io.Discard but checkable). */
class Sink {
  chunks: Uint8Array[] = [];
  write(b: Uint8Array | string): number {
    const x = asBytes(b);
    this.chunks.push(x);
    if (this.chunks.length > 64) this.chunks.splice(0, 32);
    return x.length;
  }
  last(): Uint8Array {
    return this.chunks[this.chunks.length - 1] ?? new Uint8Array();
  }
}

type Fn = (...a: unknown[]) => unknown;
type EncoderLike = { encode: (...a: unknown[]) => unknown };

export async function marshalEncoderSuite(): Promise<Suite<Input>> {
  const enc = new TextEncoder();
  const seed = seedPayloads().find((p) => p.id === "nested-orders");
  const inputs: Array<{ id: string; label: string; data: Input }> = [
    {
      id: "person",
      label: "Person{Ada, 36}",
      data: { goSource: GO, goType: "Person", json: enc.encode('{"Name":"Ada","Age":36}') },
    },
    {
      id: "viacep-info",
      label: "ViaCEP Info",
      data: {
        goSource: GO,
        goType: "Info",
        json: enc.encode(
          '{"cep":"01001-000","logradouro":"Praça da Sé","complemento":"lado ímpar","bairro":"Sé","localidade":"São Paulo","uf":"SP","ibge":"3550308","gia":"1004","ddd":"11","siafi":"7107"}',
        ),
      },
    },
  ];
  if (seed)
    inputs.push({
      id: seed.id,
      label: seed.label,
      data: { goSource: seed.goSource, goType: seed.goType, json: seed.bytes },
    });
  const value = (d: Input) => (unmarshal as Fn)(goTypeOf(d.goSource, d.goType), d.json);
  const newEncoder = (w: Sink): EncoderLike => new Encoder(w) as unknown as EncoderLike;
  return {
    package: "@gojson/seed-bench",
    bench: "seed-003-marshal-encoder",
    title: "Is a reused Encoder cheaper per value than marshal? codec-v1",
    payloads: inputs.map((p) => ({ ...p, bytes: p.data.json.length })),
    candidates: [
      {
        id: "marshal",
        label: "marshal(T, v) → bytes",
        prepare: (p) => ({
          f: marshal as Fn,
          t: goTypeOf(p.data.goSource, p.data.goType),
          v: value(p.data),
        }),
        run: (s: { f: Fn; t: unknown; v: unknown }) => s.f(s.t, s.v),
        check: (out, p) => {
          const o = JSON.parse(new TextDecoder().decode(asBytes(out)));
          return JSON.stringify(o) === JSON.stringify(JSON.parse(new TextDecoder().decode(p.data.json)));
        },
      },
      {
        id: "encoder",
        label: "new Encoder(sink).encode(T, v) (reused encoder)",
        prepare: (p) => {
          const sink = new Sink();
          return {
            sink,
            e: newEncoder(sink),
            t: goTypeOf(p.data.goSource, p.data.goType),
            v: value(p.data),
          };
        },
        run: (s: { sink: Sink; e: EncoderLike; t: unknown; v: unknown }) => {
          s.e.encode(s.t, s.v);
          return s.sink;
        },
        check: (out, p) => {
          const sink = out as Sink;
          const m = (marshal as Fn)(goTypeOf(p.data.goSource, p.data.goType), value(p.data));
          const want = new Uint8Array([...asBytes(m), 0x0a]);
          return bytesEqual(sink.last(), want);
        },
      },
    ],
    settings: { pairs: 10, sampleTimeMs: 30 },
    module: { url: import.meta.url, exportName: "marshalEncoderSuite" },
    notes: [
      "Seed 003 measured Go's Marshal vs NewEncoder(w).Encode with an HTTP request inside the loop; here the network is left out and the writer is an in-memory sink.",
    ],
  };
}

if (isMain(import.meta.url)) console.log(formatSummary(await runSuite(await marshalEncoderSuite())));
