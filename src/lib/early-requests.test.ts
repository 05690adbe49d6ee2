import { afterEach, describe, expect, it, vi } from "vitest";
import { startEarlyRequests, takeEarlyResponse, type EarlyRequests } from "./early-requests";
import { createApiClient } from "./api-client";

const PLAN = { languages: ["en", "fr"], fallback: "en", api: ["/api/session", "/api/quick-pays"] };

/** A page's globals: storage, the browser's languages and a fetch that records what it was asked. */
function page({ stored = {} as Record<string, string>, languages = ["en-US"] } = {}) {
  const asked: { url: string; init?: RequestInit }[] = [];
  vi.stubGlobal("window", globalThis);
  vi.stubGlobal("localStorage", { getItem: (k: string) => stored[k] ?? null });
  vi.stubGlobal("navigator", { languages });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      asked.push({ url, init });
      return new Response(JSON.stringify({ url }), { status: 200 });
    }),
  );
  return asked;
}
const early = () => (globalThis as unknown as { __zpayEarly?: EarlyRequests }).__zpayEarly;

afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as Record<string, unknown>).__zpayEarly;
});

describe("the merchant shell's early requests", () => {
  it("a signed-in French reader: both translation bundles and the page's API calls with the stored token", async () => {
    const asked = page({ stored: { "zpay.language": "fr", "zpay.session": JSON.stringify({ token: "t0k" }) } });
    startEarlyRequests(PLAN);
    expect(asked.map((a) => a.url)).toEqual(["/assets/translations/fr.json", "/assets/translations/en.json", "/api/session", "/api/quick-pays"]);
    expect(asked[2].init?.headers).toEqual({ accept: "application/json", authorization: "Bearer t0k" });
    expect(Object.keys(early()!)).toHaveLength(4);
  });

  it("no stored choice: the browser's language, else the fallback; no session, no API call", () => {
    let asked = page({ languages: ["fr-CA", "en"] });
    startEarlyRequests(PLAN);
    expect(asked.map((a) => a.url)).toEqual(["/assets/translations/fr.json", "/assets/translations/en.json"]);
    asked = page({ languages: ["de-DE"], stored: { "zpay.session": "not json" } });
    startEarlyRequests(PLAN);
    expect(asked.map((a) => a.url)).toEqual(["/assets/translations/en.json"]);
  });

  it("runs from its own source text alone, as the page's inline script does", () => {
    const asked = page({ stored: { "zpay.session": JSON.stringify({ token: "x" }) } });
    new Function("plan", `(${startEarlyRequests.toString()})(plan);`)(PLAN);
    expect(asked).toHaveLength(3);
    expect(early()).toBeDefined();
  });

  it("a response is taken once, and only by a caller with the same token", async () => {
    page({ stored: { "zpay.session": JSON.stringify({ token: "mine" }) } });
    startEarlyRequests(PLAN);
    expect(takeEarlyResponse("/api/session", "someone-else")).toBeUndefined();
    // Refused, it is gone: the caller goes to the network.
    expect(takeEarlyResponse("/api/session", "mine")).toBeUndefined();
    const taken = takeEarlyResponse("/api/quick-pays", "mine");
    expect(await (await taken!).json()).toEqual({ url: "/api/quick-pays" });
    expect(takeEarlyResponse("/api/quick-pays", "mine")).toBeUndefined();
  });

  it("the API client's first GET of a path takes the early response; a POST and a second GET go to the network", async () => {
    page({ stored: { "zpay.session": JSON.stringify({ token: "tk" }) } });
    startEarlyRequests(PLAN);
    const network = vi.fn(async (url: string) => new Response(JSON.stringify({ from: "network", url }), { status: 200 }));
    const api = createApiClient({ getToken: () => "tk", fetch: network as unknown as typeof fetch });
    expect(await api.get("/quick-pays")).toEqual({ url: "/api/quick-pays" });
    expect(network).not.toHaveBeenCalled();
    expect(await api.post("/session")).toEqual({ from: "network", url: "/api/session" });
    expect(await api.get("/quick-pays")).toEqual({ from: "network", url: "/api/quick-pays" });
  });
});
