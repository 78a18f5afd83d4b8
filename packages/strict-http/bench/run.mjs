// Throughput of a strict-http route beside fastify's JSON route and express.json() on the same
// body, over loopback with autocannon (100 connections). Each server runs in its own process;
// rounds alternate the three so background load is shared. Run: pnpm --filter @gojson/strict-http bench
// (after a build). BENCH_SECONDS (default 5) and BENCH_ROUNDS (default 3) shorten or lengthen it.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const body = JSON.stringify({
  id: 90210,
  customer: "Ann Smith",
  total: 12345,
  paid: true,
  items: ["book", "pen", "lamp"],
  address: { street: "Bahnhofstrasse 1", city: "Zürich", zip: "8001" },
  notes: "leave at the door",
});
const kinds = ["strict", "fastify", "express"];
const serverPath = fileURLToPath(new URL("./server.mjs", import.meta.url));

function startServer(kind) {
  return new Promise((resolve, reject) => {
    const child = fork(serverPath, [kind], { stdio: "inherit" });
    child.once("message", (m) => resolve({ child, port: m.port }));
    child.once("error", reject);
  });
}

const results = Object.fromEntries(kinds.map((k) => [k, []]));
for (let round = 0; round < rounds; round++) {
  for (const kind of kinds) {
    const { child, port } = await startServer(kind);
    // A benchmark body is also a test: the route must answer correctly before it is timed.
    const check = await fetch(`http://127.0.0.1:${port}/`, {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
    });
    const got = await check.json();
    if (check.status !== 200 || got.members !== 7) throw new Error(`${kind}: wrong answer ${check.status}`);
    // Warm-up (JIT, connection pools), not counted.
    await autocannon({
      url: `http://127.0.0.1:${port}/`,
      method: "POST",
      connections: 100,
      duration: 1,
      headers: { "content-type": "application/json" },
      body,
    });
    const r = await autocannon({
      url: `http://127.0.0.1:${port}/`,
      method: "POST",
      connections: 100,
      duration: seconds,
      headers: { "content-type": "application/json" },
      body,
    });
    if (r.errors || r.non2xx) throw new Error(`${kind}: ${r.errors} errors, ${r.non2xx} non-2xx`);
    results[kind].push({ rps: r.requests.average, p99: r.latency.p99 });
    child.kill();
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `node ${process.version}, ${body.length}-byte body, 100 connections, ${rounds} x ${seconds} s, median of rounds`,
);
console.log("| route | req/s | p99 ms | vs strict-http |");
console.log("|---|---|---|---|");
const base = median(results.strict.map((x) => x.rps));
for (const kind of kinds) {
  const rps = median(results[kind].map((x) => x.rps));
  const p99 = median(results[kind].map((x) => x.p99));
  const name = {
    strict: "strict-http readJson (node:http)",
    fastify: "fastify JSON route",
    express: "express.json()",
  }[kind];
  console.log(`| ${name} | ${rps.toFixed(0)} | ${p99} | ${(rps / base).toFixed(2)}x |`);
}
