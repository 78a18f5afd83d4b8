/** Runs the order service on PORT (default 8080). */
import { orderService } from "./service.js";

const port = Number(process.env.PORT ?? 8080);
orderService().listen(port, "127.0.0.1", () => {
  process.stdout.write(`order service on http://127.0.0.1:${port}\n`);
});
