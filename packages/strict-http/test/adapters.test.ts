import { JsonError } from "@gojson/jsontext";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { goDecoderV1, goDecoderV2 } from "../src/codec.js";
import { StrictBodyCode as C, readJson } from "../src/index.js";
import { standardSchema } from "../src/standard-schema.js";
import { type App, expressApp, fastifyApp, honoApp } from "./apps.js";
import { fails, jsonHead, post, rawRequest } from "./server.js";

const apps: [string, typeof expressApp][] = [
  ["express", expressApp],
  ["fastify", fastifyApp],
  ["hono", honoApp],
];

for (const [name, make] of apps) {
  describe(`@gojson/strict-http/${name}`, () => {
    let port = 0;
    let app: App;
    let bug: App;
    const reported: unknown[] = [];
    beforeAll(async () => {
      app = await make({ maxBytes: 1024 });
      port = app.port;
      bug = await make({
        decode: () => {
          throw new TypeError("Cannot read properties of undefined (reading 'secret-token')");
        },
        onServerError: (e) => reported.push(e),
      });
    });
    afterAll(async () => {
      await app.close();
      await bug.close();
    });

    it("DecodeBug/500ProblemDetailsWithoutTheMessage", async () => {
      const r = await post(bug.port, '{"a":1}');
      expect(r.status).toBe(500);
      expect(r.headers.get("content-type")).toContain("application/problem+json");
      expect(r.json).toEqual({
        type: "about:blank",
        title: "Internal Server Error",
        status: 500,
        detail: "internal server error",
        code: C.INTERNAL,
      });
      expect(JSON.stringify(r.json)).not.toContain("secret-token");
      expect(reported.length).toBe(1);
      expect((reported[0] as Error).message).toContain("secret-token");
    });

    it("OK", async () => {
      const r = await post(port, '{"a":[1,"x"]}');
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ value: { a: [1, "x"] } });
    });

    it("Duplicate/400ProblemDetails", async () => {
      const r = await post(port, '{"a":1,"a":2}');
      expect(r.status).toBe(400);
      expect(r.headers.get("content-type")).toContain("application/problem+json");
      expect(r.json).toMatchObject({ status: 400, code: C.DUPLICATE_NAME, offset: 7, pointer: "/a" });
    });

    it("ContentType/415", async () => {
      const r = await post(port, '{"a":1}', { "content-type": "text/plain" });
      expect(r.status).toBe(415);
    });

    // Found by a user audit with curl: Fastify answered other media types with its
    // own FST_ERR_CTP_INVALID_MEDIA_TYPE body (application/json), unlike the others.
    it.each(["text/plain", "application/x-www-form-urlencoded", "application/problem+json"])(
      "ContentType/415ProblemDetails %s",
      async (type) => {
        const r = await post(port, '{"a":1}', { "content-type": type });
        expect(r.status).toBe(415);
        expect(r.headers.get("content-type")).toContain("application/problem+json");
        expect(r.json).toMatchObject({ status: 415, code: C.UNSUPPORTED_MEDIA_TYPE });
      },
    );

    it("ContentType/Missing415ProblemDetails", async () => {
      const r = await rawRequest(
        port,
        `${jsonHead({ "content-length": 7 }).replace("content-type: application/json\r\n", "")}{"a":1}`,
      );
      expect(r?.status).toBe(415);
      expect(r?.headers["content-type"]).toContain("application/problem+json");
      expect(JSON.parse(r?.body ?? "{}")).toMatchObject({ code: C.UNSUPPORTED_MEDIA_TYPE });
    });

    it("ContentType/EmptyParameterAccepted", async () => {
      // "application/json;" has an empty parameter list: the same media type for every adapter.
      const r = await post(port, '{"a":1}', { "content-type": "application/json;" });
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ value: { a: 1 } });
    });

    it("TooLarge/413WithoutReading", async () => {
      const r = await rawRequest(port, jsonHead({ "content-length": 100_000_000 }));
      expect(r?.status).toBe(413);
      expect(JSON.parse(r?.body ?? "{}").code).toBe(C.BODY_TOO_LARGE);
    });

    it("TooLarge/ChunkedStreamStops413", async () => {
      const chunk = `400\r\n${" ".repeat(1024)}\r\n`;
      const r = await rawRequest(
        port,
        jsonHead({ "transfer-encoding": "chunked" }),
        async (sock, answered) => {
          for (let k = 0; k < 256 && !answered() && !sock.destroyed; k++) {
            if (!sock.write(chunk)) await new Promise((res) => sock.once("drain", res));
          }
        },
      );
      expect(r?.status).toBe(413);
    });
  });
}

describe("@gojson/strict-http/standard-schema", () => {
  const req = (body: string) =>
    new Request("http://x/", { method: "POST", body, headers: { "content-type": "application/json" } });

  it("Zod/ValidAndIssues", async () => {
    const decode = standardSchema(z.strictObject({ name: z.string(), tags: z.array(z.string()) }));
    expect(await readJson(req('{"name":"ann","tags":["a"]}'), { decode })).toEqual({
      name: "ann",
      tags: ["a"],
    });
    const e = await fails(readJson(req('{"name":"ann","tags":["a",2]}'), { decode }));
    expect([e.statusCode, e.code, e.pointer]).toEqual([400, C.VALIDATION, "/tags/1"]);
    expect(e.issues?.length).toBe(1);
  });

  it("Valibot/Issues", async () => {
    const decode = standardSchema(v.object({ n: v.number() }));
    const e = await fails(readJson(req('{"n":"1"}'), { decode }));
    expect([e.statusCode, e.code, e.pointer]).toEqual([400, C.VALIDATION, "/n"]);
  });

  it("StrictPassFirst/DuplicateBeforeSchema", async () => {
    const decode = standardSchema(z.object({ a: z.number() }));
    const e = await fails(readJson(req('{"a":1,"a":2}'), { decode }));
    expect(e.code).toBe(C.DUPLICATE_NAME);
  });
});

describe("@gojson/strict-http/codec (with a stand-in codec)", () => {
  // A stand-in codec that records the options it is given (the real codecs run end to end in
  // test/codec.test.ts): it throws the way a codec error does, with Go's text, an offset and a pointer.
  const seen: unknown[] = [];
  const codec = {
    unmarshal(type: { fields: string[] }, data: Uint8Array, options?: Record<string, unknown>) {
      seen.push(options);
      const obj = JSON.parse(new TextDecoder().decode(data)) as Record<string, unknown>;
      for (const k of Object.keys(obj)) {
        if (!type.fields.includes(k) && (options?.disallowUnknownFields || options?.rejectUnknownMembers)) {
          throw Object.assign(
            new JsonError(`json: unknown field "${k}"`, { code: "GOJSON_ERR_UNKNOWN_FIELD" }),
            {
              offset: 14,
              pointer: `/${k}`,
            },
          );
        }
      }
      return obj;
    },
  };
  const T = { fields: ["name"] };
  const req = (body: string) =>
    new Request("http://x/", { method: "POST", body, headers: { "content-type": "application/json" } });

  it("V1/UnknownField400WithPointer", async () => {
    const e = await fails(readJson(req('{"name":"ann","role":"admin"}'), { decode: goDecoderV1(codec, T) }));
    expect([e.statusCode, e.code, e.message, e.pointer, e.offset]).toEqual([
      400,
      C.DECODE,
      'json: unknown field "role"',
      "/role",
      14,
    ]);
    expect(seen.at(-1)).toEqual({ disallowUnknownFields: true });
  });

  it("V2/OptionsMerged", async () => {
    expect(
      await readJson(req('{"name":"ann"}'), {
        decode: goDecoderV2(codec, T, { matchCaseInsensitiveNames: true }),
      }),
    ).toEqual({ name: "ann" });
    expect(seen.at(-1)).toEqual({ rejectUnknownMembers: true, matchCaseInsensitiveNames: true });
  });

  it("Precheck/DuplicatesRejectedEvenForV1", async () => {
    const e = await fails(readJson(req('{"name":"a","name":"b"}'), { decode: goDecoderV1(codec, T) }));
    expect(e.code).toBe(C.DUPLICATE_NAME);
  });

  it("Precheck/BigIntegersLeftToTheCodec", async () => {
    expect(
      await readJson(req('{"name":9223372036854775807}'), { decode: goDecoderV1(codec, T) }),
    ).toBeTruthy();
  });
});
