import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../../../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");

describe("Mock Service Worker's script", () => {
  it("is the installed msw's own (a stale copy refuses to start or mocks wrongly): re-run `npx msw init .storybook/public --no-save` after an upgrade", () => {
    expect(read(".storybook/public/mockServiceWorker.js")).toBe(read("node_modules/msw/lib/mockServiceWorker.js"));
  });

  it("is served to Storybook only, never from the app's public/ (which ships in dist/)", () => {
    expect(existsSync(new URL("public/mockServiceWorker.js", root))).toBe(false);
    expect(read(".storybook/main.ts")).toMatch(/staticDirs: \[[^\]]*"\.\/public"/);
  });
});
