// `npm run sanctions:refresh -- <source file> [--data-dir DIR]`: imports an operator-provided list
// (one address per line, or a CSV) into DATA_DIR/sanctions.json, which the running server picks
// up within a second, in place of the bundled starter list.
import fs from "node:fs";
import path from "node:path";
import { parseSanctionsSource, refreshedListPath, type SanctionsListFile } from "../src/server/modules/sanctions/list";

const args = process.argv.slice(2);
const dirFlag = args.indexOf("--data-dir");
const dataDir = dirFlag >= 0 ? args[dirFlag + 1] : (process.env.DATA_DIR ?? "./data");
const source = args.find((a, i) => !a.startsWith("--") && i !== dirFlag + 1);
if (!source || !dataDir) {
  console.error("usage: npm run sanctions:refresh -- <source file> [--data-dir DIR]");
  process.exit(64);
}
const addresses = parseSanctionsSource(fs.readFileSync(source, "utf8"));
if (addresses.length === 0) {
  console.error(`${source}: no addresses found; the current list is kept`);
  process.exit(65);
}
const list: SanctionsListFile = { source: path.basename(source), updatedAt: new Date().toISOString(), addresses };
fs.mkdirSync(dataDir, { recursive: true });
const target = refreshedListPath(dataDir);
// Write then rename: the server never reads a half-written list.
fs.writeFileSync(`${target}.tmp`, `${JSON.stringify(list, null, 2)}\n`);
fs.renameSync(`${target}.tmp`, target);
console.log(`${addresses.length} sanctioned addresses written to ${target}`);
