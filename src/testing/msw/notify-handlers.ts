/**
 * The story server's Settings → Security and Notifications routes (src/server/modules/integrations,
 * src/server/modules/notifications): the webhook form with the server's messages, the delivery log
 * with redelivery and test events, and e-mail notifications with their verification link.
 */
import { NOTIFICATION_MESSAGES, notificationSchema } from "@/lib/notifications";
import { WEBHOOK_MESSAGES, webhookFormSchema, type IntegrationSettingsDto, type WebhookDeliveryDto } from "@/lib/webhook-settings";
import { refuseStaleSignIn } from "./api-keys-handlers";
import { requireMerchant } from "./auth-handlers";
import { route, StoryApiError } from "./respond";
import { storyServer } from "./store";

/** The token a story's verification link carries; any other is refused like a used one. */
export const STORY_VERIFY_TOKEN = "story-verify-token";
const NOW = "2026-11-20T10:00:00.000Z";

function integration(): IntegrationSettingsDto {
  return {
    account: { id: storyServer.merchant._id },
    secret: storyServer.apiSecret,
    apiHook: null,
    callback: null,
    shopify_store: null,
    shopify_secret: null,
    referralCode: "STORY123",
    ...storyServer.integration,
  };
}

function newDelivery(type: string, payload: Record<string, unknown>): WebhookDeliveryDto {
  return { _id: storyServer.newId("evt"), type, status: "pending", transaction: null, attempts: 0, nextAttemptAt: NOW, deliveredAt: null, createdAt: NOW, payload, log: [] };
}

export const notifyHandlers = [
  // GET /api/integrations (with the secret, behind a fresh sign-in) is the API keys card's: ./api-keys-handlers.ts.
  route("post", "/api/integrations", ({ request, body }) => {
    requireMerchant(request);
    refuseStaleSignIn(); // the answer holds the secret
    const values = { endpoint: String(body.endpoint ?? ""), callback: String(body.callback ?? ""), shopify_store: String(body.shopify_store ?? ""), shopify_secret: String(body.shopify_secret ?? "") };
    // The real server also refuses private and loopback hosts; stories use example.com names.
    const issues: { path: string; message: string }[] = [];
    try {
      webhookFormSchema().validateSync(values, { abortEarly: false });
    } catch (err) {
      for (const e of (err as { inner: { path: string }[] }).inner) issues.push({ path: e.path, message: WEBHOOK_MESSAGES[e.path as keyof typeof WEBHOOK_MESSAGES] });
    }
    if (/localhost|127\.0\.0\.1/.test(values.endpoint) && !issues.some((i) => i.path === "endpoint")) issues.unshift({ path: "endpoint", message: WEBHOOK_MESSAGES.endpoint });
    if (issues.length) throw new StoryApiError(400, "invalid_request", issues[0].message, issues);
    const blank = (v: string) => v.trim() || null;
    storyServer.integration = { ...storyServer.integration, apiHook: blank(values.endpoint), callback: blank(values.callback), shopify_store: blank(values.shopify_store), shopify_secret: blank(values.shopify_secret) };
    return { success: true, errors: null, data: integration() };
  }),
  route("get", "/api/integrations/webhook", ({ request }) => {
    requireMerchant(request);
    const { apiHook, callback, shopify_store, shopify_secret } = integration();
    return { data: { apiHook, callback, shopify_store, shopify_secret } };
  }),
  route("get", "/api/integrations/deliveries", ({ request }) => {
    requireMerchant(request);
    // Like the server: newest first (the store keeps them so), `no_endpoint` only under its own filter,
    // `limit` a page; the cursor here is the last event's id.
    const query = new URL(request.url).searchParams;
    const status = query.get("status") ?? "sent";
    const limit = Number(query.get("limit") ?? 50);
    const matching = storyServer.deliveries.filter((d) => (status === "sent" ? d.status !== "no_endpoint" : d.status === status));
    const cursor = query.get("cursor");
    const start = cursor ? matching.findIndex((d) => d._id === cursor) + 1 : 0;
    if (cursor && start === 0) throw new StoryApiError(400, "invalid_cursor", "This page link is not valid: start again from the first page");
    const list = matching.slice(start, start + limit);
    return { data: { list, next: start + limit < matching.length ? list[list.length - 1]._id : null } };
  }),
  route("post", "/api/integrations/test-event", ({ request }) => {
    requireMerchant(request);
    if (!integration().apiHook) throw new StoryApiError(409, "no_endpoint", "Save a webhook endpoint before sending a test event");
    const row = newDelivery("test", { type: "test", timestamp: NOW, data: { message: "A test event from the Security settings." } });
    storyServer.deliveries.unshift(row);
    return { success: true, data: row };
  }),
  route("post", "/api/integrations/deliveries/:id/redeliver", ({ request, params }) => {
    requireMerchant(request);
    const row = storyServer.deliveries.find((d) => d._id === params.id);
    if (!row) throw new StoryApiError(404, "not_found", "Webhook delivery not found");
    if (!integration().apiHook) throw new StoryApiError(409, "no_endpoint", "Set a webhook endpoint before redelivering");
    Object.assign(row, { status: "pending", nextAttemptAt: NOW, deliveredAt: null });
    return { success: true, data: row };
  }),

  route("get", "/api/profile/notification", ({ request }) => {
    requireMerchant(request);
    return { data: storyServer.notifications };
  }),
  route("post", "/api/profile/notification", ({ request, body }) => {
    requireMerchant(request);
    const current = storyServer.notifications;
    const email = typeof body.email === "string" && body.email.trim() ? body.email.trim() : (current.email ?? "");
    try {
      notificationSchema().validateSync({ notificationEnabled: Boolean(body.notificationEnabled), email });
    } catch (err) {
      const message = (err as Error).message === NOTIFICATION_MESSAGES.emailRequired ? NOTIFICATION_MESSAGES.emailRequired : NOTIFICATION_MESSAGES.emailInvalid;
      throw new StoryApiError(400, "invalid_request", message, [{ path: "email", message }]);
    }
    const changed = email !== (current.email ?? "");
    storyServer.notifications = { notificationEnabled: Boolean(body.notificationEnabled), email: email || null, emailVerified: changed ? false : current.emailVerified };
    return { data: storyServer.notifications };
  }),
  route("post", "/api/request-email-verification", ({ request }) => {
    requireMerchant(request);
    if (!storyServer.notifications.email) throw new StoryApiError(409, "no_email", "Add an e-mail address first");
    return new Response(JSON.stringify({ success: true }), { status: 202, headers: { "content-type": "application/json" } });
  }),
  route("post", "/api/verify-email", ({ request, body }) => {
    requireMerchant(request);
    if (body.token !== STORY_VERIFY_TOKEN) throw new StoryApiError(400, "invalid_token", "This verification link is invalid, used or expired. Send a new one.");
    storyServer.notifications = { ...storyServer.notifications, emailVerified: true };
    return { data: storyServer.notifications };
  }),
];
