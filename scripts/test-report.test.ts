import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import FlakyReporter from "./flaky-reporter.mjs";
import { describeFailures, readPlaywright, readVitest } from "./test-report.mjs";

// Reports in the shape the runners write (Vitest's json reporter, Playwright's json reporter),
// cut to the fields the summary reads.
const vitestReport = {
  numTotalTestSuites: 3,
  numPassedTests: 2,
  numFailedTests: 1,
  success: false,
  testResults: [
    {
      name: "/repo/src/components/ui/button.stories.tsx",
      status: "failed",
      message: "",
      assertionResults: [
        { fullName: "Button Primary", title: "Primary", status: "passed", failureMessages: [] },
        {
          fullName: "Button Phone",
          title: "Phone",
          status: "failed",
          failureMessages: ["\u001b[31mError: Screenshot does not match the stored reference.\u001b[39m\n    at toMatchScreenshot"],
        },
      ],
    },
    { name: "/repo/src/lib/a.test.ts", status: "passed", assertionResults: [{ fullName: "a works", status: "passed", failureMessages: [] }] },
    { name: "/repo/src/lib/b.test.ts", status: "failed", message: "SyntaxError: Unexpected token\n at b.test.ts:3", assertionResults: [] },
  ],
};

describe("the test summary's reading of the reports", () => {
  it("names each failed story or test with its file and the first line of its error, colours removed", () => {
    const r = readVitest(vitestReport);
    expect(r.passed).toBe(2);
    expect(r.failed).toBe(2); // the failed story, and the file that did not load
    expect(describeFailures(r.failures, "/repo")).toEqual([
      "  ✗ src/components/ui/button.stories.tsx › Button Phone\n      Error: Screenshot does not match the stored reference.",
      "  ✗ src/lib/b.test.ts › (the file itself)\n      SyntaxError: Unexpected token",
    ]);
  });

  it("counts a run that failed outside any test as one failure, and a clean run as none", () => {
    const outside = readVitest({ numTotalTestSuites: 1, numPassedTests: 4, numFailedTests: 0, success: false, testResults: [] });
    expect(outside.failed).toBe(1);
    expect(outside.failures).toHaveLength(1);
    const clean = readVitest({ numTotalTestSuites: 1, numPassedTests: 4, numFailedTests: 0, success: true, testResults: [] });
    expect(clean).toEqual({ passed: 4, failed: 0, failures: [] });
  });

  it("walks Playwright's nested suites for unexpected tests; a test that passed on retry is listed apart, as flaky", () => {
    const report = {
      stats: { expected: 5, unexpected: 1, flaky: 1 },
      suites: [
        {
          title: "sign-in.spec.ts",
          file: "sign-in.spec.ts",
          specs: [{ title: "top level", file: "sign-in.spec.ts", tests: [{ status: "flaky", results: [{ error: { message: "first try" } }, {}] }] }],
          suites: [
            {
              title: "merchant sign-in",
              file: "sign-in.spec.ts",
              specs: [
                { title: "first sign-in", file: "sign-in.spec.ts", tests: [{ status: "expected", results: [{}] }] },
                { title: "Sign in again", file: "sign-in.spec.ts", tests: [{ status: "unexpected", results: [{ error: { message: "Timed out 5000ms waiting for expect(locator).toBeVisible()\nCall log:" } }] }] },
              ],
            },
          ],
        },
      ],
    };
    const r = readPlaywright(report);
    expect(r).toMatchObject({ passed: 6, failed: 1 });
    expect(describeFailures(r.flaky)).toEqual(["  ✗ sign-in.spec.ts › top level\n      first try"]);
    expect(describeFailures(r.failures)).toEqual(["  ✗ sign-in.spec.ts › merchant sign-in › Sign in again\n      Timed out 5000ms waiting for expect(locator).toBeVisible()"]);
  });

  it("cuts a very long error line", () => {
    const long = readVitest({ ...vitestReport, testResults: [{ name: "x", status: "failed", assertionResults: [{ fullName: "t", status: "failed", failureMessages: ["e".repeat(1000)] }] }] });
    expect(long.failures[0].message).toHaveLength(300);
  });
});

describe("the flaky-story reporter", () => {
  it("writes the tests that passed only on a retry, and nothing for one that passed first time", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "zpay-flaky-")), "flaky.json");
    const before = process.env.ZPAY_FLAKY_REPORT;
    process.env.ZPAY_FLAKY_REPORT = file;
    try {
      const reporter = new FlakyReporter();
      const testCase = (fullName: string, flaky: boolean) => ({ fullName, module: { moduleId: "/repo/a.stories.tsx" }, diagnostic: () => ({ flaky, retryCount: flaky ? 1 : 0 }) });
      reporter.onTestCaseResult(testCase("A Phone", true));
      reporter.onTestCaseResult(testCase("A Desktop", false));
      reporter.onTestRunEnd();
      expect(JSON.parse(fs.readFileSync(file, "utf8"))).toEqual([{ file: "/repo/a.stories.tsx", title: "A Phone", retries: 1 }]);
    } finally {
      if (before === undefined) delete process.env.ZPAY_FLAKY_REPORT;
      else process.env.ZPAY_FLAKY_REPORT = before;
    }
  });
});
