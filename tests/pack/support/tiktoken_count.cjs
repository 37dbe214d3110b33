// Counts cl100k_base tokens with the npm `tiktoken` package: the reference of the BPE tests and bench.
// Usage: NODE_PATH=<cache>/node/node_modules node tiktoken_count.cjs DOCS [REPEAT]
// DOCS holds records "<byte length>\n<bytes>"; each is decoded as UTF-8 the way Node does (invalid
// bytes become U+FFFD). Prints one count per document, then "ms <best encode time of REPEAT passes>".
"use strict";
const fs = require("fs");
const { get_encoding } = require("tiktoken");

const buf = fs.readFileSync(process.argv[2]);
const repeat = Math.max(1, Number(process.argv[3] || 1));
const docs = [];
for (let pos = 0; pos < buf.length;) {
  const nl = buf.indexOf(10, pos);
  const len = Number(buf.toString("latin1", pos, nl));
  docs.push(buf.toString("utf8", nl + 1, nl + 1 + len));
  pos = nl + 1 + len;
}
const enc = get_encoding("cl100k_base");
const counts = docs.map((d) => enc.encode_ordinary(d).length);
let best = Infinity;
for (let r = 0; r < repeat; ++r) {
  const t0 = process.hrtime.bigint();
  let sum = 0;
  for (const d of docs) sum += enc.encode_ordinary(d).length;
  best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e6);
  if (sum < 0) throw new Error("unreachable");
}
enc.free();
process.stdout.write(counts.join("\n") + "\nms " + best + "\n");
