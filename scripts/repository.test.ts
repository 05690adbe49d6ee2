import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** What a newcomer meets first: the README, CI's entry and the docs they link to. */
const readme = fs.readFileSync("README.md", "utf8");

/** The commands of the README's "The two commands" block, without their comments. */
function readmeCommands(): string[] {
  const section = readme.split("## The two commands")[1] ?? "";
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  return block
    .split("\n")
    .map((line) => line.replace(/#.*$/, "").trim())
    .filter(Boolean);
}

describe("setting up from a fresh clone", () => {
  it("gives two commands, start and test, that install with npm install (npm ci refuses this lockfile)", () => {
    const commands = readmeCommands();
    expect(commands).toEqual([expect.stringMatching(/&& npm start$/), expect.stringMatching(/&& npm test$/)]);
    for (const command of commands) expect(command).not.toMatch(/\bnpm ci\b/);
  });

  it("has CI run the README's test command exactly as written", () => {
    const ci = fs.readFileSync(".ci/run", "utf8").trimEnd().split("\n");
    expect(ci.at(-1)).toBe(readmeCommands()[1]);
  });

  it("stands alone: its links resolve inside the repository and nothing points outside it", () => {
    const links = [...readme.matchAll(/\]\(([^)#]+)\)/g)].map((m) => m[1]!).filter((href) => !/^[a-z]+:/.test(href));
    expect(links).toContain("docs/architecture.md");
    for (const href of links) expect(fs.existsSync(path.resolve(href)), href).toBe(true);

    // Files that point at the workspace's ../shared folder, which users of the repository do not have.
    expect(gitGrep(String.raw`\.\./shared/|shared/(SPEC|ARCHITECTURE)\.md`)).toEqual([]);
  });
});

/** Tracked files matching an extended regex (git grep answers 1 when there are none). */
function gitGrep(pattern: string): string[] {
  try {
    return execFileSync("git", ["grep", "-l", "-E", pattern, "--", ".", ":!package-lock.json"], { encoding: "utf8" }).split("\n").filter(Boolean);
  } catch (err) {
    if ((err as { status?: number }).status === 1) return [];
    throw err;
  }
}
