import { createRouter } from "@nanostores/router";

/**
 * The address, as a store, for the islands that keep their state in it: the Orders and zAPI lists
 * (SPEC §2 paging deep links `/transactions/next|prev/{iid}/{tid}`, §3 filters in the query) and
 * the settings tabs. They read it here rather than each from `window.location`, and the lists move
 * with `goInPage`, so a new page or new filters re-render the island without loading the page and
 * its shell again; back and forward reach the store too (popstate).
 *
 * Links are not taken over (`links: false`): the router would cancel every same-origin click, and
 * each other screen is a page of its own (an Astro shell) that a plain link must still load.
 */
export const $router = createRouter(
  {
    orders: "/transactions",
    ordersPage: "/transactions/:direction/:iid/:tid",
    zapi: "/zapi",
    zapiPage: "/zapi/:direction/:iid/:tid",
    settings: "/settings",
    settingsTab: "/settings/:tab",
    profile: "/profile",
  },
  { links: false },
);

/** What the store holds: the matched route, its parameters, path and query; undefined off its routes. */
export type RouterPage = ReturnType<typeof $router.get>;

/**
 * A page's path and query as an island reads them (the query with its `?`, "" when empty); null
 * for an address none of the routes names. A parameter given twice keeps its last value (the
 * router reads the query into an object): the screens write lists comma-separated.
 */
export function addressOf(page: RouterPage): { path: string; search: string } | null {
  if (!page) return null;
  const search = new URLSearchParams(page.search).toString();
  return { path: page.path, search: search ? `?${search}` : "" };
}

/**
 * Opens another address of the island on screen (another page of orders, other filters): a new
 * history entry and the store, without a page load; the reader starts again at the top, as a
 * page load would put them.
 */
export function goInPage(href: string): void {
  $router.open(href);
  window.scrollTo(0, 0);
}
