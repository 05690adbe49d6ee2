import { describe, expect, it } from "vitest";
import type { WebhookFormValues } from "@/lib/webhook-settings";
import { clearWebhookDraft, keepWebhookDraft, readWebhookDraft, WEBHOOK_DRAFT_KEY, WEBHOOK_DRAFT_MAX_AGE_MS } from "./webhook-draft";

/** A Map-backed stand-in for this tab's sessionStorage. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const typed: WebhookFormValues = {
  endpoint: "https://shop.example.com/zpay/webhooks",
  callback: "https://shop.example.com/thanks",
  shopify_store: "my-shop",
  shopify_secret: "shpss_very_secret",
};
const now = Date.parse("2026-11-24T10:00:00Z");

describe("the webhook form's draft", () => {
  it("keeps every field but the secret, and gives it back to the same merchant", () => {
    const storage = memoryStorage();
    keepWebhookDraft(typed, "merchant-1", true, { storage, now });
    expect(storage.items.get(WEBHOOK_DRAFT_KEY)).not.toContain("shpss_very_secret");
    expect(JSON.parse(storage.items.get(WEBHOOK_DRAFT_KEY)!).values).not.toHaveProperty("shopify_secret");
    expect(readWebhookDraft("merchant-1", { storage, now: now + 60_000 })).toEqual({
      values: { endpoint: typed.endpoint, callback: typed.callback, shopify_store: "my-shop" },
      secretTyped: true,
    });
  });

  it("reading leaves it; clearing forgets it", () => {
    const storage = memoryStorage();
    keepWebhookDraft(typed, "merchant-1", false, { storage, now });
    expect(readWebhookDraft("merchant-1", { storage, now })?.secretTyped).toBe(false);
    expect(readWebhookDraft("merchant-1", { storage, now })).not.toBeNull();
    clearWebhookDraft({ storage });
    expect(storage.items.size).toBe(0);
    expect(readWebhookDraft("merchant-1", { storage, now })).toBeNull();
  });

  it("is never another merchant's", () => {
    const storage = memoryStorage();
    keepWebhookDraft(typed, "merchant-1", false, { storage, now });
    expect(readWebhookDraft("merchant-2", { storage, now })).toBeNull();
  });

  it("expires after half an hour (and a clock set back reads none)", () => {
    const storage = memoryStorage();
    keepWebhookDraft(typed, "merchant-1", false, { storage, now });
    expect(readWebhookDraft("merchant-1", { storage, now: now + WEBHOOK_DRAFT_MAX_AGE_MS })).not.toBeNull();
    expect(readWebhookDraft("merchant-1", { storage, now: now + WEBHOOK_DRAFT_MAX_AGE_MS + 1 })).toBeNull();
    expect(readWebhookDraft("merchant-1", { storage, now: now - 1 })).toBeNull();
  });

  it("reads a malformed draft as none, and a wrongly typed field as empty", () => {
    const storage = memoryStorage();
    storage.setItem(WEBHOOK_DRAFT_KEY, "{not json");
    expect(readWebhookDraft("merchant-1", { storage, now })).toBeNull();
    storage.setItem(WEBHOOK_DRAFT_KEY, JSON.stringify({ owner: "merchant-1", savedAt: now, values: { endpoint: 42, shopify_secret: "x" } }));
    expect(readWebhookDraft("merchant-1", { storage, now })).toEqual({ values: { endpoint: "", callback: "", shopify_store: "" }, secretTyped: false });
  });

  it("a storage that refuses or is missing keeps nothing and breaks nothing", () => {
    const refusing = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => {
        throw new Error("blocked");
      },
    };
    expect(() => keepWebhookDraft(typed, "merchant-1", false, { storage: refusing, now })).not.toThrow();
    expect(readWebhookDraft("merchant-1", { storage: refusing, now })).toBeNull();
    expect(() => clearWebhookDraft({ storage: refusing })).not.toThrow();
    expect(readWebhookDraft("merchant-1", { storage: null, now })).toBeNull();
  });
});
