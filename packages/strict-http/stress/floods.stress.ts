// Issue: "a client that keeps sending sometimes loses the 413 to a TCP reset (2 of 20 chunked
// 64 MiB floods; a 200 MiB upload on a keep-alive connection got no status at all)". Twenty of
// each per adapter, plus clients that read late: every one must see its status, and the server
// must read a bounded number of bytes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPS, type App } from "../test/apps.js";
import { chunk, flood, head, spaces } from "../test/flood.js";

const MiB = 1024 * 1024;
const ROUNDS = 20;
/** Per flood: one socket buffer, one stream buffer, with room for a loaded machine. */
const READ_BOUND_PER_FLOOD = 2 * MiB;

for (const [name, make] of APPS) {
  describe(`floods: ${name}`, () => {
    let app: App;
    beforeAll(async () => {
      app = await make({ maxBytes: 1024 * 1024 });
    });
    afterAll(() => app.close());

    const kinds = [
      ["Chunked64MiB", head("Transfer-Encoding: chunked\r\n"), chunk, 64 * MiB, 0],
      ["Declared200MiBKeepAlive", head(`Content-Length: ${200 * MiB}\r\n`), spaces, 200 * MiB, 0],
      ["Declared200MiBReadsAfter300ms", head(`Content-Length: ${200 * MiB}\r\n`), spaces, 200 * MiB, 300],
    ] as const;
    it.each(kinds)("%s ×20: every status seen, bounded reads", async (kind, h, piece, cap, delay) => {
      const before = app.bytesRead();
      const statuses: number[] = [];
      let sent = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const r = await flood(app.port, h, piece, delay, cap);
        statuses.push(r.status);
        sent += r.sent;
      }
      const read = app.bytesRead() - before;
      console.log(
        `${name} ${kind}: ${statuses.filter((s) => s === 413).length}/${ROUNDS} saw 413; client sent ${(sent / MiB).toFixed(0)} MiB, server read ${(read / MiB).toFixed(1)} MiB`,
      );
      expect(statuses).toEqual(Array(ROUNDS).fill(413));
      expect(read).toBeLessThan(ROUNDS * READ_BOUND_PER_FLOOD);
    });
  });
}
