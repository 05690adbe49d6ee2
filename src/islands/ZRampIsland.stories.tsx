import type { Meta, StoryObj } from "@storybook/react-vite";
import { http, HttpResponse } from "msw";
import { expect, fn, waitFor, within } from "storybook/test";
import { finishTour } from "@/stores/onboarding";
import { $zrampOffered } from "@/stores/zramp-offered";
import ZRampIsland from "./ZRampIsland";

/** A stand-in for the provider's page (stories have no network), as zramp-page.stories.tsx draws it. */
const PROVIDER_PAGE = `data:text/html;charset=utf-8,${encodeURIComponent(
  "<body style='font-family:sans-serif;margin:24px'><h2>Ramp provider</h2><p>Buy USDC on Solana</p></body>",
)}`;

/** The server's answer: the provider's page to frame (GET /api/zramp), each call counted. */
const rampAsked = fn();
const ramp = http.get("/api/zramp", () => {
  rampAsked();
  return HttpResponse.json({ data: { url: PROVIDER_PAGE } });
});

const meta = {
  title: "Islands/ZRamp",
  component: ZRampIsland,
  parameters: { layout: "fullscreen", merchantSession: true, msw: { handlers: [ramp] } },
  args: { isProduction: false },
  beforeEach: () => {
    finishTour();
    rampAsked.mockClear();
  },
} satisfies Meta<typeof ZRampIsland>;
export default meta;
type Story = StoryObj<typeof meta>;

/** /zramp in the merchant shell (permission quickpay): the provider's page in its frame, zRamp in the menu. */
export const RampShown: Story = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "zRamp" })).toBeVisible();
    await expect(await c.findByTitle("zRamp: buy crypto")).toHaveAttribute("src", PROVIDER_PAGE);
    await waitFor(() => expect(c.queryByRole("status", { name: "Loading the ramp…" })).toBeNull());
    await expect(c.getAllByRole("link", { name: "zRamp" })[0]).toHaveAttribute("href", "/zramp");
    await expect(rampAsked).toHaveBeenCalled();
  },
};

export const RampShownFrenchPhone: Story = {
  globals: { locale: "fr", viewport: { value: "phone" } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "zRamp" })).toBeVisible();
    await expect(await c.findByTitle("zRamp : acheter des cryptos")).toBeVisible();
    await waitFor(() => expect(c.queryByRole("status")).toBeNull());
    await expect(c.getByRole("link", { name: /Ouvrir la rampe dans un nouvel onglet/ })).toBeVisible();
  },
};

/** A ramp-only merchant (ramponly with the rampOnly setting) may use it too: the menu's rule. */
export const RampOnlyMerchant: Story = {
  parameters: { merchantSession: { settings: { permissions: ["ramponly"], rampOnly: true } } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByTitle("zRamp: buy crypto")).toBeVisible();
    await expect(c.queryByRole("link", { name: "zLink" })).toBeNull();
  },
};

/** ramponly granted but ramp-only mode off (and no quickpay): the permission screen, no ramp asked for. */
export const WithoutRampPermission: Story = {
  parameters: { merchantSession: { settings: { permissions: ["ramponly"], rampOnly: false } } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { level: 1, name: "You don't have access to this page" })).toBeVisible();
    await expect(c.queryByRole("link", { name: "zRamp" })).toBeNull();
    await expect(rampAsked).not.toHaveBeenCalled();
  },
};

/**
 * A server with no ramp provider (its /api/session says `zramp: false`): the menu leaves zRamp out
 * and the page, reached by its address, says plainly it is not offered here.
 */
export const NoProviderOnThisServer: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get("/api/zramp", () => HttpResponse.json({ data: { url: null } })),
        http.get("/api/session", () => HttpResponse.json({ data: { user: {}, mode: "sandbox", zramp: false } })),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await expect(await c.findByRole("heading", { name: "zRamp is not available on this server" })).toBeVisible();
    await waitFor(() => expect($zrampOffered.get()).toBe("no"));
    await waitFor(() => expect(c.queryByRole("link", { name: "zRamp" })).toBeNull());
    await expect(c.getAllByRole("link", { name: "zAPI" })[0]).toBeVisible();
  },
};
