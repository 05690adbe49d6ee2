// The server as one ES module: what `npm start` runs and what the bench measures.
//
// Running the TypeScript through tsx kept a loader thread, every module's source and a module graph
// of hundreds of files alive: 357 MB RSS idle. One bundle, tree-shaken (a server render pulls three
// icons, not lucide's thousands), idles at about 155 MB on the same app. esbuild builds it in a
// second or two, so `npm start` builds it every time and can never run a stale one.
import { copyFile, mkdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Where the bundles go (ignored by git; `astro build` empties dist/, so not there). */
export const SERVER_BUILD_DIR = path.join(ROOT, "dist-server");

/**
 * V8 flags the server runs with. New space may otherwise grow to 3 × 32 MB of mostly garbage on a
 * machine with this much memory; 8 MB semi-spaces keep the CSV export's peak under 200 MB at the
 * same speed (more, cheaper scavenges).
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=8"];

/**
 * Packages left to Node at run time: native addons (sharp, litesvm, bigint-buffer, pg's optional
 * pg-native), WebAssembly or data files found from their own directory (PGlite, pdfkit's fonts,
 * solc, the Request Network artifacts, anvil's binary), worker files (pino), and the build tools.
 */
export const SERVER_EXTERNALS = [
  "@electric-sql/pglite",
  "@foundry-rs/anvil",
  "@requestnetwork/smart-contracts",
  "bigint-buffer",
  "esbuild",
  "litesvm",
  "pdfkit",
  "pg",
  "pino",
  "sharp",
  "solc",
  "tsx",
];

const LOADERS = { ".ts": "ts", ".tsx": "tsx", ".mts": "ts", ".cts": "ts", ".js": "js", ".mjs": "js", ".cjs": "js", ".jsx": "jsx" };

/**
 * Each bundled file keeps the location it was written at: `import.meta.url` (the migrations, the
 * sanctions list and the contracts are found from it) and a CommonJS package's `__dirname` and
 * `__filename` become that file's own, not the bundle's (in an ES module they would not exist).
 */
const ownLocation = {
  name: "own-location",
  setup(b) {
    b.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
      const text = await readFile(args.path, "utf8");
      if (!/import\.meta\.url|\b__dirname\b|\b__filename\b/.test(text)) return undefined;
      let contents = text.replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href));
      // Only where the file does not declare the name itself (an ES module deriving its own).
      for (const [name, value] of [["__dirname", path.dirname(args.path)], ["__filename", args.path]]) {
        if (!new RegExp(`(?:const|let|var|function)\\s+${name}\\b|[,{(]\\s*${name}\\s*[,})=]`).test(contents)) {
          contents = contents.replace(new RegExp(`(?<![.\\w$])${name}\\b`, "g"), JSON.stringify(value));
        }
      }
      return { contents, loader: LOADERS[path.extname(args.path)] ?? "js" };
    });
  },
};

/**
 * Worker threads a server starts from a file of their own: each is bundled beside the server, and
 * the server finds it through the constant named here (see src/server/modules/invoices/pdf-pool.ts).
 */
const WORKERS = [{ entry: "src/server/modules/invoices/pdf-worker.ts", name: "invoice-pdf-worker", constant: "__ZPAY_PDF_WORKER__" }];

/**
 * Bundles `entry` (a path from the repository root) to dist-server/<name>.mjs, and the worker
 * threads' files beside it; answers the server bundle's path.
 */
export async function buildServer(entry, name) {
  const define = Object.fromEntries(
    WORKERS.map((w) => [w.constant, JSON.stringify(pathToFileURL(path.join(SERVER_BUILD_DIR, `${w.name}.mjs`)).href)]),
  );
  // The API reference's browser bundle, copied beside the server: the only file of its package the
  // server serves, so a container image carries it without the package (and its 150 MB of deps).
  const scalar = path.join(SERVER_BUILD_DIR, "scalar-standalone.js");
  await mkdir(SERVER_BUILD_DIR, { recursive: true });
  const require = createRequire(import.meta.url);
  await copyFile(path.join(path.dirname(require.resolve("@scalar/api-reference")).replace(/dist.*$/, ""), "dist/browser/standalone.js"), scalar);
  define.__ZPAY_SCALAR_BUNDLE__ = JSON.stringify(pathToFileURL(scalar).href);
  for (const worker of WORKERS) await bundle(worker.entry, worker.name, define);
  return bundle(entry, name, define);
}

async function bundle(entry, name, define) {
  const outfile = path.join(SERVER_BUILD_DIR, `${name}.mjs`);
  await build({
    entryPoints: [path.join(ROOT, entry)],
    outfile,
    define,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    external: SERVER_EXTERNALS,
    plugins: [ownLocation],
    // A CommonJS package's require() of a Node built-in or an external, from inside an ES module.
    banner: { js: 'import { createRequire as __zpayCreateRequire } from "node:module"; const require = __zpayCreateRequire(import.meta.url);' },
    tsconfig: path.join(ROOT, "tsconfig.json"),
    logLevel: "warning",
    legalComments: "none",
    // A linked map costs nothing unless asked for: NODE_OPTIONS=--enable-source-maps npm start
    // gives stack traces in src/ files and lines instead of dist-server/main.mjs.
    sourcemap: "linked",
  });
  return outfile;
}
