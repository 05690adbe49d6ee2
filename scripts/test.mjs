// `npm test`: every check the project has, in the order a failure is cheapest to find.
// Type checks, lint, the front-end build, unit + server integration tests (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set), story tests in Chromium (interactions, axe,
// visual baselines), then Playwright journeys against the started server.
// Ends with one line "N passed, N failed" counting the tests of every runner.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { describeFailures, readPlaywright, readVitest } from "./test-report.mjs";

const reports = path.resolve("test-results/reports");
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", STORYBOOK_DISABLE_TELEMETRY: "1", FORCE_COLOR: "0" };
const bin = (name) => path.resolve("node_modules/.bin", name);

const steps = [
  { name: "astro check", cmd: [bin("astro"), "check", "--minimumSeverity", "warning"] },
  { name: "tsc", cmd: [bin("tsc"), "--noEmit", "-p", "tsconfig.json"] },
  { name: "eslint", cmd: [bin("eslint"), "--max-warnings", "0", "."] },
  { name: "astro build", cmd: [bin("astro"), "build"] },
  { name: "unit and server integration tests", cmd: [bin("vitest"), "run", "--project", "node", "--reporter", "default", "--reporter", "json", "--outputFile.json", `${reports}/node.json`], report: "node.json" },
  {
    name: "story tests (Chromium)",
    cmd: [bin("vitest"), "run", "--project", "storybook", "--reporter", "default", "--reporter", "json", "--outputFile.json", `${reports}/storybook.json`, "--reporter", "./scripts/flaky-reporter.mjs"],
    env: { ZPAY_FLAKY_REPORT: `${reports}/storybook-flaky.json` },
    report: "storybook.json",
    flaky: "storybook-flaky.json",
  },
  { name: "storybook build", cmd: [bin("storybook"), "build", "--quiet", "-o", "storybook-static"] },
  { name: "e2e (Playwright)", cmd: [bin("playwright"), "test", "--reporter", "list,json"], env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json` }, report: "e2e.json" },
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
const failures = [];
const failedTests = [];
const flakyTests = [];

for (const step of steps) {
  if (only.length && !only.some((o) => step.name.includes(o))) continue;
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const res = spawnSync(step.cmd[0], step.cmd.slice(1), { stdio: "inherit", env: { ...env, ...step.env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const file = step.report && path.join(reports, step.report);
  if (file && existsSync(file)) {
    const report = JSON.parse(readFileSync(file, "utf8"));
    const c = step.report === "e2e.json" ? readPlaywright(report) : readVitest(report);
    passed += c.passed;
    failed += c.failed;
    failedTests.push(...describeFailures(c.failures));
    if (c.flaky) flakyTests.push(...describeFailures(c.flaky));
  } else if (res.status !== 0) {
    failed += 1; // a check with no per-test report counts as one failed test
  } else {
    passed += 1;
  }
  const flakyFile = step.flaky && path.join(reports, step.flaky);
  if (flakyFile && existsSync(flakyFile)) {
    const flaky = JSON.parse(readFileSync(flakyFile, "utf8"));
    flakyTests.push(...describeFailures(flaky.map((t) => ({ ...t, message: `passed on retry ${t.retries}` }))));
  }
  if (res.status !== 0) failures.push(step.name);
  console.log(`--- ${step.name}: ${res.status === 0 ? "ok" : `FAILED (exit ${res.status})`} in ${seconds}s`);
}

if (failures.length) console.log(`\nFailed steps: ${failures.join(", ")}`);
if (flakyTests.length) console.log(`\nFlaky (failed, then passed on retry; fix them):\n${flakyTests.join("\n")}`);
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.join("\n")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
