/**
 * Starts Mock Service Worker in the story's page with the story server's handlers. Used as the
 * setup of msw-storybook-addon's loader (.storybook/preview.tsx), which awaits it before the
 * first story renders, so even a file's first story talks to a ready worker.
 */
import { setupWorker } from "msw/browser";
import type { UnhandledFrameHandle } from "msw";
import { storyHandlers } from "./handlers";

/** Served from .storybook/public only: the app's own public/ never ships the worker. */
export const WORKER_URL = "/mockServiceWorker.js";

/** An API call no handler answers is a missing handler: say so loudly. Anything else (assets) passes. */
const onUnhandledFrame: UnhandledFrameHandle = ({ frame, defaults }) => {
  if (frame.protocol !== "http") return;
  const { pathname } = new URL((frame.data as { request: Request }).request.url);
  if (pathname.startsWith("/api/") || pathname.startsWith("/v2/")) defaults.error();
};

export async function startStoryWorker() {
  const worker = setupWorker(...storyHandlers);
  await worker.start({ quiet: true, serviceWorker: { url: WORKER_URL }, onUnhandledFrame });
  return worker;
}
