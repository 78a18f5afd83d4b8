// One HTTP server per process for the throughput suite (bench/throughput.ts):
// `node bench/server.mjs strict|plain|fastify|express|strict-codec|codec` (after a build: strict-http
// runs from dist). Each route reads the same JSON body with a 1 MiB limit and answers its number of
// top-level members; keep-alive connections stay open for the whole run. The process answers the
// IPC message "cpu" with its CPU time, so a bench can count server CPU per request.
import { createServer } from "node:http";
import { readJson, sendProblem } from "../dist/index.js";

const kind = process.argv[2];
const LIMIT = 1024 * 1024;
const KEEP_ALIVE_MS = 10 * 60 * 1000;
const answer = (v) => JSON.stringify({ members: Object.keys(v ?? {}).length });

/** The Go types the codec routes decode into: an order, or a list of orders. */
const ORDER_GO = `package shop
type Address struct {
	Street string \`json:"street"\`
	City   string \`json:"city"\`
	Zip    string \`json:"zip"\`
}
type Order struct {
	ID       int      \`json:"id"\`
	Customer string   \`json:"customer"\`
	Total    int      \`json:"total"\`
	Paid     bool     \`json:"paid"\`
	Items    []string \`json:"items"\`
	Address  Address  \`json:"address"\`
	Notes    string   \`json:"notes"\`
}
type Orders []Order
`;

/** The codec routes' parts: codec-v2, the two Go types, and which one a body's first byte asks for. */
async function codecParts() {
  const { parseGo } = await import("@gojson/gotype");
  const codec = await import("@gojson/codec-v2");
  const types = parseGo(ORDER_GO);
  const order = types.Order;
  const orders = types.Orders;
  const isList = (body) => {
    for (const c of body) if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return c === 0x5b;
    return false;
  };
  return { codec, order, orders, isList, options: { rejectUnknownMembers: true } };
}

async function start() {
  if (kind === "strict-codec") {
    // readJson with a codec decoder (the README's goDecoderV2 pattern).
    const { goDecoderV2 } = await import("../dist/codec.js");
    const { codec, order, orders, isList } = await codecParts();
    const decodeOrder = goDecoderV2(codec, order);
    const decodeOrders = goDecoderV2(codec, orders);
    const options = {
      maxBytes: LIMIT,
      decode: (body) => (isList(body) ? decodeOrders(body) : decodeOrder(body)),
    };
    const server = createServer((req, res) => {
      readJson(req, options).then(
        (v) => {
          const body = answer(v);
          res.writeHead(200, {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
          });
          res.end(body);
        },
        (e) => sendProblem(res, e),
      );
    });
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    await new Promise((r) => server.listen(0, "127.0.0.1", r));
    return server.address().port;
  }
  if (kind === "codec") {
    // The floor for the codec route: collect the bytes and unmarshal, no limit and no header check.
    const { codec, order, orders, isList, options } = await codecParts();
    const server = createServer((req, res) => {
      const chunks = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", () => {
        let body;
        try {
          const bytes = Buffer.concat(chunks);
          body = answer(codec.unmarshal(isList(bytes) ? orders : order, bytes, options));
        } catch {
          res.writeHead(400).end();
          return;
        }
        res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
        res.end(body);
      });
    });
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    await new Promise((r) => server.listen(0, "127.0.0.1", r));
    return server.address().port;
  }
  if (kind === "strict") {
    const options = { maxBytes: LIMIT };
    const server = createServer((req, res) => {
      readJson(req, options).then(
        (v) => {
          const body = answer(v);
          res.writeHead(200, {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
          });
          res.end(body);
        },
        (e) => sendProblem(res, e),
      );
    });
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    await new Promise((r) => server.listen(0, "127.0.0.1", r));
    return server.address().port;
  }
  if (kind === "plain") {
    // The floor: the same route with no limit, no header check and no strict rule.
    const server = createServer((req, res) => {
      const chunks = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", () => {
        let body;
        try {
          body = answer(JSON.parse(Buffer.concat(chunks).toString("utf8")));
        } catch {
          res.writeHead(400).end();
          return;
        }
        res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
        res.end(body);
      });
    });
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    await new Promise((r) => server.listen(0, "127.0.0.1", r));
    return server.address().port;
  }
  if (kind === "fastify") {
    const { default: Fastify } = await import("fastify");
    const app = Fastify({ bodyLimit: LIMIT, keepAliveTimeout: KEEP_ALIVE_MS });
    app.post("/", async (req, reply) => {
      reply.type("application/json");
      return answer(req.body);
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    return app.server.address().port;
  }
  if (kind === "express") {
    const { default: express } = await import("express");
    const app = express();
    app.post("/", express.json({ limit: LIMIT }), (req, res) => {
      res.type("application/json").send(answer(req.body));
    });
    const server = app.listen(0, "127.0.0.1");
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    await new Promise((r) => server.once("listening", r));
    return server.address().port;
  }
  throw new Error(`unknown server kind ${kind}`);
}

const port = await start();
process.send?.({ port });
// The parent stops this process; also stop when it goes away.
process.on("disconnect", () => process.exit(0));
process.on("message", (m) => {
  if (m === "cpu") process.send?.({ cpu: process.cpuUsage() });
});
