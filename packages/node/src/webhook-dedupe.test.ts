import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { createWebhookVerifier, DEDUPE_TTL_SECONDS, memorySeenStore, WebhookVerificationError, type SeenStore } from "./index.ts";

const secret = `whsec_${Buffer.from("a secret of thirty-two bytes....").toString("base64")}`;
const body = JSON.stringify({ type: "payment.validated", timestamp: "2026-11-24T10:00:00.000Z", data: { type: "dynamic", product: "p-1", status: "validated" } });
let clock = new Date("2026-11-24T10:00:00Z");
const now = () => clock;
/** One delivery of event `id`, signed at the current clock (every zpay attempt is signed afresh). */
const delivery = (id = "evt_1") => ({
  "webhook-id": id,
  "webhook-timestamp": String(Math.floor(clock.getTime() / 1000)),
  "webhook-signature": new Webhook(secret).sign(id, clock, body),
});
const later = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));

describe("createWebhookVerifier: a webhook delivered twice is taken once", () => {
  it("the second delivery of an event (same webhook-id, signed again 90 s later) is a duplicate; another event is not", async () => {
    const verifier = createWebhookVerifier({ secret, now });
    const handled: string[] = [];
    const first = await verifier.handle(body, delivery(), (event, id) => void handled.push(`${id}:${event.type}`));
    later(90);
    const again = await verifier.handle(body, new Headers(delivery()), (_e, id) => void handled.push(id));
    const other = await verifier.handle(body, delivery("evt_2"), (_e, id) => void handled.push(id));
    expect([first.duplicate, again.duplicate, other.duplicate]).toEqual([false, true, false]);
    expect(handled).toEqual(["evt_1:payment.validated", "evt_2"]);
  });

  it("a handler that throws forgets the id, so zpay's retry is taken", async () => {
    const verifier = createWebhookVerifier({ secret, now });
    await expect(
      verifier.handle(body, delivery("evt_fail"), () => {
        throw new Error("database down");
      }),
    ).rejects.toThrow("database down");
    const retried = await verifier.handle(body, delivery("evt_fail"), () => {});
    expect(retried.duplicate).toBe(false);
  });

  it("a forged or stale webhook is refused and claims nothing", async () => {
    const verifier = createWebhookVerifier({ secret, now });
    const forged = { ...delivery("evt_3"), "webhook-signature": "v1,AAAA" };
    await expect(verifier.verify(body, forged)).rejects.toBeInstanceOf(WebhookVerificationError);
    const stale = delivery("evt_3");
    later(600);
    await expect(verifier.verify(body, stale)).rejects.toBeInstanceOf(WebhookVerificationError);
    expect((await verifier.verify(body, delivery("evt_3"))).duplicate).toBe(false);
  });

  it("the in-memory store remembers an id for its TTL (a day by default), and at most maxEntries ids", async () => {
    const store = memorySeenStore({ now, maxEntries: 2 });
    expect(await store.claim("a", DEDUPE_TTL_SECONDS)).toBe(true);
    later(DEDUPE_TTL_SECONDS - 1);
    expect(await store.claim("a", DEDUPE_TTL_SECONDS)).toBe(false);
    later(2);
    expect(await store.claim("a", DEDUPE_TTL_SECONDS)).toBe(true);
    expect(await store.claim("b", 60)).toBe(true);
    expect(await store.claim("c", 60)).toBe(true);
    // Over the cap: the oldest ("a") was dropped.
    expect(await store.claim("a", 60)).toBe(true);
    expect(await store.claim("c", 60)).toBe(false);
  });

  it("uses the receiver's own store when given one (shared by its processes)", async () => {
    const shared = new Map<string, number>();
    const seen: SeenStore = {
      claim: async (id, ttl) => (shared.has(id) ? false : (shared.set(id, ttl), true)),
      forget: async (id) => void shared.delete(id),
    };
    const a = createWebhookVerifier({ secret, now, seen, ttlSeconds: 3600 });
    const b = createWebhookVerifier({ secret, now, seen });
    expect((await a.verify(body, delivery("evt_4"))).duplicate).toBe(false);
    expect((await b.verify(body, delivery("evt_4"))).duplicate).toBe(true);
    expect(shared.get("evt_4")).toBe(3600);
    await b.forget("evt_4");
    expect((await b.verify(body, delivery("evt_4"))).duplicate).toBe(false);
  });
});
