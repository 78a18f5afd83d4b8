// After an early rejection the connection is left safe, whatever the handler answers: the client
// that keeps sending still reads the status, the server reads a bounded number of bytes, and the
// connection closes (Go's MaxBytesReader + server). Every loop here is bounded in bytes and time.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPS, type App } from "./apps.js";
import { chunk, flood, head, spaces } from "./flood.js";

const KiB = 1024;
const MiB = 1024 * KiB;
/** The most a server may read of a body it rejected at 1 KiB (one socket buffer and one stream buffer). */
const READ_BOUND = 2 * MiB;

for (const [name, make] of APPS) {
  describe(`connection after a rejection: ${name}`, () => {
    let app: App;
    beforeAll(async () => {
      app = await make({ maxBytes: KiB });
    });
    afterAll(() => app.close());

    it("DeclaredOverLimit/KeepAliveClientKeepsSending: 413, bounded read, closed", async () => {
      const before = app.bytesRead();
      const r = await flood(app.port, head(`Content-Length: ${200 * MiB}\r\n`), spaces);
      expect(r.status).toBe(413);
      expect(r.ended).toBe("closed");
      expect(app.bytesRead() - before).toBeLessThan(READ_BOUND);
    });

    it("Chunked/ClientKeepsSending: 413, bounded read, closed", async () => {
      const before = app.bytesRead();
      const r = await flood(app.port, head("Transfer-Encoding: chunked\r\n"), chunk);
      expect(r.status).toBe(413);
      expect(r.ended).toBe("closed");
      expect(app.bytesRead() - before).toBeLessThan(READ_BOUND);
    });

    it("ReadsLate/ClientBusySendingStillGetsTheStatus", async () => {
      // Without a linger the server's close meets unread bytes and resets the connection:
      // the client, reading 100 ms later, finds EPIPE/ECONNRESET instead of the 413.
      for (let i = 0; i < 2; i++) {
        const r = await flood(app.port, head(`Content-Length: ${200 * MiB}\r\n`), spaces, 100);
        expect(r.status).toBe(413);
      }
    });

    it("Fetch/8MiBUploadGetsTheStatus", async () => {
      const res = await fetch(`http://127.0.0.1:${app.port}/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: new Uint8Array(8 * MiB).fill(0x20),
      });
      expect(res.status).toBe(413);
      await res.arrayBuffer();
    });
  });
}
