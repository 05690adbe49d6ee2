// `npm run chromatic`: publishes the built Storybook to Chromatic for hosted visual review. It runs
// the pinned devDependency's own binary (never `npx chromatic`, which would fetch whatever version is
// newest at run time), and only when CHROMATIC_PROJECT_TOKEN is set: without one it says so and exits
// 0, so a fork or a laptop without the project's token is not an error. Not run in CI: the story
// tests' own baselines are the visual check there.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);

/** Chromatic's arguments: build Storybook with our script, and a visual change is for review, not a failure. */
export const CHROMATIC_ARGS = ["--build-script-name", "build-storybook", "--exit-zero-on-changes"];

/** The installed (pinned) chromatic's version and its binary's path. */
export function chromaticBinary() {
  const manifestPath = require.resolve("chromatic/package.json");
  const manifest = require(manifestPath);
  const bin = typeof manifest.bin === "string" ? manifest.bin : manifest.bin.chromatic;
  return { version: manifest.version, path: path.join(path.dirname(manifestPath), bin) };
}

/** What to run for `env`, or null without a project token. `extra` are the caller's own arguments. */
export function chromaticCommand(env, extra = []) {
  if (!env.CHROMATIC_PROJECT_TOKEN?.trim()) return null;
  return { command: process.execPath, args: [chromaticBinary().path, ...CHROMATIC_ARGS, ...extra] };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const run = chromaticCommand(process.env, process.argv.slice(2));
  if (!run) {
    console.log("chromatic: CHROMATIC_PROJECT_TOKEN is not set, so nothing is published (set it to the project's token to publish Storybook).");
    process.exit(0);
  }
  // The token stays in the environment, where chromatic reads it: never on a command line `ps` shows.
  const child = spawn(run.command, run.args, { stdio: "inherit" });
  child.on("exit", (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
}
