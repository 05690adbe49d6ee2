import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The server's rooms depend one way: modules → jobs → payments → chains → db (and src/lib under
 * all). A lower room importing a higher one is a cycle waiting to happen; this test names each.
 */
const ROOT = path.resolve("src/server");
const RANK: Record<string, number> = { db: 0, chains: 1, payments: 2, jobs: 3, modules: 4 };

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const importsOf = (file: string) => [...fs.readFileSync(file, "utf8").matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]!);

describe("server layering", () => {
  it("never imports a higher room from a lower one (modules → jobs → payments → chains → db)", () => {
    const upward: string[] = [];
    for (const [room, rank] of Object.entries(RANK)) {
      for (const file of sources(path.join(ROOT, room))) {
        for (const spec of importsOf(file)) {
          if (!spec.startsWith(".")) continue;
          const target = path.relative(ROOT, path.resolve(path.dirname(file), spec)).split(path.sep)[0]!;
          if (target in RANK && RANK[target]! > rank) upward.push(`${path.relative(ROOT, file)} → ${spec}`);
        }
      }
    }
    expect(upward).toEqual([]);
  });

  it("keeps src/lib free of server code (it runs in the browser too)", () => {
    const lib = path.resolve("src/lib");
    const leaks = sources(lib).flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec.includes("/server/") || spec.startsWith("@/server") || spec.startsWith("node:"))
        .map((spec) => `${path.relative(lib, file)} → ${spec}`),
    );
    expect(leaks).toEqual([]);
  });
});
