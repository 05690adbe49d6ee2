import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import type { WebhookDeliveryDto } from "@/lib/webhook-settings";
import { merchantApi } from "@/stores/merchant-api";
import { storyServer } from "@/testing/msw/store";
import { SecurityPanel } from "./security-panel";

const meta = {
  title: "Settings/SecurityPanel",
  component: SecurityPanel,
  args: { api: merchantApi, timeZone: "UTC" },
  parameters: { merchantSession: true, toastBar: true },
} satisfies Meta<typeof SecurityPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

const phone360 = {
  parameters: { viewport: { options: { phone360: { name: "Phone 360", styles: { width: "360px", height: "640px" }, type: "mobile" } } } },
  globals: { viewport: { value: "phone360", isRotated: false } },
};
const ENDPOINT = "https://shop.example.com/zpay/webhooks";
const integration = { apiHook: ENDPOINT, callback: "https://shop.example.com/thank-you" };

const attempt = (n: number, statusCode: number | null, error: string | null, startedAt: string, manual = false) => ({
  _id: `att${n}-${startedAt}`,
  attempt: n,
  url: ENDPOINT,
  statusCode,
  error,
  state: "done" as const,
  durationMs: 120 + n,
  nextRetryAt: null,
  manual,
  startedAt,
});
const deliveries: WebhookDeliveryDto[] = [
  {
    _id: "evt-failed",
    type: "payment.validated",
    status: "failed",
    transaction: "tx-1",
    attempts: 2,
    nextAttemptAt: null,
    deliveredAt: null,
    createdAt: "2026-11-20T09:30:00.000Z",
    payload: { type: "payment.validated" },
    log: [attempt(1, 500, "HTTP 500", "2026-11-20T09:30:00.000Z"), attempt(2, null, "timeout", "2026-11-20T09:30:10.000Z")],
  },
  {
    _id: "evt-ok",
    type: "payment.paid",
    status: "delivered",
    transaction: "tx-1",
    attempts: 1,
    nextAttemptAt: null,
    deliveredAt: "2026-11-20T09:29:00.000Z",
    createdAt: "2026-11-20T09:29:00.000Z",
    payload: { type: "payment.paid" },
    log: [attempt(1, 200, null, "2026-11-20T09:29:00.000Z")],
  },
];

/** No endpoint yet: an empty form, an empty log, and no test event to send. */
export const NoEndpoint: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("textbox", { name: "API webhook endpoint" })).toHaveValue("");
    await expect(await c.findByText("No webhook events yet. Save an endpoint to receive them.")).toBeVisible();
    await expect(c.getByRole("button", { name: "Send test event" })).toBeDisabled();
  },
};

/** Bad URLs: the SPEC messages under their fields, and nothing is sent. */
export const InvalidUrls: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByRole("textbox", { name: "API webhook endpoint" }), "not a url");
    await userEvent.type(c.getByRole("textbox", { name: "Redirect URL" }), "ftp://shop");
    await userEvent.click(c.getByRole("button", { name: "Save" }));
    await expect(await c.findByText("Valid API endpoint is required")).toBeVisible();
    await expect(c.getByText("Callback URL")).toBeVisible();
    await expect(storyServer.bodiesSentTo("POST", "/api/integrations")).toEqual([]);
  },
};

/** A host the server refuses (loopback): its message shows on the field. */
export const RefusedByServer: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByRole("textbox", { name: "API webhook endpoint" }), "http://127.0.0.1:8080/hook");
    await userEvent.click(c.getByRole("button", { name: "Save" }));
    await expect(await c.findByText("Valid API endpoint is required")).toBeVisible();
    await expect(storyServer.bodiesSentTo("POST", "/api/integrations")).toHaveLength(1);
  },
};

/** Saving an endpoint: 'Updated successfully', and test events can be sent. */
export const SaveEndpoint: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByRole("textbox", { name: "API webhook endpoint" }), ENDPOINT);
    await userEvent.click(c.getByRole("button", { name: "Save" }));
    await expect(await within(document.body).findByText("Updated successfully")).toBeVisible();
    await waitFor(() => expect(c.getByRole("button", { name: "Send test event" })).toBeEnabled());
  },
};

/** The log: each event with its status and every attempt (status code, or why none came). */
export const DeliveryLog: Story = {
  parameters: { serverData: { integration, deliveries } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const failed = await c.findByRole("listitem", { name: /^payment\.validated/ });
    await expect(within(failed).getByText("Failed")).toBeVisible();
    await expect(within(failed).getByText("HTTP 500")).toBeVisible();
    await expect(within(failed).getByText("Timed out")).toBeVisible();
    await expect(within(c.getByRole("listitem", { name: /^payment\.paid/ })).getByText("Delivered")).toBeVisible();
  },
};

/** Redeliver: the event is pending again. */
export const Redeliver: Story = {
  parameters: { serverData: { integration, deliveries } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    const failed = await c.findByRole("listitem", { name: /^payment\.validated/ });
    await userEvent.click(within(failed).getByRole("button", { name: "Redeliver" }));
    await expect(await within(document.body).findByText("Redelivery started")).toBeVisible();
    await expect(await within(c.getByRole("listitem", { name: /^payment\.validated/ })).findByText("Pending")).toBeVisible();
  },
};

/** Send test event: a `test` event joins the log. */
export const SendTestEvent: Story = {
  parameters: { serverData: { integration, deliveries } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole("button", { name: "Send test event" }));
    await expect(await within(document.body).findByText("Test event sent")).toBeVisible();
    await expect(await c.findByRole("listitem", { name: /^test/ })).toBeVisible();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  parameters: { serverData: { integration, deliveries } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("heading", { name: "Livraisons des webhooks" })).toBeVisible();
  },
};

export const FrenchInvalidUrls: Story = {
  globals: { locale: "fr" },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.type(await c.findByRole("textbox", { name: "Point de terminaison webhook de l’API" }), "pas une url");
    await userEvent.click(c.getByRole("button", { name: "Enregistrer" }));
    await expect(await c.findByText("Un point de terminaison d’API valide est requis")).toBeVisible();
  },
};

export const Phone: Story = {
  ...phone360,
  parameters: { ...phone360.parameters, serverData: { integration, deliveries } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("listitem", { name: /^payment\.validated/ })).toBeVisible();
  },
};

export const FrenchPhone: Story = {
  ...phone360,
  globals: { ...phone360.globals, locale: "fr" },
  parameters: { ...phone360.parameters, serverData: { integration, deliveries } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("button", { name: "Envoyer un événement de test" })).toBeVisible();
  },
};

/** The API keys live on zAPI (issue 28: one home): Security says so in a line, with a link. */
export const ApiKeysOnZapiPhone: Story = {
  ...phone360,
  args: { keysOnZapi: true, accountId: "acct-1" },
  parameters: { ...phone360.parameters, serverData: { integration, deliveries } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("link", { name: "Open API keys" })).toHaveAttribute("href", "/zapi");
    await expect(c.queryByText("acct-1")).toBeNull();
  },
};

export const FrenchApiKeysOnZapiPhone: Story = {
  ...phone360,
  globals: { ...phone360.globals, locale: "fr" },
  args: { keysOnZapi: true, accountId: "acct-1" },
  parameters: { ...phone360.parameters, serverData: { integration, deliveries } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("link", { name: "Ouvrir les clés d’API" })).toHaveAttribute("href", "/zapi");
  },
};
