// A Vitest reporter that writes the tests that passed only on a retry to the JSON file named by
// ZPAY_FLAKY_REPORT. The story project retries once (a screenshot that differs by a few pixels
// in one of 1,200 runs must not sink a whole CI run); `npm test` prints these names at the end, so
// a flaky story is seen and fixed rather than hidden by the retry.
import { writeFileSync } from "node:fs";

export default class FlakyReporter {
  flaky = [];

  onTestCaseResult(testCase) {
    const d = testCase.diagnostic();
    if (d?.flaky) this.flaky.push({ file: testCase.module.moduleId, title: testCase.fullName, retries: d.retryCount });
  }

  onTestRunEnd() {
    const file = process.env.ZPAY_FLAKY_REPORT;
    if (file) writeFileSync(file, JSON.stringify(this.flaky, null, 2));
  }
}
