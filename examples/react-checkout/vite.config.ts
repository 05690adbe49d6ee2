import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The page from here, its API (POST /checkout) from the example shop server (examples/node-server).
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [react()],
  server: { port: 5180, proxy: { "/checkout": process.env.SHOP_URL ?? "http://127.0.0.1:3000" } },
});
