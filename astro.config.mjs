// @ts-check
import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";

// Static shells only: the Hono server (src/server) serves dist/ and the API.
export default defineConfig({
  output: "static",
  integrations: [react()],
  vite: { plugins: [tailwindcss()] },
  server: { port: 4321 },
  devToolbar: { enabled: false },
});
