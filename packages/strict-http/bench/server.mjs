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

/** ok answers 200 with the route's JSON answer for value v. */
function ok(res, v) {
  const body = answer(v);
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

/** listen starts a node:http server with handler on a free loopback port; its port. */
async function listen(handler) {
  const server = createServer(handler);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return server.address().port;
}

/** readJsonRoute: readJson with options, its problem answer on rejection. */
function readJsonRoute(options) {
  return listen((req, res) => {
    readJson(req, options).then(
      (v) => ok(res, v),
      (e) => sendProblem(res, e),
    );
  });
}

/** bareRoute: the body's bytes joined and handed to decode, 400 when it throws. */
function bareRoute(decode) {
  return listen((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      let v;
      try {
        v = decode(Buffer.concat(chunks));
      } catch {
        res.writeHead(400).end();
        return;
      }
      ok(res, v);
    });
  });
}

async function start() {
  if (kind === "strict-codec") {
    // readJson with a codec decoder (the README's goDecoderV2 pattern).
    const { goDecoderV2 } = await import("../dist/codec.js");
    const { codec, order, orders, isList } = await codecParts();
    const decodeOrder = goDecoderV2(codec, order);
    const decodeOrders = goDecoderV2(codec, orders);
    return readJsonRoute({
      maxBytes: LIMIT,
      decode: (body) => (isList(body) ? decodeOrders(body) : decodeOrder(body)),
    });
  }
  if (kind === "codec") {
    // The floor for the codec route: collect the bytes and unmarshal, no limit and no header check.
    const { codec, order, orders, isList, options } = await codecParts();
    return bareRoute((bytes) => codec.unmarshal(isList(bytes) ? orders : order, bytes, options));
  }
  if (kind === "strict") return readJsonRoute({ maxBytes: LIMIT });
  if (kind === "plain") {
    // The floor: the same route with no limit, no header check and no strict rule.
    return bareRoute((bytes) => JSON.parse(bytes.toString("utf8")));
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
