import { $router } from "@/stores/router";

/**
 * Stories only: puts the page at `pathAndSearch` (same origin) for one story, for islands that
 * read their state from the address through the router store (`/transactions`, its filters in the
 * query). Use in `beforeEach` and return its result, which puts the test runner's own address back.
 */
export function setStoryAddress(pathAndSearch: string): () => void {
  const before = window.location.href;
  // Through the router, so its store follows (a bare replaceState fires no event it hears).
  $router.open(new URL(pathAndSearch, window.location.origin).href, true);
  return () => void $router.open(before, true);
}
