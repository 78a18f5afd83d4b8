#!/usr/bin/env node
import { main } from "./main.js";

// A reader that stops early (`gojson observe --json | head`) closes the pipe:
// end quietly, as cat and grep do, instead of crashing on an unhandled EPIPE.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code === "EPIPE") process.exit(typeof process.exitCode === "number" ? process.exitCode : 0);
  process.stderr.write(`gojson: cannot write the output: ${e.message}\n`);
  process.exit(4);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.stderr.write(`gojson: internal error: ${e?.stack ?? e}\n`);
    process.exitCode = 4;
  },
);
