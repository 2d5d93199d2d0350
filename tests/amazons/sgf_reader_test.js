// Our SGF records of classic Amazons read by a real SGF reader (@sabaki/sgf,
// installed by scripts/setup): every record parses, its root says what the
// game is (FF 4, GM 18, SZ, AP with the version, DT), and its main line has
// one node a placement and one a turn, each point on the board.
//   node sgf_reader_test.js PATH/TO/amazons_sgf_examples
"use strict";
const { execFileSync } = require("child_process");
const os = require("os");
const path = require("path");
const cache = process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache");
const sgf = require(path.join(cache, "gridgames/npm/node_modules/@sabaki/sgf"));

const output = execFileSync(process.argv[2], { encoding: "utf8" });
const records = output.split("%%\n").filter((r) => r.trim());
let failures = 0;
const fail = (i, why) => { console.log("record " + i + ": " + why); failures++; };
const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

records.forEach((record, i) => {
  const nodes = Number(/^# NODES (\d+)$/m.exec(record)[1]);
  const text = record.slice(record.indexOf("\n") + 1);
  let root;
  try { [root] = sgf.parse(text); } catch (e) { fail(i, "does not parse: " + e.message); return; }
  const d = root.data;
  if (d.FF[0] !== "4" || d.GM[0] !== "18") fail(i, "not FF[4]GM[18]: " + JSON.stringify(d));
  if (!/^gridgames:\d+\.\d+$/.test(d.AP[0])) fail(i, "AP is " + d.AP);
  if (d.DT[0] !== "2026-11-29") fail(i, "DT is " + d.DT);
  const [cols, rows] = d.SZ[0].includes(":") ? d.SZ[0].split(":").map(Number) : [Number(d.SZ[0]), Number(d.SZ[0])];
  const onBoard = (p) => letters.indexOf(p[0]) >= 0 && letters.indexOf(p[0]) < cols &&
    letters.indexOf(p[1]) >= 0 && letters.indexOf(p[1]) < rows;
  let seen = 0;
  for (let node = root.children[0]; node; node = node.children[0]) {
    const d2 = node.data;
    const value = (d2.W || d2.B || d2.AW || d2.AB || [""])[0];
    const placement = Boolean(d2.AW || d2.AB);
    const last = node.children.length === 0;
    const expected = placement ? 2 : last && d2.C ? 4 : 6;  // a move without its shot is said so
    if (value.length !== expected) fail(i, "a node's point(s) " + JSON.stringify(d2));
    for (let k = 0; k < value.length; k += 2) if (!onBoard(value.slice(k, k + 2))) fail(i, "off the board: " + value);
    seen++;
  }
  if (seen !== nodes) fail(i, seen + " nodes, not " + nodes);
});
if (records.length !== 4) fail(-1, records.length + " records, not 4");
console.log(failures ? "sgf_reader_test: " + failures + " failures" : "sgf_reader_test: " + records.length + " records read");
process.exit(failures ? 1 : 0);
