// Reads the runners' JSON reports for `npm test`'s summary. The summary is the tail of the log,
// and the tail is often all a CI page keeps: naming each failed test there (with its file and the
// first line of its error) saves a rerun to find out which one it was.

/** Vitest's JSON report → { passed, failed, failures }. A run that failed outside any test
 *  (a file that did not load, an unhandled error) counts as one failure. */
export function readVitest(report) {
  const failures = [];
  let broken = 0; // files that failed with no failed test in them
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== "failed") continue;
      failures.push({ file: file.name, title: test.fullName ?? test.title, message: firstLine(test.failureMessages?.[0]) });
    }
    if (file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed")) {
      broken += 1;
      failures.push({ file: file.name, title: "(the file itself)", message: firstLine(file.message) });
    }
  }
  const outside = report.numTotalTestSuites && !report.success && failures.length === 0 ? 1 : 0;
  if (outside) failures.push({ file: "", title: "(outside any test)", message: "the run failed; see the log above" });
  return { passed: report.numPassedTests ?? 0, failed: (report.numFailedTests ?? 0) + broken + outside, failures };
}

/** Playwright's JSON report → { passed, failed, failures, flaky }; a test that passed on retry
 *  counts as passed and is listed in `flaky` with its first error, as Playwright says "flaky". */
export function readPlaywright(report) {
  const failures = [];
  const flaky = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected" && test.status !== "flaky") continue;
        const error = (test.results ?? []).map((r) => r.error?.message).find(Boolean);
        const entry = { file: spec.file ?? suite.file ?? "", title: [...titles, spec.title].join(" › "), message: firstLine(error) };
        (test.status === "flaky" ? flaky : failures).push(entry);
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title && child.title !== child.file ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  const s = report.stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, failures, flaky };
}

/** One line per failure, the error cut to what a log line can hold. */
export function describeFailures(failures, cwd = process.cwd()) {
  return failures.map((f) => {
    const file = f.file.startsWith(cwd + "/") ? f.file.slice(cwd.length + 1) : f.file;
    return `  ✗ ${file ? `${file} › ` : ""}${f.title}${f.message ? `\n      ${f.message}` : ""}`;
  });
}

function firstLine(text) {
  if (!text) return "";
  // eslint-disable-next-line no-control-regex -- runners colour their messages
  const line = String(text).replace(/\u001b\[[0-9;]*m/g, "").split("\n").find((l) => l.trim()) ?? "";
  return line.length > 300 ? `${line.slice(0, 299)}…` : line.trim();
}
