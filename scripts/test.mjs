// `npm test`: every check the project has, in the order a failure is cheapest to find.
// Type checks, lint, the front-end build, unit + server integration tests (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set), story tests in Chromium (interactions, axe,
// visual baselines), then Playwright journeys against the started server.
// Ends with one line "N passed, N failed" counting the tests of every runner.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

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
  { name: "story tests (Chromium)", cmd: [bin("vitest"), "run", "--project", "storybook", "--reporter", "default", "--reporter", "json", "--outputFile.json", `${reports}/storybook.json`], report: "storybook.json" },
  { name: "storybook build", cmd: [bin("storybook"), "build", "--quiet", "-o", "storybook-static"] },
  { name: "e2e (Playwright)", cmd: [bin("playwright"), "test", "--reporter", "list,json"], env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json` }, report: "e2e.json" },
];

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
const failures = [];

function countVitest(file) {
  const r = JSON.parse(readFileSync(file, "utf8"));
  return { passed: r.numPassedTests, failed: r.numFailedTests + (r.numTotalTestSuites && !r.success && r.numFailedTests === 0 ? 1 : 0) };
}
function countPlaywright(file) {
  const s = JSON.parse(readFileSync(file, "utf8")).stats;
  return { passed: s.expected + s.flaky, failed: s.unexpected };
}

for (const step of steps) {
  if (only.length && !only.some((o) => step.name.includes(o))) continue;
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const res = spawnSync(step.cmd[0], step.cmd.slice(1), { stdio: "inherit", env: { ...env, ...step.env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const file = step.report && path.join(reports, step.report);
  if (file && existsSync(file)) {
    const c = step.report === "e2e.json" ? countPlaywright(file) : countVitest(file);
    passed += c.passed;
    failed += c.failed;
  } else if (res.status !== 0) {
    failed += 1; // a check with no per-test report counts as one failed test
  } else {
    passed += 1;
  }
  if (res.status !== 0) failures.push(step.name);
  console.log(`--- ${step.name}: ${res.status === 0 ? "ok" : `FAILED (exit ${res.status})`} in ${seconds}s`);
}

if (failures.length) console.log(`\nFailed steps: ${failures.join(", ")}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failures.length ? 1 : 0);
