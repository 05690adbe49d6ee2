// The build's text files precompressed once, so the server never compresses them per request:
// `x.js` gets `x.js.br` (brotli, quality 11) and `x.js.gz` (gzip, level 9) beside it, and
// src/server/http/static.ts sends the best one a client accepts. Runs after every `astro build`
// (the integration below, in astro.config.mjs), or by hand: `node scripts/precompress.mjs dist`.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/** What is worth compressing: text formats; images, fonts and archives are compressed already. */
export const TEXT_EXTENSIONS = [".html", ".js", ".mjs", ".css", ".svg", ".json", ".txt", ".xml", ".webmanifest", ".map"];

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* textFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(file);
    else if (TEXT_EXTENSIONS.includes(path.extname(entry.name).toLowerCase())) yield file;
  }
}

async function compressFile(file) {
  const data = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gz(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
  return { bytes: data.length, br: br.length, gzip: gzipped.length };
}

/** Writes `.br` and `.gz` beside every text file under `dir`; returns the totals in bytes. */
export async function precompress(dir) {
  const totals = { files: 0, bytes: 0, br: 0, gzip: 0 };
  const queue = [];
  for await (const file of textFiles(dir)) queue.push(file);
  // A few at a time: brotli at quality 11 is CPU-bound, and the machine may have two cores.
  const workers = Array.from({ length: 4 }, async () => {
    for (let file = queue.pop(); file; file = queue.pop()) {
      const r = await compressFile(file);
      totals.files++;
      totals.bytes += r.bytes;
      totals.br += r.br;
      totals.gzip += r.gzip;
    }
  });
  await Promise.all(workers);
  return totals;
}

const kb = (n) => `${(n / 1024).toFixed(0)} KB`;

/** Astro integration: precompresses the output directory when a build is done. */
export function precompressBuild() {
  return {
    name: "zpay-precompress",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const t = await precompress(fileURLToPath(dir));
        logger.info(`${t.files} text files precompressed: ${kb(t.bytes)} → ${kb(t.br)} brotli, ${kb(t.gzip)} gzip`);
      },
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? "dist";
  if (!(await stat(dir).catch(() => undefined))?.isDirectory()) throw new Error(`${dir} is not a directory`);
  const t = await precompress(dir);
  console.log(`${t.files} text files precompressed: ${kb(t.bytes)} → ${kb(t.br)} brotli, ${kb(t.gzip)} gzip`);
}
