import { afterEach, beforeEach, expect } from "vitest";
import { page } from "vitest/browser";
import { setProjectAnnotations } from "@storybook/react-vite";
import * as a11yAnnotations from "@storybook/addon-a11y/preview";
import * as projectAnnotations from "./preview";

setProjectAnnotations([a11yAnnotations, projectAnnotations]);

// Stories render flush against the page edge in tests; a little room makes baselines readable.
beforeEach(() => {
  document.body.style.padding = "16px";
});

// Visual regression: every story's rendered root is compared with its checked-in baseline
// (__screenshots__ beside the stories file). Stories tagged `no-screenshot` opt out.
afterEach(async (context) => {
  const tags = (context.task.meta as { storybook?: { tags?: string[] } }).storybook?.tags ?? [];
  if (tags.includes("no-screenshot") || context.task.result?.state === "fail") return;
  const root = document.querySelector("#storybook-root") ?? document.body;
  await expect.element(page.elementLocator(root)).toMatchScreenshot();
});
