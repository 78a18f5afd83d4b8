// The servers the HTTP tests talk to: node:http with readJson (answering with sendProblem, or with
// its own keep-alive answer), and the Express, Fastify and Hono adapters. Each records how many
// bytes its sockets read, so tests can check that a rejected body was not read.
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { serve } from "@hono/node-server";
import express from "express";
import Fastify from "fastify";
import { Hono } from "hono";
import { strictJson as expressJson } from "../src/express.js";
import { strictJson as fastifyJson } from "../src/fastify.js";
import { strictJson as honoJson } from "../src/hono.js";
import { type ReadJsonOptions, readJson, StrictBodyError, sendProblem } from "../src/index.js";
import { bigintJson } from "./server.js";

/** A running app on 127.0.0.1. */
export interface App {
  readonly name: string;
  readonly port: number;
  /** Bytes read by every socket of the server so far (closed and open). */
  bytesRead(): number;
  /** Sockets of the server still open. */
  openSockets(): number;
  close(): Promise<void>;
}

function instrument(name: string, server: Server, close: () => Promise<void>): App {
  const sockets = new Set<Socket>();
  let closedBytes = 0;
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => {
      closedBytes += s.bytesRead;
      sockets.delete(s);
    });
  });
  return {
    name,
    port: (server.address() as AddressInfo).port,
    bytesRead: () => closedBytes + [...sockets].reduce((n, s) => n + s.bytesRead, 0),
    openSockets: () => sockets.size,
    close: async () => {
      for (const s of sockets) s.destroy();
      await close();
    },
  };
}

function listen(server: Server): Promise<void> {
  return new Promise((r) => server.listen(0, "127.0.0.1", () => r()));
}

/** node:http + readJson, answering errors with sendProblem. */
export async function nodeApp(options: ReadJsonOptions = {}): Promise<App> {
  const server = createServer((req, res) => {
    readJson(req, options).then(
      (value) => res.end(bigintJson({ value })),
      (err) => sendProblem(res, err),
    );
  });
  await listen(server);
  return instrument("node", server, () => new Promise((r) => server.close(() => r())));
}

/**
 * node:http + readJson whose handler ignores strict-http's helpers and answers
 * with its own short body, asking for keep-alive: the connection must still close.
 */
export async function nodeOwnAnswerApp(options: ReadJsonOptions = {}): Promise<App> {
  const server = createServer((req, res) => {
    readJson(req, options).then(
      (value) => res.end(bigintJson({ value })),
      (err) => {
        const status = StrictBodyError.isInstance(err) ? err.statusCode : 500;
        res.writeHead(status, {
          "content-type": "text/plain",
          "content-length": 3,
          connection: "keep-alive",
        });
        res.end("no\n");
      },
    );
  });
  server.keepAliveTimeout = 60_000;
  await listen(server);
  return instrument("node-own-answer", server, () => new Promise((r) => server.close(() => r())));
}

/** Express 5 with the strictJson middleware. */
export async function expressApp(options: ReadJsonOptions = {}): Promise<App> {
  const app = express();
  app.all("/", expressJson(options), (req, res) => {
    res.type("application/json").send(bigintJson({ value: req.body }));
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  return instrument("express", server, () => new Promise((r) => server.close(() => r())));
}

/** Fastify 4 with the strictJson plugin. */
export async function fastifyApp(options: ReadJsonOptions = {}): Promise<App> {
  const app = Fastify();
  await app.register(fastifyJson, options);
  app.all("/", async (req, reply) => {
    reply.type("application/json");
    return bigintJson({ value: req.body });
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return instrument("fastify", app.server, () => app.close());
}

/** Hono on @hono/node-server with the strictJson middleware. */
export async function honoApp(options: ReadJsonOptions = {}): Promise<App> {
  const app = new Hono<{ Variables: { body: unknown } }>();
  app.all("/", honoJson(options), (c) => c.body(bigintJson({ value: c.get("body") }), 200));
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s as Server));
  });
  return instrument("hono", server, () => new Promise((r) => server.close(() => r())));
}

/** Every app, by name. */
export const APPS: readonly [string, (o?: ReadJsonOptions) => Promise<App>][] = [
  ["node", nodeApp],
  ["node-own-answer", nodeOwnAnswerApp],
  ["express", expressApp],
  ["fastify", fastifyApp],
  ["hono", honoApp],
];
