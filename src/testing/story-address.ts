/**
 * Stories only: puts the page at `pathAndSearch` (same origin) for one story, for islands that
 * read their state from the address (`/transactions`, its filters in the query). Use in
 * `beforeEach` and return its result, which puts the test runner's own address back.
 */
export function setStoryAddress(pathAndSearch: string): () => void {
  const before = window.location.href;
  window.history.replaceState(null, "", new URL(pathAndSearch, window.location.origin));
  return () => window.history.replaceState(null, "", before);
}
