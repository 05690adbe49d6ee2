// `npm start`: builds the front end when the build is missing, then runs the server in this
// process (TypeScript through tsx), so SIGINT/SIGTERM reach it directly.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { register } from "tsx/esm/api";

if (!existsSync("dist/index.html")) {
  console.log("No front-end build found: running `astro build` once…");
  const built = spawnSync(process.execPath, ["node_modules/astro/bin/astro.mjs", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
register();
await import("../src/server/main.ts");
