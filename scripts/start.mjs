// `npm start`: builds the front end when the build is missing, bundles the server (a second or two,
// every time, so it is never stale), then becomes that server: process.execve replaces this
// process, so the server keeps this PID, SIGINT/SIGTERM reach it directly and it starts with
// SERVER_NODE_FLAGS (V8 flags must be given when a process starts).
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import { buildServer, SERVER_NODE_FLAGS } from "./build-server.mjs";

if (!existsSync("dist/index.html")) {
  console.log("No front-end build found: running `astro build` once…");
  const built = spawnSync(process.execPath, ["node_modules/astro/bin/astro.mjs", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const server = await buildServer("src/server/main.ts", "main");
if (typeof process.execve === "function") {
  process.execve(process.execPath, [process.execPath, ...SERVER_NODE_FLAGS, ...process.execArgv, server], process.env);
} else {
  // Windows has no execve: run the bundle in this process, without the flags.
  await import(pathToFileURL(server).href);
}
