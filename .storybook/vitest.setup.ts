import { afterEach, beforeEach, expect } from "vitest";
import { page } from "vitest/browser";
// Preview and addon annotations (a11y included) are applied by @storybook/addon-vitest itself.

// Stories render flush against the page edge in tests; a little room makes baselines readable.
beforeEach(() => {
  document.body.style.padding = "16px";
});

// Visual regression: every story's rendered root is compared with its checked-in baseline
// (__screenshots__ beside the stories file). Stories tagged `no-screenshot` opt out.
afterEach(async (context) => {
  // @storybook/addon-vitest puts the composed story (its tags included) on the test's context.
  const tags = (context as { story?: { tags?: string[] } }).story?.tags ?? [];
  if (tags.includes("no-screenshot") || context.task.result?.state === "fail") return;
  const root = document.querySelector("#storybook-root") ?? document.body;
  await expect.element(page.elementLocator(root)).toMatchScreenshot();
});
