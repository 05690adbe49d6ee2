// @ts-check
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import { precompressBuild } from "./scripts/precompress.mjs";
import { webSdkBuild } from "./scripts/build-web-sdk.mjs";

// Static shells only: the Hono server (src/server) serves dist/ and the API.
export default defineConfig({
  output: "static",
  // webSdkBuild: the Web SDK's script tag at dist/sdk/zpay.js (before precompression, so it gets its .br/.gz).
  // precompressBuild: .br and .gz beside every text file of dist/, served by src/server/http/static.ts.
  integrations: [react(), webSdkBuild(), precompressBuild()],
  vite: { plugins: [tailwindcss()] },
  server: { port: 4321 },
  devToolbar: { enabled: false },
});
