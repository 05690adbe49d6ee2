import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { CHROMATIC_ARGS, chromaticBinary, chromaticCommand } from "./chromatic.mjs";

const root = path.resolve(import.meta.dirname, "..");
const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Runs `npm run chromatic`'s script as npm would, with `env` instead of this process's. */
const runScript = (env: Record<string, string>) =>
  spawnSync(process.execPath, ["scripts/chromatic.mjs"], { cwd: root, env: { PATH: process.env.PATH ?? "", ...env }, encoding: "utf8", timeout: 20_000 });

describe("npm run chromatic", () => {
  it("without CHROMATIC_PROJECT_TOKEN says so and exits 0, publishing nothing", () => {
    for (const token of [undefined, "", "  "]) {
      const result = runScript(token === undefined ? {} : { CHROMATIC_PROJECT_TOKEN: token });
      expect(result.status).toBe(0);
      expect(result.stdout).toContain("CHROMATIC_PROJECT_TOKEN is not set, so nothing is published");
      expect(result.stderr).toBe("");
      expect(chromaticCommand(token === undefined ? {} : { CHROMATIC_PROJECT_TOKEN: token })).toBeNull();
    }
  });

  it("with a token runs the pinned local binary, never a version fetched at run time", () => {
    expect(manifest.scripts.chromatic).toBe("node scripts/chromatic.mjs");
    // An exact version: a range would let a fresh install pick up another CLI.
    expect(manifest.devDependencies.chromatic).toMatch(/^\d+\.\d+\.\d+$/);
    const binary = chromaticBinary();
    expect(binary.version).toBe(manifest.devDependencies.chromatic);
    expect(fs.existsSync(binary.path)).toBe(true);
    expect(binary.path.startsWith(path.join(root, "node_modules", "chromatic"))).toBe(true);

    const run = chromaticCommand({ CHROMATIC_PROJECT_TOKEN: "chpt_example" }, ["--dry-run"]);
    expect(run).toEqual({ command: process.execPath, args: [binary.path, ...CHROMATIC_ARGS, "--dry-run"] });
    // The token is read by chromatic from the environment, never put on the command line.
    expect(run?.args.join(" ")).not.toContain("chpt_example");
  });
});
