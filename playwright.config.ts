import { defineConfig } from "@playwright/test";
import os from "node:os";
import path from "node:path";
import { chromiumLaunch } from "./vitest.config";

/** Ports of the server the journeys run against (not the defaults, so a dev instance can stay up). */
export const E2E_APP_PORT = Number(process.env.E2E_APP_PORT ?? 4331);
export const E2E_PAYMENTS_PORT = Number(process.env.E2E_PAYMENTS_PORT ?? 4332);
const dataDir = path.join(os.tmpdir(), `zpay-e2e-${process.pid}`);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  // In CI a journey that fails is run once more; `npm test` lists those that needed it as flaky
  // (scripts/test-report.mjs), so a race is seen and fixed rather than hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: `http://localhost:${E2E_APP_PORT}`,
    browserName: "chromium",
    launchOptions: chromiumLaunch,
    screenshot: "only-on-failure",
  },
  webServer: {
    command: "node scripts/start.mjs",
    url: `http://localhost:${E2E_APP_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      APP_PORT: String(E2E_APP_PORT),
      PAYMENTS_PORT: String(E2E_PAYMENTS_PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // Fast slots: finalized in about 3 s instead of 13 s, same commitment rules.
      SANDBOX_SLOT_MS: "100",
      // The journeys' webhook receiver listens on 127.0.0.1.
      WEBHOOK_ALLOW_LOOPBACK: "true",
      // Every journey signs in from 127.0.0.1, many a minute; the limiter has its own tests.
      SIGNIN_RATE_LIMIT: "1000",
      // The sandbox mailbox's SMTP server on a known port, so a journey can drop a mail in it.
      SANDBOX_SMTP_PORT: String(E2E_APP_PORT + 1000),
      // The receiving-account scan every 2 s (default a minute): the Unmapped journey waits for it.
      UNMAPPED_SCAN_MS: "2000",
      // zRamp's provider: a stand-in page that may be framed (the payments origin's pay page).
      ZRAMP_PROVIDER_URL: `http://localhost:${E2E_PAYMENTS_PORT}/?ramp=e2e`,
      // The admin journey grants itself the operator pages (the CLI can't open the embedded database while the server runs).
      SANDBOX_ADMIN_GRANT: "true",
    },
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
  },
});
