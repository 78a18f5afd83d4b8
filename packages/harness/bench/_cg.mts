import { instructionTable, valgrindVersion } from "../src/index.js";
import { isolationSuite } from "./isolation.ts";
console.log(valgrindVersion());
const t0 = Date.now();
console.log(JSON.stringify(instructionTable(isolationSuite(), undefined, [5, 55]), null, 1));
console.log("ms", Date.now() - t0);
