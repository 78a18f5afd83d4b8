import { main } from "./main.js";

main(process.argv).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.stderr.write(`gojson: internal error: ${e?.stack ?? e}\n`);
    process.exitCode = 4;
  },
);
