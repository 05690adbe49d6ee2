/**
 * GET requests a merchant page's static shell starts before any module has loaded
 * (`startEarlyRequests`, inlined in the page's head by AppLayout.astro): the page's translations
 * and its first API calls run while the island's scripts download, instead of after them. The
 * island's API client and i18n backend take a response from here once, by URL, and go to the
 * network for anything not found (stories, tests, a page with no early requests).
 */

/** What the shell left on `window`: by URL, the token it asked with (null: none) and the response. */
export type EarlyRequests = Record<string, { token: string | null; response: Promise<Response> }>;
const GLOBAL = "__zpayEarly";

/**
 * The response started early for this URL, asked with this token, once; undefined otherwise (a
 * second call for the same URL, e.g. a reload after a save, goes to the network).
 */
export function takeEarlyResponse(url: string, token: string | null): Promise<Response> | undefined {
  const early = (globalThis as Record<string, unknown>)[GLOBAL] as EarlyRequests | undefined;
  const found = early?.[url];
  if (!found) return undefined;
  delete early[url];
  return found.token === token ? found.response : undefined;
}

export interface EarlyRequestPlan {
  /** The reader's language's bundle of every namespace (and the fallback's), as i18n.ts loads them. */
  languages: readonly string[];
  fallback: string;
  /** API paths the page asks first (`/api/session`, its list…), sent only with a stored session. */
  api: readonly string[];
}

/**
 * Runs in the page's head as an inline script (its source is this function's text, so it uses no
 * import and no helper): picks the language as `detectLanguage` does (stored choice, then the
 * browser's languages, then the fallback) and starts the fetches, leaving them on `window`.
 * Any failure leaves the page to load everything as it would have.
 */
export function startEarlyRequests(plan: EarlyRequestPlan): void {
  try {
    const w = window as unknown as Record<string, unknown>;
    const early: EarlyRequests = {};
    let lng = "";
    let token: string | null = null;
    try {
      const stored = localStorage.getItem("zpay.language");
      if (stored && plan.languages.indexOf(stored) >= 0) lng = stored;
      const session = JSON.parse(localStorage.getItem("zpay.session") || "null") as { token?: unknown } | null;
      if (session && typeof session.token === "string" && session.token) token = session.token;
    } catch {
      // No storage (private mode): the browser's language, and no API call.
    }
    if (!lng) {
      const tags = navigator.languages || [];
      for (let i = 0; i < tags.length && !lng; i++) {
        const base = String(tags[i]).toLowerCase().split("-")[0];
        if (plan.languages.indexOf(base) >= 0) lng = base;
      }
    }
    if (!lng) lng = plan.fallback;
    const bundles = lng === plan.fallback ? [lng] : [lng, plan.fallback];
    for (const b of bundles) {
      const url = "/assets/translations/" + b + ".json";
      early[url] = { token: null, response: fetch(url) };
    }
    if (token) {
      for (const path of plan.api) {
        early[path] = { token, response: fetch(path, { headers: { accept: "application/json", authorization: "Bearer " + token } }) };
      }
    }
    // A rejected promise nobody takes must not be reported as unhandled.
    for (const key in early) early[key].response.catch(() => undefined);
    w.__zpayEarly = early;
  } catch {
    // The page loads as it would have.
  }
}
