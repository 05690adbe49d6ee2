import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { verifyWebhook, WEBHOOK_TOLERANCE_SECONDS, WebhookVerificationError } from "./index.ts";

// Signed by the library the server's webhook worker signs with, so both ends agree on the scheme.
const secret = `whsec_${Buffer.from("a secret of thirty-two bytes....").toString("base64")}`;
const body = JSON.stringify({ type: "payment.paid", timestamp: "2026-11-24T10:00:00.000Z", data: { type: "dynamic", product: "p-1", status: "paid" } });
const at = new Date("2026-11-24T10:00:00Z");
const signed = (payload = body, when = at, key = secret) => ({
  "webhook-id": "msg_1",
  "webhook-timestamp": String(Math.floor(when.getTime() / 1000)),
  "webhook-signature": new Webhook(key).sign("msg_1", when, payload),
});
const now = (seconds = 0) => () => new Date(at.getTime() + seconds * 1000);
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(WebhookVerificationError);
    return (err as Error).message;
  }
  throw new Error("accepted");
};

describe("verifyWebhook", () => {
  it("answers the event of a correctly signed webhook, from a plain object, Headers or bytes", () => {
    expect(verifyWebhook(secret, body, signed(), { now: now() })).toEqual(JSON.parse(body));
    expect(verifyWebhook(secret, body, new Headers(signed()), { now: now(30) }).data.product).toBe("p-1");
    expect(verifyWebhook(secret, new TextEncoder().encode(body), signed(), { now: now(-30) }).type).toBe("payment.paid");
    // Node gives header names in lower case; other frameworks may not.
    const upper = Object.fromEntries(Object.entries(signed()).map(([k, v]) => [k.toUpperCase(), v]));
    expect(verifyWebhook(secret, body, upper, { now: now() }).type).toBe("payment.paid");
  });

  it("accepts any one of several space-separated v1 signatures (a secret being rotated)", () => {
    const headers = signed();
    const other = new Webhook(`whsec_${Buffer.from("another secret, thirty-two bytes").toString("base64")}`).sign("msg_1", at, body);
    expect(verifyWebhook(secret, body, { ...headers, "webhook-signature": `${other} ${headers["webhook-signature"]}` }, { now: now() }).type).toBe("payment.paid");
    expect(verifyWebhook(secret, body, { ...headers, "webhook-signature": `v2,abc ${headers["webhook-signature"]} v1,zzz` }, { now: now() }).type).toBe("payment.paid");
  });

  it("refuses a wrong signature, another secret, a changed body or id, and a signature under another version", () => {
    const headers = signed();
    const sig = headers["webhook-signature"].slice(3);
    expect(refusal(() => verifyWebhook(secret, body, { ...headers, "webhook-signature": `v1,${sig.slice(0, -4)}AAA=` }, { now: now() }))).toBe("No matching webhook signature");
    expect(refusal(() => verifyWebhook(`whsec_${Buffer.from("x".repeat(32)).toString("base64")}`, body, headers, { now: now() }))).toBe("No matching webhook signature");
    expect(refusal(() => verifyWebhook(secret, body.replace("paid", "validated"), headers, { now: now() }))).toBe("No matching webhook signature");
    expect(refusal(() => verifyWebhook(secret, body, { ...headers, "webhook-id": "msg_2" }, { now: now() }))).toBe("No matching webhook signature");
    expect(refusal(() => verifyWebhook(secret, body, { ...headers, "webhook-signature": `v2,${sig}` }, { now: now() }))).toBe("No matching webhook signature");
    expect(refusal(() => verifyWebhook(secret, body, { ...headers, "webhook-signature": "v1," }, { now: now() }))).toBe("No matching webhook signature");
  });

  it(`refuses a timestamp more than ${WEBHOOK_TOLERANCE_SECONDS} s old or ahead, a malformed one, and missing headers`, () => {
    const headers = signed();
    expect(verifyWebhook(secret, body, headers, { now: now(WEBHOOK_TOLERANCE_SECONDS) }).type).toBe("payment.paid");
    expect(refusal(() => verifyWebhook(secret, body, headers, { now: now(WEBHOOK_TOLERANCE_SECONDS + 1) }))).toBe("Webhook timestamp is outside the tolerance");
    expect(refusal(() => verifyWebhook(secret, body, headers, { now: now(-WEBHOOK_TOLERANCE_SECONDS - 1) }))).toBe("Webhook timestamp is outside the tolerance");
    expect(verifyWebhook(secret, body, headers, { now: now(3600), toleranceSeconds: 3600 }).type).toBe("payment.paid");
    expect(refusal(() => verifyWebhook(secret, body, { ...headers, "webhook-timestamp": "1e9" }, { now: now() }))).toBe("Invalid webhook-timestamp");
    for (const name of ["webhook-id", "webhook-timestamp", "webhook-signature"] as const) {
      const { [name]: _dropped, ...rest } = headers;
      expect(refusal(() => verifyWebhook(secret, body, rest, { now: now() }))).toMatch(/^Missing/);
    }
  });
});
