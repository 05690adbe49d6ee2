import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import type { WebhookDeliveryDto } from "@/lib/webhook-settings";
import { merchantApi } from "@/stores/merchant-api";
import { DeliveryLog } from "./delivery-log";

/** The delivery log alone, so its whole list is in the baselines (the panel's are cut at the viewport). */
const meta = {
  title: "Settings/DeliveryLog",
  component: DeliveryLog,
  args: { api: merchantApi, hasEndpoint: true, timeZone: "UTC" },
  parameters: { merchantSession: true, toastBar: true },
} satisfies Meta<typeof DeliveryLog>;
export default meta;
type Story = StoryObj<typeof meta>;

const phone360 = {
  parameters: { viewport: { options: { phone360: { name: "Phone 360", styles: { width: "360px", height: "640px" }, type: "mobile" } } } },
  globals: { viewport: { value: "phone360", isRotated: false } },
};
const ENDPOINT = "https://shop.example.com/zpay/webhooks";
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

const serverData = { integration: { apiHook: ENDPOINT }, deliveries };

/**
 * The server stopped while sending attempt #1 (recorded before it left, never answered); #2 went out
 * with the same webhook-id and was delivered. Another event's attempt is being sent right now.
 */
const afterCrash: WebhookDeliveryDto[] = [
  {
    _id: "evt-sending",
    type: "payment.validated",
    status: "pending",
    transaction: "tx-2",
    attempts: 1,
    nextAttemptAt: "2026-11-20T09:41:00.000Z",
    deliveredAt: null,
    createdAt: "2026-11-20T09:41:00.000Z",
    payload: { type: "payment.validated" },
    log: [{ ...attempt(1, null, null, "2026-11-20T09:41:00.000Z"), state: "sending", durationMs: null }],
  },
  {
    _id: "evt-interrupted",
    type: "payment.paid",
    status: "delivered",
    transaction: "tx-2",
    attempts: 2,
    nextAttemptAt: null,
    deliveredAt: "2026-11-20T09:40:31.000Z",
    createdAt: "2026-11-20T09:39:00.000Z",
    payload: { type: "payment.paid" },
    log: [
      { ...attempt(1, null, null, "2026-11-20T09:39:00.000Z"), state: "interrupted", durationMs: null },
      attempt(2, 200, null, "2026-11-20T09:40:30.000Z"),
    ],
  },
];
const crashData = { integration: { apiHook: ENDPOINT }, deliveries: afterCrash };

export const Attempts: Story = {
  parameters: { serverData },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("HTTP 500")).toBeVisible();
  },
};

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("No webhook events yet. Send a test event to try your endpoint.")).toBeVisible();
  },
};

export const French: Story = {
  globals: { locale: "fr" },
  parameters: { serverData },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Délai dépassé")).toBeVisible();
  },
};

export const Phone: Story = {
  ...phone360,
  parameters: { ...phone360.parameters, serverData },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Timed out")).toBeVisible();
  },
};

export const FrenchPhone: Story = {
  ...phone360,
  globals: { ...phone360.globals, locale: "fr" },
  parameters: { ...phone360.parameters, serverData },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("button", { name: "Envoyer un événement de test" })).toBeVisible();
  },
};

/** An attempt with no answer on record says so in words: still sending, or interrupted by a server stop. */
export const Interrupted: Story = {
  parameters: { serverData: crashData },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("No answer recorded: the server stopped while sending")).toBeVisible();
    await expect(canvas.getByText("Your endpoint may have received it; the next attempt carries the same webhook-id.")).toBeVisible();
    await expect(canvas.getByText("Sending, no answer yet")).toBeVisible();
  },
};

export const FrenchInterrupted: Story = {
  globals: { locale: "fr" },
  parameters: { serverData: crashData },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText("Aucune réponse enregistrée : le serveur s’est arrêté pendant l’envoi")).toBeVisible();
    await expect(canvas.getByText("Envoi en cours, pas encore de réponse")).toBeVisible();
  },
};

export const InterruptedPhone: Story = {
  ...phone360,
  parameters: { ...phone360.parameters, serverData: crashData },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("No answer recorded: the server stopped while sending")).toBeVisible();
  },
};

export const FrenchInterruptedPhone: Story = {
  ...phone360,
  globals: { ...phone360.globals, locale: "fr" },
  parameters: { ...phone360.parameters, serverData: crashData },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText("Aucune réponse enregistrée : le serveur s’est arrêté pendant l’envoi")).toBeVisible();
  },
};

/**
 * A busy log: 23 sent events (a page is 20) and a few raised while no endpoint was saved, which the
 * default view leaves out (issue 28: they filled a phone with "No endpoint" rows).
 */
const busy: WebhookDeliveryDto[] = Array.from({ length: 26 }, (_, i) => {
  const createdAt = new Date(Date.UTC(2026, 10, 20, 12, 0) - i * 60_000).toISOString();
  const status = i >= 23 ? "no_endpoint" : i % 7 === 3 ? "failed" : "delivered";
  return {
    _id: `evt-${String(i).padStart(2, "0")}`,
    type: i % 2 ? "payment.paid" : "payment.validated",
    status,
    transaction: `tx-${i}`,
    attempts: status === "no_endpoint" ? 0 : 1,
    nextAttemptAt: null,
    deliveredAt: status === "delivered" ? createdAt : null,
    createdAt,
    payload: {},
    log: [],
  };
});
const busyData = { integration: { apiHook: ENDPOINT }, deliveries: busy };
/** A phone's width, tall enough for a whole page of the log: the baseline paints only what is on screen. */
const phone360Long = {
  parameters: { viewport: { options: { phone360Long: { name: "Phone 360, long page", styles: { width: "360px", height: "3000px" }, type: "mobile" } } } },
  globals: { viewport: { value: "phone360Long", isRotated: false } },
};
const rows = (canvasElement: HTMLElement) => within(within(canvasElement).getByRole("list", { name: /^(Webhook deliveries|Livraisons des webhooks)$/ })).getAllByRole("listitem");

/** The first page on a phone: 20 events, no "No endpoint" rows, and a way to older ones. */
export const PagedPhone: Story = {
  ...phone360Long,
  parameters: { ...phone360Long.parameters, serverData: busyData },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("button", { name: "Load older events" })).toBeVisible();
    await expect(rows(canvasElement)).toHaveLength(20);
    await expect(canvas.queryByText("No endpoint")).toBeNull();
  },
};

export const FrenchPagedPhone: Story = {
  ...phone360Long,
  globals: { ...phone360Long.globals, locale: "fr" },
  parameters: { ...phone360Long.parameters, serverData: busyData },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("button", { name: "Charger les événements plus anciens" })).toBeVisible();
    await expect(rows(canvasElement)).toHaveLength(20);
  },
};

/** "Load older events" appends the next page below, and goes away at the end. No baseline: longer than any screen (the paged ones show the look). */
export const LoadOlder: Story = {
  tags: ["no-screenshot"],
  parameters: { serverData: busyData },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("button", { name: "Load older events" }));
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(23));
    await expect(canvas.queryByRole("button", { name: "Load older events" })).toBeNull();
    await expect(canvas.queryByText("No endpoint")).toBeNull();
  },
};

/** The filter shows one status; the events raised without an endpoint are under their own. */
export const FilteredPhone: Story = {
  ...phone360,
  parameters: { ...phone360.parameters, serverData: busyData },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole("combobox", { name: "Show" }));
    await userEvent.click(await body.findByRole("option", { name: "Raised without an endpoint" }));
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(3));
    await expect(canvas.getAllByText("No endpoint")).toHaveLength(3);
    await expect(canvas.queryByRole("button", { name: "Load older events" })).toBeNull();
  },
};

export const FrenchFilteredPhone: Story = {
  ...phone360,
  globals: { ...phone360.globals, locale: "fr" },
  parameters: { ...phone360.parameters, serverData: busyData },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole("combobox", { name: "Afficher" }));
    await userEvent.click(await body.findByRole("option", { name: "En échec" }));
    await waitFor(() => expect(rows(canvasElement)).toHaveLength(3));
    await expect(canvas.getAllByText("Échec")).toHaveLength(3);
  },
};
