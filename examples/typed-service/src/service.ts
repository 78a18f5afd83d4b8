/**
 * A tiny order service: POST /orders takes a CreateOrder (decoded as Go's
 * encoding/json decodes it, unknown fields rejected) and answers an Order
 * (written as Go writes it); GET /schema/create-order serves the request's
 * JSON Schema for OpenAPI tools.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { marshal, unmarshal } from "@gojson/codec-v1";
import { GoTime } from "@gojson/gotype";
import { toJsonSchema } from "@gojson/schema";
import { readJson, sendProblem } from "@gojson/strict-http";
import { CreateOrder, type Line, Order } from "./shop.gen.js";

/** The request body's schema, as Go v1 with DisallowUnknownFields accepts it. */
export const createOrderSchema = toJsonSchema(CreateOrder, { version: "v1", disallowUnknownFields: true });

/** Reads a CreateOrder: strict-http's body checks, then the codec (its errors become 400s with Go's text). */
async function readCreateOrder(req: IncomingMessage): Promise<CreateOrder> {
  let body: CreateOrder | undefined;
  await readJson(req, {
    decode: (bytes) => {
      body = unmarshal(CreateOrder, bytes, { disallowUnknownFields: true });
      return body;
    },
  });
  if (body === undefined) throw new Error("readJson resolved without decoding");
  return body;
}

function total(lines: readonly Line[] | null): bigint {
  let sum = 0n;
  for (const l of lines ?? []) sum += BigInt(l.Qty) * l.PriceCents;
  return sum;
}

function send(res: ServerResponse, status: number, body: Uint8Array | string): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(body);
}

/** The service, not yet listening; `clock` gives the Placed time (tests fix it). */
export function orderService(clock: () => Date = () => new Date()): Server {
  let nextId = 1n;
  return createServer(async (req, res) => {
    try {
      if (req.method === "POST" && req.url === "/orders") {
        const create = await readCreateOrder(req);
        const order: Order = {
          ID: nextId++,
          Customer: create.Customer,
          Lines: create.Lines,
          TotalCents: total(create.Lines),
          Placed: GoTime.fromDate(clock()),
        };
        send(res, 201, marshal(Order, order));
        return;
      }
      if (req.method === "GET" && req.url === "/schema/create-order") {
        send(res, 200, JSON.stringify(createOrderSchema));
        return;
      }
      send(res, 404, '{"error":"not found"}');
    } catch (e) {
      sendProblem(res, e);
    }
  });
}
