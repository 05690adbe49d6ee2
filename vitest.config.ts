import { defineConfig } from "vitest/config";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";

const src = fileURLToPath(new URL("./src", import.meta.url));

/** Debian's Chromium, never a downloaded browser; flags keep it off this closed network. */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--font-render-hinting=none",
  ],
};

export default defineConfig({
  resolve: { alias: { "@": src } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx", "packages/*/src/**/*.test.ts", "packages/*/src/**/*.test.tsx", "examples/*/src/**/*.test.ts", "scripts/**/*.test.ts", "tests/fixtures/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        plugins: [tailwindcss(), storybookTest({ configDir: fileURLToPath(new URL("./.storybook", import.meta.url)) })],
        test: {
          name: "storybook",
          setupFiles: ["./.storybook/vitest.setup.ts"],
          // One retry: a story whose screenshot differs by a few pixels once in 1,200 runs must
          // not sink a CI run, and a real regression fails twice. `npm test` lists every story that
          // needed the retry (scripts/flaky-reporter.mjs), so flakes are seen and fixed.
          retry: 1,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunch }),
            instances: [{ browser: "chromium", viewport: { width: 640, height: 480 } }],
            expect: { toMatchScreenshot: { comparatorName: "pixelmatch", comparatorOptions: { threshold: 0.2, allowedMismatchedPixelRatio: 0.001 } } },
          },
        },
      },
    ],
  },
});
