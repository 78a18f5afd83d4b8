// One HTTP server per process for bench/run.mjs: `node bench/server.mjs strict|fastify|express`.
// Each route reads the same JSON body and answers its number of top-level members.
import { createServer } from "node:http";
import { readJson, sendProblem } from "../dist/index.js";

const kind = process.argv[2];
const answer = (v) => JSON.stringify({ members: Object.keys(v ?? {}).length });

async function start() {
  if (kind === "strict") {
    const server = createServer((req, res) => {
      readJson(req).then(
        (v) => {
          res.setHeader("content-type", "application/json");
          res.end(answer(v));
        },
        (e) => sendProblem(res, e),
      );
    });
    await new Promise((r) => server.listen(0, "127.0.0.1", r));
    return server.address().port;
  }
  if (kind === "fastify") {
    const { default: Fastify } = await import("fastify");
    const app = Fastify();
    app.post("/", async (req) => answer(req.body));
    await app.listen({ port: 0, host: "127.0.0.1" });
    return app.server.address().port;
  }
  if (kind === "express") {
    const { default: express } = await import("express");
    const app = express();
    app.post("/", express.json(), (req, res) => {
      res.type("application/json").send(answer(req.body));
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    return server.address().port;
  }
  throw new Error(`unknown server kind ${kind}`);
}

const port = await start();
process.send?.({ port });
