// The Web SDK's script tag, `/sdk/zpay.js`: packages/web bundled into one minified IIFE by
// esbuild (already installed with vite) and written into the build, so the app serves it like any
// other file of dist/. Runs at every `astro build` (the integration below, in astro.config.mjs,
// before precompression), or by hand: `node scripts/build-web-sdk.mjs dist`.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

/** Where the script is served from on the app origin. */
export const WEB_SDK_PATH = "/sdk/zpay.js";
const entry = fileURLToPath(new URL("../packages/web/src/script-tag.ts", import.meta.url));

/** Bundles the script tag into `distDir` + WEB_SDK_PATH; answers the file and its size in bytes. */
export async function buildWebSdk(distDir) {
  const outfile = path.join(distDir, WEB_SDK_PATH);
  await mkdir(path.dirname(outfile), { recursive: true });
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: "iife",
    minify: true,
    // Merchants' shoppers use every kind of browser: nothing newer than 2019 syntax.
    target: "es2019",
    legalComments: "none",
    banner: { js: "/* zpay Web SDK (packages/web) */" },
    metafile: true,
    logLevel: "silent",
  });
  return { file: outfile, bytes: result.metafile.outputs[Object.keys(result.metafile.outputs)[0]].bytes };
}

/** Astro integration: writes the Web SDK's script into the output directory when a build is done. */
export function webSdkBuild() {
  return {
    name: "zpay-web-sdk",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const { bytes } = await buildWebSdk(fileURLToPath(dir));
        logger.info(`Web SDK ${WEB_SDK_PATH}: ${(bytes / 1024).toFixed(1)} KB`);
      },
    },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { file, bytes } = await buildWebSdk(process.argv[2] ?? "dist");
  console.log(`${file}: ${bytes} bytes`);
}
